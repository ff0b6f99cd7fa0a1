// One processor of the GDE decision maker (Xu, Lau & Diekmann 1997, sections 2.2, 3.1, 3.2),
// driven by hand: the balance operator on each link, the FlowTrace, the State counter of the
// termination detection, and the departures for goals (pair_flow within a goal, room_flow).
#include <gtest/gtest.h>

#include "libpart/core/error.hpp"
#include "libpart/gde/gde_processor.hpp"

using namespace part;
using namespace part::gde;

namespace {

// Exchanges on `colour` between two processors the way a driver does.
void exchange_pair(GdeProcessor& a, GdeProcessor& b, int colour) {
    const GdeMessage from_a = a.message(), from_b = b.message();
    a.exchange(colour, from_b);
    b.exchange(colour, from_a);
}

} // namespace

TEST(GdeProcessor, OneExchangeMovesLambdaTimesTheDifferenceAndRecordsIt) {
    const GdeParameters parameters{0.5, 1, 2};
    GdeProcessor heavy(0, 10, 1.0, {{1, 0}}, parameters);
    GdeProcessor light(1, 2, 1.0, {{0, 0}}, parameters);
    EXPECT_EQ(heavy.partner(0), 1);
    exchange_pair(heavy, light, 0);
    EXPECT_EQ(heavy.load(), 6); // 0.5 x (10 - 2) = 4 moves
    EXPECT_EQ(light.load(), 6);
    EXPECT_EQ(heavy.flow_trace(), (std::vector<WeightSum>{4}));
    EXPECT_EQ(light.flow_trace(), (std::vector<WeightSum>{-4}));
}

TEST(GdeProcessor, LambdaBelowOneHalfLeavesTheDifferenceShrinkingGeometrically) {
    const GdeParameters parameters{0.25, 1, 2};
    GdeProcessor a(0, 64, 1.0, {{1, 0}}, parameters);
    GdeProcessor b(1, 0, 1.0, {{0, 0}}, parameters);
    // Each exchange leaves (1 - 2 lambda) = half of the difference, until lambda times it
    // rounds to zero.
    for (WeightSum difference : {32, 16, 8, 4, 2}) {
        exchange_pair(a, b, 0);
        EXPECT_EQ(a.load() - b.load(), difference);
        EXPECT_EQ(a.load() + b.load(), 64);
    }
    exchange_pair(a, b, 0);
    EXPECT_EQ(a.load() - b.load(), 2); // 0.25 x 2 rounds towards zero: no move
}

TEST(GdeProcessor, PairFlowBalancesLoadPerCapacity) {
    // Processor 0 (capacity 1) holds 8, processor 1 (capacity 3) nothing: balanced per
    // capacity they hold 2 and 6, so 6 leaves processor 0 (2 lambda times that, lambda 0.5).
    GdeMessage lo{.sender = 0, .load = 8}, hi{.sender = 1, .load = 0};
    lo.capacity = 1;
    hi.capacity = 3;
    EXPECT_EQ(pair_flow(lo, hi, 0.5), -6);
    EXPECT_EQ(pair_flow(hi, lo, 0.5), 6); // the same flow seen from the other side
}

TEST(GdeProcessor, WithGoalsOnlyTheExcessOverTheSendersGoalLeaves) {
    // Unrestricted the flow would be 0.5 x (20 - 0) = 10 into the lower processor.
    EXPECT_EQ(
        pair_flow(GdeMessage{.sender = 0, .load = 0}, GdeMessage{.sender = 1, .load = 20}, 0.5),
        10);
    EXPECT_EQ(pair_flow(GdeMessage{.sender = 0, .load = 0},
                        GdeMessage{.sender = 1, .load = 20, .goal = 17}, 0.5),
              3);
    EXPECT_EQ(pair_flow(GdeMessage{.sender = 0, .load = 0},
                        GdeMessage{.sender = 1, .load = 20, .goal = 25}, 0.5),
              0); // below its goal
    // The receiver's goal does not limit what it takes.
    EXPECT_EQ(pair_flow(GdeMessage{.sender = 0, .load = 0, .goal = 0},
                        GdeMessage{.sender = 1, .load = 20}, 0.5),
              10);
    EXPECT_EQ(pair_flow(GdeMessage{.sender = 0, .load = 20, .goal = 12},
                        GdeMessage{.sender = 1, .load = 0}, 0.5),
              -8);
}

TEST(GdeProcessor, RoomFlowSendsExcessOnlyDownhillToRoom) {
    GdeMessage far = GdeMessage{.sender = 0, .load = 30, .goal = 20},
               near = GdeMessage{.sender = 1, .load = 5, .goal = 10};
    far.room_distance = 1;
    far.offer = 10;
    near.room_distance = 0;
    near.room_ahead = 5;
    // Excess 10, offered 10, but the room ahead of the receiver is 5.
    EXPECT_EQ(room_flow(far, near), -5);
    near.room_ahead = 50;
    far.offer = 4; // shared among several nearer neighbours
    EXPECT_EQ(room_flow(far, near), -4);
    EXPECT_EQ(room_flow(near, far), 4); // the same flow seen from the other side
    // Nothing goes between processors as near to room, nor from one within its goal.
    far.room_distance = 0;
    EXPECT_EQ(room_flow(far, near), 0);
    far.room_distance = 1;
    far.load = 20;
    EXPECT_EQ(room_flow(far, near), 0);
}

TEST(GdeProcessor, ToleranceGoalLiesTwoOverLambdaPerHopBelowTheCeilingButNotBelowBalance) {
    EXPECT_EQ(tolerance_goal(100, 50, 3, 0.5), 100 - 4 * 3);
    EXPECT_EQ(tolerance_goal(100, 50, 0, 0.5), 96); // at least one hop
    EXPECT_EQ(tolerance_goal(100, 95, 3, 0.5), 95);
    EXPECT_EQ(tolerance_goal(100, 0, 2, 0.3), 100 - 7 * 2); // ceil(2 / 0.3) = 7
}

TEST(GdeProcessor, StateCountsQuietSweepsAndLeavesOneSweepAfterReachingDelta) {
    const GdeParameters parameters{0.5, 1, 2};
    GdeProcessor a(0, 5, 1.0, {{1, 0}}, parameters);
    GdeProcessor b(1, 5, 1.0, {{0, 0}}, parameters);
    for (int sweep = 1; sweep <= 2; ++sweep) {
        exchange_pair(a, b, 0);
        a.end_sweep();
        b.end_sweep();
        EXPECT_EQ(a.state(), sweep);
        EXPECT_FALSE(a.finished());
    }
    EXPECT_TRUE(a.message().done); // State reached delta: announce, then go
    exchange_pair(a, b, 0);
    a.end_sweep();
    b.end_sweep();
    EXPECT_TRUE(a.finished());
    EXPECT_EQ(a.partner(0), -1);
    EXPECT_EQ(a.sweeps(), 3);
}

TEST(GdeProcessor, AChangeResetsStateAndNeighboursTakeTheMinimum) {
    const GdeParameters parameters{0.5, 2, 5};
    GdeProcessor quiet(0, 4, 1.0, {{1, 0}}, parameters);
    quiet.end_sweep();
    quiet.end_sweep();
    EXPECT_EQ(quiet.state(), 2);
    GdeMessage busy{.sender = 1, .load = 4};
    busy.state = 0;
    quiet.exchange(0, busy); // no flow, but the neighbour's State 0 is the minimum
    EXPECT_EQ(quiet.state(), 0);
    EXPECT_FALSE(quiet.changed_last_sweep());
    quiet.exchange(0, GdeMessage{.sender = 1, .load = 10}); // a flow of 3 arrives
    quiet.end_sweep();
    EXPECT_TRUE(quiet.changed_last_sweep());
    EXPECT_EQ(quiet.state(), 0);
    EXPECT_EQ(quiet.load(), 7);
}

TEST(GdeProcessor, HearingDoneLeavesAfterAnnouncingAndDropsTheLink) {
    const GdeParameters parameters{0.5, 2, 100};
    GdeProcessor p(1, 4, 1.0, {{0, 0}, {2, 1}}, parameters);
    GdeMessage done{.sender = 0, .load = 4};
    done.done = true;
    p.exchange(0, done);
    p.end_sweep();
    EXPECT_EQ(p.partner(0), -1); // processor 0 left after its announcement
    EXPECT_EQ(p.partner(1), 2);
    EXPECT_TRUE(p.message().done);
    EXPECT_FALSE(p.finished());
    p.end_sweep();
    EXPECT_TRUE(p.finished());
    EXPECT_EQ(p.partner(1), -1);
}

TEST(GdeProcessor, RoomDistanceCountsHopsToTheNearestProcessorBelowItsGoal) {
    // A chain 0 - 1 - 2: only processor 2 has room; processor 0 learns it is two hops away.
    GdeParameters parameters{0.5, 2, 2, true, 3};
    GdeProcessor p0(0, 30, 1.0, {{1, 0}}, parameters, 10);
    GdeProcessor p1(1, 10, 1.0, {{0, 0}, {2, 1}}, parameters, 10);
    GdeProcessor p2(2, 4, 1.0, {{1, 1}}, parameters, 10);
    EXPECT_EQ(p2.message().room_distance, 0);
    EXPECT_EQ(p2.message().room_ahead, 6);
    EXPECT_EQ(p1.message().room_distance, kNoRoom);
    exchange_pair(p1, p2, 1);
    EXPECT_EQ(p1.message().room_distance, 1);
    EXPECT_EQ(p1.message().room_ahead, 6);
    EXPECT_EQ(p0.message().offer, 0); // knows no neighbour nearer to room yet
    exchange_pair(p0, p1, 0);
    EXPECT_EQ(p0.message().room_distance, 2);
    EXPECT_EQ(p0.message().offer, 20); // all its excess, to its one nearer neighbour
    EXPECT_EQ(p0.load(), 30);          // nothing moved before it knew where room was
    exchange_pair(p0, p1, 0);
    EXPECT_EQ(p0.load(), 24); // at most the room ahead of processor 1
    EXPECT_EQ(p1.load(), 16);
}

TEST(GdeProcessor, RejectsBadParametersAndColourings) {
    EXPECT_THROW(GdeProcessor(0, 1, 1.0, {}, GdeParameters{1.0, 1, 1}), InvalidArgument);
    EXPECT_THROW(GdeProcessor(0, 1, 1.0, {}, GdeParameters{0.0, 1, 1}), InvalidArgument);
    EXPECT_THROW(GdeProcessor(0, 1, 1.0, {{1, 0}, {2, 0}}, GdeParameters{0.5, 2, 1}),
                 InvalidArgument); // two links of one colour
    EXPECT_THROW(GdeProcessor(0, 1, 1.0, {{1, 2}}, GdeParameters{0.5, 2, 1}), InvalidArgument);
    GdeParameters room{0.5, 1, 1, true, 2};
    EXPECT_THROW(GdeProcessor(0, 1, 1.0, {{1, 0}}, room), InvalidArgument); // no goal
    EXPECT_NO_THROW(GdeProcessor(0, 1, 1.0, {{1, 0}}, room, 1));
}
