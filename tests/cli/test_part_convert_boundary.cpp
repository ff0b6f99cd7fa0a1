// part-convert --partition --boundary (issue 27, item 2): the mesh's boundary elements (faces
// and edges with a gmsh physical tag) go into the piece of the part that owns their adjacent
// cell, with their tag and boundary = 1, in Gmsh 2.2 and 4.1 files, ASCII and binary alike; the
// graph read back from the pieces is the original one.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkUnstructuredGrid.h>
#include <vtkXMLPUnstructuredGridReader.h>
#include <vtkXMLUnstructuredGridReader.h>

#include "formats/chaco_graph.hpp"
#include "formats/mesh_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "tests/cli/vtk_grid_values.hpp"
#include "tests/formats/openfoam_case_files.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

constexpr int kParts = 3;

// Checks piece `part` (a .vtu VTK's serial reader opens): each boundary element it owns has
// partition = part and all its nodes in an owned top-dimensional cell of the piece. Returns
// the owned boundary elements per physical tag.
std::map<int, int> check_piece(const std::string& path, int part) {
    const auto grid = read_vtu_piece(path);
    const auto boundary = cell_values(grid, "boundary");
    const auto ghost = cell_values(grid, "vtkGhostType");
    const auto tag = cell_values(grid, "gmsh:physical");
    const auto partition = cell_values(grid, "partition");
    EXPECT_EQ(boundary.size(), std::size_t(grid->GetNumberOfCells())) << path;
    std::vector<std::set<double>> owned_cells;
    for (vtkIdType c = 0; c < vtkIdType(boundary.size()); ++c)
        if (boundary[std::size_t(c)] == 0 && ghost[std::size_t(c)] == 0)
            owned_cells.push_back(global_nodes(grid, c));
    std::map<int, int> per_tag;
    for (vtkIdType c = 0; c < vtkIdType(boundary.size()); ++c) {
        if (boundary[std::size_t(c)] != 1 || ghost[std::size_t(c)] != 0) continue;
        EXPECT_EQ(partition[std::size_t(c)], part) << path << " cell " << c;
        const std::set<double> nodes = global_nodes(grid, c);
        EXPECT_TRUE(std::any_of(owned_cells.begin(), owned_cells.end(),
                                [&](const auto& cell) {
                                    return std::includes(cell.begin(), cell.end(), nodes.begin(),
                                                         nodes.end());
                                }))
            << path << ": boundary cell " << c << " is not a face of a cell the piece owns";
        ++per_tag[int(tag[std::size_t(c)])];
    }
    return per_tag;
}

struct GmshFormat {
    const char* name;
    const char* options;
};

class BoundaryElements : public testing::TestWithParam<GmshFormat> {};

// mixed3d (three layers of prisms and hexahedra over the tagged bottom surface) meshed by gmsh
// with `gmsh_options`, its graph m.graph, and m.pvtu: kParts pieces of consecutive cells with
// their boundary elements and a ghost layer. Returns the cell count and part-convert's result.
std::pair<VertexId, CommandResult> split_mixed3d(const ScratchDir& dir,
                                                 const std::string& gmsh_options) {
    const std::string mesh = dir.file("m.msh");
    auto r = run_command("gmsh -3 " + source_file("tests/data/mixed3d.geo") + " " + gmsh_options +
                         " -v 0 -o " + mesh);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-convert", mesh + " -q -o " + dir.file("m.graph"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const VertexId cells = formats::read_chaco_graph(dir.file("m.graph")).num_vertices();
    std::string partition;
    for (VertexId v = 0; v < cells; ++v) partition += std::to_string(v * kParts / cells) + "\n";
    r = run_tool("part-convert", mesh + " --partition " + dir.write("m.part", partition) +
                                     " --boundary --ghost-layers 1 --json -o " +
                                     dir.file("m.pvtu"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return {cells, r};
}

TEST_P(BoundaryElements, SplitPutsEachInThePieceOfItsCell) {
    ScratchDir dir;
    auto [cells, r] = split_mixed3d(dir, GetParam().options);
    // One bottom face under each column of three cells.
    const int faces = int(cells) / 3;
    EXPECT_NE(r.out.find("\"boundary_elements\": " + std::to_string(faces)), std::string::npos)
        << r.out;

    std::map<int, int> per_tag;
    for (int p = 0; p < kParts; ++p)
        for (const auto& [tag, n] : check_piece(dir.file("m_" + std::to_string(p) + ".vtu"), p))
            per_tag[tag] += n;
    EXPECT_EQ(per_tag, (std::map<int, int>{{1, faces}})); // "bottom", each in one piece

    vtkNew<vtkXMLPUnstructuredGridReader> whole;
    whole->SetFileName(dir.file("m.pvtu").c_str());
    whole->Update();
    const auto boundary = cell_values(whole->GetOutput(), "boundary");
    const auto ghost = cell_values(whole->GetOutput(), "vtkGhostType");
    int owned = 0;
    for (std::size_t c = 0; c < boundary.size(); ++c) owned += boundary[c] == 1 && ghost[c] == 0;
    EXPECT_EQ(owned, faces);

    // The boundary elements are no graph vertices: the dataset gives the original graph.
    r = run_tool("part-convert", dir.file("m.pvtu") + " -q -o " + dir.file("joined.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("joined.graph")), read_text(dir.file("m.graph")));
}

// part-repart under mpirun reads the boundary elements of a dataset part-convert --boundary
// wrote and sends each with its adjacent cell: in the new pieces each lies in the piece of its
// cell's new part, labelled with it, and the dataset still gives the original graph.
TEST(BoundaryElementsMpirun, RepartSendsEachWithItsCell) {
    ScratchDir dir;
    auto [cells, r] = split_mixed3d(dir, "-format msh41");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_command(mpiexec_prefix(kParts) + tool("part-repart") + " " + dir.file("m.pvtu") +
                    " --method gde -k 2 -q -o " + dir.file("new.part") + " --pvtu " +
                    dir.file("new.pvtu") + " --ghost-layers 1");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::map<int, int> per_tag;
    for (int p = 0; p < 2; ++p)
        for (const auto& [tag, n] : check_piece(dir.file("new_" + std::to_string(p) + ".vtu"), p))
            per_tag[tag] += n;
    EXPECT_EQ(per_tag, (std::map<int, int>{{1, int(cells) / 3}})); // every bottom face once
    r = run_tool("part-convert", dir.file("new.pvtu") + " -q -o " + dir.file("joined.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("joined.graph")), read_text(dir.file("m.graph")));
}

INSTANTIATE_TEST_SUITE_P(GmshVersions, BoundaryElements,
                         testing::Values(GmshFormat{"msh41", "-format msh41"},
                                         GmshFormat{"msh41_binary", "-format msh41 -bin"},
                                         GmshFormat{"msh22", "-format msh22"},
                                         GmshFormat{"msh22_binary", "-format msh22 -bin"}),
                         [](const auto& info) { return std::string(info.param.name); });

// A single .vtu holds the boundary elements after the cells, with their adjacent cell's part:
// gmsh's physical lines, SU2's markers and Medit's tagged Edges alike (the three files are gmsh's
// exports of one mesh: its "wall" lines are physical tag 1 and SU2's first marker, and in Medit
// carry their elementary entities' tags, 1 and 2).
struct TaggedMesh {
    const char* extension;
    std::set<double> tags;
};
class BoundaryElementsVtu : public testing::TestWithParam<TaggedMesh> {};

TEST_P(BoundaryElementsVtu, FollowTheCellsWithTheirCellsPart) {
    ScratchDir dir;
    const std::string mesh = source_file(std::string("tests/data/mixed2d.") + GetParam().extension);
    auto r = run_tool("part-convert", mesh + " -q -o " + dir.file("m.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const VertexId cells = formats::read_chaco_graph(dir.file("m.graph")).num_vertices();
    std::string partition;
    for (VertexId v = 0; v < cells; ++v) partition += std::to_string(v % 2) + "\n";
    // The default: no --boundary needed.
    r = run_tool("part-convert", mesh + " --partition " + dir.write("m.part", partition) +
                                     " -q -o " + dir.file("m.vtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    vtkNew<vtkXMLUnstructuredGridReader> reader;
    reader->SetFileName(dir.file("m.vtu").c_str());
    reader->Update();
    const auto boundary = cell_values(reader->GetOutput(), "boundary");
    const auto tag = cell_values(reader->GetOutput(), "gmsh:physical");
    ASSERT_GT(boundary.size(), std::size_t(cells));
    std::set<double> boundary_tags;
    for (std::size_t c = 0; c < boundary.size(); ++c) {
        const bool is_boundary = c >= std::size_t(cells);
        EXPECT_EQ(boundary[c], is_boundary ? 1 : 0) << c;
        if (is_boundary) boundary_tags.insert(tag[c]);
    }
    EXPECT_EQ(boundary_tags, GetParam().tags);
    r = run_tool("part-convert", dir.file("m.vtu") + " -q -o " + dir.file("again.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("again.graph")), read_text(dir.file("m.graph")));
}

INSTANTIATE_TEST_SUITE_P(Formats, BoundaryElementsVtu,
                         testing::Values(TaggedMesh{"msh", {1}}, TaggedMesh{"su2", {1}},
                                         TaggedMesh{"mesh", {1, 2}}),
                         [](const auto& info) { return std::string(info.param.extension); });

// A tagged line across the square that neither triangle holds has no part to go to.
TEST(BoundaryElementsErrors, ElementWithoutAdjacentCellIsNamed) {
    ScratchDir dir;
    const std::string mesh = dir.write("diagonal.msh", R"($MeshFormat
2.2 0 8
$EndMeshFormat
$PhysicalNames
1
1 7 "wall"
$EndPhysicalNames
$Nodes
4
1 0 0 0
2 1 0 0
3 0 1 0
4 1 1 0
$EndNodes
$Elements
3
1 2 2 0 1 1 2 3
2 2 2 0 1 2 4 3
3 1 2 7 1 1 4
$EndElements
)");
    const std::string partition = dir.write("p", "0\n1\n");
    const auto r = run_tool("part-convert", mesh + " --partition " + partition + " --boundary -o " +
                                                dir.file("out.vtu"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("error: " + mesh), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("boundary element 3 (line, physical tag 7 \"wall\") has no adjacent cell"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(file_exists(dir.file("out.vtu")));
}

// An OpenFOAM case split in kParts pieces: each face of each patch (constant/polyMesh/boundary,
// faces) is in exactly one piece, the one of its owner cell's part (owner), with its patch's
// tag. Piece nodes keep their mesh ids (GlobalNodeIds), which are the points file's.
TEST(BoundaryElementsOpenFoam, EachPatchFaceGoesToThePieceOfItsOwner) {
    ScratchDir dir;
    const std::string foam = source_file("tests/data/openfoam_patches");
    const auto faces = foam_faces(foam);
    const auto owner = foam_labels(foam + "/constant/polyMesh/owner");
    const long cells = *std::max_element(owner.begin(), owner.end()) + 1;
    std::string partition;
    for (long c = 0; c < cells; ++c) partition += std::to_string(c * kParts / cells) + "\n";
    auto r = run_tool("part-convert", foam + " --partition " + dir.write("f.part", partition) +
                                          " -q -o " + dir.file("f.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;

    std::map<std::set<double>, std::pair<long, int>> patch_face; // nodes -> (face, tag)
    int tag = 0;
    for (const FoamPatch& patch : foam_patches(foam)) {
        if (patch.num_faces > 0) ++tag;
        for (long f = patch.start_face; f < patch.start_face + patch.num_faces; ++f)
            patch_face[std::set<double>(faces[std::size_t(f)].begin(),
                                        faces[std::size_t(f)].end())] = {f, tag};
    }
    ASSERT_GT(tag, 1);
    std::set<long> seen;
    for (int p = 0; p < kParts; ++p) {
        vtkNew<vtkXMLUnstructuredGridReader> reader;
        const std::string piece = dir.file("f_" + std::to_string(p) + ".vtu");
        reader->SetFileName(piece.c_str());
        reader->Update();
        vtkUnstructuredGrid* grid = reader->GetOutput();
        const auto boundary = cell_values(grid, "boundary");
        const auto tags = cell_values(grid, "gmsh:physical");
        for (vtkIdType c = 0; c < vtkIdType(boundary.size()); ++c) {
            if (boundary[std::size_t(c)] != 1) continue;
            const auto at = patch_face.find(global_nodes(grid, c));
            ASSERT_NE(at, patch_face.end()) << piece << " cell " << c << " is no patch face";
            const auto [face, face_tag] = at->second;
            EXPECT_TRUE(seen.insert(face).second) << "face " << face << " in two pieces";
            EXPECT_EQ(owner[std::size_t(face)] * kParts / cells, p) << "face " << face;
            EXPECT_EQ(tags[std::size_t(c)], face_tag) << "face " << face;
        }
    }
    EXPECT_EQ(seen.size(), patch_face.size());
}

// Gmsh has no polygon element: a mesh with a polygon face (an OpenFOAM hexahedral case's patch
// face made a polygon of its 4 nodes, through a .vtu as VTK_POLYGON) is refused naming the face's
// tag and patch, nothing written; the same case with its quadrilaterals goes out as a partitioned
// .msh that keeps every patch face.
TEST(BoundaryElementsOpenFoam, GmshOutputRefusesPolygonsAndKeepsQuadrilaterals) {
    ScratchDir dir;
    const std::string foam = source_file("tests/data/openfoam_hex");
    Mesh mesh = formats::read_mesh(foam);
    const std::vector<CellId> top = top_dimensional_cells(mesh);
    std::string parts;
    for (std::size_t c = 0; c < top.size(); ++c) parts += std::to_string(c % 2) + "\n";
    const std::string partition = dir.write("h.part", parts);
    auto r = run_tool("part-convert",
                      foam + " --partition " + partition + " -q -o " + dir.file("h.msh"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Mesh back = formats::read_mesh(dir.file("h.msh"));
    long faces = 0;
    for (const FoamPatch& patch : foam_patches(foam)) faces += patch.num_faces;
    EXPECT_EQ(long(back.num_cells()) - long(top.size()), faces);
    ASSERT_EQ(back.physical_groups.size(), 1U);
    EXPECT_EQ(back.physical_groups[0].name, "walls");

    const CellId last = mesh.num_cells() - 1; // a boundary face
    ASSERT_EQ(mesh.cell_types[std::size_t(last)], CellType::Quadrilateral);
    mesh.cell_types[std::size_t(last)] = CellType::Polygon;
    const std::string vtu = dir.file("polygon.vtu");
    formats::write_vtu(vtu, mesh, all_cells(mesh), {});
    r = run_tool("part-convert", vtu + " --partition " + partition + " -o " + dir.file("p.msh"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("is a polygon of 4 nodes, physical tag 1 (\"walls\"), which gmsh has no "
                         "element type for: write a .vtu or .pvtu instead"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(file_exists(dir.file("p.msh")));
    // The .vtu output keeps it.
    r = run_tool("part-convert", vtu + " --partition " + partition + " -q -o " + dir.file("p.vtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Mesh kept = formats::read_mesh(dir.file("p.vtu"));
    EXPECT_EQ(std::count(kept.cell_types.begin(), kept.cell_types.end(), CellType::Polygon), 1);
}

TEST(BoundaryElementsErrors, BoundaryNeedsPartition) {
    ScratchDir dir;
    const auto r = run_tool("part-convert", source_file("tests/data/mixed2d.msh") +
                                                " --boundary -o " + dir.file("m.graph"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--boundary need --partition"), std::string::npos) << r.err;
}

} // namespace
