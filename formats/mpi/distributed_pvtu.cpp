#include "formats/mpi/distributed_pvtu.hpp"

#include <algorithm>
#include <climits>
#include <filesystem>
#include <map>
#include <numeric>

#include "formats/atomic_output.hpp"
#include "formats/mpi/distributed_chaco.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/boundary_elements.hpp"
#include "libpart/mesh/gather_piece.hpp"
#include "libpart/mesh/mesh_pieces.hpp"
#include "libpart/mesh/mesh_subset.hpp"
#include "libpart/mesh/mesh_weights.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/distributed_curve_order.hpp"
#include "libpart/mpi/distributed_dual_graph.hpp"
#include "libpart/mpi/distributed_ghost_cells.hpp"
#include "libpart/mpi/distributed_totals.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/vertex_directory.hpp"

namespace part::formats::mpi {

namespace {

namespace fs = std::filesystem;

// The stem of the pieces written for a fresh `path`: its file name without the extension.
std::string distributed_piece_stem(const std::string& path) {
    return fs::path(path).stem().string();
}

using part::mpi::collectively;
using part::mpi::max_over_ranks;
using part::mpi::rank_of;
using part::mpi::size_of;

const MeshArray& id_array(const Mesh& mesh, const char* name, bool on_points,
                          const std::string& path) {
    const MeshArray* a = on_points ? mesh.find_point_array(name) : mesh.find_cell_array(name);
    if (!a || a->components() != 1)
        throw InputError(path, 0,
                         std::string("no single-component ") + (on_points ? "point" : "cell") +
                             " array '" + name +
                             "': expected a piece as part-convert --split "
                             "writes it");
    return *a;
}

// The "GlobalNodeIds" value of each point of a piece that has the array (or no points).
std::vector<std::int64_t> global_node_ids(const Mesh& piece) {
    std::vector<std::int64_t> ids(std::size_t(piece.num_points()));
    for (std::size_t p = 0; p < ids.size(); ++p)
        ids[p] = std::int64_t(piece.find_point_array("GlobalNodeIds")->value(p));
    return ids;
}

// Collective. Every rank must give the same component count (for ranks with cells).
void agree_on_components(MPI_Comm comm, int components, const std::string& path,
                         const std::string& field) {
    const int low = -max_over_ranks(comm, -components), high = max_over_ranks(comm, components);
    if (low != high)
        throw InputError(path, 0,
                         "cell field '" + field + "' has " + std::to_string(low) +
                             " components in one piece and " + std::to_string(high) +
                             " in another");
}

// This rank's owned cells of the read piece: the top-dimensional ones (the graph vertices) in
// global id order with their ids, then the cells below (boundary elements) in file order.
struct OwnedCells {
    std::vector<CellId> cells;
    std::vector<VertexId> ids;
};

OwnedCells owned_cells(MPI_Comm comm, const Mesh& mesh, const std::string& piece_path) {
    int local_dim = 0;
    std::vector<std::pair<VertexId, CellId>> by_id;
    collectively(comm, [&] {
        const MeshArray& ids = id_array(mesh, "GlobalCellIds", false, piece_path);
        id_array(mesh, "GlobalNodeIds", true, piece_path);
        const MeshArray* ghosts = mesh.find_cell_array("vtkGhostType");
        for (CellId c = 0; c < mesh.num_cells(); ++c) {
            if (ghosts && ghosts->value(std::size_t(c)) != 0) continue;
            const double g = ids.value(std::size_t(c));
            if (!(g >= 0 && g < double(INT32_MAX - 1)) || g != double(std::int64_t(g)))
                throw InputError(piece_path, 0,
                                 "cell " + std::to_string(c) + " has GlobalCellIds value " +
                                     std::to_string(g) +
                                     ": expected a global cell id 0, 1, 2, ...");
            by_id.emplace_back(VertexId(g), c);
            local_dim = std::max(local_dim, cell_dimension(mesh.cell_types[std::size_t(c)]));
        }
    });
    const int top = max_over_ranks(comm, local_dim);
    OwnedCells owned;
    std::vector<CellId> lower;
    for (const auto& [id, c] : by_id)
        if (cell_dimension(mesh.cell_types[std::size_t(c)]) != top) lower.push_back(c);
    std::sort(by_id.begin(), by_id.end());
    for (const auto& [id, c] : by_id)
        if (cell_dimension(mesh.cell_types[std::size_t(c)]) == top) {
            owned.ids.push_back(id);
            owned.cells.push_back(c);
        }
    owned.cells.insert(owned.cells.end(), lower.begin(), lower.end());
    return owned;
}

// The boundary elements of an owned piece whose first `vertices` cells are its top-dimensional
// ones, each with its adjacent cell among those. Every later cell must be one, with its adjacent
// cell in the piece: where part-convert --boundary and this tool put them.
BoundaryElements piece_boundary(const Mesh& piece, std::size_t vertices,
                                const std::string& piece_path) {
    std::vector<CellId> top(vertices);
    std::iota(top.begin(), top.end(), 0);
    BoundaryElements boundary;
    try {
        boundary = find_boundary_elements(piece, top);
    } catch (const MeshError& e) {
        throw InputError(piece_path, 0, std::string(e.what()) + " in this piece");
    }
    for (std::size_t j = 0; j < piece.num_cells() - top.size(); ++j)
        if (j == boundary.cells.size() || boundary.cells[j] != CellId(top.size() + j)) {
            const CellId c = CellId(top.size() + j);
            throw InputError(piece_path, 0,
                             "owned cell " + std::to_string(c) + " is a " +
                                 cell_name(piece.cell_types[std::size_t(c)]) +
                                 " below the mesh's top dimension without a physical tag: "
                                 "expected top-dimensional cells and boundary elements, as "
                                 "part-convert --split (--boundary) writes");
        }
    return boundary;
}

// Collective. Checks that the global cell ids number the cells 0..n-1, each owned once, and
// returns the piece (= old part) and size of each vertex of this rank's block, and with
// `with_centroids` their coordinates (the cell centroids).
struct BlockRows {
    std::vector<PartId> piece;
    std::vector<Weight> size;
    Coordinates centroids;
};

BlockRows rows_of_blocks(MPI_Comm comm, const part::mpi::DistributedGraph& graph,
                         const std::vector<VertexId>& block_start, const std::string& path,
                         bool with_centroids) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    const int dim = graph.local.coords.dim;
    struct Row {
        VertexId id;
        Weight size;
        double centroid[3];
    };
    auto reader = [&](VertexId v) {
        return std::min<int>(
            ranks - 1,
            int(std::upper_bound(block_start.begin(), block_start.end(), v) - block_start.begin()) -
                1);
    };
    std::vector<Row> mine(graph.global_id.size());
    for (VertexId i = 0; i < graph.num_owned(); ++i) {
        mine[i] = Row{graph.global_id[i], graph.local.vertex_size(i), {0, 0, 0}};
        if (with_centroids)
            std::copy_n(graph.local.coords.values.begin() + std::ptrdiff_t(i) * dim, dim,
                        mine[i].centroid);
    }
    std::vector<int> source_of;
    const std::vector<Row> in = part::mpi::send_outbox(
        comm,
        part::mpi::group_by_rank(mine, ranks,
                                 [&](std::size_t i) { return reader(graph.global_id[i]); }),
        &source_of);
    BlockRows rows;
    const std::size_t block = std::size_t(block_start[rank + 1] - block_start[rank]);
    rows.piece.assign(block, -1);
    if (graph.has_vertex_sizes) rows.size.assign(block, 1);
    if (with_centroids) rows.centroids = Coordinates{dim, std::vector<double>(block * dim, 0.0)};
    collectively(comm, [&] {
        for (std::size_t at = 0; at < in.size(); ++at) {
            const int source = source_of[at];
            const VertexId id = in[at].id;
            if (id >= block_start.back())
                throw InputError(path, 0,
                                 "piece " + std::to_string(source) + " has GlobalCellIds value " +
                                     std::to_string(id) + " but the pieces own " +
                                     std::to_string(block_start.back()) +
                                     " cells: expected the ids 0.." +
                                     std::to_string(block_start.back() - 1));
            const auto local = std::size_t(id - block_start[rank]);
            PartId& slot = rows.piece[local];
            if (slot >= 0)
                throw InputError(path, 0,
                                 "global cell " + std::to_string(id) + " is owned by piece " +
                                     std::to_string(slot) + " and by piece " +
                                     std::to_string(source) + ": expected each cell owned once");
            slot = source;
            if (graph.has_vertex_sizes) rows.size[local] = in[at].size;
            if (with_centroids)
                std::copy_n(in[at].centroid, dim, &rows.centroids.values[local * dim]);
        }
    });
    return rows;
}

} // namespace

bool is_pvtu(const std::string& path) {
    return fs::path(path).extension() == ".pvtu";
}

DistributedPvtu read_distributed_pvtu(MPI_Comm comm, const std::string& path,
                                      const PvtuInputOptions& options) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    const std::string piece_path = collectively(comm, [&] {
        const std::vector<PvtuPiece> pieces = list_pvtu_pieces(path);
        if (int(pieces.size()) != ranks)
            throw InputError(path, 0,
                             "the dataset has " + std::to_string(pieces.size()) +
                                 " pieces but part-repart runs on " + std::to_string(ranks) +
                                 " ranks: expected one piece per rank (mpirun -np " +
                                 std::to_string(pieces.size()) + ")");
        return pieces[std::size_t(rank)].path;
    });

    DistributedPvtu result;
    OwnedCells owned;
    {
        const Mesh mesh = collectively(comm, [&] { return read_vtk_mesh(piece_path); });
        owned = owned_cells(comm, mesh, piece_path);
        const std::vector<PartId> one_part(owned.cells.size(), 0);
        const MeshPiece selection = split_mesh(mesh, owned.cells, one_part, 1, 0).front();
        result.piece = mesh_subset(mesh, owned.cells, selection);
    }
    std::erase_if(result.piece.cell_data,
                  [](const MeshArray& a) { return a.name() == "vtkGhostType"; });
    const Mesh& piece = result.piece;
    const std::size_t vertices = owned.ids.size();
    collectively(comm, [&] { piece_boundary(piece, vertices, piece_path); });

    FieldWeights fields = collectively(comm, [&] {
        try {
            std::vector<CellId> vertex_cells(vertices);
            std::iota(vertex_cells.begin(), vertex_cells.end(), 0);
            return read_weight_fields(
                piece, {options.weight_field, options.size_field, false, options.weight_scale},
                vertex_cells);
        } catch (const InvalidArgument& e) {
            throw InputError(piece_path, 0, e.what());
        }
    });
    const int ncon = std::max(fields.ncon, 1);
    agree_on_components(comm, ncon, path, options.weight_field);

    part::mpi::DistributedGraph graph =
        part::mpi::distributed_dual_graph(comm, piece, owned.ids, global_node_ids(piece));
    graph.local.ncon = ncon;
    // migrate() carries ncon weights per vertex, so unit weights are spelled out.
    if (fields.weights.empty()) fields.weights.assign(std::size_t(graph.num_owned()), 1);
    graph.local.vwgt = std::move(fields.weights);
    graph.local.vsize = std::move(fields.sizes);
    graph.has_vertex_sizes = !options.size_field.empty();

    DistributedInput& input = result.input;
    const VertexId n = graph.global_vertices;
    input.block_start.resize(std::size_t(ranks) + 1);
    for (int r = 0; r <= ranks; ++r)
        input.block_start[std::size_t(r)] = VertexId(std::int64_t(n) * r / ranks);
    // Without an ordering the interval line is the Hilbert order of the centroids, as the serial
    // tool's with --coords (part-convert writes them beside the graph).
    const bool hilbert =
        options.hilbert_line && options.order_path.empty() && graph.local.coords.dim > 0;
    BlockRows rows = rows_of_blocks(comm, graph, input.block_start, path, hilbert);
    input.block_vertex_size = std::move(rows.size);
    if (options.old_path.empty()) {
        input.old_parts = ranks;
        input.block_old_part = std::move(rows.piece);
        input.old_part.assign(std::size_t(graph.num_owned()), rank);
    } else {
        input.old_parts = options.old_parts;
        input.block_old_part =
            read_partition_slice(comm, options.old_path, input.block_start, input.old_parts);
        input.old_part = part::mpi::look_up_in_blocks(comm, graph.global_id, input.block_start,
                                                      input.block_old_part);
    }
    if (!options.order_path.empty())
        input.block_position = read_permutation_slice(comm, options.order_path, input.block_start);
    else if (hilbert)
        input.block_position = part::mpi::distributed_hilbert_positions(
            comm, rows.centroids, input.block_start[std::size_t(rank)]);
    rows.centroids = {};
    if (!options.order_path.empty() || hilbert)
        input.position = part::mpi::look_up_in_blocks(comm, graph.global_id, input.block_start,
                                                      input.block_position);
    if (!options.old_path.empty())
        move_to_old_part_owners(comm, graph, input, !options.order_path.empty() || hilbert);
    input.graph = std::move(graph);
    return result;
}

namespace {

// One message block: the new part, the length of the .vtu text, the text.
void append_piece(std::vector<char>& out, PartId part, const std::string& text) {
    const std::int64_t header[2] = {part, std::int64_t(text.size())};
    part::mpi::put(out, header, 2);
    part::mpi::put(out, text.data(), text.size());
}

// Collective. The cells of each new part (positions in the piece), then its ghosts within
// `ghost_layers` layers (ascending by position), with the points they use.
std::vector<MeshPiece> pieces_with_ghosts(MPI_Comm comm, const Mesh& piece,
                                          const std::vector<PartId>& new_part, PartId parts,
                                          int ghost_layers) {
    std::vector<MeshPiece> pieces = split_mesh(piece, all_cells(piece), new_part, parts, 0);
    if (ghost_layers == 0) return pieces;
    const part::mpi::GhostPieces ghosts =
        part::mpi::ghost_pieces(comm, piece, global_node_ids(piece), new_part, ghost_layers);
    for (CellId c = 0; c < piece.num_cells(); ++c)
        for (PartId q : ghosts.of(c)) pieces[std::size_t(q)].cells.push_back(c);
    for (MeshPiece& cut : pieces) {
        for (std::size_t i = cut.num_owned; i < cut.cells.size(); ++i)
            for (PointId p : piece.cell(cut.cells[i])) cut.points.push_back(p);
        std::sort(cut.points.begin(), cut.points.end());
        cut.points.erase(std::unique(cut.points.begin(), cut.points.end()), cut.points.end());
    }
    return pieces;
}

} // namespace

PendingDistributedPvtu::PendingDistributedPvtu(MPI_Comm comm, const std::string& path, Mesh piece,
                                               const part::mpi::DistributedInput& input,
                                               const part::mpi::DistributedRepartResult& result,
                                               int ghost_layers)
    : comm_(comm), path_(path) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    const PartId parts = PartId(result.new_part_rank.size());
    // The graph vertices, then the boundary elements, which follow their adjacent cells.
    const std::size_t vertices = top_dimensional_cells(piece).size();
    std::vector<VertexId> ids(vertices);
    if (!ids.empty()) {
        const MeshArray& cell_ids = *piece.find_cell_array("GlobalCellIds");
        for (std::size_t c = 0; c < ids.size(); ++c) ids[c] = VertexId(cell_ids.value(c));
    }
    const BoundaryElements boundary =
        collectively(comm, [&] { return piece_boundary(piece, vertices, path); });
    const auto with_boundary = [&](std::vector<PartId> part) {
        const std::vector<PartId> of_boundary = boundary_parts(boundary, part);
        part.insert(part.end(), of_boundary.begin(), of_boundary.end());
        return part;
    };
    const std::vector<PartId> new_part = with_boundary(
        part::mpi::look_up_in_blocks(comm, ids, input.block_start, result.block_new_part));
    // Labelled before the totals are taken: the labels are all the move may change.
    label_moved_cells(piece, new_part,
                      with_boundary(part::mpi::look_up_in_blocks(comm, ids, input.block_start,
                                                                 input.block_old_part)));

    collectively(comm, [&] {
        if (rank != 0) return;
        replacement_ = plan_pvtu_replacement(path, distributed_piece_stem(path));
        folder_ = PendingFolder(fs::path(path)).release().string();
    });
    part::mpi::broadcast(comm, folder_);
    part::mpi::broadcast(comm, replacement_.piece_stem);
    const auto piece_name = [&](PartId q) { return pvtu_piece_name(replacement_.piece_stem, q); };

    // The cells of each new part, as .vtu text, to the rank hosting the part.
    std::vector<std::vector<char>> outgoing(static_cast<std::size_t>(ranks));
    // The ghost layers need every rank (collective), so they come before the cutting.
    const std::vector<MeshPiece> pieces =
        pieces_with_ghosts(comm, piece, new_part, parts, ghost_layers);
    collectively(comm, [&] {
        const std::vector<CellId> all = all_cells(piece);
        for (PartId q = 0; q < parts; ++q) {
            const MeshPiece& cut = pieces[std::size_t(q)];
            if (cut.cells.empty()) continue;
            const int host = part::mpi::owner_of_part(result.new_part_rank[std::size_t(q)], ranks);
            Mesh sub = mesh_subset(piece, all, cut);
            if (ghost_layers > 0) sub.cell_data.push_back(ghost_flags(cut));
            append_piece(outgoing[std::size_t(host)], q, vtu_text(sub));
            if (outgoing[std::size_t(host)].size() > std::size_t(INT_MAX))
                throw InputError(path, 0,
                                 "the cells one rank sends another exceed 2 GiB in one message: "
                                 "run on more ranks");
        }
    });
    std::vector<int> counts(static_cast<std::size_t>(ranks));
    std::vector<char> send;
    for (int r = 0; r < ranks; ++r) {
        counts[std::size_t(r)] = int(outgoing[std::size_t(r)].size());
        send.insert(send.end(), outgoing[std::size_t(r)].begin(), outgoing[std::size_t(r)].end());
        outgoing[std::size_t(r)] = {};
    }
    const std::vector<int> in_counts = part::mpi::exchange_counts(comm, counts);
    std::vector<char> received = part::mpi::exchange<char>(comm, send, counts, in_counts);
    send = {};

    // Each hosted part from what every rank sent, in rank order; written to the folder.
    std::vector<std::int64_t> local_cells(std::size_t(parts), 0);
    std::vector<Mesh> written;
    collectively(comm, [&] {
        std::map<PartId, std::vector<Mesh>> parts_of;
        for (const char* at = received.data(); at != received.data() + received.size();) {
            std::int64_t header[2]; // part, bytes
            at = part::mpi::take(at, header, 2);
            const std::string text(at, std::size_t(header[1]));
            at += header[1];
            parts_of[PartId(header[0])].push_back(mesh_of_vtu_text(
                text, path + " (cells of new part " + std::to_string(header[0]) + ")"));
        }
        received = {};
        for (auto& [q, sent] : parts_of) {
            const Mesh joined = gather_piece(sent);
            sent = {};
            const MeshArray* ghost = joined.find_cell_array("vtkGhostType");
            for (CellId c = 0; c < joined.num_cells(); ++c)
                local_cells[std::size_t(q)] += !ghost || ghost->value(std::size_t(c)) == 0;
            const std::string name = piece_name(q);
            staged_.push_back((fs::path(folder_) / name).string());
            targets_.push_back((fs::path(path).parent_path() / name).string());
            write_vtu_piece(staged_.back(), joined);
        }
        // Read back: the check below is on the files, not on what was meant to be written.
        for (const std::string& staged : staged_) written.push_back(read_vtk_mesh(staged));
    });

    report_.piece_cells.assign(std::size_t(parts), 0);
    MPI_Allreduce(local_cells.data(), report_.piece_cells.data(), parts, MPI_INT64_T, MPI_SUM,
                  comm);
    const DatasetTotals before =
        part::mpi::distributed_dataset_totals(comm, std::span<const Mesh>(&piece, 1));
    const DatasetTotals after = part::mpi::distributed_dataset_totals(comm, written);
    const std::string difference = first_difference(before, after);
    if (!difference.empty())
        throw InputError(path, 0,
                         "check failed, nothing written: the new dataset has " + difference);
    report_.cells = after.cells;
    report_.points = after.points;
    collectively(comm, [&] {
        if (rank != 0) return;
        std::vector<std::string> names;
        for (PartId q = 0; q < parts; ++q)
            if (report_.piece_cells[std::size_t(q)] > 0) names.push_back(piece_name(q));
        Mesh prototype = mesh_subset(piece, {}, MeshPiece{}); // the arrays, no cells
        if (ghost_layers > 0) prototype.cell_data.push_back(ghost_flags(MeshPiece{}));
        write_pvtu_summary((fs::path(folder_) / fs::path(path).filename()).string(), prototype,
                           names, ghost_layers);
        for (const auto& name : names)
            report_.written.push_back((fs::path(path).parent_path() / name).string());
        report_.written.push_back(path);
    });
}

std::vector<std::string> distributed_pvtu_files_touched(const std::string& path, PartId pieces) {
    return pvtu_files_touched(path, distributed_piece_stem(path), pieces);
}

PendingDistributedPvtu::~PendingDistributedPvtu() {
    // Failures are agreed on by all ranks before this runs, so no rank still writes here.
    if (rank_of(comm_) != 0 || folder_.empty()) return;
    std::error_code ignored;
    fs::remove_all(folder_, ignored);
}

void PendingDistributedPvtu::commit() {
    // As PendingPvtu::commit: the pieces under names the old .pvtu does not use, then the
    // .pvtu (the commit point), then the old pieces the new .pvtu does not name.
    const int rank = rank_of(comm_);
    collectively(comm_, [&] {
        for (std::size_t i = 0; i < staged_.size(); ++i) fs::rename(staged_[i], targets_[i]);
    });
    collectively(comm_, [&] {
        if (rank != 0) return;
        fs::rename(fs::path(folder_) / fs::path(path_).filename(), path_);
        std::error_code ignored;
        fs::remove_all(folder_, ignored);
        remove_replaced_pieces(replacement_, {report_.written.begin(), report_.written.end() - 1});
    });
    folder_.clear();
}

} // namespace part::formats::mpi
