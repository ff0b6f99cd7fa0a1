// Writing a .pvtu over an existing dataset: all-or-nothing at the dataset level, no stale
// pieces, and nothing removed that is not a piece of the replaced dataset.
#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>
#include <set>

#include "formats/atomic_output.hpp"
#include "formats/pvtu_replacement.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/mesh_pieces.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
namespace fs = std::filesystem;

namespace {

// An n x n grid of quadrilaterals.
Mesh quad_grid(int n) {
    Mesh mesh;
    mesh.dim = 2;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            mesh.points.push_back(i);
            mesh.points.push_back(j);
        }
    mesh.point_count = (n + 1) * (n + 1);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const auto at = [&](int x, int y) { return PointId(y * (n + 1) + x); };
            mesh.add_cell(
                CellType::Quadrilateral,
                std::vector<PointId>{at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
        }
    return mesh;
}

// The mesh split into `parts` stripes of cells, every cell carrying `version`.
void write_version(const std::string& path, const Mesh& mesh, PartId parts, int version) {
    std::vector<CellId> cells(std::size_t(mesh.num_cells()));
    std::iota(cells.begin(), cells.end(), 0);
    std::vector<PartId> part(cells.size());
    for (std::size_t c = 0; c < part.size(); ++c)
        part[c] = PartId(c * std::size_t(parts) / part.size());
    const std::vector<std::int32_t> versions(cells.size(), version);
    formats::write_pvtu(path, mesh, cells, split_mesh(mesh, cells, part, parts, 0),
                        {MeshArray::from_values("version", 1, versions)}, 0);
}

// The version of the complete dataset at `path`, or -1 when a piece is missing, pieces of two
// versions are mixed, or the pieces do not hold every cell once.
int complete_version(const std::string& path, const Mesh& mesh) {
    std::vector<formats::PvtuPiece> pieces;
    try {
        pieces = formats::read_pvtu_pieces(path);
    } catch (const InputError&) {
        return -1;
    }
    std::set<int> versions;
    std::int64_t cells = 0;
    for (const auto& piece : pieces) {
        const MeshArray* version = piece.mesh.find_cell_array("version");
        for (std::size_t c = 0; version && c < version->num_tuples(); ++c)
            versions.insert(int(version->value(c)));
        cells += piece.mesh.num_cells();
    }
    if (versions.size() != 1 || cells != mesh.num_cells()) return -1;
    return *versions.begin();
}

std::set<std::string> names_in(const std::string& folder) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        names.insert(entry.path().filename().string());
    return names;
}

// The .vtu files of the folder are exactly the pieces the .pvtu names.
void expect_no_stale_piece(const std::string& pvtu, const std::string& folder) {
    std::set<std::string> named, on_disk;
    for (const auto& piece : formats::list_pvtu_pieces(pvtu))
        named.insert(fs::path(piece.path).filename().string());
    for (const auto& name : names_in(folder))
        if (name.ends_with(".vtu")) on_disk.insert(name);
    EXPECT_EQ(on_disk, named);
}

} // namespace

TEST(PvtuReplacement, OverwritingFourPiecesWithThreeLeavesNoStalePiece) {
    test::ScratchDir dir;
    const Mesh mesh = quad_grid(12);
    const std::string out = dir.file("new.pvtu");
    write_version(out, mesh, 4, 1);
    write_version(out, mesh, 3, 2);
    EXPECT_EQ(complete_version(out, mesh), 2);
    EXPECT_EQ(formats::list_pvtu_pieces(out).size(), 3u);
    expect_no_stale_piece(out, dir.path());
    write_version(out, mesh, 4, 3); // and back: the other set of names
    EXPECT_EQ(complete_version(out, mesh), 3);
    expect_no_stale_piece(out, dir.path());
    EXPECT_EQ(names_in(dir.path()).size(), 5u) << "the .pvtu and its 4 pieces, nothing else";
}

// A fresh write keeps VTK's names; an overwrite alternates to the other set and back; the
// pieces' bytes do not depend on the set.
TEST(PvtuReplacement, FreshWritesKeepTheUsualNamesAndPiecesStayIdentical) {
    test::ScratchDir dir;
    const Mesh mesh = quad_grid(6);
    const std::string out = dir.file("d.pvtu");
    write_version(out, mesh, 2, 1);
    EXPECT_EQ(names_in(dir.path()), (std::set<std::string>{"d.pvtu", "d_0.vtu", "d_1.vtu"}));
    const std::string first = test::read_text(dir.file("d_0.vtu"));
    write_version(out, mesh, 2, 1);
    EXPECT_EQ(names_in(dir.path()), (std::set<std::string>{"d.pvtu", "d-g1_0.vtu", "d-g1_1.vtu"}));
    EXPECT_EQ(test::read_text(dir.file("d-g1_0.vtu")), first);
    write_version(out, mesh, 2, 1);
    EXPECT_EQ(names_in(dir.path()), (std::set<std::string>{"d.pvtu", "d_0.vtu", "d_1.vtu"}));
    EXPECT_EQ(test::read_text(dir.file("d_0.vtu")), first);
}

// A kill at any step of the commit (stood for by a throw from the fault-injection hook) leaves
// the complete old dataset or the complete new one: every piece the .pvtu names exists and is of
// the .pvtu's version. The old one until the .pvtu's rename, the new one from it on.
TEST(PvtuReplacement, InterruptedAtEveryStepLeavesTheOldOrTheNewDatasetWhole) {
    const Mesh mesh = quad_grid(12);
    bool seen_new = false;
    int step = 0;
    for (;; ++step) {
        test::ScratchDir dir;
        const std::string out = dir.file("new.pvtu");
        write_version(out, mesh, 4, 1);
        formats::set_commit_step_hook([&](int at) {
            if (at == step) throw std::runtime_error("interrupted");
        });
        bool finished = true;
        try {
            write_version(out, mesh, 3, 2);
        } catch (const std::runtime_error&) {
            finished = false;
        }
        formats::set_commit_step_hook(nullptr);
        const int version = complete_version(out, mesh);
        EXPECT_TRUE(version == 1 || version == 2) << "interrupted at step " << step;
        if (seen_new) {
            EXPECT_EQ(version, 2) << "back to the old dataset at step " << step;
        }
        seen_new = seen_new || version == 2;
        if (finished) {
            EXPECT_EQ(version, 2);
            expect_no_stale_piece(out, dir.path());
            break;
        }
        ASSERT_LT(step, 20);
    }
    // 3 pieces, the .pvtu, 4 old pieces removed: 8 steps, each interrupted once.
    EXPECT_EQ(step, 8);
}

// Only pieces of the replaced dataset in the output's folder go: files the old .pvtu names
// elsewhere, or under other names, stay.
TEST(PvtuReplacement, RemovesOnlyTheOldDatasetsOwnPieces) {
    test::ScratchDir dir;
    const Mesh mesh = quad_grid(4);
    fs::create_directory(dir.file("sub"));
    const std::string keep = dir.write("keep.vtu", "k"),
                      elsewhere = dir.write("sub/out_0.vtu", "e"),
                      piece = dir.write("out_1.vtu", "p");
    formats::write_pvtu_summary(dir.file("out.pvtu"), Mesh{},
                                {"keep.vtu", "sub/out_0.vtu", "out_1.vtu"});
    const formats::PvtuReplacement plan =
        formats::plan_pvtu_replacement(dir.file("out.pvtu"), "out");
    EXPECT_EQ(plan.piece_stem, "out-g1");
    write_version(dir.file("out.pvtu"), mesh, 2, 1);
    EXPECT_EQ(complete_version(dir.file("out.pvtu"), mesh), 1);
    EXPECT_TRUE(test::file_exists(keep));
    EXPECT_TRUE(test::file_exists(elsewhere));
    EXPECT_FALSE(test::file_exists(piece));
}

TEST(PvtuReplacement, RefusesStandardOutputAndDevices) {
    EXPECT_THROW(formats::plan_pvtu_replacement("-", "-"), InputError);
    EXPECT_THROW(formats::plan_pvtu_replacement("/dev/null", "null"), InputError);
}
