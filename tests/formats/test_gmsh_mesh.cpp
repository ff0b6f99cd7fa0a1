#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "formats/gmsh_mesh.hpp"
#include "formats/mesh_file.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// Meshes tests/data/<geo>.geo with gmsh into `dir`, in the given .msh version and encoding.
std::string gmsh_file(const ScratchDir& dir, const std::string& geo, int dim,
                      const std::string& version, bool binary) {
    const std::string out = dir.file(geo + "_" + version + (binary ? "_bin" : "_ascii") + ".msh");
    const auto r = run_command("gmsh -" + std::to_string(dim) + " " +
                               source_file("tests/data/" + geo + ".geo") + " -format " + version +
                               (binary ? " -bin" : "") + " -o " + out);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return out;
}

// An order-free summary of a mesh: per cell, its type, physical tag and centroid.
std::vector<std::tuple<int, int, long, long, long>> cell_summary(const Mesh& mesh) {
    std::vector<CellId> all(std::size_t(mesh.num_cells()));
    for (CellId c = 0; c < mesh.num_cells(); ++c) all[std::size_t(c)] = c;
    const Coordinates centres = cell_centroids(mesh, all);
    const MeshArray* physical = mesh.find_cell_array("gmsh:physical");
    std::vector<std::tuple<int, int, long, long, long>> rows;
    for (CellId c = 0; c < mesh.num_cells(); ++c) {
        long xyz[3] = {0, 0, 0};
        for (int a = 0; a < mesh.dim; ++a) xyz[a] = std::lround(centres.at(c, a) * 1e6);
        rows.emplace_back(int(mesh.cell_types[c]), int(physical->value(std::size_t(c))), xyz[0],
                          xyz[1], xyz[2]);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

std::map<CellType, int> type_counts(const Mesh& mesh) {
    std::map<CellType, int> counts;
    for (CellType t : mesh.cell_types) ++counts[t];
    return counts;
}

// 4.1 ASCII: two triangles on four nodes. Lines 19 and 20 hold the elements.
std::string small_msh41(const std::string& block = "2 1 2 2",
                        const std::string& element2 = "2 2 4 3",
                        const std::string& tags = "1\n2\n3\n4\n") {
    return "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 4 1 5\n2 1 0 4\n" + tags +
           "0 0 0\n1 0 0\n0 1 0\n1 1 0\n$EndNodes\n$Elements\n1 2 1 2\n" + block + "\n1 1 2 3\n" +
           element2 + "\n$EndElements\n";
}

} // namespace

TEST(GmshMesh, ReadsHandWrittenVersion41) {
    ScratchDir dir;
    const Mesh mesh = formats::read_mesh(dir.write("two.msh", small_msh41()));
    EXPECT_EQ(mesh.num_points(), 4);
    EXPECT_EQ(mesh.dim, 2);
    ASSERT_EQ(mesh.num_cells(), 2);
    EXPECT_EQ(mesh.cell_types[0], CellType::Triangle);
    EXPECT_EQ(std::vector<PointId>(mesh.cell(1).begin(), mesh.cell(1).end()),
              (std::vector<PointId>{1, 3, 2}));
    EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), 1);
}

TEST(GmshMesh, ReadsHandWrittenVersion22WithTags) {
    ScratchDir dir;
    const std::string text =
        "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$PhysicalNames\n1\n2 7 \"fluid\"\n"
        "$EndPhysicalNames\n$Nodes\n4\n10 0 0 0\n20 1 0 0\n30 0 1 0.5\n40 1 1 0\n$EndNodes\n"
        "$Elements\n3\n1 1 2 5 1 10 20\n2 2 2 7 3 10 20 30\n3 2 2 7 3 20 40 30\n$EndElements\n";
    const Mesh mesh = formats::read_mesh(dir.write("v2.msh", text));
    EXPECT_EQ(mesh.dim, 3);
    ASSERT_EQ(mesh.num_cells(), 3);
    EXPECT_EQ(mesh.cell_types[0], CellType::Line);
    EXPECT_EQ(mesh.find_cell_array("gmsh:physical")->value(1), 7);
    EXPECT_EQ(mesh.find_cell_array("gmsh:geometrical")->value(2), 3);
    EXPECT_EQ(mesh.find_cell_array("gmsh:physical")->value(0), 5);
    EXPECT_EQ(mesh.physical_groups, (std::vector<PhysicalGroup>{{2, 7, "fluid"}}));
    EXPECT_EQ(std::vector<PointId>(mesh.cell(2).begin(), mesh.cell(2).end()),
              (std::vector<PointId>{1, 3, 2}));
}

// Files in use (deal.II's tests) put a $Comments section before $MeshFormat and name physical
// groups of dimension -1; gmsh reads both, and so does the suite. The comment's lines still
// count: an error after it names the file's line.
TEST(GmshMesh, CommentsFirstAndPhysicalNamesOfNoDimension) {
    ScratchDir dir;
    const std::string comments = "$Comments\nexported by XYZ\n$EndComments\n";
    const Mesh plain = formats::read_mesh(dir.write("plain.msh", small_msh41()));
    const Mesh commented = formats::read_mesh(dir.write("c.msh", comments + small_msh41()));
    EXPECT_EQ(commented.cell_nodes, plain.cell_nodes);
    EXPECT_EQ(commented.points, plain.points);
    const std::string names = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$PhysicalNames\n1\n"
                              "-1 1 \"1\"\n$EndPhysicalNames\n$Nodes\n3\n1 0 0 0\n2 1 0 0\n"
                              "3 0 1 0\n$EndNodes\n$Elements\n1\n1 2 2 1 1 1 2 3\n$EndElements\n";
    EXPECT_EQ(formats::read_mesh(dir.write("n.msh", names)).physical_groups,
              (std::vector<PhysicalGroup>{{-1, 1, "1"}}));
    expect_mesh_error_at(dir.write("bad.msh", comments + "$MeshFormat\n9.9 0 8\n"), 5, "9.9");
}

// Every version and encoding gmsh writes gives the same mesh.
TEST(GmshMesh, AllVersionsAndEncodingsAgree2D) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    const Mesh reference = formats::read_mesh(gmsh_file(dir, "mixed2d", 2, "msh41", false));
    EXPECT_EQ(reference.dim, 2);
    const auto counts = type_counts(reference);
    EXPECT_GT(counts.at(CellType::Triangle), 0);
    EXPECT_GT(counts.at(CellType::Quadrilateral), 0);
    EXPECT_GT(counts.at(CellType::Line), 0);
    for (auto [version, binary] :
         {std::pair{"msh41", true}, std::pair{"msh22", false}, std::pair{"msh22", true}}) {
        const Mesh mesh = formats::read_mesh(gmsh_file(dir, "mixed2d", 2, version, binary));
        EXPECT_EQ(mesh.num_points(), reference.num_points()) << version << binary;
        EXPECT_EQ(cell_summary(mesh), cell_summary(reference)) << version << binary;
        EXPECT_EQ(mesh.physical_groups, reference.physical_groups) << version << binary;
    }
    // mixed2d.geo names its physical groups; the tags are those of the cells.
    ASSERT_EQ(reference.physical_groups.size(), 3u);
    const MeshArray& physical = *reference.find_cell_array("gmsh:physical");
    for (const PhysicalGroup& group : reference.physical_groups) {
        bool tagged = false;
        for (CellId c = 0; c < reference.num_cells() && !tagged; ++c)
            tagged = physical.value(std::size_t(c)) == group.tag &&
                     cell_dimension(reference.cell_types[c]) == group.dim;
        EXPECT_TRUE(tagged) << group.name;
    }
    EXPECT_EQ(reference.physical_groups[0], (PhysicalGroup{1, 1, "wall"}));
}

TEST(GmshMesh, AllVersionsAndEncodingsAgree3DMixed) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    const Mesh reference = formats::read_mesh(gmsh_file(dir, "mixed3d", 3, "msh41", true));
    const auto counts = type_counts(reference);
    EXPECT_GT(counts.at(CellType::Wedge), 0);
    EXPECT_GT(counts.at(CellType::Hexahedron), 0);
    EXPECT_GT(counts.at(CellType::Triangle), 0); // the bottom boundary
    const DualGraph dual = build_dual_graph(reference);
    EXPECT_EQ(dual.cells.size(),
              std::size_t(counts.at(CellType::Wedge) + counts.at(CellType::Hexahedron)));
    // Physical tags: boundary faces in "bottom" (1), volumes in "fluid" (2).
    const MeshArray* physical = reference.find_cell_array("gmsh:physical");
    for (CellId c = 0; c < reference.num_cells(); ++c)
        EXPECT_EQ(physical->value(std::size_t(c)),
                  cell_dimension(reference.cell_types[c]) == 3 ? 2 : 1);
    for (auto [version, binary] :
         {std::pair{"msh41", false}, std::pair{"msh22", false}, std::pair{"msh22", true}}) {
        const Mesh mesh = formats::read_mesh(gmsh_file(dir, "mixed3d", 3, version, binary));
        EXPECT_EQ(cell_summary(mesh), cell_summary(reference)) << version << binary;
        EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), dual.graph.num_edges());
    }
}

TEST(GmshMeshErrors, UnsupportedElementType) {
    ScratchDir dir;
    const std::string path = dir.write("incomplete.msh", small_msh41("2 1 20 2"));
    expect_mesh_error(
        path, ":18: element type 20 (9-node third-order incomplete triangle) is not supported");
}

TEST(GmshMeshErrors, NodeIdOutOfRange) {
    ScratchDir dir;
    expect_mesh_error(dir.write("range.msh", small_msh41("2 1 2 2", "2 2 4 7")),
                      ":20: element 2 refers to node 7, out of range: the nodes have tags 1..4");
}

TEST(GmshMeshErrors, ElementWithMissingNodes) {
    ScratchDir dir;
    expect_mesh_error(dir.write("short.msh", small_msh41("2 1 2 2", "2 2 4")),
                      ":20: element 2 has 2 node tags but a triangle needs 3 (missing nodes)");
    // A tag inside the range that no node has.
    expect_mesh_error(
        dir.write("hole.msh", small_msh41("2 1 2 2", "2 2 4 3", "1\n2\n3\n5\n")),
        ":20: element 2 refers to node 4, which $Nodes does not define (missing node)");
}

TEST(GmshMeshErrors, PhysicalNameWithoutQuotes) {
    ScratchDir dir;
    expect_mesh_error(dir.write("names.msh", "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n"
                                             "$PhysicalNames\n2\n2 7 \"fluid\"\n2 8 wall\n"
                                             "$EndPhysicalNames\n"),
                      ":7: expected a physical name 'dim tag \"name\"', found '2 8 wall'");
}

TEST(GmshMeshErrors, EmptyMesh) {
    ScratchDir dir;
    expect_mesh_error(
        dir.write(
            "none.msh",
            "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n0 0 0 0\n$EndNodes\n$Elements\n0 0 0 0\n"
            "$EndElements\n"),
        "empty mesh");
    expect_mesh_error(dir.write("nothing.msh", ""), "empty file");
    const std::string only_points =
        "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 1 1 1\n0 1 0 1\n1\n0 0 0\n"
        "$EndNodes\n$Elements\n1 1 1 1\n0 1 15 1\n1 1\n$EndElements\n";
    expect_mesh_error(dir.write("points.msh", only_points),
                      "empty mesh: no lines, surface or volume elements (1 point");
}

TEST(GmshMeshErrors, TruncatedText) {
    ScratchDir dir;
    const std::string text = small_msh41();
    expect_mesh_error(dir.write("cut.msh", text.substr(0, text.find("2 2 4 3"))),
                      ":19: file ends where an element");
}

TEST(GmshMeshErrors, TruncatedAndCorruptedBinary) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    for (const std::string version : {"msh41", "msh22"}) {
        const std::string whole = read_text(gmsh_file(dir, "mixed2d", 2, version, true));
        const std::string name = version + "_";
        expect_mesh_error(dir.write(name + "cut.msh", whole.substr(0, whole.size() * 2 / 3)),
                          "truncated");
        expect_mesh_error(
            dir.write(name + "cut_nodes.msh", whole.substr(0, whole.find("$EndNodes") - 5)),
            "truncated");
        // Overwrite the first element block's type code with 99.
        std::string corrupt = whole;
        std::size_t at = corrupt.find("$Elements\n") + 10;
        if (version == "msh41")
            at += 32 + 8; // four size_t counts, then dim and tag
        else
            at = corrupt.find('\n', at) + 1; // the element count line
        const std::int32_t bad = 99;
        corrupt.replace(at, 4, reinterpret_cast<const char*>(&bad), 4);
        expect_mesh_error(dir.write(name + "type.msh", corrupt),
                          "element type 99 is not supported");
        // A node tag overwritten with garbage in the binary nodes section.
        std::string garbage = whole;
        garbage.replace(garbage.find("$EndElements") - 12, 8, "\xff\xff\xff\x7f\xff\xff\xff\x7f",
                        8);
        expect_mesh_error(dir.write(name + "garbage.msh", garbage), "binary $Elements section");
    }
}

// 20 bytes inserted anywhere in a binary $Elements block: with the bytes a whole record long,
// the blocks could line up again and the reader accepted a fake element in place of a lost
// one. Element tags, unique and positive in gmsh files, now give it away.
TEST(GmshMeshErrors, BytesInsertedInBinaryElementsAreRejected) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    for (const std::string version : {"msh22", "msh41"}) {
        const std::string whole = read_text(gmsh_file(dir, "mixed2d", 2, version, true));
        const std::size_t begin = whole.find('\n', whole.find("$Elements\n") + 10) + 1;
        const std::size_t end = whole.find("$EndElements");
        int accepted = 0;
        for (const std::int32_t value : {0, 1, 2}) {
            const std::string inserted = [&] {
                std::string bytes;
                for (int i = 0; i < 5; ++i) bytes.append(reinterpret_cast<const char*>(&value), 4);
                return bytes;
            }();
            for (std::size_t at = begin; at <= end; ++at) {
                try {
                    formats::parse_gmsh_mesh(whole.substr(0, at) + inserted + whole.substr(at),
                                             "inserted.msh");
                    ++accepted;
                } catch (const InputError&) {
                }
            }
        }
        EXPECT_EQ(accepted, 0) << version;
    }
}

TEST(GmshMeshErrors, ElementTagsMustBeUniqueAndPositive) {
    ScratchDir dir;
    const std::string head = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n4\n1 0 0 0\n2 1 0 0\n"
                             "3 0 1 0\n4 1 1 0\n$EndNodes\n$Elements\n2\n";
    expect_mesh_error(dir.write("twice.msh", head + "5 2 0 1 2 3\n5 2 0 2 4 3\n$EndElements\n"),
                      "twice.msh:14: element tag 5 is used twice in $Elements");
    expect_mesh_error(dir.write("zero.msh", head + "0 2 0 1 2 3\n1 2 0 2 4 3\n$EndElements\n"),
                      "zero.msh:13: element tag 0 is not positive");
    expect_mesh_error(dir.write("v41.msh", small_msh41("2 1 2 2", "1 2 4 3")),
                      "element tag 1 is used twice");
}
