#include "libpart/mpi/distributed_dual_graph.hpp"

#include <algorithm>
#include <climits>
#include <numeric>

#include "libpart/core/mix64.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

namespace {

// Faces by their sorted global node ids (any count: a polyhedron's faces and a polygon's edges
// too), each with the vertex cell holding it, stored flat as records [size, cell, ids...].
struct FaceList {
    std::vector<std::int64_t> data;
    std::vector<std::size_t> start; // of each record in data

    std::size_t size() const { return start.size(); }
    std::span<const std::int64_t> record(std::size_t i) const {
        return {data.data() + start[i], 2 + std::size_t(data[start[i]])};
    }
    std::span<const std::int64_t> nodes(std::size_t i) const { return record(i).subspan(2); }
    VertexId cell(std::size_t i) const { return VertexId(data[start[i] + 1]); }
    void add(std::span<const std::int64_t> record) {
        start.push_back(data.size());
        data.insert(data.end(), record.begin(), record.end());
    }
    // The records of `data` read from the start.
    void index() {
        start.clear();
        for (std::size_t at = 0; at < data.size(); at += 2 + std::size_t(data[at]))
            start.push_back(at);
    }
    bool same_nodes(std::size_t a, std::size_t b) const {
        return std::ranges::equal(nodes(a), nodes(b));
    }
    // Record positions ordered by node ids (equal ones kept in record order).
    std::vector<std::size_t> sorted() const {
        std::vector<std::size_t> order(size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::ranges::stable_sort(order, [&](std::size_t a, std::size_t b) {
            return std::ranges::lexicographical_compare(nodes(a), nodes(b));
        });
        return order;
    }
};

// A cross-rank adjacency found by a matching rank: `cell` (owned by the receiver) touches
// `neighbour`.
struct Link {
    VertexId cell, neighbour;
};

int matching_rank(std::span<const std::int64_t> nodes, int ranks) {
    std::uint64_t h = 0;
    for (std::int64_t n : nodes) h = mix64(h ^ std::uint64_t(n));
    return int(h % std::uint64_t(ranks));
}

// Every face of every vertex cell (the first cell_ids.size() cells).
FaceList faces_of(const Mesh& mesh, std::span<const VertexId> cell_ids,
                  std::span<const std::int64_t> node_ids) {
    FaceList faces;
    std::vector<std::int64_t> record;
    for (CellId c = 0; c < CellId(cell_ids.size()); ++c) {
        const auto corners = mesh.corners(c);
        for_each_cell_face(mesh, c, [&](std::span<const std::int32_t> face) {
            record.assign({std::int64_t(face.size()), cell_ids[std::size_t(c)]});
            for (std::int32_t k : face) record.push_back(node_ids[std::size_t(corners[k])]);
            std::sort(record.begin() + 2, record.end());
            faces.add(record);
        });
    }
    return faces;
}

// Faces that no other cell of this rank shares: the candidates for cells on other ranks.
FaceList unshared(const FaceList& faces) {
    const std::vector<std::size_t> order = faces.sorted();
    FaceList open;
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i + 1;
        while (j < order.size() && faces.same_nodes(order[j], order[i])) ++j;
        if (j == i + 1) open.add(faces.record(order[i]));
        i = j;
    }
    return open;
}

// Collective. The links between this rank's cells and other ranks' cells, by face matching.
std::vector<Link> cross_rank_links(MPI_Comm comm, FaceList open) {
    const int ranks = size_of(comm);
    std::vector<std::vector<std::int64_t>> to_rank(static_cast<std::size_t>(ranks));
    for (std::size_t i = 0; i < open.size(); ++i) {
        const auto record = open.record(i);
        auto& out = to_rank[std::size_t(matching_rank(open.nodes(i), ranks))];
        out.insert(out.end(), record.begin(), record.end());
    }
    open = {};
    std::vector<int> counts(static_cast<std::size_t>(ranks));
    std::vector<std::int64_t> send;
    for (int r = 0; r < ranks; ++r) {
        auto& out = to_rank[std::size_t(r)];
        counts[std::size_t(r)] = out.size() > std::size_t(INT_MAX) ? -1 : int(out.size());
        send.insert(send.end(), out.begin(), out.end());
        out = {};
    }
    const std::vector<int> in_counts = exchange_counts(comm, counts);
    FaceList in;
    in.data = exchange<std::int64_t>(comm, send, counts, in_counts);
    send = {};
    in.index();

    // Received blocks come in source-rank order.
    std::vector<int> source(in.size());
    for (std::size_t i = 0, r = 0, end = 0; i < in.size(); ++i) {
        while (in.start[i] >= end) end += std::size_t(in_counts[r++]);
        source[i] = int(r - 1);
    }
    const std::vector<std::size_t> order = in.sorted();
    std::vector<Link> links;
    std::vector<int> to; // the rank of each link's cell
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i + 1;
        while (j < order.size() && in.same_nodes(order[j], order[i])) ++j;
        for (std::size_t a = i; a < j; ++a)
            for (std::size_t b = i; b < j; ++b)
                if (a != b && in.cell(order[a]) != in.cell(order[b])) {
                    links.push_back({in.cell(order[a]), in.cell(order[b])});
                    to.push_back(source[order[a]]);
                }
        i = j;
    }
    return send_outbox(comm, group_by_rank(links, ranks, [&](std::size_t i) { return to[i]; }));
}

} // namespace

DistributedGraph distributed_dual_graph(MPI_Comm comm, const Mesh& mesh,
                                        std::span<const VertexId> cell_ids,
                                        std::span<const std::int64_t> node_ids) {
    const std::size_t n = cell_ids.size();
    DualGraph local;
    FaceList open;
    collectively(comm, [&] {
        if (n > std::size_t(mesh.num_cells()) || node_ids.size() != std::size_t(mesh.num_points()))
            throw InvalidArgument(
                "distributed_dual_graph: one global id per vertex cell and per point");
        if (!std::is_sorted(cell_ids.begin(), cell_ids.end()))
            throw InvalidArgument(
                "distributed_dual_graph: cells must come in increasing global id");
        if (mesh.num_cells() > 0) local = build_dual_graph(mesh);
        if (local.cells.size() != n || (n > 0 && local.cells.back() != CellId(n - 1)))
            throw InvalidArgument("distributed_dual_graph: the vertex cells must be the first "
                                  "cells, all of the mesh's top dimension");
        open = unshared(faces_of(mesh, cell_ids, node_ids));
    });
    std::vector<Link> links = cross_rank_links(comm, std::move(open));

    // Neighbour lists in global ids, ascending and without repeats (a pair of cells sharing
    // two open faces is one edge): the local ones mapped, the cross-rank ones added.
    std::sort(links.begin(), links.end(),
              [](const Link& a, const Link& b) { return a.cell < b.cell; });
    DistributedGraph result;
    Graph& g = result.local;
    g.xadj.reserve(n + 1);
    auto link = links.begin();
    for (std::size_t i = 0; i < n; ++i) {
        const EdgeOffset start = g.xadj.back();
        for (VertexId u : local.graph.neighbours(VertexId(i)))
            g.adjncy.push_back(cell_ids[std::size_t(u)]);
        for (; link != links.end() && link->cell == cell_ids[i]; ++link)
            g.adjncy.push_back(link->neighbour);
        const auto row = g.adjncy.begin() + std::ptrdiff_t(start);
        std::sort(row, g.adjncy.end());
        g.adjncy.erase(std::unique(row, g.adjncy.end()), g.adjncy.end());
        g.xadj.push_back(EdgeOffset(g.adjncy.size()));
    }
    result.global_id.assign(cell_ids.begin(), cell_ids.end());
    g.ncon = 1;
    result.global_vertices = VertexId(sum_over_ranks(comm, static_cast<long long>(n)));
    result.global_edges = sum_over_ranks(comm, g.xadj.back()) / 2;

    const int dim = local.graph.coords.dim, global_dim = max_over_ranks(comm, dim);
    g.coords.dim = global_dim;
    g.coords.values.assign(n * std::size_t(global_dim), 0.0);
    for (std::size_t i = 0; i < n && dim > 0; ++i)
        std::copy_n(local.graph.coords.values.begin() + std::ptrdiff_t(i) * dim, dim,
                    g.coords.values.begin() + std::ptrdiff_t(i) * global_dim);
    return result;
}

} // namespace part::mpi
