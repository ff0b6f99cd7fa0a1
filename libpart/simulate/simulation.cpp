#include "libpart/simulate/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "libpart/repart/repart_method.hpp"
#include "libpart/simulate/workloads.hpp"

namespace part {

namespace {

// Largest per-part communication volume: for each vertex, its size times the number of
// other parts among its neighbours, summed per part.
double largest_part_communication(const Graph& graph, const std::vector<PartId>& part,
                                  PartId num_parts) {
    std::vector<double> volume(std::size_t(num_parts), 0.0);
    std::vector<VertexId> seen_by(std::size_t(num_parts), -1);
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        const PartId own = part[std::size_t(v)];
        seen_by[std::size_t(own)] = v;
        int others = 0;
        for (VertexId u : graph.neighbours(v)) {
            const PartId p = part[std::size_t(u)];
            if (seen_by[std::size_t(p)] != v) {
                seen_by[std::size_t(p)] = v;
                ++others;
            }
        }
        volume[std::size_t(own)] += double(graph.vertex_size(v)) * others;
    }
    return *std::max_element(volume.begin(), volume.end());
}

// Cell weights as METIS vertex weights: integers keeping two decimals.
void set_vertex_weights(Graph& weighted, const std::vector<double>& weights) {
    for (std::size_t v = 0; v < weights.size(); ++v)
        weighted.vwgt[v] = Weight(std::max<long long>(1, std::llround(weights[v] * 100)));
}

} // namespace

SimulationRun simulate(const Graph& graph, const SimulationSetup& setup,
                       const std::string& policy_name) {
    if (setup.num_parts < 1) throw InvalidArgument("the number of parts must be at least 1");
    if (!setup.targets.empty() && setup.targets.size() != std::size_t(setup.num_parts))
        throw InvalidArgument("expected one target per part: " + std::to_string(setup.num_parts) +
                              ", got " + std::to_string(setup.targets.size()));
    const auto& costs = setup.costs;
    if (!(costs.beta >= 0) || !(costs.gamma >= 0) || !(costs.decision_cost >= 0))
        throw InvalidArgument("beta, gamma and the decision cost must be >= 0");
    const std::unique_ptr<OnlineRemapPolicy> policy =
        make_online_policy(policy_name, setup.policy_options);
    const std::unique_ptr<Workload> workload =
        make_workload(setup.workload, graph.coords, setup.steps, setup.seed);
    const RepartFunction& method = repart_method(setup.method);

    const VertexId n = graph.num_vertices();
    const PartId k = setup.num_parts;
    Graph weighted = graph;
    weighted.ncon = 1;
    weighted.vwgt.assign(std::size_t(n), 1);
    std::vector<double> weights(static_cast<std::size_t>(n));
    workload->weights_at(0, weights);
    set_vertex_weights(weighted, weights);
    MetisOptions metis;
    metis.seed = int(setup.seed);
    std::vector<PartId> part = partition_with_metis(weighted, k, setup.targets, metis);
    RepartRequest remap;
    remap.new_parts = k;
    remap.targets = setup.targets;
    remap.metis.seed = setup.remap_seed;
    std::vector<double> capacity(std::size_t(k), 1.0); // k x target: 1 when all are equal
    for (std::size_t p = 0; p < setup.targets.size(); ++p) capacity[p] = k * setup.targets[p];
    double communication = largest_part_communication(graph, part, k);

    WeightSum total_size = 0;
    for (VertexId v = 0; v < n; ++v) total_size += graph.vertex_size(v);
    double expected_remap_cost = costs.gamma * double(total_size) / k + costs.decision_cost;

    SimulationRun run;
    run.policy = policy_name;
    run.steps.resize(std::size_t(setup.steps));
    std::vector<double> loads(static_cast<std::size_t>(k));
    double idle_after_remap = 0;
    std::int64_t last_remap = 0;
    for (std::int64_t t = 0; t < setup.steps; ++t) {
        if (t > 0) workload->weights_at(t, weights);
        std::fill(loads.begin(), loads.end(), 0.0);
        for (VertexId v = 0; v < n; ++v)
            loads[std::size_t(part[std::size_t(v)])] += weights[std::size_t(v)];
        SimulatedStep& step = run.steps[std::size_t(t)];
        step.mean_load = std::accumulate(loads.begin(), loads.end(), 0.0) / k;
        for (std::size_t p = 0; p < loads.size(); ++p) loads[p] /= capacity[p];
        step.max_load = *std::max_element(loads.begin(), loads.end());
        step.communication = communication;
        step.time = step.max_load + costs.beta * communication;
        run.total += step.time;
        const double idle = step.max_load - step.mean_load;
        if (t == last_remap) idle_after_remap = idle;
        if (t + 1 == setup.steps) break;
        const StepObservation seen{.step = t,
                                   .steps = setup.steps,
                                   .since_remap = t - last_remap + 1,
                                   .idle = idle,
                                   .idle_after_remap = idle_after_remap,
                                   .remap_cost = expected_remap_cost};
        if (!policy->remap_after(seen)) continue;
        set_vertex_weights(weighted, weights);
        std::vector<PartId> next =
            method(weighted, Partition{k, part, setup.targets}, remap).partition.part;
        SimulatedStep& following = run.steps[std::size_t(t + 1)];
        for (VertexId v = 0; v < n; ++v)
            if (next[std::size_t(v)] != part[std::size_t(v)])
                following.moved += graph.vertex_size(v);
        following.remapped = true;
        following.remap_cost = costs.gamma * double(following.moved) + costs.decision_cost;
        expected_remap_cost = following.remap_cost;
        run.total += following.remap_cost;
        run.moved += following.moved;
        ++run.remaps;
        part = std::move(next);
        communication = largest_part_communication(graph, part, k);
        last_remap = t + 1;
    }
    return run;
}

} // namespace part
