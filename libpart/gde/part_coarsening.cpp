#include "libpart/gde/part_coarsening.hpp"

#include <algorithm>
#include <numeric>

namespace part::gde {

namespace {

// A fixed permutation of 0..n-1 (Fisher-Yates with a 64-bit linear congruential generator),
// so the matching does not follow the numbering's sweep direction but stays deterministic.
void visit_order(VertexId n, unsigned seed, std::vector<VertexId>& order,
                 std::vector<VertexId>& block_order) {
    order.resize(static_cast<std::size_t>(n));
    // Blocks of consecutive vertices in shuffled order, each block in order: random enough
    // that the matching has no sweep direction, local enough to stay in cache.
    constexpr VertexId block = 64;
    const VertexId blocks = (n + block - 1) / block;
    block_order.resize(static_cast<std::size_t>(blocks));
    std::iota(block_order.begin(), block_order.end(), 0);
    std::uint64_t state = 0x9E3779B97F4A7C15ull ^ seed;
    for (VertexId i = blocks - 1; i > 0; --i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        std::swap(block_order[i], block_order[VertexId((state >> 33) % std::uint64_t(i + 1))]);
    }
    std::size_t out = 0;
    for (VertexId b : block_order)
        for (VertexId v = b * block; v < std::min(n, (b + 1) * block); ++v) order[out++] = v;
}

} // namespace

CoarseLevel coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                                 const std::vector<char>& fixed, WeightSum max_weight,
                                 unsigned seed) {
    CoarseLevel level;
    CoarseningScratch scratch;
    coarsen_within_parts(graph, part, fixed, max_weight, seed, level, scratch);
    return level;
}

void coarsen_within_parts(const Graph& graph, const std::vector<PartId>& part,
                          const std::vector<char>& fixed, WeightSum max_weight, unsigned seed,
                          CoarseLevel& level, CoarseningScratch& scratch) {
    const VertexId n = graph.num_vertices();
    std::vector<VertexId>& mate = scratch.mate;
    mate.assign(std::size_t(n), -1);
    // Raw pointers: through the vectors the compiler reloaded each one's data on every edge.
    VertexId* mate_of = mate.data();
    const EdgeOffset* xadj = graph.xadj.data();
    const VertexId* neighbour = graph.adjncy.data();
    const Weight* edge_weight = graph.adjwgt.empty() ? nullptr : graph.adjwgt.data();
    const PartId* part_of = part.data();
    const char* is_fixed = fixed.data();
    // Constraint 0 of each vertex (a stride of ncon), or 1 when the graph has no weights.
    const Weight* vertex_weight = graph.vwgt.empty() ? nullptr : graph.vwgt.data();
    const std::size_t stride = std::size_t(graph.ncon);
    auto weight_of = [&](VertexId v) -> Weight {
        return vertex_weight ? vertex_weight[std::size_t(v) * stride] : 1;
    };
    visit_order(n, seed, scratch.order, scratch.block_order);
    for (VertexId v : scratch.order) {
        if (mate_of[v] >= 0) continue;
        mate_of[v] = v;
        if (is_fixed[v]) continue;
        VertexId best = -1;
        Weight heaviest = 0;
        const PartId home = part_of[v];
        const WeightSum room = max_weight - weight_of(v);
        for (EdgeOffset e = xadj[v]; e < xadj[v + 1]; ++e) {
            const VertexId u = neighbour[e];
            if (mate_of[u] >= 0 || is_fixed[u] || part_of[u] != home || weight_of(u) > room)
                continue;
            const Weight w = edge_weight ? edge_weight[e] : 1;
            if (w > heaviest) {
                heaviest = w;
                best = u;
            }
        }
        if (best >= 0) {
            mate_of[v] = best;
            mate_of[best] = v;
        }
    }

    level.coarse_of.assign(std::size_t(n), -1);
    VertexId coarse_n = 0;
    std::vector<VertexId>& first = scratch.first; // lowest fine vertex of each coarse vertex
    first.clear();
    for (VertexId v = 0; v < n; ++v)
        if (level.coarse_of[v] < 0) {
            level.coarse_of[v] = level.coarse_of[mate[v]] = coarse_n++;
            first.push_back(v);
        }
    Graph& c = level.graph;
    c.ncon = 1;
    c.vwgt.resize(std::size_t(coarse_n));
    level.part.resize(std::size_t(coarse_n));
    level.fixed.resize(std::size_t(coarse_n));
    c.xadj.assign(std::size_t(coarse_n) + 1, 0);
    // Merge both members' rows; `slot` holds the position of each coarse neighbour in the row
    // being built (reset after the row), so parallel edges are summed in O(degree). Rows are
    // written through raw pointers into arrays sized for the worst case (no edge merged):
    // push_back in this loop made the compiler reload every vector's data on each edge.
    std::vector<EdgeOffset>& slot = scratch.slot;
    slot.assign(std::size_t(coarse_n), -1);
    c.adjncy.resize(graph.adjncy.size());
    c.adjwgt.resize(graph.adjncy.size());
    const VertexId* coarse_of = level.coarse_of.data();
    const VertexId* fine_adjncy = graph.adjncy.data();
    const EdgeOffset* fine_xadj = graph.xadj.data();
    VertexId* adjncy = c.adjncy.data();
    Weight* adjwgt = c.adjwgt.data();
    EdgeOffset* slot_of = slot.data();
    EdgeOffset out = 0;
    for (VertexId cv = 0; cv < coarse_n; ++cv) {
        const VertexId a = first[cv], b = mate[a];
        c.vwgt[cv] = weight_of(a) + (b != a ? weight_of(b) : 0);
        level.part[cv] = part[a];
        level.fixed[cv] = fixed[a];
        const EdgeOffset row_start = out;
        for (VertexId member = a;; member = b) {
            for (EdgeOffset e = fine_xadj[member]; e < fine_xadj[member + 1]; ++e) {
                const VertexId cu = coarse_of[fine_adjncy[e]];
                if (cu == cv) continue;
                const Weight w = edge_weight ? edge_weight[e] : 1;
                if (slot_of[cu] < 0) {
                    slot_of[cu] = out;
                    adjncy[out] = cu;
                    adjwgt[out++] = w;
                } else {
                    adjwgt[slot_of[cu]] += w;
                }
            }
            if (member == b) break;
        }
        for (EdgeOffset e = row_start; e < out; ++e) slot_of[adjncy[e]] = -1;
        c.xadj[cv + 1] = out;
    }
    c.adjncy.resize(std::size_t(out));
    c.adjwgt.resize(std::size_t(out));
}

} // namespace part::gde
