#include "libpart/gde/refine.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "libpart/core/metrics.hpp"
#include "libpart/core/quotient_update.hpp"
#include "libpart/gde/edge_colouring.hpp"
#include "libpart/order/graph_search.hpp"

namespace part::gde {

RefineOptions options_for(RefineGoal goal) {
    const bool migration = goal == RefineGoal::Migration;
    RefineOptions options;
    options.within_tolerance = migration;
    options.nearest_room = migration;
    options.shortcut_transit = migration;
    options.heaviest_first = migration;
    options.migration_cost = migration ? 1 : 0;
    return options;
}

namespace {

constexpr int kPolishPasses = 8;

// Largest hop distance between two processors of the same component.
int hop_diameter(const Graph& network) {
    std::vector<VertexId> distance(std::size_t(network.num_vertices()), -1);
    int diameter = 0;
    for (VertexId source = 0; source < network.num_vertices(); ++source) {
        for (VertexId v : breadth_first(network, source, distance)) {
            diameter = std::max(diameter, int(distance[v]));
            distance[v] = -1;
        }
    }
    return diameter;
}

// Per processor: the goal that keeps its part within (1 + tolerance) x its target. Flows to
// the nearest room stop only once every load is within its goal, with no rounding stall to
// leave room for, so their goal is the limit itself.
std::vector<WeightSum> tolerance_goals(const Partition& partition, const ProcessorMap& map,
                                       const Graph& network, WeightSum total, double tolerance,
                                       double lambda, bool nearest_room) {
    const int diameter = nearest_room ? 0 : hop_diameter(network);
    std::vector<WeightSum> goals;
    for (VertexId q = 0; q < network.num_vertices(); ++q) {
        const double share = partition.target(map.part_on[q]) * double(total);
        const auto ceiling = WeightSum(std::floor(share * (1 + tolerance)));
        goals.push_back(
            nearest_room ? ceiling
                         : tolerance_goal(ceiling, WeightSum(std::ceil(share)), diameter, lambda));
    }
    return goals;
}

// The heaviest vertex weight of constraint 0, at least 1.
Weight heaviest_vertex(const Graph& graph) {
    Weight heaviest = 1;
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        heaviest = std::max(heaviest, graph.vertex_weight(v));
    return heaviest;
}

// Decision maker, routing and adjuster once over `net`, moving vertices of `partition`
// (through `adjuster`, which holds its part weights).
RefineRound remap(const Graph& graph, Partition& partition, WorkloadAdjuster& adjuster,
                  const Network& net, const ProcessorMap& map, const Graph& quotient, double lambda,
                  const RefineOptions& options, bool first_round, bool nearest_room) {
    const PartId k = partition.num_parts;
    const std::vector<WeightSum>& weights = adjuster.part_weights();
    std::vector<WeightSum> loads(static_cast<std::size_t>(k));
    std::vector<double> capacities;
    for (VertexId q = 0; q < k; ++q) loads[q] = weights[map.part_on[q]];
    if (!partition.targets.empty())
        for (VertexId q = 0; q < k; ++q) capacities.push_back(partition.target(map.part_on[q]));

    RefineRound round;
    round.nearest_room = nearest_room;
    const std::vector<WeightSum> goals =
        options.within_tolerance
            ? tolerance_goals(partition, map, net.graph, graph.total_vertex_weight()[0],
                              options.tolerance, lambda, nearest_room)
            : std::vector<WeightSum>{};
    round.gde = run_gde(net.graph, colour_edges(net), loads, capacities, lambda, options.max_sweeps,
                        goals, nearest_room);
    // Flows between parts: derouted where a link does not match a border, then acyclic.
    round.routed = route_flows(quotient, net.graph, round.gde.link_outflow, map);
    round.cycle_flow_removed = eliminate_cycles(quotient, round.routed.outflow);
    if (options.shortcut_transit && first_round)
        round.transit_shortcut = shortcut_transit(quotient, round.routed.outflow);
    const auto order = flow_order(quotient, round.routed.outflow);
    round.transfers = adjuster.adjust(quotient, round.routed.outflow, order, round.routed.direct);
    return round;
}

// Steps 1-4 (network, decision maker, routing, adjuster), in rounds, on `refined`: fills the
// network name, the map and the rounds of `result`. `network` null: GDE on the quotient graph.
void balance(const Graph& graph, Partition& refined, const Network* network,
             const RefineOptions& options, RefineResult& result) {
    const bool on_quotient = network == nullptr;
    // The quotient graph as a network (processor p holds part p), with the border the adjuster
    // starts from found in the same pass.
    std::vector<char> border;
    Network quotient =
        network_from_graph(quotient_graph(graph, refined.part, refined.num_parts, &border),
                           Topology::Quotient, "quotient");
    const Network& first_net = on_quotient ? quotient : *network;
    result.network_name = first_net.name;
    result.map =
        map_parts(quotient.graph, first_net.graph, on_quotient ? MapKind::Identity : options.map);
    const double lambda =
        options.optimal_lambda ? optimal_lambda(first_net.lambda_side()) : options.lambda;

    const Weight heaviest = heaviest_vertex(graph);
    const std::vector<WeightSum> limits =
        options.within_tolerance ? refine::part_weight_limits(graph, refined, options.tolerance)
                                 : std::vector<WeightSum>{};
    const int max_rounds =
        options.within_tolerance ? options.max_tolerance_rounds : options.max_rounds;
    // Excess sent to the nearest room goes along few paths; once the adjuster carries less
    // than half of such a round's flow (borders too thin for it), the following rounds
    // diffuse the excess over every border instead.
    bool nearest_room = options.within_tolerance && options.nearest_room;
    // One adjuster for every round: its border lists and part weights carry over.
    WorkloadAdjuster adjuster(graph, refined.part, refined.num_parts, options.heaviest_first,
                              std::move(border));
    // The partition as the round starts: copied once, then brought up to date through the
    // vertices each round moved (a copy per round was a pass over every vertex).
    std::vector<PartId> before_round = refined.part;
    for (int r = 0; r < max_rounds; ++r) {
        if (r > 0) {
            quotient = network_from_graph(update_quotient_graph(graph, before_round, refined.part,
                                                                adjuster.moved(), refined.num_parts,
                                                                std::move(quotient.graph)),
                                          Topology::Quotient, "quotient");
            for (VertexId v : adjuster.moved()) before_round[v] = refined.part[v];
        }
        const Network& net = on_quotient ? quotient : *network;
        result.rounds.push_back(remap(graph, refined, adjuster, net, result.map, quotient.graph,
                                      lambda, options, r == 0, nearest_room));
        bool moved = false, short_of_flow = false;
        WeightSum requested = 0, carried = 0;
        for (const Transfer& t : result.rounds.back().transfers) {
            moved = moved || t.moved_vertices > 0;
            short_of_flow = short_of_flow || t.requested - t.moved_weight >= heaviest;
            requested += t.requested;
            carried += t.moved_weight;
        }
        if (nearest_room && 2 * carried < requested) {
            nearest_room = false;
            if (!moved) continue;
        }
        if (!moved) break;
        // Within the tolerance: done once every part weighs at most its limit.
        if (options.within_tolerance
                ? std::ranges::equal(adjuster.part_weights(), limits, std::less_equal<>())
                : !short_of_flow)
            break;
    }
}

} // namespace

RefineResult refine_with_gde(const Graph& graph, const Partition& partition, const Network* network,
                             const RefineOptions& options) {
    validate(partition, graph);
    if (options.flow_graph == FlowGraph::Quotient) network = nullptr;
    if (network) check_one_processor_per_part(*network, partition.num_parts, "the partition");

    RefineResult result;
    Partition refined = partition;
    if (options.absorb_fragments) result.fragments = refine::absorb_fragments(graph, refined);
    balance(graph, refined, network, options, result);
    // Absorbing many fragments can pile weight onto a part that the flows then cannot drain
    // (a far processor on a --network, borders closed by the moves). Then the partition as
    // given is balanced instead, with only the fragments that fit within the tolerance
    // absorbed first, if that ends closer to balance.
    if (result.fragments.fragments_moved > 0 &&
        imbalance(graph, refined)[0] > 1 + options.tolerance) {
        Partition fitted = partition;
        const std::vector<WeightSum> limits =
            refine::part_weight_limits(graph, fitted, options.tolerance);
        const refine::FragmentResult fitting = refine::absorb_fragments(graph, fitted, &limits);
        RefineResult without;
        balance(graph, fitted, network, options, without);
        if (imbalance(graph, fitted)[0] < imbalance(graph, refined)[0]) {
            refined = std::move(fitted);
            result = std::move(without);
            result.fragments = fitting;
            result.fragments_dropped = true;
        }
    }
    if (options.polish && options.multilevel_polish) {
        refine::BandRefineOptions band;
        band.width = options.band_width;
        band.tolerance = options.tolerance;
        result.band = refine::refine_band(graph, refined, band);
        result.polish = result.band.polish;
        result.polish.cut_reduction = result.band.cut_reduction;
    } else if (options.polish) {
        refine::PolishOptions polish{.max_passes = kPolishPasses};
        if (options.migration_cost > 0) {
            polish.origin =
                options.migration_origin.empty() ? &partition.part : &options.migration_origin;
            polish.migration_cost = options.migration_cost;
        }
        result.polish = refine::polish_boundary(graph, refined, options.tolerance, polish);
    }
    // Pieces left over: fragments that were dropped, or vertices moved directly to parts no
    // border joins. Absorb them if they fit within the tolerance. (Every other move keeps parts
    // connected, so otherwise there is nothing to look for. A fragment left by the first,
    // unlimited absorption has no neighbouring part at all, a component of the graph: no move
    // reaches it, and searching every part again for it would be wasted.)
    bool direct_moves = false;
    for (const RefineRound& round : result.rounds)
        direct_moves = direct_moves || round.routed.unroutable > 0;
    if (options.absorb_fragments && (result.fragments_dropped || direct_moves)) {
        const std::vector<WeightSum> limits =
            refine::part_weight_limits(graph, refined, options.tolerance);
        const refine::FragmentResult late = refine::absorb_fragments(graph, refined, &limits);
        result.fragments.fragments_moved += late.fragments_moved;
        result.fragments.vertices_moved += late.vertices_moved;
        result.fragments.cut_reduction += late.cut_reduction;
        result.fragments.fragments_left = late.fragments_left;
    }

    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        if (refined.part[v] != partition.part[v]) {
            ++result.vertices_moved;
            result.weight_moved += graph.vertex_weight(v);
        }
    result.part = std::move(refined.part);
    return result;
}

} // namespace part::gde
