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
