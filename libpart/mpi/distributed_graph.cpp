#include "libpart/mpi/distributed_graph.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

namespace {

// Appends `count` values as raw bytes; take() reads them back in the same order.
template <typename T> void put(std::vector<char>& out, const T* values, std::size_t count) {
    const auto* bytes = reinterpret_cast<const char*>(values);
    out.insert(out.end(), bytes, bytes + count * sizeof(T));
}

template <typename T> const char* take(const char* in, T* values, std::size_t count) {
    std::memcpy(values, in, count * sizeof(T));
    return in + count * sizeof(T);
}

template <typename T>
const char* take_back(const char* in, std::vector<T>& out, std::size_t count) {
    const std::size_t at = out.size();
    out.resize(at + count);
    return take(in, out.data() + at, count);
}

} // namespace

// Each vertex travels as one record: global id, degree, vertex weights, size, coordinates,
// carried attributes, then its neighbours (global ids) and edge weights. Records for one
// destination are consecutive, so everything goes in one MPI_Alltoallv of bytes.
void migrate(MPI_Comm comm, DistributedGraph& graph, std::span<const int> destination,
             std::span<std::vector<std::int32_t>* const> attributes) {
    int ranks = 1;
    MPI_Comm_size(comm, &ranks);
    Graph& g = graph.local;
    const VertexId n = graph.num_owned();
    const std::size_t ncon = g.ncon > 0 ? std::size_t(g.ncon) : 0, dim = std::size_t(g.coords.dim);
    const bool sizes = graph.has_vertex_sizes, edge_weights = graph.has_edge_weights;
    const std::size_t fixed = sizeof(VertexId) + sizeof(std::int32_t) + ncon * sizeof(Weight) +
                              (sizes ? sizeof(Weight) : 0) + dim * sizeof(double) +
                              attributes.size() * sizeof(std::int32_t);
    const std::size_t per_edge = sizeof(VertexId) + (edge_weights ? sizeof(Weight) : 0);

    // Counting sort by destination keeps each block in increasing global id.
    std::vector<int> vertex_counts(std::size_t(ranks), 0), byte_counts(std::size_t(ranks), 0);
    for (VertexId v = 0; v < n; ++v) {
        ++vertex_counts[destination[v]];
        byte_counts[destination[v]] +=
            int(fixed + std::size_t(g.xadj[v + 1] - g.xadj[v]) * per_edge);
    }
    std::vector<int> next = displacements(vertex_counts);
    std::vector<VertexId> order(static_cast<std::size_t>(n));
    for (VertexId v = 0; v < n; ++v) order[next[destination[v]]++] = v;
    std::vector<char> send;
    send.reserve(std::size_t(std::accumulate(byte_counts.begin(), byte_counts.end(), 0LL)));
    for (VertexId v : order) {
        const auto degree = std::int32_t(g.xadj[v + 1] - g.xadj[v]);
        put(send, &graph.global_id[v], 1);
        put(send, &degree, 1);
        put(send, g.vwgt.data() + std::size_t(v) * ncon, ncon);
        if (sizes) put(send, &g.vsize[v], 1);
        put(send, g.coords.values.data() + std::size_t(v) * dim, dim);
        for (const auto* attribute : attributes) put(send, &(*attribute)[v], 1);
        put(send, g.adjncy.data() + g.xadj[v], std::size_t(degree));
        if (edge_weights) put(send, g.adjwgt.data() + g.xadj[v], std::size_t(degree));
    }
    const std::vector<char> received =
        exchange<char>(comm, send, byte_counts, exchange_counts(comm, byte_counts));
    send = {};

    // Back in increasing global id: find each record, sort by id, unpack in that order.
    std::vector<std::pair<VertexId, std::size_t>> records;
    for (std::size_t at = 0; at < received.size();) {
        VertexId id = 0;
        std::int32_t degree = 0;
        take(take(received.data() + at, &id, 1), &degree, 1);
        records.emplace_back(id, at);
        at += fixed + std::size_t(degree) * per_edge;
    }
    std::sort(records.begin(), records.end());
    graph.global_id.clear();
    g.xadj.assign(1, 0);
    g.adjncy.clear();
    g.adjwgt.clear();
    g.vwgt.clear();
    g.vsize.clear();
    g.coords.values.clear();
    for (auto* attribute : attributes) attribute->clear();
    for (const auto& [id, at] : records) {
        std::int32_t degree = 0;
        const char* in = take_back(received.data() + at, graph.global_id, 1);
        in = take(in, &degree, 1);
        in = take_back(in, g.vwgt, ncon);
        if (sizes) in = take_back(in, g.vsize, 1);
        in = take_back(in, g.coords.values, dim);
        for (auto* attribute : attributes) in = take_back(in, *attribute, 1);
        in = take_back(in, g.adjncy, std::size_t(degree));
        if (edge_weights) in = take_back(in, g.adjwgt, std::size_t(degree));
        g.xadj.push_back(EdgeOffset(g.adjncy.size()));
    }
}

std::vector<WeightSum> global_part_weights(MPI_Comm comm, const DistributedGraph& graph,
                                           std::span<const PartId> part, PartId num_parts) {
    std::vector<WeightSum> local(std::size_t(num_parts), 0), total(std::size_t(num_parts), 0);
    for (VertexId v = 0; v < graph.num_owned(); ++v) local[part[v]] += graph.local.vertex_weight(v);
    MPI_Allreduce(local.data(), total.data(), num_parts, MPI_INT64_T, MPI_SUM, comm);
    return total;
}

} // namespace part::mpi
