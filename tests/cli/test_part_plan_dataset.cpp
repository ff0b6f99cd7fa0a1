// part-plan apply --dataset: a migration plan applied to a .pvtu written by part-convert --split.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "formats/mesh_file.hpp"
#include "formats/partition_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;
namespace fs = std::filesystem;

namespace {

// naca0012 split into 4 METIS parts as old.pvtu, and a plan to 3 parts made by part-repart.
struct SplitNaca {
    ScratchDir dir;
    std::string mesh = source_file("data/naca0012.msh");
    std::string graph = dir.file("naca.graph");
    std::string old_part = dir.file("naca.graph.part.4");
    std::string old_pvtu = dir.file("old.pvtu");
    std::string new_part = dir.file("new.part");
    std::string plan = dir.file("move.plan");
    SplitNaca(const std::string& repart_args = "-k 3 --method gde") {
        EXPECT_EQ(run_tool("part-convert", mesh + " -o " + graph + " -q").exit_code, 0);
        EXPECT_EQ(run_tool("part-partition", graph + " -k 4 --method metis -q").exit_code, 0);
        auto r = run_tool("part-convert", mesh + " --partition " + old_part +
                                              " --no-boundary --split -q -o " + old_pvtu);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        r = run_tool("part-repart", graph + " " + old_part + " " + repart_args + " -o " + new_part +
                                        " --plan " + plan + " -q");
        EXPECT_EQ(r.exit_code, 0) << r.err;
    }
    // Every file in the folder with its bytes, to show that a failure changed nothing.
    std::map<std::string, std::string> snapshot() const {
        std::map<std::string, std::string> files;
        for (const auto& e : fs::directory_iterator(dir.path()))
            files[e.path().filename().string()] = read_text(e.path().string());
        return files;
    }
};

std::vector<double> array_values(const MeshArray* array) {
    std::vector<double> v;
    if (array)
        for (std::size_t i = 0; i < array->num_tuples(); ++i) v.push_back(array->value(i));
    return v;
}

} // namespace

// The round trip of issue 6: split -> repart -> apply -> join equals the mesh written directly
// with the new partition, and each new piece is the piece part-convert --split would write.
TEST(PartPlanDataset, RoundTripEqualsConvertingWithTheNewPartition) {
    SplitNaca f;
    const std::string new_pvtu = f.dir.file("new.pvtu");
    auto r = run_tool("part-plan", "apply " + f.plan + " --dataset " + f.old_pvtu + " -o " +
                                       new_pvtu + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);
    EXPECT_EQ(report["cells"], 19886);
    EXPECT_EQ(report["verified"], true);
    ASSERT_EQ(report["pieces"].size(), 3u);
    const auto new_part = formats::read_partition(f.new_part, 19886).part;
    for (int q = 0; q < 3; ++q)
        EXPECT_EQ(report["pieces"][q]["cells"],
                  std::count(new_part.begin(), new_part.end(), PartId(q)));

    // Piece by piece, the same cells and points as part-convert --split of the new partition.
    r = run_tool("part-convert", f.mesh + " --partition " + f.new_part +
                                     " --no-boundary --split -q -o " + f.dir.file("direct.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto applied = formats::read_pvtu_pieces(new_pvtu);
    const auto direct = formats::read_pvtu_pieces(f.dir.file("direct.pvtu"));
    ASSERT_EQ(applied.size(), direct.size());
    for (std::size_t i = 0; i < applied.size(); ++i) {
        EXPECT_EQ(applied[i].part, direct[i].part);
        const Mesh &a = applied[i].mesh, &d = direct[i].mesh;
        EXPECT_EQ(array_values(a.find_cell_array("GlobalCellIds")),
                  array_values(d.find_cell_array("GlobalCellIds")));
        EXPECT_EQ(array_values(a.find_point_array("GlobalNodeIds")),
                  array_values(d.find_point_array("GlobalNodeIds")));
        EXPECT_EQ(a.cell_nodes, d.cell_nodes);
        EXPECT_EQ(a.points, d.points);
        EXPECT_EQ(array_values(a.find_cell_array("gmsh:geometrical")),
                  array_values(d.find_cell_array("gmsh:geometrical")));
    }

    // Joined back, the same mesh as converting the .msh with the new partition.
    r = run_tool("part-convert",
                 new_pvtu + " --partition " + f.new_part + " -q -o " + f.dir.file("joined.vtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-convert", f.mesh + " --partition " + f.new_part + " --no-boundary -q -o " +
                                     f.dir.file("expected.vtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Mesh joined = formats::read_mesh(f.dir.file("joined.vtu"));
    const Mesh expected = formats::read_mesh(f.dir.file("expected.vtu"));
    ASSERT_EQ(joined.num_cells(), expected.num_cells());
    EXPECT_EQ(joined.cell_nodes, expected.cell_nodes);
    EXPECT_EQ(joined.cell_types, expected.cell_types);
    for (const char* name : {"gmsh:physical", "gmsh:geometrical", "partition"})
        EXPECT_EQ(array_values(joined.find_cell_array(name)),
                  array_values(expected.find_cell_array(name)))
            << name;
    for (CellId c = 0; c < joined.num_cells(); ++c)
        for (PointId p : joined.cell(c))
            for (int k = 0; k < joined.dim; ++k)
                ASSERT_EQ(joined.points[std::size_t(p * joined.dim + k)],
                          expected.points[std::size_t(p * expected.dim + k)]);
    // The old dataset is still there and unchanged in meaning.
    EXPECT_EQ(formats::read_mesh(f.old_pvtu).num_cells(), 19886);

    // Same inputs, same bytes.
    r = run_tool("part-plan", "apply " + f.plan + " --dataset " + f.old_pvtu + " -q -o " +
                                  f.dir.file("again.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(read_text(f.dir.file("again_1.vtu")) == read_text(f.dir.file("new_1.vtu")));
}

TEST(PartPlanDataset, SummaryNamesThePhysicalRankOfEachPiece) {
    SplitNaca f;
    auto r = run_tool("part-plan", "apply " + f.plan + " --dataset " + f.old_pvtu +
                                       " --ghost-layers 1 -o " + f.dir.file("new.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("piece (new part) -> physical rank"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("field checksums verified"), std::string::npos) << r.out;
    const auto pieces = formats::read_pvtu_pieces(f.dir.file("new.pvtu"));
    EXPECT_NE(pieces.front().mesh.find_cell_array("vtkGhostType"), nullptr);
}

TEST(PartPlanDatasetErrors, PlanThatDoesNotMatchTheData) {
    SplitNaca f;
    const auto before = f.snapshot();
    const std::string out = f.dir.file("new.pvtu");
    // A plan made from another old partition: same length, other checksum.
    auto r = run_tool("part-partition",
                      f.graph + " -k 4 --method metis --seed 9 -q -o " + f.dir.file("other.part"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-plan", "diff " + f.dir.file("other.part") + " " + f.new_part + " -q -o " +
                                  f.dir.file("other.plan"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-plan",
                 "apply " + f.dir.file("other.plan") + " --dataset " + f.old_pvtu + " -o " + out);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("error: " + f.dir.file("other.plan") +
                         ": the cells' pieces do not form the plan's old partition"),
              std::string::npos)
        << r.err;
    // A plan for another vertex count.
    const std::string small_old = f.dir.write("s.old", "0\n1\n2\n3\n");
    const std::string small_new = f.dir.write("s.new", "1\n0\n2\n3\n");
    ASSERT_EQ(run_tool("part-plan",
                       "diff " + small_old + " " + small_new + " -q -o " + f.dir.file("small.plan"))
                  .exit_code,
              0);
    r = run_tool("part-plan",
                 "apply " + f.dir.file("small.plan") + " --dataset " + f.old_pvtu + " -o " + out);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("the plan is for 4 cells but the dataset has 19886"), std::string::npos)
        << r.err;
    // A corrupted plan.
    std::string bytes = read_text(f.plan);
    bytes[bytes.size() - 3] ^= 0x01;
    const std::string bad = f.dir.write("bad.plan", bytes);
    r = run_tool("part-plan", "apply " + bad + " --dataset " + f.old_pvtu + " -o " + out);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(bad + ":"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("corrupted"), std::string::npos) << r.err;
    // Nothing written, nothing changed, no temporaries left.
    auto after = f.snapshot();
    for (const char* made :
         {"other.part", "other.plan", "s.old", "s.new", "small.plan", "bad.plan"})
        after.erase(made);
    EXPECT_TRUE(after == before);
}

TEST(PartPlanDatasetErrors, MissingPieceIsNamedAndNothingWritten) {
    SplitNaca f;
    fs::remove(f.dir.file("old_2.vtu"));
    const auto before = f.snapshot();
    auto r = run_tool("part-plan", "apply " + f.plan + " --dataset " + f.old_pvtu + " -o " +
                                       f.dir.file("new.pvtu"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("error: " + f.old_pvtu + ": piece 2 (part 2) is missing: " +
                         f.dir.file("old_2.vtu") + " does not exist"),
              std::string::npos)
        << r.err;
    EXPECT_TRUE(f.snapshot() == before);
}

TEST(PartPlanDatasetErrors, RefusesToOverwriteInputs) {
    SplitNaca f;
    const auto before = f.snapshot();
    // The .pvtu itself, the plan, and an output whose pieces would be the input's pieces.
    EXPECT_EQ(
        run_tool("part-plan", "apply " + f.plan + " --dataset " + f.old_pvtu + " -o " + f.old_pvtu)
            .exit_code,
        2);
    const std::string alias = f.dir.write("alias.pvtu", read_text(f.old_pvtu));
    auto r = run_tool("part-plan", "apply " + f.plan + " --dataset " + alias + " -o " + f.old_pvtu);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("refusing to write"), std::string::npos) << r.err;
    fs::remove(alias);
    EXPECT_TRUE(f.snapshot() == before);
}

TEST(PartPlanDatasetErrors, UsageErrors) {
    SplitNaca f;
    EXPECT_EQ(run_tool("part-plan", "apply " + f.plan + " --dataset " + f.old_pvtu).exit_code, 2);
    EXPECT_EQ(run_tool("part-plan", "apply " + f.plan + " --dataset " + f.old_pvtu + " -o " +
                                        f.dir.file("new.vtu"))
                  .exit_code,
              2);
    EXPECT_EQ(run_tool("part-plan", "apply " + f.plan + " --dataset " + f.old_pvtu +
                                        " --partition " + f.old_part + " -o " +
                                        f.dir.file("new.pvtu"))
                  .exit_code,
              2);
    EXPECT_EQ(run_tool("part-plan", "apply " + f.plan + " -o " + f.dir.file("new.pvtu")).exit_code,
              2);
    EXPECT_EQ(run_tool("part-plan", "apply " + f.plan + " --partition " + f.old_part +
                                        " --ghost-layers 1 -o " + f.dir.file("new.part"))
                  .exit_code,
              2); // ghost layers are for datasets
}

// A gmsh-made 3-D mesh of hexahedra and prisms whose old pieces carry a ghost layer: ghosts
// are not data, the owned cells move once, and interval repartitioning to more parts is fine.
TEST(PartPlanDataset, GmshHexPrismMeshWithGhostLayersGrows) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    const std::string mesh = dir.file("m.msh");
    auto r = run_command("gmsh -3 " + source_file("tests/data/mixed3d.geo") + " -format msh41 -o " +
                         mesh);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_EQ(run_tool("part-convert", mesh + " -o " + dir.file("m.graph") + " -q").exit_code, 0);
    ASSERT_EQ(run_tool("part-partition", dir.file("m.graph") + " -k 3 --method metis -q").exit_code,
              0);
    const std::string old_part = dir.file("m.graph.part.3");
    r = run_tool("part-convert", mesh + " --partition " + old_part +
                                     " --no-boundary --split --ghost-layers 1 -q -o " +
                                     dir.file("old.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-repart", dir.file("m.graph") + " " + old_part +
                                    " -k 5 --method interval -q -o " + dir.file("new.part") +
                                    " --plan " + dir.file("m.plan"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-plan", "apply " + dir.file("m.plan") + " --dataset " + dir.file("old.pvtu") +
                                  " --json -o " + dir.file("new.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);
    const Mesh original = formats::read_mesh(dir.file("old.pvtu"));
    EXPECT_EQ(report["cells"], original.num_cells());
    const Mesh joined = formats::read_mesh(dir.file("new.pvtu"));
    EXPECT_EQ(joined.cell_nodes, original.cell_nodes);
    EXPECT_EQ(joined.cell_types, original.cell_types);
    EXPECT_EQ(array_values(joined.find_cell_array("gmsh:physical")),
              array_values(original.find_cell_array("gmsh:physical")));
    const auto new_part = formats::read_partition(dir.file("new.part"), original.num_cells()).part;
    for (const auto& piece : formats::read_pvtu_pieces(dir.file("new.pvtu"))) {
        const auto ids = array_values(piece.mesh.find_cell_array("GlobalCellIds"));
        for (double g : ids) EXPECT_EQ(new_part[std::size_t(g)], piece.part);
    }
}

// Issue 27: the boundary elements part-convert --boundary writes are no vertices of the plan;
// applied, each moves with its adjacent cell, so every new piece is the piece part-convert
// --boundary writes for the new partition.
TEST(PartPlanDataset, BoundaryElementsMoveWithTheirCells) {
    SplitNaca f;
    auto r = run_tool("part-convert", f.mesh + " --partition " + f.old_part +
                                          " --boundary --split -q -o " + f.dir.file("b.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string new_pvtu = f.dir.file("new.pvtu");
    r = run_tool("part-plan", "apply " + f.plan + " --dataset " + f.dir.file("b.pvtu") + " -o " +
                                  new_pvtu + " -q");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-convert", f.mesh + " --partition " + f.new_part +
                                     " --boundary --split -q -o " + f.dir.file("direct.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto applied = formats::read_pvtu_pieces(new_pvtu);
    const auto direct = formats::read_pvtu_pieces(f.dir.file("direct.pvtu"));
    ASSERT_EQ(applied.size(), direct.size());
    std::size_t boundary_elements = 0;
    for (std::size_t i = 0; i < applied.size(); ++i) {
        const Mesh &a = applied[i].mesh, &d = direct[i].mesh;
        EXPECT_EQ(array_values(a.find_cell_array("GlobalCellIds")),
                  array_values(d.find_cell_array("GlobalCellIds")));
        EXPECT_EQ(a.cell_nodes, d.cell_nodes);
        const auto boundary = array_values(a.find_cell_array("boundary"));
        EXPECT_EQ(boundary, array_values(d.find_cell_array("boundary")));
        EXPECT_EQ(array_values(a.find_cell_array("gmsh:physical")),
                  array_values(d.find_cell_array("gmsh:physical")));
        boundary_elements += std::size_t(std::count(boundary.begin(), boundary.end(), 1.0));
    }
    EXPECT_EQ(boundary_elements, 364u); // the wall and farfield lines of naca0012.msh
}
