// Repartitioning from scratch: METIS's fresh partition, its parts renumbered by a maximum
// overlap matching so that the least data leaves its rank; with non-uniform targets a part only
// takes a slot of its own target.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "libpart/core/graph_builder.hpp"
#include "libpart/repart/scratch_repart.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/repart_details.hpp"

using namespace part;
using part::test::grid_graph;
using test::detail;

namespace {

RepartRequest scratch_request(PartId k2, std::vector<double> targets = {}) {
    RepartRequest request;
    request.new_parts = k2;
    request.targets = std::move(targets);
    return request;
}

// Vertices whose new part's rank differs from their old part.
WeightSum moved(const Graph& g, const std::vector<PartId>& old_part,
                const std::vector<PartId>& new_part, const std::vector<PartId>& rank) {
    WeightSum total = 0;
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        if (rank[std::size_t(new_part[std::size_t(v)])] != old_part[std::size_t(v)])
            total += g.vertex_size(v);
    return total;
}

// The label of each fresh part in `result`, checking that it is one relabelling.
std::vector<PartId> relabelling(const std::vector<PartId>& fresh, const std::vector<PartId>& result,
                                PartId k) {
    std::vector<PartId> label(std::size_t(k), -1);
    for (std::size_t v = 0; v < fresh.size(); ++v) {
        PartId& l = label[std::size_t(fresh[v])];
        if (l < 0) l = result[v];
        EXPECT_EQ(l, result[v]) << "fresh part " << fresh[v] << " was split";
    }
    std::vector<PartId> sorted = label;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "parts merged";
    return label;
}

} // namespace

TEST(ScratchRepart, AnOldPartitionMetisWouldGiveAgainUnderOtherNumbersMovesNothing) {
    const Graph g = grid_graph(14, 10);
    const std::vector<PartId> fresh = partition_with_metis(g, 4, {}, {});
    const std::vector<PartId> shuffle{2, 0, 3, 1};
    Partition old_p{4, {}, {}};
    for (PartId q : fresh) old_p.part.push_back(shuffle[std::size_t(q)]);
    const RepartResult r = scratch_repartition(g, old_p, scratch_request(4));
    EXPECT_EQ(r.partition.part, old_p.part);
    EXPECT_EQ(r.new_part_rank, (std::vector<PartId>{0, 1, 2, 3}));
    EXPECT_EQ(detail(r, "unrelabelled_moved_size"),
              double(moved(g, old_p.part, fresh, {0, 1, 2, 3})));
    EXPECT_GT(detail(r, "unrelabelled_moved_size"), 0);
}

TEST(ScratchRepart, TheRelabellingMovesTheLeastOfAllRelabellings) {
    // Old parts: vertical strips; METIS cuts the grid its own way.
    const Graph g = grid_graph(16, 12);
    for (PartId k : {3, 4, 5}) {
        Partition old_p{k, {}, {}};
        for (VertexId v = 0; v < g.num_vertices(); ++v)
            old_p.part.push_back(PartId((v % 16) * k / 16));
        const RepartResult r = scratch_repartition(g, old_p, scratch_request(k));
        const std::vector<PartId> fresh = partition_with_metis(g, k, {}, {});
        relabelling(fresh, r.partition.part, k);
        const WeightSum chosen = moved(g, old_p.part, r.partition.part, r.new_part_rank);
        std::vector<PartId> label(static_cast<std::size_t>(k));
        std::iota(label.begin(), label.end(), 0);
        WeightSum best = g.num_vertices();
        do {
            best = std::min(best, moved(g, old_p.part, fresh, label));
        } while (std::next_permutation(label.begin(), label.end()));
        EXPECT_EQ(chosen, best) << "k=" << k;
    }
}

TEST(ScratchRepart, ShrinkingKeepsTheRanksWithTheMostData) {
    // Old parts of 10, 40, 20 and 30 vertices in rows: ranks 1 and 3 stay active.
    const Graph g = grid_graph(10, 10);
    Partition old_p{4, {}, {}};
    const std::vector<int> rows_of{1, 4, 2, 3};
    for (PartId p = 0; p < 4; ++p)
        old_p.part.insert(old_p.part.end(), std::size_t(10 * rows_of[p]), p);
    const RepartResult r = scratch_repartition(g, old_p, scratch_request(2));
    EXPECT_EQ(r.new_part_rank, (std::vector<PartId>{1, 3}));
    const std::vector<PartId> fresh = partition_with_metis(g, 2, {}, {});
    relabelling(fresh, r.partition.part, 2);
    const WeightSum chosen = moved(g, old_p.part, r.partition.part, r.new_part_rank);
    EXPECT_LE(chosen, moved(g, old_p.part, fresh, r.new_part_rank));
    EXPECT_LE(chosen, moved(g, old_p.part, fresh, {3, 1}));
}

TEST(ScratchRepart, APartWithAUniqueTargetKeepsItsSlot) {
    // Targets 0.5, 0.25, 0.25: METIS's part 0 is the big one and only slot 0 may take it, even
    // when the old partition would keep more data with another labelling.
    const Graph g = grid_graph(16, 16);
    const std::vector<double> targets{0.5, 0.25, 0.25};
    const std::vector<PartId> fresh = partition_with_metis(g, 3, targets, {});
    Partition old_p{3, {}, {}};
    for (PartId q : fresh) old_p.part.push_back(q == 0 ? 1 : 0); // the big part sat on rank 1
    const RepartResult r = scratch_repartition(g, old_p, scratch_request(3, targets));
    const std::vector<PartId> label = relabelling(fresh, r.partition.part, 3);
    EXPECT_EQ(label[0], 0);
    EXPECT_EQ(r.partition.targets, targets);
}
