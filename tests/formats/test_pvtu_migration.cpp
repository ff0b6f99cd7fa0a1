#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <random>

#include "formats/pvtu_migration.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/mesh_pieces.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// An nx x ny grid: triangles in even rows, quadrilaterals in odd ones, with an integer and a
// 2-component float cell field and a point field, all distinct per cell or point.
Mesh grid_mesh(int nx, int ny) {
    Mesh mesh;
    mesh.dim = 2;
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i) {
            mesh.points.push_back(i);
            mesh.points.push_back(j * 0.5);
        }
    mesh.point_count = (nx + 1) * (ny + 1);
    auto at = [&](int i, int j) { return PointId(j * (nx + 1) + i); };
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            if (j % 2 == 0) {
                mesh.add_cell(CellType::Triangle,
                              std::vector<PointId>{at(i, j), at(i + 1, j), at(i + 1, j + 1)});
                mesh.add_cell(CellType::Triangle,
                              std::vector<PointId>{at(i, j), at(i + 1, j + 1), at(i, j + 1)});
            } else
                mesh.add_cell(
                    CellType::Quadrilateral,
                    std::vector<PointId>{at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
        }
    std::vector<std::int32_t> tag(std::size_t(mesh.num_cells()));
    std::vector<double> velocity;
    for (CellId c = 0; c < mesh.num_cells(); ++c) {
        tag[std::size_t(c)] = 7 * c + 3;
        velocity.push_back(0.25 * c);
        velocity.push_back(-1.0 / (c + 1));
    }
    std::vector<float> pressure(std::size_t(mesh.num_points()));
    for (PointId p = 0; p < mesh.num_points(); ++p)
        pressure[std::size_t(p)] = 1.5f * float(p) + 0.1f;
    mesh.cell_data.push_back(MeshArray::from_values("tag", 1, tag));
    mesh.cell_data.push_back(MeshArray::from_values("velocity", 2, velocity));
    mesh.point_data.push_back(MeshArray::from_values("pressure", 1, pressure));
    return mesh;
}

std::vector<PartId> random_partition(std::size_t n, PartId parts, std::mt19937& rng) {
    std::vector<PartId> part(n);
    for (auto& p : part) p = PartId(rng() % std::uint32_t(parts));
    return part;
}

void write_split(const std::string& path, const Mesh& mesh, const std::vector<PartId>& part,
                 PartId parts, int ghost_layers) {
    std::vector<CellId> cells(std::size_t(mesh.num_cells()));
    std::iota(cells.begin(), cells.end(), 0);
    formats::write_pvtu(path, mesh, cells, split_mesh(mesh, cells, part, parts, ghost_layers), {},
                        ghost_layers);
}

// Checks NEW.pvtu against the mesh itself, not against the code's own totals: every cell owned
// exactly once, in the piece of its new part, with its own field values; every point a cell
// uses present with its own values.
void expect_conserved(const std::string& new_pvtu, const Mesh& mesh,
                      const std::vector<PartId>& new_part) {
    const auto pieces = formats::read_pvtu_pieces(new_pvtu);
    std::vector<int> owned(std::size_t(mesh.num_cells()), 0);
    double tag_sum = 0, pressure_sum = 0, expected_tag = 0, expected_pressure = 0;
    std::vector<char> point_seen(std::size_t(mesh.num_points()), 0);
    const MeshArray& tag = *mesh.find_cell_array("tag");
    const MeshArray& velocity = *mesh.find_cell_array("velocity");
    const MeshArray& pressure = *mesh.find_point_array("pressure");
    for (const auto& piece : pieces) {
        const Mesh& m = piece.mesh;
        const MeshArray* ids = m.find_cell_array("GlobalCellIds");
        const MeshArray* nodes = m.find_point_array("GlobalNodeIds");
        ASSERT_TRUE(ids && nodes);
        const MeshArray* ghosts = m.find_cell_array("vtkGhostType");
        for (CellId c = 0; c < m.num_cells(); ++c) {
            const auto g = std::size_t(ids->value(std::size_t(c)));
            ASSERT_LT(g, owned.size());
            EXPECT_EQ(m.find_cell_array("tag")->value(std::size_t(c)), tag.value(g));
            EXPECT_EQ(m.find_cell_array("velocity")->value(std::size_t(c), 1),
                      velocity.value(g, 1));
            if (ghosts && ghosts->value(std::size_t(c)) != 0) continue;
            ++owned[g];
            EXPECT_EQ(new_part[g], piece.part) << "cell " << g << " in piece " << piece.path;
            tag_sum += m.find_cell_array("tag")->value(std::size_t(c));
            const auto cell_nodes = m.cell(c);
            const auto original = mesh.cell(CellId(g));
            ASSERT_EQ(cell_nodes.size(), original.size());
            for (std::size_t k = 0; k < original.size(); ++k)
                EXPECT_EQ(nodes->value(std::size_t(cell_nodes[k])), original[k]);
        }
        for (PointId p = 0; p < m.num_points(); ++p) {
            const auto g = std::size_t(nodes->value(std::size_t(p)));
            EXPECT_EQ(m.find_point_array("pressure")->value(std::size_t(p)), pressure.value(g));
            if (!point_seen[g])
                pressure_sum += m.find_point_array("pressure")->value(std::size_t(p));
            point_seen[g] = 1;
        }
    }
    for (CellId c = 0; c < mesh.num_cells(); ++c) expected_tag += tag.value(std::size_t(c));
    for (PointId p = 0; p < mesh.num_points(); ++p)
        expected_pressure += pressure.value(std::size_t(p));
    EXPECT_TRUE(std::all_of(owned.begin(), owned.end(), [](int n) { return n == 1; }));
    EXPECT_TRUE(std::all_of(point_seen.begin(), point_seen.end(), [](char s) { return s == 1; }));
    EXPECT_EQ(tag_sum, expected_tag);
    EXPECT_DOUBLE_EQ(pressure_sum, expected_pressure);
}

} // namespace

// Property (issue 6): applying a plan to a .pvtu conserves every cell, every field sum and
// every global id, for P and P' from 1 to 8, with and without ghost layers and rank maps.
TEST(PvtuMigration, ConservesCellsFieldsAndIdsForAllPartCounts) {
    const Mesh mesh = grid_mesh(6, 4); // 36 cells, 35 points
    std::mt19937 rng(2026);
    for (PartId old_parts = 1; old_parts <= 8; ++old_parts)
        for (PartId new_parts = 1; new_parts <= 8; ++new_parts) {
            SCOPED_TRACE("P = " + std::to_string(old_parts) +
                         ", P' = " + std::to_string(new_parts));
            ScratchDir dir;
            const auto old_part = random_partition(std::size_t(mesh.num_cells()), old_parts, rng);
            const auto new_part = random_partition(std::size_t(mesh.num_cells()), new_parts, rng);
            const int ghosts = int(rng() % 2);
            write_split(dir.file("old.pvtu"), mesh, old_part, old_parts, ghosts);
            // A shifted rank map when shrinking, so some old ranks become skeletons.
            std::vector<PartId> ranks(static_cast<std::size_t>(new_parts));
            for (PartId q = 0; q < new_parts; ++q)
                ranks[std::size_t(q)] =
                    (q + (new_parts < old_parts ? 1 : 0)) % std::max(old_parts, new_parts);
            const MigrationPlan plan =
                diff({old_parts, old_part, {}}, {new_parts, new_part, {}}, ranks);
            const auto report = formats::migrate_pvtu(plan, "p.plan", dir.file("old.pvtu"),
                                                      dir.file("new.pvtu"), int(rng() % 2));
            EXPECT_EQ(report.cells, mesh.num_cells());
            EXPECT_EQ(report.points, mesh.num_points());
            std::int64_t moved = 0;
            for (std::size_t c = 0; c < old_part.size(); ++c)
                moved += ranks[std::size_t(new_part[c])] != old_part[c];
            EXPECT_EQ(report.moved_cells, moved);
            expect_conserved(dir.file("new.pvtu"), mesh, new_part);
            // The old dataset is untouched and still joins into the mesh.
            EXPECT_EQ(formats::read_vtk_mesh(dir.file("old.pvtu")).num_cells(), mesh.num_cells());
        }
}

TEST(PvtuMigration, EmptyOldAndNewPartsKeepTheirNumbers) {
    const Mesh mesh = grid_mesh(4, 2);
    ScratchDir dir;
    std::vector<PartId> old_part(std::size_t(mesh.num_cells()), 0), new_part(old_part);
    for (std::size_t c = 0; c < old_part.size(); ++c) {
        old_part[c] = c % 2 == 0 ? 0 : 2; // part 1 empty: no old_1.vtu
        new_part[c] = c < 5 ? 3 : 1;      // parts 0 and 2 empty
    }
    write_split(dir.file("old.pvtu"), mesh, old_part, 3, 0);
    ASSERT_FALSE(file_exists(dir.file("old_1.vtu")));
    const MigrationPlan plan = diff({3, old_part, {}}, {4, new_part, {}});
    const auto report =
        formats::migrate_pvtu(plan, "p.plan", dir.file("old.pvtu"), dir.file("new.pvtu"), 0);
    EXPECT_EQ(report.old_pieces, 2);
    EXPECT_EQ(report.new_pieces, 2);
    EXPECT_EQ(report.new_piece_cells,
              (std::vector<std::int64_t>{0, std::int64_t(old_part.size()) - 5, 0, 5}));
    EXPECT_TRUE(file_exists(dir.file("new_3.vtu")));
    EXPECT_FALSE(file_exists(dir.file("new_0.vtu")));
    expect_conserved(dir.file("new.pvtu"), mesh, new_part);
}

TEST(PvtuMigrationErrors, PlanForOtherDataMissingPieceAndNoPartialOutput) {
    const Mesh mesh = grid_mesh(4, 2);
    ScratchDir dir;
    std::mt19937 rng(7);
    const auto old_part = random_partition(std::size_t(mesh.num_cells()), 3, rng);
    const auto new_part = random_partition(std::size_t(mesh.num_cells()), 2, rng);
    write_split(dir.file("old.pvtu"), mesh, old_part, 3, 1);
    const std::string out = dir.file("new.pvtu");
    auto expect_refused = [&](const MigrationPlan& plan, const std::string& named,
                              const std::string& what) {
        try {
            formats::migrate_pvtu(plan, "p.plan", dir.file("old.pvtu"), out, 0);
            ADD_FAILURE() << "accepted";
        } catch (const InputError& e) {
            EXPECT_EQ(e.file(), named) << e.what();
            EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
        }
        int files = 0;
        for ([[maybe_unused]] const auto& f : std::filesystem::directory_iterator(dir.path()))
            ++files;
        EXPECT_EQ(files, 4); // old.pvtu and its three pieces only
    };
    // Vertex count.
    auto longer = old_part;
    longer.push_back(0);
    auto longer_new = new_part;
    longer_new.push_back(0);
    expect_refused(diff({3, longer, {}}, {2, longer_new, {}}), "p.plan",
                   "the plan is for " + std::to_string(mesh.num_cells() + 1) +
                       " cells but the dataset has " + std::to_string(mesh.num_cells()));
    // Old partition checksum against the cells' pieces.
    auto other = old_part;
    other[0] = (other[0] + 1) % 3;
    expect_refused(diff({3, other, {}}, {2, new_part, {}}), "p.plan",
                   "the cells' pieces do not form the plan's old partition");
    // Fewer old parts in the plan than pieces.
    expect_refused(diff({2, std::vector<PartId>(old_part.size(), 0), {}}, {2, new_part, {}}),
                   "p.plan", "piece for part 2");
    // A missing piece.
    std::filesystem::remove(dir.file("old_1.vtu"));
    try {
        formats::migrate_pvtu(diff({3, old_part, {}}, {2, new_part, {}}), "p.plan",
                              dir.file("old.pvtu"), out, 0);
        ADD_FAILURE() << "accepted a dataset with a missing piece";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), dir.file("old.pvtu"));
        EXPECT_NE(std::string(e.what()).find("piece 1 (part 1) is missing"), std::string::npos)
            << e.what();
    }
    EXPECT_FALSE(file_exists(out));
}

// The files to refuse as outputs: the plan, the old .pvtu and its pieces are inputs; the new
// pieces, and those of a .pvtu being replaced, are touched.
TEST(PvtuMigrationFiles, NamesTheInputsAndThePiecesWrittenOrRemoved) {
    const Mesh mesh = grid_mesh(4, 2);
    ScratchDir dir;
    std::vector<PartId> old_part(std::size_t(mesh.num_cells()), 0);
    old_part[0] = 1;
    write_split(dir.file("old.pvtu"), mesh, old_part, 2, 0);
    write_split(dir.file("new.pvtu"), mesh, old_part, 2, 0); // an existing output: replaced
    const MigrationPlan plan =
        diff({2, old_part, {}}, {3, std::vector<PartId>(old_part.size(), 2), {}});
    const auto files =
        formats::pvtu_migration_files(plan, "p.plan", dir.file("old.pvtu"), dir.file("new.pvtu"));
    EXPECT_EQ(files.inputs, (std::vector<std::string>{dir.file("old.pvtu"), dir.file("old_0.vtu"),
                                                      dir.file("old_1.vtu"), "p.plan"}));
    auto touched = files.touched;
    std::sort(touched.begin(), touched.end());
    EXPECT_EQ(touched, (std::vector<std::string>{dir.file("new-g1_0.vtu"), dir.file("new-g1_1.vtu"),
                                                 dir.file("new-g1_2.vtu"), dir.file("new_0.vtu"),
                                                 dir.file("new_1.vtu")}));
}

// The staging behind migrate_pvtu: nothing appears beside the target until commit(), and an
// uncommitted write leaves nothing at all.
TEST(PendingPvtu, NothingAppearsBeforeCommitAndNothingRemainsWithoutIt) {
    const Mesh mesh = grid_mesh(3, 2);
    ScratchDir dir;
    std::vector<CellId> cells(std::size_t(mesh.num_cells()));
    std::iota(cells.begin(), cells.end(), 0);
    std::vector<PartId> part(cells.size());
    for (std::size_t c = 0; c < part.size(); ++c) part[c] = PartId(c % 2);
    const auto pieces = split_mesh(mesh, cells, part, 2, 0);
    auto count_files = [&] {
        int files = 0;
        for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path()))
            ++files;
        return files;
    };
    {
        formats::PendingPvtu pending(dir.file("a.pvtu"), mesh, cells, pieces, {}, 0);
        EXPECT_TRUE(file_exists(pending.staged_path()));
        EXPECT_FALSE(file_exists(dir.file("a.pvtu")));
        EXPECT_EQ(pending.piece_paths(),
                  (std::vector<std::string>{dir.file("a_0.vtu"), dir.file("a_1.vtu")}));
        EXPECT_EQ(formats::read_pvtu_pieces(pending.staged_path()).size(), 2u);
    }
    EXPECT_EQ(count_files(), 0);
    formats::PendingPvtu pending(dir.file("b.pvtu"), mesh, cells, pieces, {}, 0);
    pending.commit();
    EXPECT_EQ(count_files(), 3);
    EXPECT_EQ(formats::read_vtk_mesh(dir.file("b.pvtu")).num_cells(), mesh.num_cells());
}

// Issue 27: ParaView colours a dataset by 'partition', so after a plan it must hold each cell's
// new part (it held the old one), with the old one in 'previous_partition'; ghosts included,
// and a dataset migrated twice keeps only the latest move.
TEST(PvtuMigration, PartitionArrayHoldsTheNewPartAndPreviousPartitionTheOld) {
    const Mesh mesh = grid_mesh(6, 4);
    const auto cells = std::size_t(mesh.num_cells());
    std::vector<PartId> first(cells), second(cells), third(cells);
    for (std::size_t c = 0; c < cells; ++c) {
        first[c] = PartId(c % 3);
        second[c] = PartId(c * 4 / cells);
        third[c] = PartId((c + 1) % 2);
    }
    ScratchDir dir;
    std::vector<CellId> all(cells);
    std::iota(all.begin(), all.end(), 0);
    formats::write_pvtu(dir.file("old.pvtu"), mesh, all, split_mesh(mesh, all, first, 3, 1),
                        {MeshArray::from_values("partition", 1, first)}, 1);
    formats::migrate_pvtu(diff({3, first, {}}, {4, second, {}}), "p.plan", dir.file("old.pvtu"),
                          dir.file("mid.pvtu"), 1);
    formats::migrate_pvtu(diff({4, second, {}}, {2, third, {}}), "q.plan", dir.file("mid.pvtu"),
                          dir.file("new.pvtu"), 1);
    const auto expect_labels = [&](const std::string& pvtu, const std::vector<PartId>& now,
                                   const std::vector<PartId>& before) {
        for (const auto& piece : formats::read_pvtu_pieces(pvtu)) {
            const MeshArray* ids = piece.mesh.find_cell_array("GlobalCellIds");
            const MeshArray* partition = piece.mesh.find_cell_array("partition");
            const MeshArray* previous = piece.mesh.find_cell_array("previous_partition");
            ASSERT_TRUE(ids && partition && previous) << piece.path;
            for (CellId c = 0; c < piece.mesh.num_cells(); ++c) {
                const auto g = std::size_t(ids->value(std::size_t(c)));
                EXPECT_EQ(partition->value(std::size_t(c)), now[g]) << piece.path << " cell " << g;
                EXPECT_EQ(previous->value(std::size_t(c)), before[g])
                    << piece.path << " cell " << g;
            }
        }
    };
    expect_labels(dir.file("mid.pvtu"), second, first);
    expect_labels(dir.file("new.pvtu"), third, second);
    // The .pvtu declares both arrays, so ParaView offers them for colouring.
    const std::string summary = read_text(dir.file("new.pvtu"));
    EXPECT_NE(summary.find("Name=\"partition\""), std::string::npos);
    EXPECT_NE(summary.find("Name=\"previous_partition\""), std::string::npos);
}
