#include "libpart/repart/amortization.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace part {

namespace {

// Max over parts of the step time, given each part's relative speed (0: cannot run).
double step_time(const Graph& graph, const std::vector<PartId>& part,
                 const std::vector<double>& speed, const CostModel& model) {
    std::vector<double> weight(speed.size(), 0), cut(speed.size(), 0);
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        const PartId p = part[v];
        weight[p] += graph.vertex_weight(v);
        for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e)
            if (part[graph.adjncy[e]] != p) cut[p] += graph.edge_weight(e);
    }
    double worst = 0;
    for (std::size_t p = 0; p < speed.size(); ++p) {
        if (weight[p] == 0 && cut[p] == 0) continue;
        if (speed[p] <= 0) return std::numeric_limits<double>::infinity();
        worst = std::max(worst, model.time_per_weight * weight[p] / speed[p] +
                                    model.time_per_cut_edge * cut[p]);
    }
    return worst;
}

} // namespace

void validate(const CostModel& model) {
    for (double c :
         {model.time_per_weight, model.time_per_cut_edge, model.latency, model.time_per_size})
        if (!(c >= 0) || !std::isfinite(c))
            throw InvalidArgument("cost model constants must be finite and non-negative, got " +
                                  std::to_string(c));
}

Amortization amortization(const Graph& graph, const Partition& old_partition,
                          const Partition& new_partition, const std::vector<PartId>& new_part_rank,
                          const PlanTraffic& traffic, const CostModel& model) {
    validate(model);
    const PartId k2 = new_partition.num_parts;
    std::vector<double> new_speed(static_cast<std::size_t>(k2));
    std::vector<double> old_speed(std::size_t(old_partition.num_parts), 0);
    for (PartId q = 0; q < k2; ++q) {
        new_speed[q] = double(k2) * new_partition.target(q);
        if (new_part_rank[q] < old_partition.num_parts) old_speed[new_part_rank[q]] = new_speed[q];
    }
    Amortization a;
    a.old_step = step_time(graph, old_partition.part, old_speed, model);
    a.new_step = step_time(graph, new_partition.part, new_speed, model);
    a.remap =
        model.latency * double(traffic.max_messages_per_rank) +
        model.time_per_size * double(std::max(traffic.max_sent_size, traffic.max_received_size));
    a.mandatory = std::isinf(a.old_step);
    a.saved_per_step =
        a.mandatory ? std::numeric_limits<double>::infinity() : a.old_step - a.new_step;
    if (a.mandatory)
        a.steps = 0;
    else if (a.saved_per_step > 0)
        a.steps = a.remap / a.saved_per_step;
    else
        a.steps = std::numeric_limits<double>::infinity();
    a.pays_off = a.mandatory || a.saved_per_step > 0;
    return a;
}

} // namespace part
