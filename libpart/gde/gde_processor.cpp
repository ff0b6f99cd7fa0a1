#include "libpart/gde/gde_processor.hpp"

#include <algorithm>
#include <cmath>

namespace part::gde {

namespace {

// What `sender` may send under its goal: all of `flow` without a goal, else at most its
// load above the goal.
WeightSum within_goal(WeightSum flow, const GdeMessage& sender) {
    if (sender.goal == kFullBalance) return flow;
    return std::clamp<WeightSum>(sender.load - sender.goal, 0, flow);
}

} // namespace

WeightSum pair_flow(const GdeMessage& lo, const GdeMessage& hi, double lambda) {
    double x;
    if (lo.capacity == hi.capacity)
        x = lambda * double(hi.load - lo.load);
    else
        x = 2 * lambda * (lo.capacity * double(hi.load) - hi.capacity * double(lo.load)) /
            (lo.capacity + hi.capacity);
    const auto flow = WeightSum(std::trunc(x));
    return flow >= 0 ? within_goal(flow, hi) : -within_goal(-flow, lo);
}

WeightSum room_flow(const GdeMessage& lo, const GdeMessage& hi) {
    auto excess = [](const GdeMessage& from, const GdeMessage& to) -> WeightSum {
        if (from.room_distance <= to.room_distance || from.load <= from.goal) return 0;
        return std::min({from.offer, from.load - from.goal, to.room_ahead});
    };
    return excess(hi, lo) - excess(lo, hi);
}

WeightSum tolerance_goal(WeightSum ceiling, WeightSum balanced, int diameter, double lambda) {
    const auto stall = WeightSum(std::ceil(2 / lambda)) * WeightSum(std::max(diameter, 1));
    return std::max(balanced, ceiling - stall);
}

GdeProcessor::GdeProcessor(VertexId id, WeightSum load, double capacity, std::vector<GdeLink> links,
                           const GdeParameters& parameters, WeightSum goal)
    : id_(id), load_(load), capacity_(capacity), goal_(goal), links_(std::move(links)),
      parameters_(parameters), link_of_colour_(std::size_t(parameters.num_colours), -1),
      flow_trace_(links_.size(), 0), gone_(links_.size(), 0), says_done_(links_.size(), 0),
      neighbour_room_distance_(links_.size(), kNoRoom), neighbour_room_ahead_(links_.size(), 0) {
    if (!(parameters.lambda > 0 && parameters.lambda < 1))
        throw InvalidArgument("the exchange parameter lambda must lie strictly between 0 and 1");
    for (std::size_t l = 0; l < links_.size(); ++l) {
        const int c = links_[l].colour;
        if (c < 0 || c >= parameters.num_colours || link_of_colour_[c] >= 0)
            throw InvalidArgument("processor " + std::to_string(id) +
                                  " has an improperly coloured link");
        link_of_colour_[c] = int(l);
    }
    if (parameters_.nearest_room && goal_ == kFullBalance)
        throw InvalidArgument("sending excess towards room needs a goal per processor");
    update_room();
}

WeightSum GdeProcessor::room_offer() const {
    if (!parameters_.nearest_room || load_ <= goal_) return 0;
    WeightSum nearer = 0;
    for (std::size_t l = 0; l < links_.size(); ++l)
        nearer += !gone_[l] && neighbour_room_distance_[l] < room_distance_;
    return nearer == 0 ? 0 : (load_ - goal_ + nearer - 1) / nearer;
}

bool GdeProcessor::update_room() {
    int distance = kNoRoom;
    WeightSum ahead = 0;
    if (load_ < goal_) {
        distance = 0;
        ahead = goal_ - load_;
    } else {
        for (int d : neighbour_room_distance_) distance = std::min(distance, d + 1);
        if (distance >= parameters_.processors) distance = kNoRoom;
        for (std::size_t l = 0; l < links_.size(); ++l)
            if (distance != kNoRoom && !gone_[l] && neighbour_room_distance_[l] == distance - 1)
                ahead += neighbour_room_ahead_[l];
    }
    const bool changed = distance != room_distance_ || ahead != room_ahead_;
    room_distance_ = distance;
    room_ahead_ = ahead;
    return changed;
}

VertexId GdeProcessor::partner(int colour) const {
    const int l = link_of_colour_[colour];
    return finished_ || l < 0 || gone_[l] ? -1 : links_[l].neighbour;
}

void GdeProcessor::exchange(int colour, const GdeMessage& neighbour) {
    const int l = link_of_colour_[colour];
    if (l < 0 || links_[l].neighbour != neighbour.sender)
        throw InvalidArgument("processor " + std::to_string(id_) +
                              " got a message from processor " + std::to_string(neighbour.sender) +
                              " on a colour that does not lead there");
    const bool lower = id_ < neighbour.sender;
    const GdeMessage own = message();
    const GdeMessage &lo = lower ? own : neighbour, &hi = lower ? neighbour : own;
    const WeightSum into_lower =
        parameters_.nearest_room ? room_flow(lo, hi) : pair_flow(lo, hi, parameters_.lambda);
    const WeightSum inflow = lower ? into_lower : -into_lower;
    if (inflow != 0) {
        flow_trace_[l] -= inflow;
        load_ += inflow;
        changed_ = true;
    }
    if (parameters_.nearest_room) {
        // A new distance must reach the others before they may conclude stability.
        neighbour_room_distance_[l] = neighbour.room_distance;
        neighbour_room_ahead_[l] = neighbour.room_ahead;
        if (update_room()) changed_ = true;
    }
    state_ = std::min(state_, neighbour.state);
    if (neighbour.done) {
        says_done_[l] = 1;
        heard_done_ = true;
    }
}

void GdeProcessor::end_sweep() {
    ++sweeps_;
    changed_last_sweep_ = changed_;
    if (leaving_) {
        finished_ = true;
        return;
    }
    for (std::size_t l = 0; l < links_.size(); ++l)
        if (says_done_[l]) gone_[l] = 1;
    state_ = changed_ ? 0 : state_ + 1;
    changed_ = false;
    if (state_ >= parameters_.delta || heard_done_) leaving_ = true;
}

} // namespace part::gde
