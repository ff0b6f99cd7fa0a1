// Exodus II, CGNS and OpenFOAM meshes through VTK's readers: each file (made by the format's
// own tools, tests/data/README.md) reads as the mesh it holds, checked against gmsh's .msh of
// the same mesh or the writer's own count of faces; polyhedra go through a .vtu unchanged; a
// file that is not what its name says is an error naming it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "formats/mesh_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/boundary_elements.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/formats/openfoam_case_files.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

namespace fs = std::filesystem;

// How many top-dimensional cells of each type.
std::map<std::string, int> cell_types_of(const Mesh& mesh) {
    std::map<std::string, int> counts;
    for (CellId c : top_dimensional_cells(mesh)) ++counts[cell_name(mesh.cell_types[c])];
    return counts;
}

// The first `bytes` of `source` as `name` in `dir`: a file cut short.
std::string truncated_copy(const ScratchDir& dir, const std::string& source,
                           const std::string& name, std::size_t bytes) {
    const std::string text = read_text(source);
    return dir.write(name, text.substr(0, std::min(bytes, text.size())));
}

} // namespace

TEST(ExodusMesh, VtksExodusFileOfGmshsMeshReadsAsGmshsMsh) {
    // mixed3d.exo: gmsh's mixed3d mesh (prisms, hexahedra, bottom triangles and quadrangles)
    // written by vtkExodusIIWriter, one element block per cell type.
    const Mesh exo = formats::read_mesh(test_data("mixed3d.exo"));
    const Mesh msh = formats::read_mesh(test_data("mixed3d_v41.msh"));
    EXPECT_EQ(cells_and_dual_edges(exo), cells_and_dual_edges(msh));
    EXPECT_EQ(cell_types_of(exo), cell_types_of(msh));
    EXPECT_EQ(exo.num_points(), msh.num_points()); // blocks share their nodes
    const MeshArray* blocks = exo.find_cell_array("element_block");
    ASSERT_NE(blocks, nullptr);
    std::set<double> ids;
    for (CellId c = 0; c < exo.num_cells(); ++c) ids.insert(blocks->value(std::size_t(c)));
    EXPECT_GE(ids.size(), 4u); // prisms, hexahedra, triangles, quadrangles
    EXPECT_EQ(exo.find_point_array("ImplicitNodeId"), nullptr);
}

// The centroids of the cells below the top dimension whose physical tag is `tag`, sorted and
// rounded: where a physical group's boundary faces lie, whatever the node numbering.
std::vector<std::array<long, 3>> tagged_face_centroids(const Mesh& mesh, int tag) {
    const MeshArray* tags = mesh.find_cell_array(kPhysicalTagArray);
    std::vector<std::array<long, 3>> centroids;
    for (CellId c = 0; tags && c < mesh.num_cells(); ++c) {
        if (cell_dimension(mesh.cell_types[c]) == top_dimension(mesh) ||
            tags->value(std::size_t(c)) != tag)
            continue;
        std::array<double, 3> sum{0, 0, 0};
        for (PointId p : mesh.cell(c))
            for (int a = 0; a < mesh.dim; ++a) sum[a] += mesh.points[std::size_t(p) * mesh.dim + a];
        std::array<long, 3> rounded{};
        for (int a = 0; a < 3; ++a)
            rounded[a] = std::lround(1e6 * sum[a] / double(mesh.cell(c).size()));
        centroids.push_back(rounded);
    }
    std::sort(centroids.begin(), centroids.end());
    return centroids;
}

TEST(ExodusMesh, SideSetsAndBlocksOfFacesAreTaggedBoundaryElementsAsInGmshsMsh) {
    // sidesets3d.exo: gmsh's mesh with inlet and outlet as side sets 2 and 3 and the walls as a
    // block 4 of triangles; sidesets3d.msh: the same mesh as gmsh writes it, with those tags.
    const Mesh exo = formats::read_mesh(test_data("sidesets3d.exo"));
    const Mesh msh = formats::read_mesh(test_data("sidesets3d.msh"));
    EXPECT_EQ(cells_and_dual_edges(exo), cells_and_dual_edges(msh));
    EXPECT_EQ(exo.physical_groups, msh.physical_groups); // fluid, inlet, outlet, walls
    for (int tag : {2, 3, 4}) {
        SCOPED_TRACE(tag);
        const auto faces = tagged_face_centroids(exo, tag);
        EXPECT_FALSE(faces.empty());
        EXPECT_EQ(faces, tagged_face_centroids(msh, tag));
    }
    const auto boundary = find_boundary_elements(exo, top_dimensional_cells(exo));
    EXPECT_EQ(boundary.cells.size(), tagged_face_centroids(msh, 2).size() +
                                         tagged_face_centroids(msh, 3).size() +
                                         tagged_face_centroids(msh, 4).size());
}

TEST(ExodusMesh, SideSetOfIdZeroKeepsItsFacesUnderAFreeTag) {
    // sidesets3d_id0.exo: inlet as side set 0, outlet as side set 3. Tag 0 means no tag, so
    // the inlet takes the tag after the largest id, 4, and keeps its name.
    const Mesh exo = formats::read_mesh(test_data("sidesets3d_id0.exo"));
    const Mesh msh = formats::read_mesh(test_data("sidesets3d.msh"));
    const auto inlet = std::find_if(exo.physical_groups.begin(), exo.physical_groups.end(),
                                    [](const PhysicalGroup& g) { return g.name == "inlet"; });
    ASSERT_NE(inlet, exo.physical_groups.end());
    EXPECT_EQ(inlet->tag, 4);
    EXPECT_FALSE(tagged_face_centroids(exo, 4).empty());
    EXPECT_EQ(tagged_face_centroids(exo, 4), tagged_face_centroids(msh, 2));
    EXPECT_EQ(tagged_face_centroids(exo, 3), tagged_face_centroids(msh, 3));
}

TEST(ExodusMesh, SideSetAndBlockOfFacesSharingAnIdAreAnError) {
    expect_mesh_error(test_data("sidesets3d_clash.exo"), "element block 2 and side set 2");
}

TEST(CgnsMesh, TetgenMeshWrittenByTheCgnsToolsReadsWithTetgensNeighbours) {
    // tetbox.cgns: tetgen's mesh of the unit cube, by tetgen_to_cgns; tetgen's .neigh file
    // lists 216 pairs of tetrahedra sharing a face.
    const Mesh mesh = formats::read_mesh(test_data("tetbox.cgns"));
    EXPECT_EQ(cell_types_of(mesh), (std::map<std::string, int>{{"tetrahedron", 144}}));
    EXPECT_EQ(cells_and_dual_edges(mesh), (std::pair<std::size_t, std::int64_t>{144, 216}));
    EXPECT_EQ(mesh.num_points(), 75);
}

TEST(CgnsMesh, BoundaryConditionPatchesAreTaggedBoundaryElementsAsInGmshsMsh) {
    // sidesets3d.cgns: gmsh's mesh with boundary conditions inlet, outlet and walls on
    // sections of triangles (make_cgns_bc.cpp); sidesets3d.msh: the same mesh as gmsh writes it.
    const Mesh cgns = formats::read_mesh(test_data("sidesets3d.cgns"));
    const Mesh msh = formats::read_mesh(test_data("sidesets3d.msh"));
    EXPECT_EQ(cells_and_dual_edges(cgns), cells_and_dual_edges(msh));
    ASSERT_EQ(cgns.physical_groups.size(), 3u);
    std::size_t faces = 0;
    for (const PhysicalGroup& group : cgns.physical_groups) {
        SCOPED_TRACE(group.name);
        const auto in_msh = std::find_if(
            msh.physical_groups.begin(), msh.physical_groups.end(),
            [&](const PhysicalGroup& g) { return g.name == group.name && g.dim == group.dim; });
        ASSERT_NE(in_msh, msh.physical_groups.end());
        const auto centroids = tagged_face_centroids(cgns, group.tag);
        EXPECT_FALSE(centroids.empty());
        EXPECT_EQ(centroids, tagged_face_centroids(msh, in_msh->tag));
        faces += centroids.size();
    }
    EXPECT_EQ(find_boundary_elements(cgns, top_dimensional_cells(cgns)).cells.size(), faces);
    EXPECT_EQ(cgns.num_points(), msh.num_points()); // the patches' points are the zone's
}

TEST(CgnsMesh, StructuredZoneIsAnError) {
    expect_mesh_error(test_data("structured_block.cgns"), "only unstructured zones are read");
}

TEST(OpenFoamMesh, BlockMeshCaseReadsFromItsFolderControlDictOrFoamFile) {
    // blockMesh's 3 x 2 x 2 hexahedra: 20 internal faces (its neighbour file's header).
    for (const std::string& path :
         {test_data("openfoam_hex"), test_data("openfoam_hex/system/controlDict"),
          test_data("openfoam_hex/case.foam")}) {
        SCOPED_TRACE(path);
        const Mesh mesh = formats::read_mesh(path);
        EXPECT_EQ(cell_types_of(mesh), (std::map<std::string, int>{{"hexahedron", 12}}));
        EXPECT_EQ(cells_and_dual_edges(mesh), (std::pair<std::size_t, std::int64_t>{12, 20}));
        EXPECT_EQ(mesh.num_points(), 36);
    }
}

TEST(OpenFoamMesh, PolyDualMeshKeepsPolyhedraWhole) {
    // polyDualMesh of blockMesh's 2 x 2 x 2 hexahedra: checkMesh counts 9 hexahedra and 18
    // polyhedra, 54 internal faces, each between a different pair of cells.
    const Mesh mesh = formats::read_mesh(test_data("openfoam_polydual"));
    EXPECT_EQ(cell_types_of(mesh),
              (std::map<std::string, int>{{"hexahedron", 9}, {"polyhedron", 18}}));
    EXPECT_EQ(cells_and_dual_edges(mesh), (std::pair<std::size_t, std::int64_t>{27, 54}));
    EXPECT_EQ(mesh.num_points(), 100);
}

// Each patch of constant/polyMesh/boundary with faces is a physical tag, 1, 2, ... in the file's
// order, named by the patch, with as many boundary elements as the patch has faces (nFaces);
// each is the face of that number in the faces file, on the same points, and its adjacent cell
// is the face's owner (the owner file). openfoam_patches has a patch of type empty, kept, and
// one without faces, left out.
class OpenFoamPatches : public testing::TestWithParam<const char*> {};

TEST_P(OpenFoamPatches, EachPatchIsATagWithItsFacesOnTheirOwners) {
    const std::string dir = test_data(GetParam());
    const Mesh mesh = formats::read_mesh(dir);
    std::vector<PhysicalGroup> groups;
    std::map<int, std::size_t> faces_per_tag;
    std::vector<std::int32_t> tag_of_face; // by face number, 0 off the patches
    for (const FoamPatch& patch : foam_patches(dir)) {
        tag_of_face.resize(std::size_t(patch.start_face + patch.num_faces), 0);
        if (patch.num_faces == 0) continue;
        const auto tag = std::int32_t(groups.size() + 1);
        groups.push_back({2, tag, patch.name});
        faces_per_tag[tag] = std::size_t(patch.num_faces);
        for (long f = patch.start_face; f < patch.start_face + patch.num_faces; ++f)
            tag_of_face[std::size_t(f)] = tag;
    }
    ASSERT_FALSE(groups.empty());
    EXPECT_EQ(mesh.physical_groups, groups);
    EXPECT_EQ(boundary_elements_per_tag(mesh), faces_per_tag);

    // The reader keeps the points file's order, so faces compare by point id.
    const auto points = foam_points(dir);
    ASSERT_EQ(std::size_t(mesh.num_points()), points.size());
    for (PointId p = 0; p < mesh.num_points(); ++p)
        for (int a = 0; a < 3; ++a)
            ASSERT_FLOAT_EQ(float(mesh.points[std::size_t(p * 3 + a)]),
                            float(points[std::size_t(p)][std::size_t(a)]));
    const auto faces = foam_faces(dir);
    const auto owner = foam_labels(dir + "/constant/polyMesh/owner");
    std::map<std::pair<std::set<PointId>, std::int32_t>, long> face_of; // (points, tag) -> face
    for (std::size_t f = 0; f < tag_of_face.size(); ++f)
        if (tag_of_face[f] != 0)
            face_of[{std::set<PointId>(faces[f].begin(), faces[f].end()), tag_of_face[f]}] =
                long(f);
    const std::vector<CellId> top = top_dimensional_cells(mesh);
    const BoundaryElements boundary = find_boundary_elements(mesh, top);
    const MeshArray* tags = mesh.find_cell_array(kPhysicalTagArray);
    std::set<long> seen;
    for (std::size_t i = 0; i < boundary.cells.size(); ++i) {
        const CellId c = boundary.cells[i];
        const auto nodes = mesh.cell(c);
        const auto at = face_of.find({std::set<PointId>(nodes.begin(), nodes.end()),
                                      std::int32_t(tags->value(std::size_t(c)))});
        ASSERT_NE(at, face_of.end()) << "boundary element " << c << " is no face of its patch";
        EXPECT_TRUE(seen.insert(at->second).second) << "face " << at->second << " twice";
        EXPECT_EQ(top[std::size_t(boundary.adjacent[i])], owner[std::size_t(at->second)])
            << "face " << at->second;
        // Triangles and quadrilaterals stay so; larger faces are polygons.
        const std::size_t n = faces[std::size_t(at->second)].size();
        EXPECT_EQ(mesh.cell_types[std::size_t(c)], n == 3   ? CellType::Triangle
                                                   : n == 4 ? CellType::Quadrilateral
                                                            : CellType::Polygon);
    }
}

INSTANTIATE_TEST_SUITE_P(Cases, OpenFoamPatches,
                         testing::Values("openfoam_hex", "openfoam_polydual", "openfoam_patches"));

TEST(OpenFoamMesh, PolyDualPatchesHavePolygons) {
    // polyDualMesh makes the faces around the box's corners and edges polygons of 5 nodes or
    // more (the faces file): they are polygons, and go through a .vtu as VTK_POLYGON.
    const std::string dir = test_data("openfoam_patches");
    const auto faces = foam_faces(dir);
    long large = 0;
    for (const FoamPatch& patch : foam_patches(dir))
        for (long f = patch.start_face; f < patch.start_face + patch.num_faces; ++f)
            large += faces[std::size_t(f)].size() > 4;
    const Mesh mesh = formats::read_mesh(dir);
    ASSERT_GT(large, 0);
    EXPECT_EQ(std::count(mesh.cell_types.begin(), mesh.cell_types.end(), CellType::Polygon), large);
    ScratchDir scratch;
    formats::write_vtu(scratch.file("p.vtu"), mesh, all_cells(mesh), {});
    const Mesh back = formats::read_mesh(scratch.file("p.vtu"));
    EXPECT_EQ(back.cell_types, mesh.cell_types);
    EXPECT_EQ(back.cell_nodes, mesh.cell_nodes);
    EXPECT_EQ(boundary_elements_per_tag(back), boundary_elements_per_tag(mesh));
    EXPECT_EQ(back.physical_groups, mesh.physical_groups);
}

TEST(OpenFoamMesh, PatchFaceOffItsOwnerIsAnErrorNamingThePatch) {
    // A walls face moved onto a new point that no cell uses: VTK's reader gives the internal
    // mesh every point of the points file, so the face reads, but no cell holds it and no part
    // can own it: the error names the patch.
    ScratchDir scratch;
    const std::string dir = scratch.path() + "/case";
    fs::copy(test_data("openfoam_hex"), dir, fs::copy_options::recursive);
    const std::string points_path = dir + "/constant/polyMesh/points";
    const std::string faces_path = dir + "/constant/polyMesh/faces";
    const std::string n = std::to_string(foam_points(dir).size());
    std::string points = read_text(points_path), faces = read_text(faces_path);
    points.insert(points.rfind(')'), "(9 9 9)\n");
    const std::size_t count_at = points.find("\n" + n + "\n(");
    ASSERT_NE(count_at, std::string::npos);
    points.replace(count_at + 1, n.size(), std::to_string(std::stol(n) + 1));
    std::ofstream(points_path, std::ios::trunc) << points;
    const std::size_t last_face = faces.rfind("4("); // the last patch's last face
    faces.replace(last_face + 2, faces.find(' ', last_face) - last_face - 2, n);
    std::ofstream(faces_path, std::ios::trunc) << faces;
    const Mesh mesh = formats::read_mesh(dir);
    try {
        find_boundary_elements(mesh, top_dimensional_cells(mesh));
        ADD_FAILURE() << "a face off its owner was given a cell";
    } catch (const MeshError& e) {
        EXPECT_NE(std::string(e.what()).find("physical tag 1 \"walls\") has no adjacent cell"),
                  std::string::npos)
            << e.what();
    }
}

TEST(OpenFoamMesh, FolderWithoutCaseIsAnError) {
    ScratchDir dir;
    expect_mesh_error(dir.path(), "not an OpenFOAM case: it has no system/controlDict");
}

TEST(PolyhedronVtu, PolyhedraRoundTripThroughVtu) {
    ScratchDir dir;
    const Mesh mesh = formats::read_mesh(test_data("openfoam_polydual"));
    const std::vector<CellId> cells = all_cells(mesh);
    const std::string path = dir.file("poly.vtu");
    formats::write_vtu(path, mesh, cells, {});
    const Mesh back = formats::read_mesh(path);
    EXPECT_EQ(back.cell_types, mesh.cell_types);
    EXPECT_EQ(back.cell_offsets, mesh.cell_offsets);
    EXPECT_EQ(back.cell_nodes, mesh.cell_nodes);
    EXPECT_EQ(back.face_offsets, mesh.face_offsets);
    EXPECT_EQ(back.cell_faces, mesh.cell_faces);
    EXPECT_EQ(back.points, mesh.points);
    EXPECT_EQ(cells_and_dual_edges(back), cells_and_dual_edges(mesh));
}

TEST(VtkMultiblockMesh, TruncatedOrForeignFilesAreErrorsNamingThem) {
    ScratchDir dir;
    for (const std::string ext : {".exo", ".cgns"}) {
        SCOPED_TRACE(ext);
        const std::string source = test_data(ext == ".exo" ? "mixed3d.exo" : "tetbox.cgns");
        expect_mesh_error(truncated_copy(dir, source, "cut" + ext, 2000), "");
        expect_mesh_error(dir.write("text" + ext, "this is not a mesh\n"),
                          "does not start like one");
        expect_mesh_error(dir.file("missing" + ext), "does not exist");
    }
}

TEST(VtkMultiblockMesh, TruncatedPolyMeshIsAnError) {
    ScratchDir dir;
    fs::copy(test_data("openfoam_hex"), dir.path() + "/case", fs::copy_options::recursive);
    const std::string faces = dir.path() + "/case/constant/polyMesh/faces";
    const std::string text = read_text(faces);
    std::ofstream(faces, std::ios::trunc) << text.substr(0, text.size() / 2);
    expect_mesh_error(dir.path() + "/case", "OpenFOAM");
}
