#pragma once
// One processor of the GDE decision maker (Xu, Lau & Diekmann 1997, Section 3.2, algorithm
// DecisionMaker, with the termination detection of Section 3.1). The processor sees only its
// own load, its links and the messages its neighbours send; a driver delivers the messages
// (serially in gde_driver, with MPI in the distributed version). Per sweep the driver calls,
// for each colour c in order: if partner(c) >= 0, send message() to it and pass the
// neighbour's message to exchange(c, ...); then end_sweep(). Stop when finished().
#include <cstdint>
#include <limits>
#include <vector>

#include "libpart/core/graph.hpp"

namespace part::gde {

struct GdeParameters {
    double lambda = 0.5; // exchange parameter, 0 < lambda < 1 (Section 2.2)
    int num_colours = 0; // kappa
    int delta = 1;       // State value that proves global stability (see termination_delta)
    // With goals: send excess towards the nearest room (room_flow) instead of diffusing it
    // (pair_flow).
    bool nearest_room = false;
    // The number of processors (nearest_room): no room lies this many hops away or more, so a
    // larger distance means none is left, and distances stop counting up once room is gone.
    int processors = 0;
};

// A processor's goal when it need not balance fully: the load it may keep (see pair_flow).
// kFullBalance asks for the paper's balancing to the average.
inline constexpr WeightSum kFullBalance = std::numeric_limits<WeightSum>::min();

// What a processor sends on a link in one exchange.
struct GdeMessage {
    VertexId sender = -1;
    WeightSum load = 0;
    double capacity = 1; // relative speed; loads are balanced in proportion to it
    int state = 0;       // termination counter State
    bool done = false;   // the sender knows the system is stable and leaves after this sweep
    WeightSum goal = kFullBalance; // the sender's goal
    int room_distance = 0;         // hops to the nearest processor below its goal (room_flow)
    WeightSum offer = 0;           // the most the sender passes to one neighbour nearer to room
    // Room the sender can reach at its room distance: its own room, else the sum of what its
    // neighbours one hop nearer report (an over-estimate where their paths share room).
    WeightSum room_ahead = 0;
};

// Room distance of a processor that knows of no room within reach.
inline constexpr int kNoRoom = std::numeric_limits<int>::max() / 2;

struct GdeLink {
    VertexId neighbour;
    int colour;
};

// Signed flow into the lower-numbered processor of a pair from the higher one, computed
// identically on both sides so that load is conserved exactly. With equal capacities it is
// lambda * (hi_load - lo_load); otherwise 2 lambda times the flow that makes the pair's
// load/capacity equal. Rounded towards zero: the paper's floor for an inflow and ceiling for
// an outflow.
// Within a tolerance (goals set, see tolerance_goal), the pair exchanges only while the end
// that would send is above its goal, and it sends at most its load above the goal: load
// leaves only processors that must shed it, and a neighbour passes load on only once it is
// above its own goal. This departs from Section 3.2, which balances every pair to the
// average, so that flows stop where every load is within the tolerance instead of cascading
// through rings of processors that are already within it.
WeightSum pair_flow(const GdeMessage& lo, const GdeMessage& hi, double lambda);

// Signed flow into the lower-numbered processor, as pair_flow, for excess sent towards room
// (both ends have goals): each processor's room distance is 0 when its load is below its
// goal, else one more than the least its neighbours last reported (a distributed
// breadth-first search, refreshed at every exchange; it stops counting at the number of
// processors), and its room ahead is its own room, else the sum of the room ahead of its
// neighbours one hop nearer. A processor above its goal offers an equal share of its excess
// to each neighbour nearer to room (GdeMessage::offer) and sends it, at most the
// neighbour's room ahead. Load thus moves downhill to the nearest free room, as in
// push-relabel (Goldberg and Tarjan), and crosses about as few borders as any flow can (test:
// within 10% of the least weight x hops on meshes, tori and hypercubes), where diffusion
// also spreads excess into neighbours farther from room. A departure from Section 3.2;
// still local: a processor uses its own state and its neighbours' messages only.
WeightSum room_flow(const GdeMessage& lo, const GdeMessage& hi);

// The goal that keeps a processor within `ceiling` (its largest allowed load) despite
// integer rounding: the exchange stops when a sender's excess over its neighbour is below
// 2 / lambda units, so a processor can be left above its goal by that much per hop of the
// quotient graph's `diameter`. The goal lies that far below the ceiling, but never below
// `balanced` (its load at full balance), where full balancing would leave it anyway.
WeightSum tolerance_goal(WeightSum ceiling, WeightSum balanced, int diameter, double lambda);

class GdeProcessor {
  public:
    // goal: kFullBalance for the paper's balancing, else see pair_flow.
    GdeProcessor(VertexId id, WeightSum load, double capacity, std::vector<GdeLink> links,
                 const GdeParameters& parameters, WeightSum goal = kFullBalance);

    VertexId id() const { return id_; }
    // The live neighbour on `colour` this sweep, or -1.
    VertexId partner(int colour) const;
    GdeMessage message() const {
        return {id_,   load_,          capacity_,    state_,     leaving_,
                goal_, room_distance_, room_offer(), room_ahead_};
    }
    // The balance operator with the neighbour on `colour` and the min-combination of State.
    void exchange(int colour, const GdeMessage& neighbour);
    // LocalTerminated: State + 1 if no FlowTrace entry changed this sweep, else 0. A
    // processor whose State reaches delta, or that heard `done`, announces done in one more
    // sweep (so no neighbour waits for it) and then finishes.
    void end_sweep();

    bool finished() const { return finished_; }
    WeightSum load() const { return load_; }
    int state() const { return state_; }
    int sweeps() const { return sweeps_; }
    // Whether FlowTrace changed in the sweep that end_sweep() closed last.
    bool changed_last_sweep() const { return changed_last_sweep_; }
    // Net amount sent on each link (outflow positive), in the order of links().
    const std::vector<WeightSum>& flow_trace() const { return flow_trace_; }

  private:
    // Recomputes room_distance_ and room_ahead_; true when either changed.
    bool update_room();
    // The excess over the goal shared evenly among the live neighbours nearer to room.
    WeightSum room_offer() const;

    VertexId id_;
    WeightSum load_;
    double capacity_;
    WeightSum goal_;
    std::vector<GdeLink> links_;
    GdeParameters parameters_;
    std::vector<int> link_of_colour_; // index into links_, or -1
    std::vector<WeightSum> flow_trace_;
    std::vector<char> gone_;                   // neighbour finished in an earlier sweep
    std::vector<char> says_done_;              // neighbour announced done this sweep
    std::vector<int> neighbour_room_distance_; // as last reported (nearest_room)
    std::vector<WeightSum> neighbour_room_ahead_;
    int room_distance_ = kNoRoom;
    WeightSum room_ahead_ = 0;
    int state_ = 0;
    int sweeps_ = 0;
    bool changed_ = false;
    bool changed_last_sweep_ = false;
    bool heard_done_ = false;
    bool leaving_ = false;
    bool finished_ = false;
};

} // namespace part::gde
