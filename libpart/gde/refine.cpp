#include "libpart/gde/refine.hpp"

#include "libpart/core/metrics.hpp"
#include "libpart/gde/edge_colouring.hpp"

namespace part::gde {

RefineResult refine_with_gde(const Graph& graph, const Partition& partition, const Network* network,
                             const RefineOptions& options) {
    validate(partition, graph);
    const PartId k = partition.num_parts;
    const Network quotient = quotient_network(graph, partition);
    const bool on_quotient = network == nullptr || options.flow_graph == FlowGraph::Quotient;
    const Network& net = on_quotient ? quotient : *network;
    if (net.num_processors() != k)
        throw InvalidArgument("network " + net.name + " has " +
                              std::to_string(net.num_processors()) +
                              " processors but the partition has " + std::to_string(k) +
                              " parts; they must be equal");

    RefineResult result;
    result.network_name = net.name;
    result.map =
        map_parts(quotient.graph, net.graph, on_quotient ? MapKind::Identity : options.map);

    // Decision maker: loads and capacities per processor.
    const int ncon = graph.num_constraints();
    const auto weights = part_weights(graph, partition.part, k);
    std::vector<WeightSum> loads(static_cast<std::size_t>(k));
    std::vector<double> capacities;
    for (VertexId q = 0; q < k; ++q) loads[q] = weights[std::size_t(result.map.part_on[q]) * ncon];
    if (!partition.targets.empty())
        for (VertexId q = 0; q < k; ++q)
            capacities.push_back(partition.target(result.map.part_on[q]));
    const double lambda =
        options.optimal_lambda ? optimal_lambda(net.lambda_side()) : options.lambda;
    result.gde =
        run_gde(net.graph, colour_edges(net), loads, capacities, lambda, options.max_sweeps);

    // Flows between parts: derouted where the link does not match a border, then acyclic.
    result.routed = route_flows(quotient.graph, net.graph, result.gde.link_outflow, result.map);
    result.cycle_flow_removed = eliminate_cycles(quotient.graph, result.routed.outflow);
    const auto order = flow_order(quotient.graph, result.routed.outflow);

    Partition refined = partition;
    result.transfers =
        adjust_workload(graph, refined.part, k, quotient.graph, result.routed.outflow, order);
    if (options.polish) result.polish = polish_boundary(graph, refined, options.tolerance);

    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        if (refined.part[v] != partition.part[v]) {
            ++result.vertices_moved;
            result.weight_moved += graph.vertex_weight(v);
        }
    result.part = std::move(refined.part);
    return result;
}

} // namespace part::gde
