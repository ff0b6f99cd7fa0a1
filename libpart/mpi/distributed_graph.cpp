#include "libpart/mpi/distributed_graph.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <string>

#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

namespace {

template <typename T>
const char* take_back(const char* in, std::vector<T>& out, std::size_t count) {
    const std::size_t at = out.size();
    out.resize(at + count);
    return take(in, out.data() + at, count);
}

} // namespace

// A record: global id, degree, vertex weights, size, coordinates, carried attributes, then the
// neighbours (global ids) and edge weights. Vertices that stay are merged with the arrivals.
void migrate(MPI_Comm comm, DistributedGraph& graph, std::span<const int> destination,
             std::span<std::vector<std::int32_t>* const> attributes) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    Graph& g = graph.local;
    const VertexId n = graph.num_owned();
    const std::size_t ncon = g.ncon > 0 ? std::size_t(g.ncon) : 0, dim = std::size_t(g.coords.dim);
    const bool sizes = graph.has_vertex_sizes, edge_weights = graph.has_edge_weights;
    const std::size_t fixed = sizeof(VertexId) + sizeof(std::int32_t) + ncon * sizeof(Weight) +
                              (sizes ? sizeof(Weight) : 0) + dim * sizeof(double) +
                              attributes.size() * sizeof(std::int32_t);
    const std::size_t per_edge = sizeof(VertexId) + (edge_weights ? sizeof(Weight) : 0);

    // Counting sort of the leaving vertices by destination keeps each block in increasing id.
    std::vector<int> vertex_counts(std::size_t(ranks), 0), byte_counts(std::size_t(ranks), 0);
    std::vector<std::int64_t> bytes(std::size_t(ranks), 0);
    for (VertexId v = 0; v < n; ++v) {
        if (destination[v] == rank) continue;
        ++vertex_counts[destination[v]];
        bytes[destination[v]] +=
            std::int64_t(fixed + std::size_t(g.xadj[v + 1] - g.xadj[v]) * per_edge);
    }
    // MPI counts are int: checked on every rank together before anything is packed.
    std::string problem;
    for (int r = 0; r < ranks; ++r) {
        if (bytes[r] > std::numeric_limits<int>::max())
            problem = "migration: rank " + std::to_string(rank) + " would send " +
                      std::to_string(bytes[r]) + " bytes to rank " + std::to_string(r) +
                      ", more than MPI's int counts allow (2^31 - 1): use more ranks";
        else
            byte_counts[r] = int(bytes[r]);
    }
    agree_on_failure(comm, problem.empty() ? nullptr : &problem);
    std::vector<int> next = displacements(vertex_counts);
    std::vector<VertexId> order(
        std::size_t(std::accumulate(vertex_counts.begin(), vertex_counts.end(), 0LL)));
    for (VertexId v = 0; v < n; ++v)
        if (destination[v] != rank) order[next[destination[v]]++] = v;
    auto pack = [&](VertexId v, std::vector<char>& out) {
        const auto degree = std::int32_t(g.xadj[v + 1] - g.xadj[v]);
        put(out, &graph.global_id[v], 1);
        put(out, &degree, 1);
        put(out, g.vwgt.data() + std::size_t(v) * ncon, ncon);
        if (sizes) put(out, &g.vsize[v], 1);
        put(out, g.coords.values.data() + std::size_t(v) * dim, dim);
        for (const auto* attribute : attributes) put(out, &(*attribute)[v], 1);
        put(out, g.adjncy.data() + g.xadj[v], std::size_t(degree));
        if (edge_weights) put(out, g.adjwgt.data() + g.xadj[v], std::size_t(degree));
    };
    std::vector<char> send;
    send.reserve(std::size_t(std::accumulate(byte_counts.begin(), byte_counts.end(), 0LL)));
    for (VertexId v : order) pack(v, send);
    order = {};
    const std::vector<char> received =
        exchange<char>(comm, send, byte_counts, exchange_counts(comm, byte_counts));
    send = {};

    // Arrivals in increasing id: find each record, sort by id.
    std::vector<std::pair<VertexId, std::size_t>> records;
    EdgeOffset entries = 0;
    for (std::size_t at = 0; at < received.size();) {
        VertexId id = 0;
        std::int32_t degree = 0;
        take(take(received.data() + at, &id, 1), &degree, 1);
        records.emplace_back(id, at);
        entries += degree;
        at += fixed + std::size_t(degree) * per_edge;
    }
    std::sort(records.begin(), records.end());

    // Merge the vertices that stay (already in id order) with the arrivals.
    DistributedGraph merged;
    Graph& m = merged.local;
    std::vector<std::vector<std::int32_t>> merged_attributes(attributes.size());
    std::size_t stay = 0;
    for (VertexId v = 0; v < n; ++v)
        if (destination[v] == rank) {
            ++stay;
            entries += g.xadj[v + 1] - g.xadj[v];
        }
    const std::size_t total = stay + records.size();
    merged.global_id.reserve(total);
    m.xadj.reserve(total + 1);
    m.xadj.assign(1, 0);
    m.vwgt.reserve(total * ncon);
    if (sizes) m.vsize.reserve(total);
    m.coords.values.reserve(total * dim);
    for (auto& attribute : merged_attributes) attribute.reserve(total);
    m.adjncy.reserve(std::size_t(entries));
    if (edge_weights) m.adjwgt.reserve(std::size_t(entries));
    auto arrive = [&](const char* in) {
        std::int32_t degree = 0;
        in = take_back(in, merged.global_id, 1);
        in = take(in, &degree, 1);
        in = take_back(in, m.vwgt, ncon);
        if (sizes) in = take_back(in, m.vsize, 1);
        in = take_back(in, m.coords.values, dim);
        for (auto& attribute : merged_attributes) in = take_back(in, attribute, 1);
        in = take_back(in, m.adjncy, std::size_t(degree));
        if (edge_weights) in = take_back(in, m.adjwgt, std::size_t(degree));
        m.xadj.push_back(EdgeOffset(m.adjncy.size()));
    };
    // A vertex that stays goes through the same record, one at a time: no copy of the graph.
    std::vector<char> stayer;
    std::size_t r = 0;
    for (VertexId v = 0; v < n; ++v) {
        if (destination[v] != rank) continue;
        for (; r < records.size() && records[r].first < graph.global_id[v]; ++r)
            arrive(received.data() + records[r].second);
        stayer.clear();
        pack(v, stayer);
        arrive(stayer.data());
    }
    for (; r < records.size(); ++r) arrive(received.data() + records[r].second);

    graph.global_id = std::move(merged.global_id);
    m.ncon = g.ncon;
    m.coords.dim = g.coords.dim;
    g = std::move(m);
    for (std::size_t a = 0; a < attributes.size(); ++a)
        *attributes[a] = std::move(merged_attributes[a]);
}

std::vector<WeightSum> global_part_weights(MPI_Comm comm, const DistributedGraph& graph,
                                           std::span<const PartId> part, PartId num_parts) {
    std::vector<WeightSum> local(std::size_t(num_parts), 0), total(std::size_t(num_parts), 0);
    for (VertexId v = 0; v < graph.num_owned(); ++v) local[part[v]] += graph.local.vertex_weight(v);
    MPI_Allreduce(local.data(), total.data(), num_parts, MPI_INT64_T, MPI_SUM, comm);
    return total;
}

} // namespace part::mpi
