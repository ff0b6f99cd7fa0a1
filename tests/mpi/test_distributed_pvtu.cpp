// A .pvtu with one piece per rank as distributed input and output: the distributed dual graph
// is the serial one (same edges in global ids), interval on it equals serial interval, and the
// written pieces hold every cell once with every field's values; a wrong piece count fails on
// every rank.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "formats/mesh_file.hpp"
#include "formats/mpi/distributed_pvtu.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/dataset_totals.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "libpart/mesh/mesh_pieces.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/distributed_totals.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/plan/mesh_migration.hpp"
#include "libpart/plan/migration_plan.hpp"
#include "libpart/repart/repart_method.hpp"
#include "tests/mpi/shared_scratch.hpp"

using namespace part;
using namespace part::test;

namespace {

// The sample mesh with a cell field and a point field whose sums the output must keep.
Mesh sample_mesh() {
    Mesh mesh = formats::read_mesh(source_file("data/naca0012.msh"));
    std::vector<double> pressure(std::size_t(mesh.num_cells()));
    for (std::size_t c = 0; c < pressure.size(); ++c) pressure[c] = 1.0 + double(c % 101) / 7.0;
    mesh.cell_data.push_back(MeshArray::from_values("pressure", 1, pressure));
    std::vector<std::int32_t> load(std::size_t(mesh.num_cells()));
    for (std::size_t c = 0; c < load.size(); ++c) load[c] = 1 + std::int32_t(c % 5);
    mesh.cell_data.push_back(MeshArray::from_values("load", 1, load));
    std::vector<float> temperature(std::size_t(mesh.num_points()) * 2);
    for (std::size_t i = 0; i < temperature.size(); ++i) temperature[i] = float(i % 13);
    mesh.point_data.push_back(MeshArray::from_values("temperature", 2, temperature));
    return mesh;
}

// Scattered parts (many borders between pieces), one per rank, none empty.
std::vector<PartId> scattered_parts(std::size_t cells, PartId parts) {
    std::vector<PartId> part(cells);
    for (std::size_t i = 0; i < cells; ++i) part[i] = PartId((i / 97 + i % 3) % std::size_t(parts));
    return part;
}

// Collective: rank 0 splits the sample mesh into `parts` pieces with a ghost layer (which must
// not become vertices), as part-convert --split does.
std::string write_split(const SharedScratch& dir, const std::string& name, PartId parts) {
    if (world_rank() == 0) {
        const Mesh mesh = sample_mesh();
        const std::vector<CellId> cells = top_dimensional_cells(mesh);
        const std::vector<PartId> part = scattered_parts(cells.size(), parts);
        const auto pieces = split_mesh(mesh, cells, part, parts, 1);
        formats::write_pvtu(dir.file(name), mesh, cells, pieces, {}, 1);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return dir.file(name);
}

// Collective: reading `path` must fail on every rank; returns the error every rank gets.
std::string error_reading(const std::string& path) {
    try {
        formats::mpi::read_distributed_pvtu(MPI_COMM_WORLD, path, {});
    } catch (const mpi::CollectiveError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no error on rank " << world_rank();
    return {};
}

std::vector<VertexId> sorted(std::span<const VertexId> values) {
    std::vector<VertexId> out(values.begin(), values.end());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

TEST(DistributedPvtu, DualGraphIsTheSerialOneAndGhostsAreNotVertices) {
    SharedScratch dir;
    const std::string path = write_split(dir, "mesh.pvtu", PartId(world_size()));
    const Mesh mesh = sample_mesh();
    const DualGraph serial = build_dual_graph(mesh);
    const std::vector<PartId> piece_of = scattered_parts(serial.cells.size(), world_size());

    formats::mpi::PvtuInputOptions options;
    options.weight_field = "load";
    const auto read = formats::mpi::read_distributed_pvtu(MPI_COMM_WORLD, path, options);
    const mpi::DistributedGraph& g = read.input.graph;
    ASSERT_EQ(g.global_vertices, serial.graph.num_vertices());
    EXPECT_EQ(g.global_edges, serial.graph.num_edges());
    EXPECT_EQ(read.input.old_parts, world_size());
    const MeshArray& load = *mesh.find_cell_array("load");
    for (VertexId v = 0; v < g.num_owned(); ++v) {
        const VertexId id = g.global_id[v];
        EXPECT_EQ(piece_of[std::size_t(id)], world_rank()) << "vertex " << id;
        EXPECT_EQ(read.input.old_part[v], world_rank());
        EXPECT_EQ(sorted(g.local.neighbours(v)), sorted(serial.graph.neighbours(id)))
            << "vertex " << id;
        EXPECT_EQ(g.local.vertex_weight(v),
                  Weight(load.value(std::size_t(serial.cells[std::size_t(id)]))));
        for (int a = 0; a < std::min(g.local.coords.dim, serial.graph.coords.dim); ++a)
            EXPECT_NEAR(g.local.coords.values[std::size_t(v * g.local.coords.dim + a)],
                        serial.graph.coords.values[std::size_t(id * serial.graph.coords.dim + a)],
                        1e-12);
    }
    EXPECT_EQ(read.piece.num_cells(), g.num_owned());

    // Each vertex owned once; the blocks of the numbering carry the pieces as old parts.
    const std::vector<VertexId> owned = mpi::gather_pieces<VertexId>(MPI_COMM_WORLD, g.global_id);
    const std::vector<PartId> blocks =
        mpi::gather_pieces<PartId>(MPI_COMM_WORLD, read.input.block_old_part);
    if (world_rank() == 0) {
        EXPECT_EQ(sorted(owned).size(), serial.cells.size());
        std::vector<VertexId> expected(serial.cells.size());
        for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = VertexId(i);
        EXPECT_EQ(sorted(owned), expected);
        EXPECT_EQ(blocks, piece_of);
    }
}

TEST(DistributedPvtu, IntervalEqualsSerialIntervalAndTheNewPiecesKeepEveryCellAndField) {
    SharedScratch dir;
    const std::string path = write_split(dir, "old.pvtu", PartId(world_size()));
    auto read = formats::mpi::read_distributed_pvtu(MPI_COMM_WORLD, path, {});
    RepartRequest request;
    request.new_parts = PartId(world_size()) + 1;
    request.tolerance = 0.02;
    const auto result = mpi::distributed_interval(MPI_COMM_WORLD, read.input, request);
    const std::vector<PartId> new_part =
        mpi::gather_pieces<PartId>(MPI_COMM_WORLD, result.block_new_part);
    const DatasetTotals distributed_totals =
        mpi::distributed_dataset_totals(MPI_COMM_WORLD, std::span<const Mesh>(&read.piece, 1));

    const std::string out = dir.file("new.pvtu");
    {
        formats::mpi::PendingDistributedPvtu pending(MPI_COMM_WORLD, out, read.piece, read.input,
                                                     result);
        EXPECT_FALSE(std::filesystem::exists(out)); // staged only
        pending.commit();
        EXPECT_EQ(pending.report().cells, std::int64_t(read.input.graph.global_vertices));
    }
    if (world_rank() != 0) return;

    const Mesh mesh = sample_mesh();
    const DualGraph serial = build_dual_graph(mesh);
    const Partition old_p{world_size(), scattered_parts(serial.cells.size(), world_size()), {}};
    const RepartResult expected = repart_method("interval")(serial.graph, old_p, request);
    EXPECT_EQ(new_part, expected.partition.part);

    // Piece q holds exactly the cells of new part q, each global cell once, every field kept.
    const auto before = formats::read_pvtu_pieces(path);
    const auto after = formats::read_pvtu_pieces(out);
    std::vector<PartId> old_part(new_part.size(), -1);
    for (const auto& piece : before) {
        const MeshArray& ids = *piece.mesh.find_cell_array("GlobalCellIds");
        const MeshArray& ghost = *piece.mesh.find_cell_array("vtkGhostType");
        for (CellId c = 0; c < piece.mesh.num_cells(); ++c)
            if (ghost.value(std::size_t(c)) == 0)
                old_part[std::size_t(ids.value(std::size_t(c)))] = piece.part;
    }
    std::vector<int> seen(new_part.size(), 0);
    for (const auto& piece : after) {
        const MeshArray& ids = *piece.mesh.find_cell_array("GlobalCellIds");
        EXPECT_EQ(piece.mesh.find_cell_array("vtkGhostType"), nullptr);
        // Issue 27: 'partition' is the new part (ParaView colours by it), the old one beside it.
        const MeshArray* partition = piece.mesh.find_cell_array("partition");
        const MeshArray* previous = piece.mesh.find_cell_array("previous_partition");
        ASSERT_TRUE(partition && previous) << piece.path;
        for (CellId c = 0; c < piece.mesh.num_cells(); ++c) {
            const auto id = std::size_t(ids.value(std::size_t(c)));
            ++seen[id];
            EXPECT_EQ(new_part[id], piece.part) << "global cell " << id;
            EXPECT_EQ(partition->value(std::size_t(c)), new_part[id]) << "global cell " << id;
            EXPECT_EQ(previous->value(std::size_t(c)), old_part[id]) << "global cell " << id;
        }
    }
    EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int s) { return s == 1; }));
    // Every other field is conserved: the totals agree once the labels are left out.
    const auto without_labels = [](Mesh mesh) {
        std::erase_if(mesh.cell_data, [](const MeshArray& a) {
            return a.name() == "partition" || a.name() == "previous_partition";
        });
        return mesh;
    };
    std::vector<Mesh> old_meshes, new_meshes;
    for (const auto& p : before) old_meshes.push_back(without_labels(p.mesh));
    for (const auto& p : after) new_meshes.push_back(without_labels(p.mesh));
    EXPECT_EQ(first_difference(dataset_totals(old_meshes), dataset_totals(new_meshes)), "");
    // The distributed totals (each shared point counted once over the ranks) are the serial ones.
    std::vector<Mesh> read_meshes;
    for (const auto& p : before) read_meshes.push_back(p.mesh);
    const DatasetTotals serial_totals = dataset_totals(read_meshes);
    EXPECT_EQ(first_difference(serial_totals, distributed_totals), "");
    EXPECT_EQ(distributed_totals.points, serial_totals.points);

    // Joined back, the new dataset is the old one: same cells on the same points.
    const Mesh old_joined = formats::read_vtk_mesh(path), new_joined = formats::read_vtk_mesh(out);
    EXPECT_EQ(new_joined.cell_nodes, old_joined.cell_nodes);
    EXPECT_EQ(new_joined.points, old_joined.points);
    EXPECT_EQ(new_joined.cell_types, old_joined.cell_types);
}

TEST(DistributedPvtu, WrongPieceCountFailsOnEveryRankNamingBothCounts) {
    SharedScratch dir;
    const std::string path = write_split(dir, "more.pvtu", PartId(world_size()) + 1);
    const std::string what = error_reading(path);
    EXPECT_NE(what.find(path), std::string::npos) << what;
    EXPECT_NE(what.find(std::to_string(world_size() + 1) + " pieces"), std::string::npos) << what;
    EXPECT_NE(what.find(std::to_string(world_size()) + " ranks"), std::string::npos) << what;
}

TEST(DistributedPvtu, MissingPieceFailsOnEveryRank) {
    SharedScratch dir;
    const std::string path = write_split(dir, "gap.pvtu", PartId(world_size()));
    const auto pieces = formats::list_pvtu_pieces(path);
    MPI_Barrier(MPI_COMM_WORLD);
    if (world_rank() == 0) std::filesystem::remove(pieces.back().path);
    MPI_Barrier(MPI_COMM_WORLD);
    const std::string what = error_reading(path);
    EXPECT_NE(what.find(pieces.back().path), std::string::npos) << what;
}

// Issue 24: a piece VTK's reader hung on (NumberOfComponents="2147483648") fails on every
// rank, naming the piece and the line, when only the last rank reads it.
TEST(DistributedPvtu, MalformedPieceFailsOnEveryRank) {
    SharedScratch dir;
    const std::string path = write_split(dir, "hang.pvtu", PartId(world_size()));
    const std::string piece = formats::list_pvtu_pieces(path).back().path;
    MPI_Barrier(MPI_COMM_WORLD);
    std::string text = read_text(piece);
    const std::string declared = "Name=\"load\"";
    const std::string line = std::to_string(
        1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(text.find(declared)), '\n'));
    MPI_Barrier(MPI_COMM_WORLD);
    if (world_rank() == 0) {
        text.replace(text.find(declared), declared.size(),
                     declared + " NumberOfComponents=\"2147483648\"");
        std::ofstream(piece, std::ios::binary) << text;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    const std::string what = error_reading(path);
    EXPECT_EQ(what.rfind(piece + ":" + line + ": NumberOfComponents=\"2147483648\"", 0), 0u)
        << what;
}

TEST(DistributedPvtu, ACellOwnedByTwoPiecesFailsOnEveryRank) {
    if (world_size() < 2) GTEST_SKIP() << "needs two pieces";
    SharedScratch dir;
    const std::string path = dir.file("twice.pvtu");
    if (world_rank() == 0) {
        const Mesh mesh = sample_mesh();
        const std::vector<CellId> cells = top_dimensional_cells(mesh);
        auto pieces =
            split_mesh(mesh, cells, scattered_parts(cells.size(), world_size()), world_size(), 0);
        // Piece 1 also claims piece 0's first cell as its own.
        const CellId stolen = pieces[0].cells.front();
        pieces[1].cells.insert(pieces[1].cells.begin(), stolen);
        ++pieces[1].num_owned;
        for (PointId p : mesh.cell(cells[std::size_t(stolen)])) pieces[1].points.push_back(p);
        std::sort(pieces[1].points.begin(), pieces[1].points.end());
        pieces[1].points.erase(std::unique(pieces[1].points.begin(), pieces[1].points.end()),
                               pieces[1].points.end());
        formats::write_pvtu(path, mesh, cells, pieces, {}, 0);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    const std::string what = error_reading(path);
    EXPECT_NE(what.find(path), std::string::npos) << what;
    EXPECT_NE(what.find("owned by piece 0 and by piece 1"), std::string::npos) << what;
}

namespace {

// Columns of hexahedra beside columns of wedge pairs (each cube cut along a vertical
// diagonal), so pieces meet through quadrilateral and triangular faces of mixed cells.
Mesh hex_wedge_grid(int nx, int ny, int nz) {
    Mesh mesh;
    mesh.dim = 3;
    auto id = [&](int i, int j, int k) { return PointId(i + (nx + 1) * (j + (ny + 1) * k)); };
    for (int k = 0; k <= nz; ++k)
        for (int j = 0; j <= ny; ++j)
            for (int i = 0; i <= nx; ++i)
                mesh.points.insert(mesh.points.end(), {1.0 * i, 1.0 * j, 1.0 * k});
    mesh.point_count = PointId((nx + 1) * (ny + 1) * (nz + 1));
    for (int k = 0; k < nz; ++k)
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i) {
                const PointId a = id(i, j, k), b = id(i + 1, j, k), c = id(i + 1, j + 1, k),
                              d = id(i, j + 1, k), a2 = id(i, j, k + 1), b2 = id(i + 1, j, k + 1),
                              c2 = id(i + 1, j + 1, k + 1), d2 = id(i, j + 1, k + 1);
                if (i % 2 == 0) {
                    mesh.add_cell(CellType::Hexahedron,
                                  std::vector<PointId>{a, b, c, d, a2, b2, c2, d2});
                } else {
                    mesh.add_cell(CellType::Wedge, std::vector<PointId>{a, b, c, a2, b2, c2});
                    mesh.add_cell(CellType::Wedge, std::vector<PointId>{a, c, d, a2, c2, d2});
                }
            }
    validate(mesh);
    return mesh;
}

} // namespace

TEST(DistributedPvtu, MixedHexahedraAndWedgesGiveTheSerialDualGraph) {
    SharedScratch dir;
    const Mesh mesh = hex_wedge_grid(6, 5, 4);
    const DualGraph serial = build_dual_graph(mesh);
    const std::vector<PartId> piece_of = scattered_parts(serial.cells.size(), world_size());
    if (world_rank() == 0)
        formats::write_pvtu(dir.file("mixed.pvtu"), mesh, serial.cells,
                            split_mesh(mesh, serial.cells, piece_of, world_size(), 2), {}, 2);
    MPI_Barrier(MPI_COMM_WORLD);
    const auto read =
        formats::mpi::read_distributed_pvtu(MPI_COMM_WORLD, dir.file("mixed.pvtu"), {});
    const mpi::DistributedGraph& g = read.input.graph;
    ASSERT_EQ(g.global_vertices, serial.graph.num_vertices());
    EXPECT_EQ(g.global_edges, serial.graph.num_edges());
    for (VertexId v = 0; v < g.num_owned(); ++v) {
        EXPECT_EQ(piece_of[std::size_t(g.global_id[v])], world_rank());
        EXPECT_EQ(sorted(g.local.neighbours(v)), sorted(serial.graph.neighbours(g.global_id[v])))
            << "vertex " << g.global_id[v];
    }
}

TEST(DistributedPvtu, GhostLayersAreThoseOfPartPlanApply) {
    SharedScratch dir;
    const std::string path = write_split(dir, "old.pvtu", PartId(world_size()));
    auto read = formats::mpi::read_distributed_pvtu(MPI_COMM_WORLD, path, {});
    RepartRequest request;
    request.new_parts = PartId(world_size()) + 1;
    const auto result = mpi::distributed_interval(MPI_COMM_WORLD, read.input, request);
    const std::string out = dir.file("ghosts.pvtu");
    constexpr int kLayers = 2;
    formats::mpi::PendingDistributedPvtu(MPI_COMM_WORLD, out, read.piece, read.input, result,
                                         kLayers)
        .commit();
    // The whole plan, for the serial call: the blocks' old and new parts gathered on rank 0.
    const std::vector<PartId> old_part =
        mpi::gather_pieces<PartId>(MPI_COMM_WORLD, read.input.block_old_part);
    const std::vector<PartId> new_part =
        mpi::gather_pieces<PartId>(MPI_COMM_WORLD, result.block_new_part);
    if (world_rank() != 0) return;
    const MigrationPlan plan =
        diff(Partition{PartId(world_size()), old_part, {}},
             Partition{request.new_parts, new_part, {}}, result.new_part_rank);

    // Serially (part-plan apply's library call): the same plan on the same pieces.
    std::vector<Mesh> old_meshes;
    std::vector<PartId> old_parts;
    for (auto& p : formats::read_pvtu_pieces(path)) {
        old_meshes.push_back(std::move(p.mesh));
        old_parts.push_back(p.part);
    }
    const MeshMigration serial = migrate_pieces(plan, old_meshes, old_parts, kLayers);
    const auto written = formats::read_pvtu_pieces(out);
    ASSERT_EQ(written.size(), serial.pieces.size());
    for (const auto& piece : written) {
        const MeshPiece& expected = serial.pieces[std::size_t(piece.part)];
        const MeshArray& ids = *piece.mesh.find_cell_array("GlobalCellIds");
        const MeshArray& ghost = *piece.mesh.find_cell_array("vtkGhostType");
        ASSERT_EQ(std::size_t(piece.mesh.num_cells()), expected.cells.size()) << piece.path;
        for (CellId c = 0; c < piece.mesh.num_cells(); ++c) {
            EXPECT_EQ(ids.value(std::size_t(c)), double(expected.cells[std::size_t(c)]))
                << piece.path << " cell " << c;
            EXPECT_EQ(ghost.value(std::size_t(c)) != 0, std::size_t(c) >= expected.num_owned);
        }
        const MeshArray& nodes = *piece.mesh.find_point_array("GlobalNodeIds");
        std::vector<PointId> points;
        for (PointId p = 0; p < piece.mesh.num_points(); ++p)
            points.push_back(PointId(nodes.value(std::size_t(p))));
        std::sort(points.begin(), points.end());
        EXPECT_EQ(points, expected.points) << piece.path;
    }
}
