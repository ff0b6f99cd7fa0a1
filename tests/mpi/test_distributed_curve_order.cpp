// The distributed Hilbert ordering equals hilbert_order on the whole graph, however the
// points are spread over the ranks.
#include <gtest/gtest.h>

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "libpart/mpi/distributed_curve_order.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/order/space_filling_curve.hpp"
#include "tests/mpi/shared_scratch.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::test;

namespace {

// Rank r holds rows [first(r), first(r + 1)) of `all`, with `weight(r)` rows per unit share.
void expect_positions_of_hilbert_order(const Coordinates& all, const std::vector<int>& shares) {
    const Graph whole = [&] {
        Graph g;
        g.xadj.assign(all.values.size() / std::size_t(all.dim) + 1, 0);
        g.coords = all;
        return g;
    }();
    const Permutation expected = hilbert_order(whole);
    const VertexId n = VertexId(expected.size());
    long long total = 0;
    for (int s : shares) total += s;
    auto first = [&](int r) {
        long long before = 0;
        for (int i = 0; i < r; ++i) before += shares[std::size_t(i)];
        return VertexId(n * before / total);
    };
    const int r = world_rank();
    const VertexId begin = first(r), end = first(r + 1);
    Coordinates mine{all.dim,
                     {all.values.begin() + std::ptrdiff_t(begin) * all.dim,
                      all.values.begin() + std::ptrdiff_t(end) * all.dim}};
    const std::vector<VertexId> positions =
        mpi::distributed_hilbert_positions(MPI_COMM_WORLD, mine, begin);
    ASSERT_EQ(positions.size(), std::size_t(end - begin));
    for (VertexId v = begin; v < end; ++v)
        ASSERT_EQ(positions[std::size_t(v - begin)], expected[std::size_t(v)]) << "vertex " << v;
}

std::vector<int> shares(std::initializer_list<int> pattern) {
    std::vector<int> s;
    for (int r = 0; r < world_size(); ++r) s.push_back(*(pattern.begin() + r % pattern.size()));
    return s;
}

} // namespace

TEST(DistributedCurveOrder, EqualsHilbertOrderOnAGradedAirfoil) {
    const Coordinates xy = formats::read_coordinates(source_file("data/naca0012.xyz"), -1);
    expect_positions_of_hilbert_order(xy, shares({1}));
    expect_positions_of_hilbert_order(xy, shares({3, 0, 1})); // some ranks hold nothing
}

TEST(DistributedCurveOrder, EqualsHilbertOrderOnA3DGridWithTies) {
    // A 3D grid whose points repeat: equal keys are ordered by global id, as serially.
    Coordinates xyz = grid_graph(9, 7, 5).coords;
    const std::vector<double> copy = xyz.values;
    xyz.values.insert(xyz.values.end(), copy.begin(), copy.end());
    expect_positions_of_hilbert_order(xyz, shares({2, 1}));
}
