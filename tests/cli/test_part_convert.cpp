#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <tuple>

#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkFieldData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkStringArray.h>
#include <vtkUnstructuredGrid.h>
#include <vtkXMLPUnstructuredGridReader.h>
#include <vtkXMLUnstructuredGridReader.h>

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/mesh_file.hpp"
#include "formats/partition_file.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "libpart/mesh/mesh_weights.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// Meshes tests/data/<geo>.geo with gmsh (.msh 4.1 ASCII).
std::string gmsh_mesh(const ScratchDir& dir, const std::string& geo, int dim) {
    const std::string out = dir.file(geo + ".msh");
    const auto r =
        run_command("gmsh -" + std::to_string(dim) + " " +
                    source_file("tests/data/" + geo + ".geo") + " -format msh41 -o " + out);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return out;
}

// Our graph of `mesh` must equal m2gmetis's for the same rule, neighbour order included
// (both list neighbours as METIS finds them and number cells in file order).
void expect_same_as_m2gmetis(const ScratchDir& dir, const std::string& mesh,
                             const std::string& ours_options, const std::string& m2gmetis_options) {
    const std::string metis_mesh = dir.file("cells.mesh");
    auto r = run_tool("part-convert", mesh + " -o " + metis_mesh);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_command("m2gmetis " + m2gmetis_options + " " + metis_mesh + " " +
                    dir.file("m2gmetis.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    r = run_tool("part-convert", mesh + " " + ours_options + " -o " + dir.file("ours.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Graph theirs = formats::read_chaco_graph(dir.file("m2gmetis.graph"));
    const Graph ours = formats::read_chaco_graph(dir.file("ours.graph"));
    EXPECT_GT(ours.num_edges(), 0);
    EXPECT_EQ(ours.num_vertices(), theirs.num_vertices());
    EXPECT_EQ(ours.num_edges(), theirs.num_edges());
    EXPECT_EQ(ours.xadj, theirs.xadj);
    EXPECT_EQ(ours.adjncy, theirs.adjncy);
}

// Converts `mesh` to dir/<stem>.graph and partitions it into k parts with METIS; returns
// the partition file (dir/<stem>.graph.part.<k>).
std::string graph_and_partition(const ScratchDir& dir, const std::string& mesh,
                                const std::string& stem, int k) {
    const std::string graph = dir.file(stem + ".graph");
    auto r = run_tool("part-convert", mesh + " -o " + graph + " -q");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    r = run_command(tool("part-partition") + " " + graph + " -k " + std::to_string(k) +
                    " --method metis -q");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return graph + ".part." + std::to_string(k);
}

template <typename Reader> vtkSmartPointer<vtkUnstructuredGrid> read_grid(const std::string& path) {
    vtkNew<Reader> reader;
    reader->SetFileName(path.c_str());
    reader->Update();
    vtkSmartPointer<vtkUnstructuredGrid> grid = reader->GetOutput();
    return grid;
}

std::vector<double> values(vtkDataArray* array) {
    std::vector<double> v;
    if (!array) return v;
    for (vtkIdType i = 0; i < array->GetNumberOfTuples(); ++i) v.push_back(array->GetTuple1(i));
    return v;
}

std::vector<double> as_doubles(const std::vector<PartId>& part) {
    return {part.begin(), part.end()};
}

} // namespace

TEST(PartConvert, ReproducesShippedNacaGraphAndCentroids) {
    ScratchDir dir;
    const auto r = run_tool("part-convert",
                            source_file("data/naca0012.msh") + " -o " + dir.file("naca.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Byte comparisons without dumping megabytes on failure.
    EXPECT_TRUE(read_text(dir.file("naca.graph")) == read_text(source_file("data/naca0012.graph")));
    EXPECT_TRUE(read_text(dir.file("naca.xyz")) == read_text(source_file("data/naca0012.xyz")));
    // The shipped graph was first made with m2gmetis: the adjacency is the same.
    const Graph ours = formats::read_chaco_graph(dir.file("naca.graph"));
    EXPECT_EQ(ours.num_vertices(), 19886);
    EXPECT_EQ(ours.num_edges(), 29647);
}

TEST(PartConvert, DualGraphEqualsM2gmetisOnNaca) {
    if (!have_program("m2gmetis")) GTEST_SKIP() << "m2gmetis not installed (package metis)";
    ScratchDir dir;
    expect_same_as_m2gmetis(dir, source_file("data/naca0012.msh"), "", "-gtype=dual -ncommon=2");
}

TEST(PartConvert, DualGraphEqualsM2gmetisOnGmshTetrahedra) {
    if (!have_program("m2gmetis") || !have_program("gmsh"))
        GTEST_SKIP() << "needs m2gmetis and gmsh";
    ScratchDir dir;
    const std::string mesh = gmsh_mesh(dir, "box3d", 3);
    expect_same_as_m2gmetis(dir, mesh, "", "-gtype=dual -ncommon=3");
    expect_same_as_m2gmetis(dir, mesh, "--ncommon 2", "-gtype=dual -ncommon=2");
}

TEST(PartConvert, DualAndNodalGraphsEqualM2gmetisOnHexahedraAndPrisms) {
    if (!have_program("m2gmetis") || !have_program("gmsh"))
        GTEST_SKIP() << "needs m2gmetis and gmsh";
    ScratchDir dir;
    const std::string mesh = gmsh_mesh(dir, "mixed3d", 3);
    expect_same_as_m2gmetis(dir, mesh, "", "-gtype=dual -ncommon=3");
    expect_same_as_m2gmetis(dir, mesh, "--ncommon 1", "-gtype=dual -ncommon=1");
    expect_same_as_m2gmetis(dir, mesh, "--nodal", "-gtype=nodal");
}

// part-convert streams the dual graph and its centroids without holding them; the files must
// be exactly what build_dual_graph, write_chaco_graph and write_coordinates make, with weights
// and sizes from cell arrays, on meshes with boundary cells of every dimension and element
// types triangle, quadrilateral, tetrahedron, prism and hexahedron.
TEST(PartConvert, StreamedDualGraphEqualsTheBuiltGraph) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    for (const auto& [geo, dim] :
         std::vector<std::pair<std::string, int>>{{"mixed2d", 2}, {"mixed3d", 3}, {"box3d", 3}}) {
        const std::string path = gmsh_mesh(dir, geo, dim);
        const Mesh mesh = formats::read_mesh(path);
        for (int ncommon : {0, 1, 2}) {
            SCOPED_TRACE(geo + " ncommon " + std::to_string(ncommon));
            const auto r =
                run_tool("part-convert",
                         path + " --weight-field gmsh:physical --size-field gmsh:geometrical" +
                             (ncommon > 0 ? " --ncommon " + std::to_string(ncommon) : "") +
                             " -q -o " + dir.file("streamed.graph"));
            ASSERT_EQ(r.exit_code, 0) << r.err;
            DualGraph dual = build_dual_graph(mesh, ncommon);
            dual.graph.ncon = 1;
            dual.graph.vwgt =
                weights_from_array(*mesh.find_cell_array("gmsh:physical"), dual.cells);
            dual.graph.vsize =
                weights_from_array(*mesh.find_cell_array("gmsh:geometrical"), dual.cells);
            formats::write_chaco_graph(dir.file("built.graph"), dual.graph);
            formats::write_coordinates(dir.file("built.xyz"), dual.graph.coords);
            EXPECT_GT(dual.graph.num_edges(), 0);
            EXPECT_TRUE(read_text(dir.file("streamed.graph")) ==
                        read_text(dir.file("built.graph")));
            EXPECT_TRUE(read_text(dir.file("streamed.xyz")) == read_text(dir.file("built.xyz")));
        }
        if (geo != "box3d") { // the boundary cells were there to be dropped
            EXPECT_LT(top_dimensional_cells(mesh).size(), std::size_t(mesh.num_cells()));
        }
    }
}

TEST(PartConvertErrors, GraphWithoutItsCoordinatesIsRemoved) {
    ScratchDir dir;
    std::filesystem::create_directory(dir.file("x.xyz")); // the coordinates cannot be written
    const auto r =
        run_tool("part-convert", source_file("data/naca0012.msh") + " -o " + dir.file("x.graph"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(dir.file("x.xyz")), std::string::npos) << r.err;
    int files = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++files;
    EXPECT_EQ(files, 1); // only the folder in the way: no graph, no temporaries
}

TEST(PartConvert, RoundTripMshGraphPartitionVtu) {
    ScratchDir dir;
    const std::string mesh = source_file("data/naca0012.msh");
    graph_and_partition(dir, mesh, "naca", 4);
    auto r = run_command(tool("part-partition") + " " + dir.file("naca.graph") +
                         " -k 4 --method metis --seed 5 -q -o " + dir.file("old.part"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-convert", mesh + " --partition " + dir.file("naca.graph.part.4") +
                                     " --old-partition " + dir.file("old.part") +
                                     " --no-boundary -o " + dir.file("naca.vtu") + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);

    const auto part = formats::read_partition(dir.file("naca.graph.part.4"), 19886).part;
    const auto old = formats::read_partition(dir.file("old.part"), 19886).part;
    auto grid = read_grid<vtkXMLUnstructuredGridReader>(dir.file("naca.vtu"));
    ASSERT_EQ(grid->GetNumberOfCells(), 19886);
    EXPECT_EQ(grid->GetNumberOfPoints(), 10125);
    EXPECT_EQ(values(grid->GetCellData()->GetArray("partition")), as_doubles(part));
    EXPECT_EQ(values(grid->GetCellData()->GetArray("old_partition")), as_doubles(old));
    const auto moved = values(grid->GetCellData()->GetArray("moved"));
    ASSERT_EQ(moved.size(), part.size());
    std::size_t moved_count = 0;
    for (std::size_t i = 0; i < part.size(); ++i) {
        EXPECT_EQ(moved[i], part[i] != old[i] ? 1 : 0);
        moved_count += part[i] != old[i];
    }
    EXPECT_EQ(report["moved_cells"], moved_count);
    // The original fields, restricted to the triangles: all in physical group 3 ("fluid").
    const auto physical = values(grid->GetCellData()->GetArray("gmsh:physical"));
    ASSERT_EQ(physical.size(), 19886u);
    EXPECT_TRUE(std::all_of(physical.begin(), physical.end(), [](double v) { return v == 3; }));
    EXPECT_NE(grid->GetCellData()->GetArray("gmsh:geometrical"), nullptr);
    EXPECT_EQ(grid->GetCellType(0), 5); // VTK_TRIANGLE

    // Same inputs, same bytes.
    r = run_tool("part-convert", mesh + " --partition " + dir.file("naca.graph.part.4") +
                                     " --old-partition " + dir.file("old.part") +
                                     " --no-boundary -o " + dir.file("again.vtu") + " -q");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("again.vtu")), read_text(dir.file("naca.vtu")));
}

// The gmsh physical and elementary tags reach the .vtu as cell arrays, cell by cell, on a
// mesh whose boundary lines (another physical group) are left out of the output.
TEST(PartConvert, GmshTagsReachTheVtuCellByCell) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    const std::string path = gmsh_mesh(dir, "mixed2d", 2);
    const Mesh mesh = formats::read_mesh(path);
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    ASSERT_LT(cells.size(), std::size_t(mesh.num_cells()));
    std::string parts;
    for (std::size_t i = 0; i < cells.size(); ++i) parts += std::to_string(i % 2) + "\n";
    const auto r = run_tool("part-convert", path + " --partition " + dir.write("p", parts) +
                                                " --no-boundary -q -o " + dir.file("tags.vtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto grid = read_grid<vtkXMLUnstructuredGridReader>(dir.file("tags.vtu"));
    for (const char* name : {"gmsh:physical", "gmsh:geometrical"}) {
        SCOPED_TRACE(name);
        vtkDataArray* array = grid->GetCellData()->GetArray(name);
        ASSERT_NE(array, nullptr);
        EXPECT_EQ(array->GetDataType(), VTK_INT); // tags stay 32-bit integers
        const MeshArray& tags = *mesh.find_cell_array(name);
        std::vector<double> expected;
        for (CellId c : cells) expected.push_back(tags.value(std::size_t(c)));
        EXPECT_EQ(values(array), expected);
        // Two surfaces, two tags ("left" and "right"): the check above can see a shift.
        EXPECT_NE(std::count(expected.begin(), expected.end(), expected.front()),
                  std::ptrdiff_t(expected.size()));
    }
    // The group names, as field data ParaView shows, and back in a mesh read from the .vtu.
    auto* names =
        vtkStringArray::SafeDownCast(grid->GetFieldData()->GetAbstractArray("gmsh:physical_names"));
    ASSERT_NE(names, nullptr);
    std::vector<std::string> listed;
    for (vtkIdType i = 0; i < names->GetNumberOfValues(); ++i) listed.push_back(names->GetValue(i));
    EXPECT_EQ(listed, (std::vector<std::string>{"wall", "left", "right"}));
    EXPECT_EQ(formats::read_mesh(dir.file("tags.vtu")).physical_groups, mesh.physical_groups);
}

TEST(PartConvert, SplitWritesPiecesWithGhostLayer) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    const std::string mesh = gmsh_mesh(dir, "mixed3d", 3);
    graph_and_partition(dir, mesh, "m", 3);
    auto r = run_tool("part-convert", mesh + " --partition " + dir.file("m.graph.part.3") +
                                          " --no-boundary --split --ghost-layers 1 -o " +
                                          dir.file("m.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (int p = 0; p < 3; ++p)
        EXPECT_TRUE(file_exists(dir.file("m_" + std::to_string(p) + ".vtu")));
    const Graph graph = formats::read_chaco_graph(dir.file("m.graph"));
    const auto part =
        formats::read_partition(dir.file("m.graph.part.3"), graph.num_vertices()).part;

    auto whole = read_grid<vtkXMLPUnstructuredGridReader>(dir.file("m.pvtu"));
    const auto ghost = values(whole->GetCellData()->GetArray("vtkGhostType"));
    const auto ids = values(whole->GetCellData()->GetArray("GlobalCellIds"));
    const auto parts = values(whole->GetCellData()->GetArray("partition"));
    ASSERT_EQ(ghost.size(), ids.size());
    ASSERT_GT(ghost.size(), std::size_t(graph.num_vertices())); // some ghosts
    std::vector<int> owned(std::size_t(graph.num_vertices()), 0);
    for (std::size_t i = 0; i < ghost.size(); ++i) {
        EXPECT_EQ(parts[i], part[std::size_t(ids[i])]); // fields follow the cells
        if (ghost[i] == 0) ++owned[std::size_t(ids[i])];
    }
    // Every cell is owned by exactly one piece.
    EXPECT_TRUE(std::all_of(owned.begin(), owned.end(), [](int n) { return n == 1; }));
    EXPECT_NE(whole->GetPointData()->GetArray("GlobalNodeIds"), nullptr);
    EXPECT_NE(whole->GetCellData()->GetArray("gmsh:physical"), nullptr);
}

// Issue 27: -o X.pvtu without --split wrote one .vtu under the .pvtu name, which VTK's parallel
// reader cannot open, and reported success. A .pvtu output is a partitioned dataset: it implies
// --split, as written with it.
TEST(PartConvert, PvtuOutputWithoutSplitWritesAPartitionedDataset) {
    ScratchDir dir;
    const std::string mesh = source_file("data/naca0012.msh");
    const std::string partition = graph_and_partition(dir, mesh, "naca", 3);
    auto r = run_tool("part-convert", mesh + " --partition " + partition + " --no-boundary -q -o " +
                                          dir.file("implied.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-convert", mesh + " --partition " + partition +
                                     " --no-boundary --split -q -o " + dir.file("split.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Graph graph = formats::read_chaco_graph(dir.file("naca.graph"));
    auto whole = read_grid<vtkXMLPUnstructuredGridReader>(dir.file("implied.pvtu"));
    ASSERT_NE(whole, nullptr);
    EXPECT_EQ(whole->GetNumberOfCells(), vtkIdType(graph.num_vertices()));
    for (int p = 0; p < 3; ++p) {
        const std::string piece = "_" + std::to_string(p) + ".vtu";
        EXPECT_TRUE(read_text(dir.file("implied" + piece)) == read_text(dir.file("split" + piece)))
            << piece;
    }
}

// Pieces read back as a .pvtu join into the original mesh: same graph, same fields.
TEST(PartConvert, PvtuPiecesJoinBackIntoTheMesh) {
    ScratchDir dir;
    const std::string mesh = source_file("data/naca0012.msh");
    graph_and_partition(dir, mesh, "naca", 5);
    auto r = run_tool("part-convert", mesh + " --partition " + dir.file("naca.graph.part.5") +
                                          " --split --ghost-layers 1 -o " + dir.file("naca.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-convert", dir.file("naca.pvtu") + " --weight-field partition -o " +
                                     dir.file("joined.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Graph original = formats::read_chaco_graph(dir.file("naca.graph"));
    const Graph joined = formats::read_chaco_graph(dir.file("joined.graph"));
    EXPECT_EQ(joined.xadj, original.xadj);
    EXPECT_EQ(joined.adjncy, original.adjncy);
    const auto part = formats::read_partition(dir.file("naca.graph.part.5"), 19886).part;
    EXPECT_EQ(joined.vwgt, std::vector<Weight>(part.begin(), part.end()));
    EXPECT_EQ(read_text(dir.file("joined.xyz")), read_text(dir.file("naca.xyz")));
    // A missing piece is named, not silently dropped.
    std::filesystem::remove(dir.file("naca_3.vtu"));
    r = run_tool("part-convert", dir.file("naca.pvtu") + " -o " + dir.file("broken.graph"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(dir.file("naca.pvtu")), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir.file("broken.graph")));
}

TEST(PartConvert, WeightAndSizeFieldsFromCellArrays) {
    ScratchDir dir;
    const std::string vtk = dir.write(
        "two.vtk", "# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\n"
                   "POINTS 4 double\n0 0 0 1 0 0 0 1 0 1 1 0\nCELLS 2 8\n3 0 1 2\n3 1 3 2\n"
                   "CELL_TYPES 2\n5\n5\nCELL_DATA 2\nSCALARS cost int 1\n"
                   "LOOKUP_TABLE default\n4 7\nSCALARS bytes int 1\n"
                   "LOOKUP_TABLE default\n100 200\n");
    auto r = run_tool("part-convert",
                      vtk + " --weight-field cost --size-field bytes -o " + dir.file("w.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("w.graph")), "2 1 110\n100 4 2\n200 7 1\n");
    EXPECT_EQ(read_text(dir.file("w.xyz")),
              read_text(dir.write("expected.xyz", "0.3333333333333333 0.3333333333333333\n"
                                                  "0.6666666666666666 0.6666666666666666\n")));
}

// A measured cost per cell (real-valued) weighs the graph with --weight-scale.
TEST(PartConvert, WeightScaleRoundsARealValuedField) {
    ScratchDir dir;
    const std::string vtk = dir.write(
        "two.vtk", "# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\n"
                   "POINTS 4 double\n0 0 0 1 0 0 0 1 0 1 1 0\nCELLS 2 8\n3 0 1 2\n3 1 3 2\n"
                   "CELL_TYPES 2\n5\n5\nCELL_DATA 2\nSCALARS cost double 1\n"
                   "LOOKUP_TABLE default\n0.125 2.5\n");
    auto r = run_tool("part-convert", vtk + " --weight-field cost -o " + dir.file("x.graph"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("a weight scale turns real values into integers"), std::string::npos)
        << r.err;
    EXPECT_FALSE(file_exists(dir.file("x.graph")));
    r = run_tool("part-convert",
                 vtk + " --weight-field cost --weight-scale 100 -o " + dir.file("w.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("w.graph")), "2 1 010\n13 2\n250 1\n");
    r = run_tool("part-convert", vtk + " --weight-scale 100 -o " + dir.file("y.graph"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--weight-scale needs --weight-field or --size-field"), std::string::npos)
        << r.err;
}

TEST(PartConvertErrors, UnknownFieldListsTheFieldsThatExist) {
    ScratchDir dir;
    const auto r =
        run_tool("part-convert", source_file("data/naca0012.msh") + " --weight-field pressure -o " +
                                     dir.file("x.graph"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(
        r.err.find(
            "no cell field 'pressure'; the mesh has cell fields: gmsh:physical, gmsh:geometrical"),
        std::string::npos)
        << r.err;
    EXPECT_FALSE(file_exists(dir.file("x.graph")));
    EXPECT_FALSE(file_exists(dir.file("x.xyz")));
}

// Weights are read from the top-dimensional cells only (a boundary line's value is not a
// weight), and a bad one is named by its tuple in the file's array, not by graph vertex.
TEST(PartConvertErrors, BadWeightNamesTheArrayTuple) {
    ScratchDir dir;
    auto mesh_with_costs = [&](const std::string& costs) {
        return dir.write("costs.vtk",
                         "# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\n"
                         "POINTS 4 double\n0 0 0 1 0 0 0 1 0 1 1 0\nCELLS 3 11\n2 0 1\n"
                         "3 0 1 2\n3 1 3 2\nCELL_TYPES 3\n3\n5\n5\nCELL_DATA 3\n"
                         "SCALARS cost int 1\nLOOKUP_TABLE default\n" +
                             costs + "\n");
    };
    auto r = run_tool("part-convert",
                      mesh_with_costs("-5 4 7") + " --weight-field cost -o " + dir.file("w.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(dir.file("w.graph")), "2 1 010\n4 2\n7 1\n");
    r = run_tool("part-convert",
                 mesh_with_costs("5 4 -7") + " --weight-field cost -o " + dir.file("x.graph"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("'cost' holds -7.000000 at tuple 2"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir.file("x.graph")));
}

TEST(PartConvertErrors, PartitionOfTheWrongLength) {
    ScratchDir dir;
    const auto r =
        run_tool("part-convert", source_file("data/naca0012.msh") + " --partition " +
                                     dir.write("p", "0\n1\n0\n") + " -o " + dir.file("x.vtu"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("expected one part id per top-dimensional cell"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("19886 lines"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir.file("x.vtu")));
}

TEST(PartConvertErrors, BadMeshLeavesNoOutput) {
    ScratchDir dir;
    const std::string bad =
        dir.write("bad.msh", "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 1 1 1\n2 1 0 1\n1\n"
                             "0 0 0\n$EndNodes\n$Elements\n1 1 1 1\n2 1 2 1\n1 1 2 3\n"
                             "$EndElements\n");
    const auto r = run_tool("part-convert", bad + " -o " + dir.file("x.graph"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("error: " + bad + ":13: element 1 refers to node 2, out of range"),
              std::string::npos)
        << r.err;
    int files = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++files;
    EXPECT_EQ(files, 1); // only the input
}

// Issue 24: VTK's reader crashed on these (a cell count of -1, an appended offset off by one);
// the tool reports the file and line and exits 1.
TEST(PartConvertErrors, MalformedVtuIsAnErrorNotACrash) {
    ScratchDir dir;
    auto made = run_tool("part-convert",
                         source_file("data/naca0012.msh") + " -q -o " + dir.file("good.graph"));
    ASSERT_EQ(made.exit_code, 0) << made.err;
    std::string parts;
    for (int c = 0; c < 19886; ++c) parts += std::to_string(c % 2) + "\n";
    made =
        run_tool("part-convert", source_file("data/naca0012.msh") + " --partition " +
                                     dir.write("p.part", parts) + " -q -o " + dir.file("good.vtu"));
    ASSERT_EQ(made.exit_code, 0) << made.err;
    const std::string text = read_text(dir.file("good.vtu"));
    const auto line_of = [&](const std::string& needle) {
        return std::to_string(1 + std::count(text.begin(), text.begin() + text.find(needle), '\n'));
    };
    const auto offset = text.find("offset=\"", text.find("Name=\"Points\"")) + 8;
    const auto digits = text.find('"', offset) - offset;
    std::string shifted = text;
    shifted.replace(offset, digits, std::to_string(std::stoll(text.substr(offset, digits)) + 1));
    std::string negative = text;
    negative.replace(negative.find("NumberOfCells=\""), 15, "NumberOfCells=\"-");
    for (const auto& [name, bad, line] :
         {std::tuple{"negative.vtu", negative, line_of("<Piece ")},
          std::tuple{"shifted.vtu", shifted, line_of("Name=\"Points\"")}}) {
        const std::string path = dir.write(name, bad);
        const auto r = run_tool("part-convert", path + " -o " + dir.file("bad.graph"));
        EXPECT_EQ(r.exit_code, 1) << name << ": " << r.err;
        EXPECT_EQ(r.err.rfind("error: " + path + ":" + line + ": ", 0), 0u) << r.err;
        EXPECT_FALSE(file_exists(dir.file("bad.graph")));
    }
}

// Issue 24 (R1): VTK's legacy reader aborted on this file (a line of CELLS repeated: the
// cell counts no longer match the declared size); the tool reports the file and line.
TEST(PartConvertErrors, MalformedLegacyVtkIsAnErrorNotACrash) {
    ScratchDir dir;
    const std::string path =
        copy_into(dir, source_file("tests/data/legacy_vtk_repeated_cells.vtk"));
    const auto r =
        run_tool("part-convert", path + " --weight-field weight -o " + dir.file("bad.graph"));
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err.rfind("error: " + path + ":52: ", 0), 0u) << r.err;
    EXPECT_FALSE(file_exists(dir.file("bad.graph")));
}

TEST(PartConvertErrors, UsageErrors) {
    ScratchDir dir;
    const std::string mesh = source_file("data/naca0012.msh");
    EXPECT_EQ(run_tool("part-convert", mesh).exit_code, 2); // no -o
    EXPECT_EQ(run_tool("part-convert", mesh + " -o " + dir.file("x.vtu")).exit_code,
              2); // .vtu needs --partition
    EXPECT_EQ(run_tool("part-convert", mesh + " --split -o " + dir.file("x.graph")).exit_code,
              2); // --split needs --partition
    EXPECT_EQ(
        run_tool("part-convert", mesh + " --nodal --ncommon 2 -o " + dir.file("x.graph")).exit_code,
        2);
    EXPECT_EQ(run_tool("part-convert", mesh + " --ncommon 0 -o " + dir.file("x.graph")).exit_code,
              2);
    EXPECT_EQ(run_tool("part-convert", mesh + " -o " + dir.file("x.xyz")).exit_code,
              2); // graph and coordinates would collide
    const auto r = run_tool("part-convert", mesh + " --help");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("Example:"), std::string::npos);
}
