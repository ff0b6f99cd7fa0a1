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

// A side x side grid in blocks x blocks square blocks (the old partition, blocks^2 parts),
// whose cells within `radius` of (row, col) now weigh `weight`. By default a 64 x 64 grid in
// 4 x 4 blocks of 16 x 16 cells with weight 4 in a disc of radius 10.
struct HotDiscShape {
    int side = 64, blocks = 4, row = 24, col = 36, radius = 10;
    Weight weight = 4;
};
struct HotDisc {
    Graph g;
    Partition old;
    explicit HotDisc(HotDiscShape s = {})
        : g(grid_graph(s.side, s.side)), old{PartId(s.blocks * s.blocks),
                                             std::vector<PartId>(std::size_t(s.side * s.side)),
                                             {}} {
        const int block = s.side / s.blocks;
        g.ncon = 1;
        g.vwgt.assign(std::size_t(s.side * s.side), 1);
        for (int r = 0; r < s.side; ++r)
            for (int c = 0; c < s.side; ++c) {
                old.part[r * s.side + c] = (r / block) * s.blocks + c / block;
                if ((r - s.row) * (r - s.row) + (c - s.col) * (c - s.col) <= s.radius * s.radius)
                    g.vwgt[r * s.side + c] = s.weight;
            }
    }
};

} // namespace part::test
