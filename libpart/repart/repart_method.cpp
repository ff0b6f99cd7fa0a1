#include "libpart/repart/repart_method.hpp"

#include <cmath>
#include <map>

#include "libpart/repart/adaptive_repart.hpp"
#include "libpart/repart/gde_repart.hpp"
#include "libpart/repart/hier_repart.hpp"
#include "libpart/repart/interval_repart.hpp"
#include "libpart/repart/scratch_repart.hpp"

namespace part {

namespace {

// The registry. A new method adds its line here.
const std::map<std::string, RepartFunction> kMethods = {
    {"adaptive", adaptive_repartition},
    {"gde", gde_repartition},
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
