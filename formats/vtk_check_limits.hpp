#pragma once
// Bounds the checks of VTK files (vtk_legacy_check, vtk_xml_check) hold a file to before VTK's
// own reader sees it.
#include <cstdint>

namespace part::formats {

// VTK's readers keep counts and ids in int; the suite numbers points and cells with 32-bit ids.
inline constexpr std::int64_t kMaxVtkCount = INT32_MAX - 1;
// Far above what a solver's fields have (a tensor has 9 components), far below the counts that
// make VTK allocate without bound.
inline constexpr std::int64_t kMaxVtkComponents = 4096;

} // namespace part::formats
