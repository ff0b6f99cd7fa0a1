#include "libpart/order/nested_dissection.hpp"

#include <limits>

#include <metis.h>

namespace part {

Permutation nested_dissection_order(const Graph& graph, int seed) {
    if (graph.adjncy.size() > std::size_t(std::numeric_limits<idx_t>::max()))
        throw InvalidArgument(
            "the graph has more edges than this METIS build's 32-bit idx_t can address");
    idx_t n = graph.num_vertices();
    if (n == 0) return {};
    std::vector<idx_t> xadj(graph.xadj.begin(), graph.xadj.end()),
        adjncy(graph.adjncy.begin(), graph.adjncy.end());
    std::vector<idx_t> vwgt;
    for (VertexId v = 0; graph.has_vertex_weights() && v < n; ++v)
        vwgt.push_back(graph.vertex_weight(v));
    idx_t options[METIS_NOPTIONS];
    METIS_SetDefaultOptions(options);
    options[METIS_OPTION_NUMBERING] = 0;
    options[METIS_OPTION_SEED] = seed;
    std::vector<idx_t> perm(static_cast<std::size_t>(n)), iperm(static_cast<std::size_t>(n));
    const int status =
        METIS_NodeND(&n, xadj.data(), adjncy.data(), vwgt.empty() ? nullptr : vwgt.data(), options,
                     perm.data(), iperm.data());
    if (status != METIS_OK) throw Error("METIS_NodeND failed");
    // METIS: A'(i, j) = A(perm[i], perm[j]); iperm[v] is the new position of vertex v.
    return Permutation(iperm.begin(), iperm.end());
}

} // namespace part
