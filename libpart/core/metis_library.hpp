#pragma once
// METIS, loaded on first use (dlopen) instead of by the dynamic loader at every start of every
// tool. Most runs of part-refine, part-stats or part-convert never call it, and loading
// libmetis.so at start cost 0.11-0.13 ms a process on the benchmark VM (mapping it, its
// relocations and page faults, and unmapping it at exit): 1.5-2% of a part-refine run on a
// 15k-vertex graph. The functions are METIS's own, through its API and header (metis.h).
#include <metis.h>

namespace part {

struct MetisLibrary {
    decltype(&METIS_SetDefaultOptions) set_default_options;
    decltype(&METIS_PartGraphKway) part_graph_kway;
    decltype(&METIS_PartGraphRecursive) part_graph_recursive;
    decltype(&METIS_NodeND) node_nd;
};

// Loads METIS the first time (thread-safe); throws Error naming the library and the loader's
// message if it or one of its functions cannot be found.
const MetisLibrary& metis_library();

} // namespace part
