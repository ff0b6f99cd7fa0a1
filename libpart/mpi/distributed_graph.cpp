#include "libpart/mpi/distributed_graph.hpp"

#include <algorithm>
#include <numeric>

#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

namespace {

// Per-vertex blocks of `width` values, gathered in `order` for sending.
template <typename T>
std::vector<T> gather_rows(const std::vector<T>& values, std::size_t width,
                           std::span<const VertexId> order) {
    std::vector<T> out;
    if (values.empty()) return out;
    out.reserve(order.size() * width);
    for (VertexId v : order)
        out.insert(out.end(), values.begin() + std::ptrdiff_t(v * width),
                   values.begin() + std::ptrdiff_t((v + 1) * width));
    return out;
}

std::vector<int> scaled(const std::vector<int>& counts, int width) {
    std::vector<int> out(counts);
    for (int& c : out) c *= width;
    return out;
}

// Reorders per-vertex rows (width values each) by `order` (new position i takes old row
// order[i]).
template <typename T>
void permute_rows(std::vector<T>& values, std::size_t width, std::span<const VertexId> order) {
    if (values.empty()) return;
    values = gather_rows(values, width, order);
}

} // namespace

void migrate(MPI_Comm comm, DistributedGraph& graph, std::span<const int> destination,
             std::span<std::vector<std::int32_t>* const> attributes) {
    int ranks = 1;
    MPI_Comm_size(comm, &ranks);
    Graph& g = graph.local;
    const VertexId n = graph.num_owned();
    // Counting sort by destination keeps each block in increasing global id.
    std::vector<int> vertex_counts(std::size_t(ranks), 0), edge_counts(std::size_t(ranks), 0);
    for (VertexId v = 0; v < n; ++v) {
        ++vertex_counts[destination[v]];
        edge_counts[destination[v]] += int(g.xadj[v + 1] - g.xadj[v]);
    }
    std::vector<int> next = displacements(vertex_counts);
    std::vector<VertexId> order(static_cast<std::size_t>(n));
    for (VertexId v = 0; v < n; ++v) order[next[destination[v]]++] = v;

    std::vector<std::int32_t> degree(static_cast<std::size_t>(n));
    std::vector<VertexId> adjncy;
    std::vector<Weight> adjwgt;
    adjncy.reserve(g.adjncy.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        const VertexId v = order[i];
        degree[i] = std::int32_t(g.xadj[v + 1] - g.xadj[v]);
        adjncy.insert(adjncy.end(), g.adjncy.begin() + g.xadj[v], g.adjncy.begin() + g.xadj[v + 1]);
        if (graph.has_edge_weights)
            adjwgt.insert(adjwgt.end(), g.adjwgt.begin() + g.xadj[v],
                          g.adjwgt.begin() + g.xadj[v + 1]);
    }
    const std::vector<int> vertex_recv = exchange_counts(comm, vertex_counts);
    const std::vector<int> edge_recv = exchange_counts(comm, edge_counts);
    auto send_rows = [&](const auto& values, int width) {
        using T = typename std::decay_t<decltype(values)>::value_type;
        const std::vector<T> rows = gather_rows(values, std::size_t(width), order);
        return exchange<T>(comm, rows, scaled(vertex_counts, width), scaled(vertex_recv, width));
    };

    std::vector<VertexId> ids = send_rows(graph.global_id, 1);
    std::vector<std::int32_t> degrees =
        exchange<std::int32_t>(comm, degree, vertex_counts, vertex_recv);
    std::vector<VertexId> new_adjncy = exchange<VertexId>(comm, adjncy, edge_counts, edge_recv);
    std::vector<Weight> new_adjwgt;
    if (graph.has_edge_weights) new_adjwgt = exchange<Weight>(comm, adjwgt, edge_counts, edge_recv);
    std::vector<Weight> vwgt;
    if (g.ncon > 0) vwgt = send_rows(g.vwgt, g.ncon);
    std::vector<Weight> vsize;
    if (graph.has_vertex_sizes) vsize = send_rows(g.vsize, 1);
    std::vector<double> coords;
    if (g.coords.dim > 0) coords = send_rows(g.coords.values, g.coords.dim);
    for (auto* attribute : attributes) *attribute = send_rows(*attribute, 1);

    // Back in increasing global id; the CSR is rebuilt in that order.
    const auto received = VertexId(ids.size());
    std::vector<EdgeOffset> start(std::size_t(received) + 1, 0);
    for (VertexId i = 0; i < received; ++i) start[i + 1] = start[i] + degrees[i];
    std::vector<VertexId> by_id(static_cast<std::size_t>(received));
    std::iota(by_id.begin(), by_id.end(), 0);
    std::sort(by_id.begin(), by_id.end(), [&](VertexId a, VertexId b) { return ids[a] < ids[b]; });
    graph.global_id = gather_rows(ids, 1, by_id);
    g.xadj.assign(1, 0);
    g.adjncy.clear();
    g.adjwgt.clear();
    for (VertexId i : by_id) {
        g.adjncy.insert(g.adjncy.end(), new_adjncy.begin() + start[i],
                        new_adjncy.begin() + start[i + 1]);
        if (graph.has_edge_weights)
            g.adjwgt.insert(g.adjwgt.end(), new_adjwgt.begin() + start[i],
                            new_adjwgt.begin() + start[i + 1]);
        g.xadj.push_back(EdgeOffset(g.adjncy.size()));
    }
    permute_rows(vwgt, std::size_t(std::max(g.ncon, 1)), by_id);
    permute_rows(vsize, 1, by_id);
    permute_rows(coords, std::size_t(std::max(g.coords.dim, 1)), by_id);
    g.vwgt = std::move(vwgt);
    g.vsize = std::move(vsize);
    g.coords.values = std::move(coords);
    for (auto* attribute : attributes) permute_rows(*attribute, 1, by_id);
}

std::vector<WeightSum> global_part_weights(MPI_Comm comm, const DistributedGraph& graph,
                                           std::span<const PartId> part, PartId num_parts) {
    std::vector<WeightSum> local(std::size_t(num_parts), 0), total(std::size_t(num_parts), 0);
    for (VertexId v = 0; v < graph.num_owned(); ++v) local[part[v]] += graph.local.vertex_weight(v);
    MPI_Allreduce(local.data(), total.data(), num_parts, MPI_INT64_T, MPI_SUM, comm);
    return total;
}

} // namespace part::mpi
