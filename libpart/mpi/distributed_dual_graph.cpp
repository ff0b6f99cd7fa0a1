#include "libpart/mpi/distributed_dual_graph.hpp"

#include <algorithm>

#include "libpart/core/mix64.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

namespace {

// A face by its sorted global node ids (unused slots -1), with the cell holding it.
struct Face {
    std::int64_t node[kMaxFaceNodes];
    VertexId cell;
    std::int32_t padding = 0;

    bool same_nodes(const Face& other) const {
        return std::equal(node, node + kMaxFaceNodes, other.node);
    }
    bool operator<(const Face& other) const {
        return std::lexicographical_compare(node, node + kMaxFaceNodes, other.node,
                                            other.node + kMaxFaceNodes);
    }
};

// A cross-rank adjacency found by a matching rank: `cell` (owned by the receiver) touches
// `neighbour`.
struct Link {
    VertexId cell, neighbour;
};

int matching_rank(const Face& face, int ranks) {
    std::uint64_t h = 0;
    for (std::int64_t n : face.node) h = mix64(h ^ std::uint64_t(n));
    return int(h % std::uint64_t(ranks));
}

// Every face of every vertex cell (the first cell_ids.size() cells), sorted by key.
std::vector<Face> faces_of(const Mesh& mesh, std::span<const VertexId> cell_ids,
                           std::span<const std::int64_t> node_ids) {
    std::vector<Face> faces;
    for (CellId c = 0; c < CellId(cell_ids.size()); ++c) {
        const CellShape& shape = cell_shape(mesh.cell_types[std::size_t(c)]);
        const auto nodes = mesh.cell(c);
        for (int f = 0; f < shape.num_faces; ++f) {
            Face face;
            std::fill(face.node, face.node + kMaxFaceNodes, -1);
            face.cell = cell_ids[std::size_t(c)];
            for (int k = 0; k < shape.face_size[f]; ++k)
                face.node[k] = node_ids[std::size_t(nodes[shape.face_nodes[f][k]])];
            // At most four ids: insertion sort (std::sort here trips GCC 12's -Warray-bounds).
            for (int k = 1; k < shape.face_size[f] && k < kMaxFaceNodes; ++k)
                for (int j = k; j > 0 && face.node[j - 1] > face.node[j]; --j)
                    std::swap(face.node[j - 1], face.node[j]);
            faces.push_back(face);
        }
    }
    std::sort(faces.begin(), faces.end());
    return faces;
}

// Faces that no other cell of this rank shares: the candidates for cells on other ranks.
std::vector<Face> unshared(const std::vector<Face>& faces) {
    std::vector<Face> open;
    for (std::size_t i = 0; i < faces.size();) {
        std::size_t j = i + 1;
        while (j < faces.size() && faces[j].same_nodes(faces[i])) ++j;
        if (j == i + 1) open.push_back(faces[i]);
        i = j;
    }
    return open;
}

// Collective. The links between this rank's cells and other ranks' cells, by face matching.
std::vector<Link> cross_rank_links(MPI_Comm comm, std::vector<Face> open) {
    const int ranks = size_of(comm);
    Outbox<Face> out =
        group_by_rank(open, ranks, [&](std::size_t i) { return matching_rank(open[i], ranks); });
    open = {};
    std::vector<int> sources;
    std::vector<Face> in = send_outbox(comm, out, &sources);
    out = {};

    // Received blocks come in source-rank order; the padding slot carries the source.
    for (std::size_t i = 0; i < in.size(); ++i) in[i].padding = sources[i];
    std::stable_sort(in.begin(), in.end());
    std::vector<Link> links;
    std::vector<int> to; // the rank of each link's cell
    for (std::size_t i = 0; i < in.size();) {
        std::size_t j = i + 1;
        while (j < in.size() && in[j].same_nodes(in[i])) ++j;
        for (std::size_t a = i; a < j; ++a)
            for (std::size_t b = i; b < j; ++b)
                if (a != b && in[a].cell != in[b].cell) {
                    links.push_back({in[a].cell, in[b].cell});
                    to.push_back(in[a].padding);
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
    std::vector<Face> open;
    collectively(comm, [&] {
        if (n > std::size_t(mesh.num_cells()) || node_ids.size() != std::size_t(mesh.num_points()))
            throw InvalidArgument(
                "distributed_dual_graph: one global id per vertex cell and per point");
        // Its faces are keyed by at most kMaxFaceNodes nodes; a polyhedron's may have more.
        if (!mesh.face_offsets.empty())
            throw InvalidArgument("distributed_dual_graph: polyhedra are not supported under "
                                  "mpirun yet; partition this mesh with the serial tools");
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
