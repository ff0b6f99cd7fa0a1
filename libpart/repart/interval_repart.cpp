#include "libpart/repart/interval_repart.hpp"

#include <numeric>

#include "libpart/repart/aligned_intervals.hpp"
#include "libpart/repart/host_ranks.hpp"
#include "libpart/repart/interval_arrangement.hpp"
#include "libpart/repart/overlap_matching.hpp"
#include "libpart/repart/tolerant_boundaries.hpp"

namespace part {

namespace {

// The cheapest (messages counted) of the exact, relaxed and tolerant boundaries: the relaxed
// ones sweep greedily, so on some arrangements the exact ones keep more.
std::vector<VertexId> cheaper_bounds(const LineLayout& line, const ArrangementEvaluator& evaluator,
                                     const std::vector<double>& fractions,
                                     const std::vector<PartId>& rank,
                                     std::span<const PartId> arrangement, double tolerance) {
    std::vector<VertexId> bounds = evaluator.boundaries(arrangement);
    auto consider = [&](std::vector<VertexId> candidate) {
        if (cheaper(evaluator.cost(arrangement, candidate), evaluator.cost(arrangement, bounds)))
            bounds = std::move(candidate);
    };
    consider(evaluator.relaxed_boundaries(arrangement, tolerance));
    if (auto best = tolerant_boundaries(line, fractions, rank, arrangement, tolerance))
        consider(std::move(*best));
    return bounds;
}

// The matching takes O(K^3): beyond this many parts it would outlast the rest of the method.
constexpr std::size_t kMostPartsRelabelled = 512;

} // namespace

// A maximum-weight matching of intervals to parts, as the scratch method relabels METIS's
// parts: the arrangement searches place parts along the line one interval at a time, the
// matching sees every interval at once.
std::vector<PartId> relabel_intervals(const LineLayout& line, const std::vector<double>& fractions,
                                      const std::vector<PartId>& rank,
                                      std::span<const PartId> arrangement,
                                      const std::vector<VertexId>& bounds) {
    const auto k = PartId(arrangement.size());
    const WeightSum forbidden = -(line.size_prefix.back() + 1);      // a loss larger than any gain
    std::vector<WeightSum> overlap(std::size_t(k) * std::size_t(k)); // [interval * k + part]
    for (PartId j = 0; j < k; ++j)
        for (PartId q = 0; q < k; ++q)
            overlap[std::size_t(j) * k + q] = fractions[arrangement[j]] == fractions[q]
                                                  ? line.kept_before(rank[q], bounds[j + 1]) -
                                                        line.kept_before(rank[q], bounds[j])
                                                  : forbidden;
    return max_overlap_assignment(overlap, k, k);
}

IntervalDecision decide_intervals(const LineLayout& line, const std::vector<double>& fractions,
                                  const std::vector<PartId>& rank, const RepartRequest& request) {
    const ArrangementEvaluator evaluator(line, fractions, rank, request.message_cost);
    std::vector<PartId> identity(fractions.size());
    std::iota(identity.begin(), identity.end(), 0);
    IntervalDecision decision;
    switch (request.arrangement) {
    case RepartRequest::Arrangement::Identity:
        decision.arrangement = identity;
        break;
    case RepartRequest::Arrangement::Exhaustive:
        decision.arrangement = exhaustive_arrangement(evaluator);
        break;
    case RepartRequest::Arrangement::Mcr:
    case RepartRequest::Arrangement::Aligned:
        decision.arrangement =
            minimize_cost_redistribution(evaluator, initial_arrangement(line, rank));
        break;
    }
    decision.bounds =
        cheaper_bounds(line, evaluator, fractions, rank, decision.arrangement, request.tolerance);
    if (request.arrangement == RepartRequest::Arrangement::Aligned)
        if (auto aligned = aligned_intervals(line, fractions, rank, request.tolerance);
            aligned && cheaper(evaluator.cost(aligned->arrangement, aligned->bounds),
                               evaluator.cost(decision.arrangement, decision.bounds))) {
            decision.arrangement = std::move(aligned->arrangement);
            decision.bounds = std::move(aligned->bounds);
        }
    const RedistributionCost arranged = evaluator.cost(decision.arrangement, decision.bounds);
    RedistributionCost chosen = arranged;
    if (request.arrangement != RepartRequest::Arrangement::Identity &&
        fractions.size() <= kMostPartsRelabelled) {
        std::vector<PartId> labels =
            relabel_intervals(line, fractions, rank, decision.arrangement, decision.bounds);
        if (const RedistributionCost relabelled = evaluator.cost(labels, decision.bounds);
            cheaper(relabelled, arranged)) {
            decision.arrangement = std::move(labels);
            chosen = relabelled;
        }
    }
    const RedistributionCost plain = evaluator.cost(
        identity, cheaper_bounds(line, evaluator, fractions, rank, identity, request.tolerance));
    decision.details = {{"identity_moved_size", double(plain.moved_size)},
                        {"unrelabelled_moved_size", double(arranged.moved_size)},
                        {"arrangement_moved_size", double(chosen.moved_size)},
                        {"arrangement_messages", double(chosen.messages)}};
    return decision;
}

RepartResult interval_repartition(const Graph& graph, const Partition& old_partition,
                                  const RepartRequest& request) {
    RepartResult result = start_repart_result(graph, old_partition, request);
    const PartId k2 = request.new_parts;
    std::vector<double> fractions(static_cast<std::size_t>(k2));
    for (PartId q = 0; q < k2; ++q) fractions[q] = result.partition.target(q);

    const LineLayout line = make_line_layout(graph, old_partition, request.position);
    IntervalDecision decision = decide_intervals(line, fractions, result.new_part_rank, request);
    result.partition.part.assign(std::size_t(graph.num_vertices()), 0);
    for (std::size_t j = 0; j < decision.arrangement.size(); ++j)
        for (VertexId at = decision.bounds[j]; at < decision.bounds[j + 1]; ++at)
            result.partition.part[line.vertex_at[at]] = decision.arrangement[j];
    result.details = std::move(decision.details);
    return result;
}

} // namespace part
