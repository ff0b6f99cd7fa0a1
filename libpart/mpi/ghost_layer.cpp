#include "libpart/mpi/ghost_layer.hpp"

#include <algorithm>

#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/vertex_directory.hpp"

namespace part::mpi {

namespace {

// lower_bound of `id` in the ascending `ids`, searched outwards from `hint` (galloping):
// neighbours mostly have ids close to their vertex's, so this costs O(log distance).
std::size_t search_from(std::span<const VertexId> ids, std::size_t hint, VertexId id) {
    const std::size_t n = ids.size();
    std::size_t bound = 1;
    if (ids[hint] < id) {
        while (hint + bound < n && ids[hint + bound] < id) bound *= 2;
        const auto lo = ids.begin() + std::ptrdiff_t(hint + bound / 2 + 1);
        const auto hi = ids.begin() + std::ptrdiff_t(std::min(hint + bound, n));
        return std::size_t(std::lower_bound(lo, hi, id) - ids.begin());
    }
    while (bound <= hint && ids[hint - bound] >= id) bound *= 2;
    const auto lo = ids.begin() + std::ptrdiff_t(bound > hint ? 0 : hint - bound);
    const auto hi = ids.begin() + std::ptrdiff_t(hint - bound / 2);
    return std::size_t(std::lower_bound(lo, hi, id) - ids.begin());
}

} // namespace

GhostLayer ghost_layer(MPI_Comm comm, const DistributedGraph& graph,
                       const std::vector<VertexId>& block_start,
                       std::span<const PartId> block_label) {
    const StageClock clock("ghost layer");
    GhostLayer layer;
    const std::vector<VertexId>& adjncy = graph.local.adjncy;
    const std::span<const VertexId> owned(graph.global_id);
    layer.entry_end.resize(adjncy.size());
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        for (EdgeOffset e = graph.local.xadj[v]; e < graph.local.xadj[v + 1]; ++e) {
            const std::size_t at = search_from(owned, std::size_t(v), adjncy[e]);
            if (at < owned.size() && owned[at] == adjncy[e]) {
                layer.entry_end[e] = VertexId(at);
            } else {
                layer.entry_end[e] = -1;
                layer.ids.push_back(adjncy[e]);
            }
        }
    std::sort(layer.ids.begin(), layer.ids.end());
    layer.ids.erase(std::unique(layer.ids.begin(), layer.ids.end()), layer.ids.end());
    for (std::size_t e = 0; e < adjncy.size(); ++e)
        if (layer.entry_end[e] < 0)
            layer.entry_end[e] =
                -1 - VertexId(std::lower_bound(layer.ids.begin(), layer.ids.end(), adjncy[e]) -
                              layer.ids.begin());
    const StageClock look_up("ghost layer: look-up");
    layer.label = look_up_in_blocks(comm, layer.ids, block_start, block_label);
    return layer;
}

} // namespace part::mpi
