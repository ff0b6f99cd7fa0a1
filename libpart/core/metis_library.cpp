#include "libpart/core/metis_library.hpp"

#include <dlfcn.h>

#include <string>

#include "libpart/core/error.hpp"

#ifndef PART_METIS_SONAME
#define PART_METIS_SONAME "libmetis.so.5"
#endif
#ifndef PART_METIS_LIBRARY
#define PART_METIS_LIBRARY PART_METIS_SONAME
#endif

namespace part {

namespace {

// The run-time library (soname, from the libmetis5 package) first, then the file the build
// found.
void* open_metis() {
    for (const char* name : {PART_METIS_SONAME, PART_METIS_LIBRARY})
        if (void* handle = ::dlopen(name, RTLD_NOW | RTLD_LOCAL)) return handle;
    const char* why = ::dlerror();
    throw Error(std::string("cannot load METIS (" PART_METIS_SONAME "): ") +
                (why ? why : "unknown error") + "; install Debian's libmetis5 package");
}

template <typename Function> Function find(void* handle, const char* name) {
    if (void* symbol = ::dlsym(handle, name)) return reinterpret_cast<Function>(symbol);
    throw Error(std::string("the METIS library (" PART_METIS_SONAME ") has no ") + name);
}

MetisLibrary load_metis() {
    void* handle = open_metis(); // kept open for the process's life
    MetisLibrary m;
    m.set_default_options =
        find<decltype(m.set_default_options)>(handle, "METIS_SetDefaultOptions");
    m.part_graph_kway = find<decltype(m.part_graph_kway)>(handle, "METIS_PartGraphKway");
    m.part_graph_recursive =
        find<decltype(m.part_graph_recursive)>(handle, "METIS_PartGraphRecursive");
    m.node_nd = find<decltype(m.node_nd)>(handle, "METIS_NodeND");
    return m;
}

} // namespace

const MetisLibrary& metis_library() {
    static const MetisLibrary library = load_metis();
    return library;
}

} // namespace part
