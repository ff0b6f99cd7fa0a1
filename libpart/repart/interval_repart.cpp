#include "libpart/repart/interval_repart.hpp"

#include <numeric>

#include "libpart/repart/host_ranks.hpp"
#include "libpart/repart/interval_arrangement.hpp"

namespace part {

namespace {

// The relaxed boundaries sweep greedily from one end, so on some arrangements the exactly
// proportional ones keep more; both are within the tolerance, take the cheaper.
std::vector<VertexId> cheaper_bounds(const ArrangementEvaluator& evaluator,
                                     std::span<const PartId> arrangement, double tolerance) {
    std::vector<VertexId> exact = evaluator.boundaries(arrangement);
    std::vector<VertexId> relaxed = evaluator.relaxed_boundaries(arrangement, tolerance);
    return cheaper(evaluator.cost(arrangement, relaxed), evaluator.cost(arrangement, exact))
               ? relaxed
               : exact;
}

} // namespace

RepartResult interval_repartition(const Graph& graph, const Partition& old_partition,
                                  const RepartRequest& request) {
    RepartResult result = start_repart_result(graph, old_partition, request);
    const PartId k2 = request.new_parts;
    std::vector<double> fractions(static_cast<std::size_t>(k2));
    for (PartId q = 0; q < k2; ++q) fractions[q] = result.partition.target(q);

    const LineLayout line = make_line_layout(graph, old_partition, request.position);
    const ArrangementEvaluator evaluator(line, fractions, result.new_part_rank,
                                         request.message_cost);
    std::vector<PartId> identity(static_cast<std::size_t>(k2));
    std::iota(identity.begin(), identity.end(), 0);
    std::vector<PartId> arrangement;
    switch (request.arrangement) {
    case RepartRequest::Arrangement::Identity:
        arrangement = identity;
        break;
    case RepartRequest::Arrangement::Exhaustive:
        arrangement = exhaustive_arrangement(evaluator);
        break;
    case RepartRequest::Arrangement::Mcr:
        arrangement = minimize_cost_redistribution(evaluator,
                                                   initial_arrangement(line, result.new_part_rank));
        break;
    }

    const std::vector<VertexId> bounds = cheaper_bounds(evaluator, arrangement, request.tolerance);
    result.partition.part.assign(std::size_t(graph.num_vertices()), 0);
    for (std::size_t j = 0; j < arrangement.size(); ++j)
        for (VertexId at = bounds[j]; at < bounds[j + 1]; ++at)
            result.partition.part[line.vertex_at[at]] = arrangement[j];

    const RedistributionCost chosen = evaluator.cost(arrangement, bounds);
    const RedistributionCost plain =
        evaluator.cost(identity, cheaper_bounds(evaluator, identity, request.tolerance));
    result.details = {{"identity_moved_size", double(plain.moved_size)},
                      {"arrangement_moved_size", double(chosen.moved_size)},
                      {"arrangement_messages", double(chosen.messages)}};
    return result;
}

} // namespace part
