// The refinement's loops that run on all threads (OpenMP) give the same results on one thread
// as on two: the band, the coarse rows, the polish's moves and the renumbered graph.
#include <gtest/gtest.h>
#include <omp.h>

#include "libpart/core/metrics.hpp"
#include "libpart/order/locality_renumbering.hpp"
#include "libpart/refine/band_refinement.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using namespace part::refine;

namespace {

constexpr int kLargeSide = 300; // large enough for every parallel loop (4096 vertices or more)

// 8 vertical strips whose borders zigzag, so that the boundary is long and the polish and the
// band refinement have moves to make.
std::vector<PartId> jagged_strips(int side) {
    std::vector<PartId> part(std::size_t(side) * std::size_t(side));
    for (int j = 0; j < side; ++j)
        for (int i = 0; i < side; ++i)
            part[std::size_t(i + side * j)] =
                PartId(std::min(7, (i + (j * 7919 + i * 104729) % 11) * 8 / (side + 11)));
    return part;
}

// `run` on one thread, then on two: both results must be equal.
template <class Run> void expect_same_on_one_and_two_threads(Run run) {
    const int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    const auto one = run();
    omp_set_num_threads(2);
    const auto two = run();
    omp_set_num_threads(threads);
    EXPECT_EQ(one, two);
}

} // namespace

TEST(RefineThreads, BandRefinementIsTheSameOnOneThreadAndOnTwo) {
    const Graph g = part::test::grid_graph(kLargeSide, kLargeSide);
    const std::vector<PartId> start = jagged_strips(kLargeSide);
    expect_same_on_one_and_two_threads([&] {
        Partition p{8, start, {}};
        const BandRefineResult result = refine_band(g, p, BandRefineOptions{});
        EXPECT_GT(result.cut_reduction, 0);
        EXPECT_GT(result.levels, 2);
        return p.part;
    });
}

TEST(RefineThreads, FlatPolishIsTheSameOnOneThreadAndOnTwo) {
    const Graph g = part::test::grid_graph(kLargeSide, kLargeSide);
    const std::vector<PartId> start = jagged_strips(kLargeSide);
    expect_same_on_one_and_two_threads([&] {
        Partition p{8, start, {}};
        EXPECT_GT(polish_boundary(g, p, 0.03).cut_reduction, 0);
        return p.part;
    });
}

TEST(RefineThreads, RenumberedGraphIsTheSameOnOneThreadAndOnTwo) {
    const Graph g = part::test::grid_graph(kLargeSide, kLargeSide);
    const Renumbering r = part_major_renumbering(g, jagged_strips(kLargeSide));
    expect_same_on_one_and_two_threads([&] {
        const Graph renumbered = renumbered_graph(g, r);
        return std::make_pair(renumbered.xadj, renumbered.adjncy);
    });
}
