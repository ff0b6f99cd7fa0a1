// Each refinement goal sets the five options it stands for, and only those.
#include <gtest/gtest.h>

#include "libpart/gde/refine.hpp"

using namespace part::gde;

namespace {

// The options a goal does not stand for keep their defaults.
void expect_other_options_default(const RefineOptions& options) {
    const RefineOptions defaults;
    EXPECT_EQ(options.tolerance, defaults.tolerance);
    EXPECT_EQ(options.absorb_fragments, defaults.absorb_fragments);
    EXPECT_EQ(options.multilevel_polish, defaults.multilevel_polish);
    EXPECT_EQ(options.polish, defaults.polish);
    EXPECT_EQ(options.max_rounds, defaults.max_rounds);
    EXPECT_TRUE(options.migration_origin.empty());
}

} // namespace

TEST(RefineGoal, CutIsThePapersRefinement) {
    const RefineOptions options = options_for(RefineGoal::Cut);
    EXPECT_FALSE(options.within_tolerance);
    EXPECT_FALSE(options.nearest_room);
    EXPECT_FALSE(options.shortcut_transit);
    EXPECT_FALSE(options.heaviest_first);
    EXPECT_EQ(options.migration_cost, 0);
    expect_other_options_default(options);
}

TEST(RefineGoal, MigrationSpendsTheToleranceOnMovingLess) {
    const RefineOptions options = options_for(RefineGoal::Migration);
    EXPECT_TRUE(options.within_tolerance);
    EXPECT_TRUE(options.nearest_room);
    EXPECT_TRUE(options.shortcut_transit);
    EXPECT_TRUE(options.heaviest_first);
    EXPECT_EQ(options.migration_cost, 1);
    expect_other_options_default(options);
}
