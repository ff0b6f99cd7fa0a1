// The effort settings of the band refinement's later cycles (later_recoarsenings,
// later_max_passes, later_coarsest_per_part): they shape the cycles after the first, and only
// those.
#include <gtest/gtest.h>

#include "libpart/core/metrics.hpp"
#include "libpart/refine/band_refinement.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/ragged_tiles.hpp"

using namespace part;
using namespace part::refine;

namespace {

struct Refined {
    Partition partition;
    BandRefineResult result;
};

Refined refine_copy(const Graph& g, const Partition& start, const BandRefineOptions& options) {
    Refined run{start, {}};
    run.result = refine_band(g, run.partition, options);
    return run;
}

// The guarantees every cycle shape keeps: the cut never rises, the reported reduction is exact,
// every part stays within the tolerance, and a second run gives the same partition.
void expect_guarantees(const Graph& g, const Partition& start, const BandRefineOptions& options,
                       const Refined& run) {
    const WeightSum before = edge_cut(g, start.part), after = edge_cut(g, run.partition.part);
    EXPECT_LE(after, before);
    EXPECT_EQ(before - after, run.result.cut_reduction);
    EXPECT_LE(imbalance(g, run.partition)[0], 1.0 + options.tolerance + 1e-9);
    EXPECT_EQ(refine_copy(g, start, options).partition.part, run.partition.part);
}

constexpr int kSide = 64;

BandRefineOptions two_cycles() {
    BandRefineOptions options;
    options.cycles = 2;
    // A first cycle of modest effort, on its band rather than the whole grid, so that the
    // second finds moves left: a detour that gains nothing ends the F-cycle, and then the
    // later settings would not show in the levels.
    options.recoarsenings = 3;
    options.max_passes = 2;
    options.whole_graph_share = 2;
    options.min_cycle_gain = 0;      // the second cycle runs whatever the first gained
    options.later_recoarsenings = 2; // an F-cycle, as the first
    return options;
}

} // namespace

TEST(BandCycles, LaterSettingsLeaveASingleCycleAlone) {
    const Graph g = part::test::grid_graph(kSide, kSide);
    const Partition start = part::test::ragged_tiles(g, kSide, kSide, 6, 1, 3);
    BandRefineOptions options;
    options.cycles = 1;
    const Refined plain = refine_copy(g, start, options);
    options.later_recoarsenings = 0;
    options.later_max_passes = 1;
    options.later_coarsest_per_part = g.num_vertices();
    const Refined changed = refine_copy(g, start, options);
    EXPECT_EQ(plain.partition.part, changed.partition.part);
    EXPECT_EQ(plain.result.levels, changed.result.levels);
}

// Fewer detours in the second cycle refine fewer levels; a coarsest size as large as the band
// leaves the second cycle the band alone (one level); one pass per level caps the second
// cycle's passes at its levels. All keep the guarantees.
TEST(BandCycles, LaterCyclesRefineTheLevelsTheirSettingsAskFor) {
    const Graph g = part::test::grid_graph(kSide, kSide);
    for (unsigned seed = 1; seed <= 3; ++seed) {
        const Partition start = part::test::ragged_tiles(g, kSide, kSide, 4 + int(seed), 1, seed);
        BandRefineOptions first_only = two_cycles();
        first_only.cycles = 1;
        const BandRefineResult first = refine_copy(g, start, first_only).result;
        const int first_levels = first.levels;

        const BandRefineOptions options = two_cycles();
        const Refined f_cycle = refine_copy(g, start, options);
        ASSERT_EQ(f_cycle.result.cycles, 2) << seed;
        expect_guarantees(g, start, options, f_cycle);

        BandRefineOptions v_options = options;
        v_options.later_recoarsenings = 0;
        const Refined v_cycle = refine_copy(g, start, v_options);
        EXPECT_EQ(v_cycle.result.cycles, 2) << seed;
        EXPECT_LT(v_cycle.result.levels, f_cycle.result.levels) << seed;
        EXPECT_GT(v_cycle.result.levels, first_levels + 1) << seed; // still coarsened
        expect_guarantees(g, start, v_options, v_cycle);

        BandRefineOptions flat = options;
        flat.later_coarsest_per_part = g.num_vertices();
        const Refined band_only = refine_copy(g, start, flat);
        EXPECT_EQ(band_only.result.levels, first_levels + 1) << seed;
        expect_guarantees(g, start, flat, band_only);

        BandRefineOptions one_pass = options;
        one_pass.later_max_passes = 1;
        const Refined quick = refine_copy(g, start, one_pass);
        // One pass per level of the second cycle (the first cycle's levels may take two).
        EXPECT_LE(quick.result.polish.passes - first.polish.passes,
                  quick.result.levels - first_levels)
            << seed;
        EXPECT_GT(f_cycle.result.polish.passes - first.polish.passes,
                  f_cycle.result.levels - first_levels)
            << seed; // where two are allowed, some level takes two
        expect_guarantees(g, start, one_pass, quick);
    }
}
