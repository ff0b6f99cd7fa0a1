#include "libpart/repart/repart_method.hpp"

#include <cmath>
#include <map>

#include "libpart/order/locality_renumbering.hpp"
#include "libpart/repart/adaptive_repart.hpp"
#include "libpart/repart/gde_repart.hpp"
#include "libpart/repart/hier_repart.hpp"
#include "libpart/repart/interval_repart.hpp"
#include "libpart/repart/scratch_repart.hpp"

namespace part {

namespace {

// `method` run on the graph renumbered part by part (part_major_renumbering) when its numbering
// scatters neighbours, as a mesh generator's often does: the method's passes over the graph
// (clustering, merging rows, the band, the polish) then read neighbours' entries near their own
// in memory instead of missing the caches on nearly every edge. The new parts come back in the
// graph's numbering; the result is deterministic as before, though it is not the same as that
// of a run in the file's numbering, whose visit orders differ.
RepartFunction in_locality_order(RepartFunction method) {
    return
        [method](const Graph& graph, const Partition& old_partition, const RepartRequest& request) {
            if (!scatters_neighbours(graph)) return method(graph, old_partition, request);
            const Renumbering r = part_major_renumbering(graph, old_partition.part);
            const Partition old_local{old_partition.num_parts, in_new_order(old_partition.part, r),
                                      old_partition.targets};
            RepartRequest local_request = request;
            local_request.position = in_new_order(request.position, r);
            RepartResult result = method(renumbered_graph(graph, r), old_local, local_request);
            result.partition.part = in_old_order(result.partition.part, r);
            return result;
        };
}

// The registry. A new method adds its line here.
const std::map<std::string, RepartFunction> kMethods = {
    {"adaptive", in_locality_order(adaptive_repartition)},
    {"gde", in_locality_order(gde_repartition)},
    {"hier", hier_repartition},
    {"interval", interval_repartition},
    {"scratch", scratch_repartition},
};

using Arrangement = RepartRequest::Arrangement;
const std::vector<std::pair<std::string, Arrangement>> kArrangements = {
    {"mcr", Arrangement::Mcr},
    {"identity", Arrangement::Identity},
    {"exhaustive", Arrangement::Exhaustive},
    {"aligned", Arrangement::Aligned},
};

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

} // namespace

std::vector<std::string> repart_method_names() {
    std::vector<std::string> names;
    for (const auto& [name, method] : kMethods) names.push_back(name);
    return names;
}

const RepartFunction& repart_method(const std::string& name) {
    const auto it = kMethods.find(name);
    if (it == kMethods.end())
        throw InvalidArgument("unknown repartitioning method '" + name + "': expected one of " +
                              joined(repart_method_names()));
    return it->second;
}

std::vector<std::string> arrangement_names() {
    std::vector<std::string> names;
    for (const auto& [name, arrangement] : kArrangements) names.push_back(name);
    return names;
}

RepartRequest::Arrangement arrangement_named(const std::string& name) {
    for (const auto& [known, arrangement] : kArrangements)
        if (known == name) return arrangement;
    throw InvalidArgument("unknown interval arrangement '" + name + "': expected one of " +
                          joined(arrangement_names()));
}

void validate(const RepartRequest& request, const Graph& graph, const Partition& old_partition) {
    validate(old_partition, graph);
    const PartId k2 = request.new_parts;
    if (k2 < 1)
        throw InvalidArgument("the new part count must be at least 1, got " + std::to_string(k2));
    if (graph.num_vertices() > 0 && k2 > graph.num_vertices())
        throw InvalidArgument("the new part count " + std::to_string(k2) + " exceeds the graph's " +
                              std::to_string(graph.num_vertices()) + " vertices");
    if (!(request.tolerance >= 0 && request.tolerance < 1))
        throw InvalidArgument("the imbalance tolerance must be in [0, 1), got " +
                              std::to_string(request.tolerance));
    if (!(request.migration_cost >= 0 && std::isfinite(request.migration_cost)))
        throw InvalidArgument("the migration cost must be a finite number >= 0, got " +
                              std::to_string(request.migration_cost));
    if (!request.targets.empty() && request.targets.size() != std::size_t(k2))
        throw InvalidArgument("there are " + std::to_string(request.targets.size()) +
                              " targets for " + std::to_string(k2) + " new parts");
}

} // namespace part
