// Dynamic rectilinear rebalancing (Ashok's thesis, chapter 9): the planes of a hierarchical
// partition move to follow new loads, the scheme and every part's place in it kept, and only
// when a piece leaves the tolerance.
#include <gtest/gtest.h>

#include <algorithm>

#include "libpart/core/error.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/partition/hierarchical_partition.hpp"
#include "libpart/repart/hier_repart.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/repart_details.hpp"

using namespace part;
using part::test::grid_graph;
using test::detail;

namespace {

// A 48 x 32 grid in the partition `scheme` makes of it, with unit weights.
struct Start {
    Graph graph = grid_graph(48, 32);
    Partition old;

    explicit Start(const std::string& scheme, PartId k) {
        graph.ncon = 1;
        graph.vwgt.assign(std::size_t(graph.num_vertices()), 1);
        old = {k, hierarchical_partition(graph, parse_scheme(scheme, 2), k, {}, 0.03), {}};
    }
};

RepartRequest hier_request(const std::string& scheme, PartId k) {
    RepartRequest request;
    request.new_parts = k;
    request.scheme = scheme;
    request.tolerance = 0.03;
    return request;
}

VertexId moved(const std::vector<PartId>& a, const std::vector<PartId>& b) {
    VertexId count = 0;
    for (std::size_t v = 0; v < a.size(); ++v) count += a[v] != b[v];
    return count;
}

double x_of(const Graph& g, VertexId v) {
    return g.coords.at(v, 0);
}

} // namespace

TEST(HierRepart, LoadsAsBeforeMoveNothing) {
    const Start s("BEAM-Z[XY][4x2]", 8);
    const RepartResult r = hier_repartition(s.graph, s.old, hier_request("BEAM-Z[XY][4x2]", 8));
    EXPECT_EQ(r.partition.part, s.old.part);
    EXPECT_EQ(detail(r, "planes"), 3 + 4); // 3 across X, then one across Y in each of 4 pieces
    EXPECT_EQ(detail(r, "planes_moved"), 0);
}

TEST(HierRepart, ALoadChangeWithinTheToleranceMovesNothing) {
    Start s("SLICE-X[4]", 4);
    for (VertexId v = 0; v < 10; ++v) s.graph.vwgt[std::size_t(v)] = 2; // +10 on 1536
    const RepartResult r = hier_repartition(s.graph, s.old, hier_request("SLICE-X[4]", 4));
    EXPECT_EQ(r.partition.part, s.old.part);
    EXPECT_EQ(detail(r, "planes_moved"), 0);
}

TEST(HierRepart, PlanesFollowTheLoadAndPartsKeepTheirPlace) {
    // Slices across X; the cells left of x = 12 become three times heavier: the planes move
    // left, each slice stays a slab of whole columns in the same order, and balance comes back.
    Start s("SLICE-X[4]", 4);
    for (VertexId v = 0; v < s.graph.num_vertices(); ++v)
        if (x_of(s.graph, v) < 12) s.graph.vwgt[std::size_t(v)] = 3;
    const RepartResult r = hier_repartition(s.graph, s.old, hier_request("SLICE-X[4]", 4));
    EXPECT_LE(imbalance(s.graph, r.partition)[0], 1.03 + 1e-9);
    EXPECT_EQ(detail(r, "planes_moved"), 3);
    for (PartId p = 0; p + 1 < 4; ++p) { // part p lies left of part p + 1
        double right_of_p = -1, left_of_next = 1e9;
        for (VertexId v = 0; v < s.graph.num_vertices(); ++v) {
            if (r.partition.part[std::size_t(v)] == p)
                right_of_p = std::max(right_of_p, x_of(s.graph, v));
            if (r.partition.part[std::size_t(v)] == p + 1)
                left_of_next = std::min(left_of_next, x_of(s.graph, v));
        }
        EXPECT_LE(right_of_p, left_of_next) << "parts " << p << " and " << p + 1;
    }
    // Moving the planes moves no more than partitioning the new loads afresh with the scheme.
    const std::vector<PartId> fresh =
        hierarchical_partition(s.graph, parse_scheme("SLICE-X[4]", 2), 4, {}, 0.03);
    EXPECT_LE(moved(r.partition.part, s.old.part), moved(fresh, s.old.part));
    EXPECT_GT(moved(r.partition.part, s.old.part), 0);
}

TEST(HierRepart, OnlyThePlanesOfTheRegionWhoseLoadShiftedMove) {
    // BEAM-Z[XY][2x2], weights 2: in the left half the bottom rows get heavier and the top rows
    // lighter by as much, so the halves still balance. Only the left half's plane across Y
    // moves; the X plane and the right half's parts stay as they were.
    Start s("BEAM-Z[XY][2x2]", 4);
    for (VertexId v = 0; v < s.graph.num_vertices(); ++v) {
        const double x = x_of(s.graph, v), y = s.graph.coords.at(v, 1);
        s.graph.vwgt[std::size_t(v)] = x >= 24 ? 2 : y < 8 ? 3 : y >= 24 ? 1 : 2;
    }
    const RepartResult r = hier_repartition(s.graph, s.old, hier_request("BEAM-Z[XY][2x2]", 4));
    EXPECT_LE(imbalance(s.graph, r.partition)[0], 1.03 + 1e-9);
    EXPECT_EQ(detail(r, "planes_moved"), 1);
    VertexId left_moved = 0;
    for (VertexId v = 0; v < s.graph.num_vertices(); ++v) {
        const PartId before = s.old.part[std::size_t(v)], after = r.partition.part[std::size_t(v)];
        if (x_of(s.graph, v) >= 24)
            EXPECT_EQ(after, before) << v;
        else
            left_moved += after != before;
    }
    EXPECT_GT(left_moved, 0);
}

TEST(HierRepart, RefusesAnotherPartCountOrAnotherScheme) {
    const Start s("SLICE-X[4]", 4);
    EXPECT_THROW(hier_repartition(s.graph, s.old, hier_request("SLICE-X[8]", 8)), InvalidArgument);
    EXPECT_THROW(hier_repartition(s.graph, s.old, hier_request("SLICE-X[8]", 4)), InvalidArgument);
    EXPECT_THROW(hier_repartition(s.graph, s.old, hier_request("SLICE-Q[4]", 4)), InvalidArgument);
    Graph no_coords = s.graph;
    no_coords.coords = {};
    EXPECT_THROW(hier_repartition(no_coords, s.old, hier_request("SLICE-X[4]", 4)),
                 InvalidArgument);
}
