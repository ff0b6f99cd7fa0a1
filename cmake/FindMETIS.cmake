# Debian's libmetis-dev installs metis.h and libmetis.so but no CMake config file.
# Provides the imported target METIS::METIS.
find_path(METIS_INCLUDE_DIR metis.h PATH_SUFFIXES metis)
find_library(METIS_LIBRARY NAMES metis)

if(METIS_INCLUDE_DIR AND EXISTS "${METIS_INCLUDE_DIR}/metis.h")
  file(STRINGS "${METIS_INCLUDE_DIR}/metis.h" _metis_idx REGEX "^#define IDXTYPEWIDTH")
  string(REGEX MATCH "[0-9]+" METIS_IDXTYPEWIDTH "${_metis_idx}")
  file(STRINGS "${METIS_INCLUDE_DIR}/metis.h" _metis_ver REGEX "^#define METIS_VER_(MAJOR|MINOR|SUBMINOR)")
  string(REGEX REPLACE ".*MAJOR[ \t]+([0-9]+).*MINOR[ \t]+([0-9]+).*SUBMINOR[ \t]+([0-9]+).*" "\\1.\\2.\\3"
         METIS_VERSION "${_metis_ver}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(METIS
  REQUIRED_VARS METIS_LIBRARY METIS_INCLUDE_DIR
  VERSION_VAR METIS_VERSION)

if(METIS_FOUND AND NOT TARGET METIS::METIS)
  add_library(METIS::METIS UNKNOWN IMPORTED)
  set_target_properties(METIS::METIS PROPERTIES
    IMPORTED_LOCATION "${METIS_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${METIS_INCLUDE_DIR}")
endif()
mark_as_advanced(METIS_INCLUDE_DIR METIS_LIBRARY)
