#include "libpart/partition/partition_method.hpp"

#include "libpart/refine/boundary_polish.hpp"
#include "libpart/refine/fragment_absorption.hpp"

#include <algorithm>

#include "libpart/order/bisection_keys.hpp"
#include "libpart/order/coordinates_check.hpp"
#include "libpart/order/order_method.hpp"
#include "libpart/partition/blocks_partition.hpp"
#include "libpart/partition/farhat_partition.hpp"
#include "libpart/partition/fill_empty_parts.hpp"
#include "libpart/partition/hierarchical_partition.hpp"

namespace part {

const std::vector<std::string>& partition_methods() {
    static const std::vector<std::string> names{"blocks", "rcb",  "inertial", "spectral",
                                                "farhat", "hier", "metis"};
    return names;
}

bool partition_needs_coordinates(std::string_view method, const PartitionOptions& options) {
    if (method == "blocks")
        return options.order == nullptr && order_needs_coordinates(options.order_method);
    return method == "rcb" || method == "inertial" || method == "hier";
}

namespace {

void check_request(const Graph& graph, std::string_view method, PartId k,
                   const PartitionOptions& options) {
    const auto& names = partition_methods();
    if (std::find(names.begin(), names.end(), method) == names.end())
        throw InvalidArgument("unknown partitioning method '" + std::string(method) +
                              "'; expected blocks, rcb, inertial, spectral, farhat, hier or metis");
    if (k < 1)
        throw InvalidArgument("the number of parts must be at least 1, got " + std::to_string(k));
    if (k > graph.num_vertices())
        throw InvalidArgument("cannot make " + std::to_string(k) +
                              " non-empty parts of a graph of " +
                              std::to_string(graph.num_vertices()) + " vertices");
    if (!options.targets.empty()) {
        if (options.targets.size() != std::size_t(k))
            throw InvalidArgument(std::to_string(options.targets.size()) + " targets given for " +
                                  std::to_string(k) + " parts");
        for (std::size_t p = 0; p < options.targets.size(); ++p)
            if (!(options.targets[p] > 0))
                throw InvalidArgument("target of part " + std::to_string(p) + " is not positive");
    }
    if (options.tolerance < 0)
        throw InvalidArgument("the imbalance tolerance must not be negative");
    if (method == "blocks" && options.order != nullptr)
        validate_permutation(*options.order, graph.num_vertices());
    if (partition_needs_coordinates(method, options))
        require_coordinates(graph, method == "blocks" ? options.order_method : std::string(method));
}

} // namespace

// Most of the polish's gain comes in its first two passes; a third costs more than it gains.
constexpr int kPolishPasses = 2;

PartitionResult partition_graph(const Graph& graph, std::string_view method, PartId k,
                                const PartitionOptions& options) {
    check_request(graph, method, k, options);
    const auto& targets = options.targets;
    PartitionResult result;
    if (method == "blocks") {
        Permutation computed;
        if (!options.order) {
            OrderOptions order_options;
            order_options.seed = options.seed;
            order_options.fiedler = options.fiedler;
            computed = compute_order(graph, options.order_method, order_options);
        }
        result.part = partition_blocks(graph, options.order ? *options.order : computed, k, targets,
                                       options.tolerance);
    } else if (method == "rcb" || method == "inertial" || method == "spectral") {
        result.part = recursive_bisection_partition(
            graph, k, targets, bisection_key(graph, method, options.fiedler, options.seed));
    } else if (method == "farhat") {
        result.part = farhat_partition(graph, k, targets, options.tolerance, options.seed);
    } else if (method == "hier") {
        const HierarchicalScheme scheme = options.scheme == "auto"
                                              ? choose_scheme(graph, k)
                                              : parse_scheme(options.scheme, graph.coords.dim);
        result.scheme = format_scheme(scheme);
        result.part = hierarchical_partition(graph, scheme, k, targets, options.tolerance);
    } else {
        MetisOptions metis = options.metis;
        metis.seed = options.seed;
        metis.contig = metis.contig || options.contiguous;
        result.part = partition_with_metis(graph, k, targets, metis);
    }
    if (options.polish) {
        Partition polished{k, std::move(result.part), targets};
        refine::polish_boundary(graph, polished, options.tolerance, {.max_passes = kPolishPasses});
        result.part = std::move(polished.part);
        // The polish bounds part weights from above only: it could move a small part's last
        // vertex away.
        fill_empty_parts(graph, k, result.part);
    }
    if (options.contiguous) {
        Partition connected{k, std::move(result.part), targets};
        refine::connect_parts(graph, connected, options.tolerance);
        result.part = std::move(connected.part);
    }
    return result;
}

} // namespace part
