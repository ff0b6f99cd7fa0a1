#pragma once
// Old partitions and load changes for repartitioning tests.
#include "libpart/core/partition.hpp"
#include "libpart/repart/repart_method.hpp"
#include "tests/support/grid_graph.hpp"

namespace part::test {

// K2 new parts, parts allowed 3% above their targets.
inline RepartRequest request_for(PartId k2) {
    RepartRequest r;
    r.new_parts = k2;
    r.tolerance = 0.03;
    return r;
}

// Vertical strips of a grid with `cols` columns, `k` parts.
inline Partition strips(const Graph& g, int cols, PartId k) {
    Partition p{k, std::vector<PartId>(std::size_t(g.num_vertices())), {}};
    for (VertexId v = 0; v < g.num_vertices(); ++v) p.part[v] = PartId((v % cols) * k / cols);
    return p;
}

// Vertices whose new part is not on their old rank.
inline VertexId moved(const Partition& before, const RepartResult& after) {
    VertexId count = 0;
    for (std::size_t v = 0; v < before.part.size(); ++v)
        if (after.new_part_rank[after.partition.part[v]] != before.part[v]) ++count;
    return count;
}

// A 64 x 64 grid in 4 x 4 blocks of 16 x 16 cells (the old partition, 16 parts), whose cells in
// a disc of radius 10 now weigh 4.
struct HotDisc {
    Graph g = grid_graph(64, 64);
    Partition old{16, std::vector<PartId>(64 * 64), {}};
    HotDisc() {
        g.ncon = 1;
        g.vwgt.assign(64 * 64, 1);
        for (int r = 0; r < 64; ++r)
            for (int c = 0; c < 64; ++c) {
                old.part[r * 64 + c] = (r / 16) * 4 + c / 16;
                if ((r - 24) * (r - 24) + (c - 36) * (c - 36) <= 100) g.vwgt[r * 64 + c] = 4;
            }
    }
};

} // namespace part::test
