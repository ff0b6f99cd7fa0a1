#include "examples/demo_solver/state_files.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numeric>

#include <nlohmann/json.hpp>

#include "formats/atomic_output.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/mesh_subset.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"
#include "tools/common/cli.hpp"

namespace demo {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPvtuName = "state.pvtu";
constexpr const char* kInfoName = "checkpoint.json";

// This rank's cells as a mesh of their own, with the cell arrays u and GlobalCellIds only.
part::Mesh piece_of(const CellMesh& mesh, const SolverState& state) {
    part::MeshPiece piece;
    piece.cells.resize(state.local.ids.size());
    std::iota(piece.cells.begin(), piece.cells.end(), 0);
    piece.num_owned = piece.cells.size();
    for (const std::int32_t cell : state.local.ids) {
        const auto nodes = mesh.mesh.cell(cell);
        piece.points.insert(piece.points.end(), nodes.begin(), nodes.end());
    }
    std::sort(piece.points.begin(), piece.points.end());
    piece.points.erase(std::unique(piece.points.begin(), piece.points.end()), piece.points.end());
    part::Mesh result = part::mesh_subset(mesh.mesh, state.local.ids, piece);
    const std::vector<double> u(state.values.begin(),
                                state.values.begin() + std::ptrdiff_t(state.local.ids.size()));
    result.cell_data = {part::MeshArray::from_values("u", 1, u),
                        part::MeshArray::from_values("GlobalCellIds", 1, state.local.ids)};
    result.point_data.clear();
    result.physical_groups.clear();
    return result;
}

std::string piece_name(int rank) {
    return "state_" + std::to_string(rank) + ".vtu";
}

} // namespace

std::vector<double> gather_values(MPI_Comm comm, const CellMesh& mesh, const SolverState& state) {
    const auto owned = std::span<const double>(state.values).first(state.local.ids.size());
    const auto ids = part::mpi::gather_pieces<std::int32_t>(comm, state.local.ids);
    const auto in_rank_order = part::mpi::gather_pieces<double>(comm, owned);
    if (rank_of(comm) != 0) return {};
    std::vector<double> values(std::size_t(mesh.num_cells()));
    for (std::size_t i = 0; i < ids.size(); ++i) values[std::size_t(ids[i])] = in_rank_order[i];
    return values;
}

void write_values(const std::string& path, const std::vector<double>& values) {
    std::string text;
    text.reserve(values.size() * 24);
    char line[40];
    for (const double value : values) {
        const int length = std::snprintf(line, sizeof line, "%.17g\n", value);
        text.append(line, std::size_t(length));
    }
    part::formats::write_file_atomically(path, text);
}

void check_checkpoint_target(const std::string& folder) {
    if (!fs::exists(folder)) return;
    if (!fs::is_directory(folder))
        throw part::tools::UsageError("--checkpoint " + folder +
                                      ": not a folder (expected a new or checkpoint folder)");
    if (!fs::is_empty(folder) && !fs::exists(fs::path(folder) / kInfoName))
        throw part::tools::UsageError(
            "--checkpoint " + folder +
            ": the folder holds files but no checkpoint.json; refusing to replace it "
            "(expected a new, empty or checkpoint folder)");
}

void write_checkpoint(MPI_Comm comm, const std::string& folder, const CellMesh& mesh,
                      const SolverState& state) {
    const std::string staging = fs::path(folder).lexically_normal().string() + ".partial";
    const int rank = rank_of(comm), ranks = size_of(comm);
    part::mpi::collectively(comm, [&] {
        if (rank != 0) return;
        fs::remove_all(staging);
        fs::create_directories(staging);
    });
    const part::Mesh piece = piece_of(mesh, state);
    part::mpi::collectively(
        comm, [&] { part::formats::write_vtu_piece(staging + "/" + piece_name(rank), piece); });
    part::mpi::collectively(comm, [&] {
        if (rank != 0) return;
        std::vector<std::string> pieces;
        for (int r = 0; r < ranks; ++r) pieces.push_back(piece_name(r));
        part::formats::write_pvtu_summary(staging + "/" + kPvtuName, piece, pieces);
        const nlohmann::json info = {{"step", state.step},
                                     {"cells", mesh.num_cells()},
                                     {"pieces", ranks},
                                     {"writer", "part-demo-solver"}};
        part::formats::write_file_atomically(staging + "/" + kInfoName, info.dump(2) + "\n");
        fs::remove_all(folder); // checked before the run: absent, empty or a checkpoint
        fs::rename(staging, folder);
    });
}

namespace {

struct CheckpointInfo {
    std::int64_t step = 0, cells = 0, pieces = 0;
};

CheckpointInfo read_info(const std::string& folder) {
    const std::string path = (fs::path(folder) / kInfoName).string();
    if (!fs::is_directory(folder)) throw part::InputError(folder, 0, "no such checkpoint folder");
    std::ifstream in(path);
    if (!in) throw part::InputError(path, 0, "cannot open the file (expected a checkpoint)");
    try {
        const nlohmann::json info = nlohmann::json::parse(in);
        return {info.at("step").get<std::int64_t>(), info.at("cells").get<std::int64_t>(),
                info.at("pieces").get<std::int64_t>()};
    } catch (const nlohmann::json::exception& e) {
        throw part::InputError(
            path, 0, std::string("expected {\"step\", \"cells\", \"pieces\"}: ") + e.what());
    }
}

// The cells of the pieces read by this rank, with their u.
void read_pieces(const std::string& folder, const CheckpointInfo& info, std::int32_t num_cells,
                 int rank, int ranks, SolverState& state) {
    const std::string pvtu = (fs::path(folder) / kPvtuName).string();
    if (info.cells != num_cells)
        throw part::InputError(pvtu, 0,
                               "the checkpoint has " + std::to_string(info.cells) +
                                   " cells, the mesh " + std::to_string(num_cells) +
                                   " (expected a checkpoint of this mesh)");
    const std::vector<part::formats::PvtuPiece> pieces = part::formats::list_pvtu_pieces(pvtu);
    if (std::int64_t(pieces.size()) != info.pieces)
        throw part::InputError(pvtu, 0,
                               "lists " + std::to_string(pieces.size()) + " pieces, " + kInfoName +
                                   " says " + std::to_string(info.pieces));
    for (std::size_t k = std::size_t(rank); k < pieces.size(); k += std::size_t(ranks)) {
        const part::Mesh piece = part::formats::read_vtk_mesh(pieces[k].path);
        const part::MeshArray* ids = piece.find_cell_array("GlobalCellIds");
        const part::MeshArray* u = piece.find_cell_array("u");
        if (!ids || !u)
            throw part::InputError(pieces[k].path, 0, "expected cell arrays GlobalCellIds and u");
        for (std::size_t i = 0; i < ids->num_tuples(); ++i) {
            const double id = ids->value(i);
            if (!(id >= 0 && id < num_cells))
                throw part::InputError(pieces[k].path, 0,
                                       "GlobalCellIds holds " + std::to_string(id) +
                                           ", expected 0 to " + std::to_string(num_cells - 1));
            state.local.ids.push_back(std::int32_t(id));
            state.values.push_back(u->value(i));
        }
    }
}

} // namespace

SolverState read_checkpoint(MPI_Comm comm, const std::string& folder, const CellMesh& mesh) {
    const int rank = rank_of(comm), ranks = size_of(comm);
    SolverState state;
    const CheckpointInfo info = part::mpi::collectively(comm, [&] { return read_info(folder); });
    state.step = info.step;
    part::mpi::collectively(
        comm, [&] { read_pieces(folder, info, mesh.num_cells(), rank, ranks, state); });
    const auto ids = part::mpi::all_gather_pieces<std::int32_t>(comm, state.local.ids);
    const auto own_count = std::int32_t(state.local.ids.size());
    const auto counts = part::mpi::all_gather_pieces<std::int32_t>(comm, {&own_count, 1});
    state.owner.assign(std::size_t(mesh.num_cells()), -1);
    std::size_t next = 0;
    for (int r = 0; r < ranks; ++r)
        for (int i = 0; i < counts[std::size_t(r)]; ++i, ++next) {
            if (state.owner[std::size_t(ids[next])] >= 0)
                throw part::InputError(folder, 0,
                                       "cell " + std::to_string(ids[next]) +
                                           " appears in two pieces (expected each cell once)");
            state.owner[std::size_t(ids[next])] = r;
        }
    if (ids.size() != std::size_t(mesh.num_cells()))
        throw part::InputError(folder, 0,
                               "the pieces hold " + std::to_string(ids.size()) +
                                   " cells, expected " + std::to_string(mesh.num_cells()));
    return state;
}

} // namespace demo
