#include "libpart/repart/amortization.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace part {

namespace {

// Max over parts of the step time, given each part's relative speed (0: cannot run).
double step_time(const PartLoads& loads, const std::vector<double>& speed, const CostModel& model) {
    double worst = 0;
    for (std::size_t p = 0; p < speed.size(); ++p) {
        if (loads.weight[p] == 0 && loads.cut[p] == 0) continue;
        if (speed[p] <= 0) return std::numeric_limits<double>::infinity();
        worst = std::max(worst, model.time_per_weight * double(loads.weight[p]) / speed[p] +
                                    model.time_per_cut_edge * double(loads.cut[p]));
    }
    return worst;
}

void check_loads(const PartLoads& loads, PartId parts) {
    if (loads.weight.size() != std::size_t(parts) || loads.cut.size() != std::size_t(parts))
        throw InvalidArgument("part loads for " + std::to_string(loads.weight.size()) +
                              " parts given for a partition of " + std::to_string(parts));
}

} // namespace

PartLoads part_loads(const Graph& graph, std::span<const PartId> part, PartId num_parts) {
    PartLoads loads{std::vector<WeightSum>(std::size_t(num_parts), 0),
                    std::vector<WeightSum>(std::size_t(num_parts), 0)};
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        const PartId p = part[v];
        loads.weight[p] += graph.vertex_weight(v);
        for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e)
            if (part[graph.adjncy[e]] != p) loads.cut[p] += graph.edge_weight(e);
    }
    return loads;
}

void validate(const CostModel& model) {
    for (double c :
         {model.time_per_weight, model.time_per_cut_edge, model.latency, model.time_per_size})
        if (!(c >= 0) || !std::isfinite(c))
            throw InvalidArgument("cost model constants must be finite and non-negative, got " +
                                  std::to_string(c));
}

Amortization amortization(const PartLoads& old_loads, const PartLoads& new_loads,
                          const Partition& new_shape, const std::vector<PartId>& new_part_rank,
                          const PlanTraffic& traffic, const CostModel& model) {
    validate(model);
    const PartId k2 = new_shape.num_parts;
    const PartId k = PartId(old_loads.weight.size());
    check_loads(new_loads, k2);
    check_loads(old_loads, k);
    std::vector<double> new_speed(static_cast<std::size_t>(k2));
    std::vector<double> old_speed(std::size_t(k), 0);
    for (PartId q = 0; q < k2; ++q) {
        new_speed[q] = double(k2) * new_shape.target(q);
        if (new_part_rank[q] < k) old_speed[new_part_rank[q]] = new_speed[q];
    }
    Amortization a;
    a.old_step = step_time(old_loads, old_speed, model);
    a.new_step = step_time(new_loads, new_speed, model);
    a.remap =
        model.latency * double(traffic.max_messages_per_rank) +
        model.time_per_size * double(std::max(traffic.max_sent_size, traffic.max_received_size));
    const double infinity = std::numeric_limits<double>::infinity();
    a.mandatory = std::isinf(a.old_step);
    a.saved_per_step = a.mandatory ? infinity : a.old_step - a.new_step;
    a.pays_off = a.mandatory || a.saved_per_step > 0;
    a.steps = a.mandatory ? 0 : a.pays_off ? a.remap / a.saved_per_step : infinity;
    return a;
}

Amortization amortization(const Graph& graph, const Partition& old_partition,
                          const Partition& new_partition, const std::vector<PartId>& new_part_rank,
                          const PlanTraffic& traffic, const CostModel& model) {
    return amortization(part_loads(graph, old_partition.part, old_partition.num_parts),
                        part_loads(graph, new_partition.part, new_partition.num_parts),
                        new_partition, new_part_rank, traffic, model);
}

void validate_horizon(double horizon) {
    if (!(horizon > 0) || !std::isfinite(horizon))
        throw InvalidArgument("the horizon must be a positive number of steps, got " +
                              std::to_string(horizon));
}

RemapDecision decide_remap(const Amortization& candidate, std::optional<double> horizon,
                           PartId old_parts, PartId new_parts) {
    RemapDecision decision;
    decision.horizon = horizon;
    if (!horizon) return decision;
    validate_horizon(*horizon);
    decision.forced = candidate.mandatory || new_parts < old_parts;
    if (decision.forced) return decision;
    // 3.5: profitable when the improvement over the coming phase offsets the remap's cost.
    decision.remap = candidate.pays_off && candidate.remap <= *horizon * candidate.saved_per_step;
    return decision;
}

std::vector<PartId> fold_onto_staying_ranks(std::span<const WeightSum> old_weight,
                                            const Partition& new_shape,
                                            const std::vector<PartId>& new_part_rank) {
    const auto k = PartId(old_weight.size());
    std::vector<PartId> fold(std::size_t(k), -1);
    std::vector<double> load(std::size_t(new_shape.num_parts), 0);
    for (PartId q = 0; q < new_shape.num_parts; ++q)
        if (new_part_rank[q] < k) {
            fold[new_part_rank[q]] = q;
            load[q] = double(old_weight[new_part_rank[q]]);
        }
    std::vector<PartId> leaving;
    for (PartId p = 0; p < k; ++p)
        if (fold[p] < 0) leaving.push_back(p);
    std::stable_sort(leaving.begin(), leaving.end(),
                     [&](PartId a, PartId b) { return old_weight[a] > old_weight[b]; });
    auto per_speed = [&](PartId q, double extra) {
        return (load[q] + extra) / (double(new_shape.num_parts) * new_shape.target(q));
    };
    for (PartId p : leaving) {
        PartId best = 0;
        for (PartId q = 1; q < new_shape.num_parts; ++q)
            if (per_speed(q, double(old_weight[p])) < per_speed(best, double(old_weight[p])))
                best = q;
        fold[p] = best;
        load[best] += double(old_weight[p]);
    }
    return fold;
}

Partition kept_partition(const Partition& old_partition, PartId new_parts,
                         const std::vector<double>& new_targets) {
    if (new_parts < old_partition.num_parts)
        throw InvalidArgument("the old partition's " + std::to_string(old_partition.num_parts) +
                              " parts cannot be kept as " + std::to_string(new_parts));
    return Partition{new_parts, old_partition.part, new_targets};
}

double migration_cost(const CostModel& model, double horizon) {
    validate_horizon(horizon);
    return model.time_per_size / (model.time_per_cut_edge * horizon);
}

} // namespace part
