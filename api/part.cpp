// The public C++ interface (api/include/part/part.hpp) over libpart: copies the caller's arrays
// into libpart's Graph, checks them, runs the method by name, and turns libpart's errors into
// part::api::Error.
#include "part/part.hpp"

#include <cmath>
#include <functional>

#include "checked.hpp"
#include "formats/plan_file.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/partition/partition_method.hpp"
#include "libpart/repart/repart_method.hpp"
#include "plan_conversion.hpp"

namespace part::api {

namespace {

template <typename T> std::vector<T> copy_of(std::span<const T> values) {
    return {values.begin(), values.end()};
}

void check_size(std::size_t size, std::size_t expected, const char* what) {
    if (size != expected)
        throw Error(std::string(what) + " holds " + std::to_string(size) + " values, expected " +
                    std::to_string(expected));
}

Graph to_graph(const GraphView& view) {
    if (view.xadj.empty()) throw Error("xadj is empty: expected n + 1 offsets");
    const std::size_t n = view.xadj.size() - 1;
    if (view.xadj.front() != 0 || view.xadj.back() != std::int64_t(view.adjncy.size()))
        throw Error("xadj must start at 0 and end at the length of adjncy (" +
                    std::to_string(view.adjncy.size()) + ")");
    if (view.ncon < 1) throw Error("ncon must be at least 1");
    if (!view.vwgt.empty()) check_size(view.vwgt.size(), n * view.ncon, "vwgt");
    if (!view.vsize.empty()) check_size(view.vsize.size(), n, "vsize");
    if (!view.adjwgt.empty()) check_size(view.adjwgt.size(), view.adjncy.size(), "adjwgt");
    if (view.dim != 0 && view.dim != 2 && view.dim != 3) throw Error("dim must be 0, 2 or 3");
    check_size(view.coords.size(), n * view.dim, "coords");
    Graph graph;
    graph.xadj = copy_of(view.xadj);
    graph.adjncy = copy_of(view.adjncy);
    graph.ncon = view.vwgt.empty() ? 0 : view.ncon;
    graph.vwgt = copy_of(view.vwgt);
    graph.vsize = copy_of(view.vsize);
    graph.adjwgt = copy_of(view.adjwgt);
    graph.coords = {view.dim, copy_of(view.coords)};
    validate(graph);
    return graph;
}

Partition to_partition(const Graph& graph, std::span<const std::int32_t> part,
                       std::int32_t nparts) {
    Partition partition{nparts, copy_of(part), {}};
    validate(partition, graph);
    return partition;
}

std::int64_t moved_size(const Graph& graph, std::span<const std::int32_t> old_part,
                        const RepartResult& result) {
    std::int64_t moved = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        if (result.new_part_rank[result.partition.part[v]] != old_part[v])
            moved += graph.vertex_size(v);
    return moved;
}

} // namespace

std::vector<std::int32_t> partition(const GraphView& view, std::int32_t nparts,
                                    const PartitionOptions& options) {
    return checked([&] {
        const Graph graph = to_graph(view);
        part::PartitionOptions internal;
        internal.targets = options.targets;
        internal.tolerance = options.tolerance;
        internal.seed = options.seed;
        if (!(options.tolerance >= 0 && options.tolerance < 1))
            throw Error("tolerance must be in [0, 1)");
        internal.metis.ufactor = int(std::lround(options.tolerance * 1000));
        return partition_graph(graph, options.method, nparts, internal).part;
    });
}

Repartition repartition(const GraphView& view, std::span<const std::int32_t> old_part,
                        std::int32_t old_nparts, std::int32_t new_nparts,
                        const RepartitionOptions& options) {
    return checked([&] {
        const Graph graph = to_graph(view);
        const Partition old_partition = to_partition(graph, old_part, old_nparts);
        RepartRequest request;
        request.new_parts = new_nparts;
        request.targets = options.targets;
        request.tolerance = options.tolerance;
        request.migration_cost = options.migration_cost;
        validate(request, graph, old_partition);
        RepartResult result = repart_method(options.method)(graph, old_partition, request);
        const std::int64_t moved = moved_size(graph, old_part, result);
        Plan plan = to_public(diff(old_partition, result.partition, result.new_part_rank));
        return Repartition{std::move(result.partition.part), std::move(result.new_part_rank), moved,
                           std::move(plan)};
    });
}

Metrics metrics(const GraphView& view, std::span<const std::int32_t> part, std::int32_t nparts) {
    return checked([&] {
        const Graph graph = to_graph(view);
        const PartitionMetrics m = compute_metrics(graph, to_partition(graph, part, nparts));
        double worst = 0;
        for (double value : m.imbalance) worst = std::max(worst, value);
        return Metrics{m.edge_cut, m.communication_volume, worst, m.empty_parts,
                       m.disconnected_parts};
    });
}

Plan make_plan(std::span<const std::int32_t> old_part, std::int32_t old_nparts,
               std::span<const std::int32_t> new_part, std::int32_t new_nparts,
               std::span<const std::int32_t> rank_of_part) {
    return checked([&] {
        if (old_part.size() != new_part.size())
            throw Error("the old partition has " + std::to_string(old_part.size()) +
                        " vertices, the new one " + std::to_string(new_part.size()));
        Graph vertices_only;
        vertices_only.xadj.assign(old_part.size() + 1, 0);
        const Partition old_partition = to_partition(vertices_only, old_part, old_nparts);
        const Partition new_partition = to_partition(vertices_only, new_part, new_nparts);
        return to_public(diff(old_partition, new_partition, copy_of(rank_of_part)));
    });
}

std::vector<std::int32_t> apply_plan(const Plan& plan, std::span<const std::int32_t> old_part) {
    return checked([&] { return part::apply_plan(to_internal(plan), old_part); });
}

void write_plan(const std::string& path, const Plan& plan) {
    checked([&] { formats::write_plan(path, to_internal(plan)); });
}

Plan read_plan(const std::string& path) {
    return checked([&] { return to_public(formats::read_plan(path)); });
}

std::vector<std::string> partition_methods() {
    return part::partition_methods();
}

std::vector<std::string> repartition_methods() {
    return repart_method_names();
}

} // namespace part::api
