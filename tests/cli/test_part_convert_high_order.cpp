// part-convert on gmsh's second-order meshes (issue 27): the graph is the first-order mesh's,
// byte for byte, and the partitioned .pvtu holds the whole quadratic cells, boundary faces
// included, as VTK's quadratic cell types (third order: Lagrange cells); part-repart under
// mpiexec moves both whole.
#include <gtest/gtest.h>

#include <vtkCell.h>
#include <vtkCellType.h>
#include <vtkNew.h>
#include <vtkUnstructuredGrid.h>
#include <vtkXMLPUnstructuredGridReader.h>
#include <vtkXMLUnstructuredGridReader.h>

#include <map>
#include <sstream>
#include <string>

#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// Meshes tests/data/mixed3d.geo (prisms, hexahedra, tagged bottom faces) with gmsh.
std::string mixed3d(const ScratchDir& dir, const std::string& name, const std::string& options) {
    const std::string out = dir.file(name);
    const auto r = run_command("gmsh -3 " + options + " " + source_file("tests/data/mixed3d.geo") +
                               " -o " + out);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return out;
}

// Meshes mixed3d.geo at `order` (gmsh's option) into q.msh, writes its graph q.graph,
// partitions it into k parts and writes the partition onto the mesh as q.pvtu with `options`.
void quadratic_dataset(const ScratchDir& dir, int k, const std::string& options,
                       const std::string& order = "-order 2") {
    const std::string mesh = mixed3d(dir, "q.msh", order);
    auto r = run_tool("part-convert", mesh + " -q -o " + dir.file("q.graph"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const std::string part = dir.file("q.graph.part." + std::to_string(k));
    r = run_command(tool("part-partition") + " " + dir.file("q.graph") + " -k " +
                    std::to_string(k) + " --method metis -q");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-convert",
                 mesh + " --partition " + part + " " + options + " -q -o " + dir.file("q.pvtu"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
}

// VTK cell type -> (cells, points per cell; -1 when they differ).
std::map<int, std::pair<int, int>> cell_types_of(vtkUnstructuredGrid* grid) {
    std::map<int, std::pair<int, int>> types;
    for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
        const int points = int(grid->GetCell(c)->GetNumberOfPoints());
        auto [it, added] = types.try_emplace(grid->GetCellType(c), 0, points);
        ++it->second.first;
        if (it->second.second != points) it->second.second = -1;
    }
    return types;
}

// cell_types_of the dataset a .pvtu joins.
std::map<int, std::pair<int, int>> pvtu_cell_types(const std::string& pvtu) {
    vtkNew<vtkXMLPUnstructuredGridReader> reader;
    reader->SetFileName(pvtu.c_str());
    reader->Update();
    return cell_types_of(reader->GetOutput());
}

} // namespace

TEST(PartConvertHighOrder, SecondOrderMeshGivesTheFirstOrderGraph) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    // gmsh orders a 2.2 file's elements otherwise than a 4.1 one's: each against its own.
    for (const char* format : {"msh41", "msh22"}) {
        SCOPED_TRACE(format);
        const std::string as = std::string("-format ") + format;
        const std::string linear = mixed3d(dir, std::string("linear_") + format + ".msh", as);
        const std::string quadratic =
            mixed3d(dir, std::string("quadratic_") + format + ".msh", "-order 2 " + as);
        auto r = run_tool("part-convert", linear + " -q -o " + dir.file("linear.graph"));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        r = run_tool("part-convert", quadratic + " -q -o " + dir.file("quadratic.graph"));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_TRUE(read_text(dir.file("quadratic.graph")) == read_text(dir.file("linear.graph")));
        EXPECT_TRUE(read_text(dir.file("quadratic.xyz")) == read_text(dir.file("linear.xyz")));
    }
}

TEST(PartConvertHighOrder, PiecesHoldTheWholeQuadraticCells) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    quadratic_dataset(dir, 2, "");
    ASSERT_FALSE(HasFailure());
    const auto types = pvtu_cell_types(dir.file("q.pvtu"));
    // 18-node prisms and 27-node hexahedra, and the bottom faces as 6-node triangles and
    // 9-node quadrangles; nothing linear.
    ASSERT_EQ(types.size(), 4u);
    EXPECT_EQ(types.at(VTK_BIQUADRATIC_QUADRATIC_WEDGE).second, 18);
    EXPECT_EQ(types.at(VTK_TRIQUADRATIC_HEXAHEDRON).second, 27);
    EXPECT_EQ(types.at(VTK_QUADRATIC_TRIANGLE).second, 6);
    EXPECT_EQ(types.at(VTK_BIQUADRATIC_QUAD).second, 9);
    // Each piece on its own reads with VTK's serial reader too.
    int volumes = 0;
    for (int p = 0; p < 2; ++p) {
        vtkNew<vtkXMLUnstructuredGridReader> piece;
        piece->SetFileName(dir.file("q_" + std::to_string(p) + ".vtu").c_str());
        piece->Update();
        const auto piece_types = cell_types_of(piece->GetOutput());
        ASSERT_TRUE(piece_types.count(VTK_TRIQUADRATIC_HEXAHEDRON)) << p;
        volumes += piece_types.at(VTK_TRIQUADRATIC_HEXAHEDRON).first +
                   (piece_types.count(VTK_BIQUADRATIC_QUADRATIC_WEDGE)
                        ? piece_types.at(VTK_BIQUADRATIC_QUADRATIC_WEDGE).first
                        : 0);
    }
    // Every graph vertex (the first number of the graph file) is one volume cell of a piece.
    EXPECT_EQ(volumes, std::stoi(read_text(dir.file("q.graph"))));
}

// Order 3: the graph is still the first-order mesh's, and the pieces hold VTK's Lagrange cells
// with every node (64-node hexahedra, 40-node prisms, 16-node quadrangles, 10-node triangles).
TEST(PartConvertHighOrder, ThirdOrderMeshGivesLagrangePiecesAndTheFirstOrderGraph) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    quadratic_dataset(dir, 2, "", "-order 3");
    ASSERT_FALSE(HasFailure());
    const std::string linear = mixed3d(dir, "linear.msh", "");
    ASSERT_EQ(run_tool("part-convert", linear + " -q -o " + dir.file("linear.graph")).exit_code, 0);
    EXPECT_TRUE(read_text(dir.file("q.graph")) == read_text(dir.file("linear.graph")));
    // The centroids to rounding: a Lagrange wedge lists its corners in another order (see
    // docs/formats.md), which they are summed in.
    std::istringstream cubic(read_text(dir.file("q.xyz"))),
        first(read_text(dir.file("linear.xyz")));
    int coordinates = 0;
    for (double a, b; cubic >> a && first >> b; ++coordinates) EXPECT_NEAR(a, b, 1e-12);
    EXPECT_EQ(coordinates, 3 * std::stoi(read_text(dir.file("q.graph"))));
    const auto types = pvtu_cell_types(dir.file("q.pvtu"));
    ASSERT_EQ(types.size(), 4u);
    EXPECT_EQ(types.at(VTK_LAGRANGE_HEXAHEDRON).second, 64);
    EXPECT_EQ(types.at(VTK_LAGRANGE_WEDGE).second, 40);
    EXPECT_EQ(types.at(VTK_LAGRANGE_QUADRILATERAL).second, 16);
    EXPECT_EQ(types.at(VTK_LAGRANGE_TRIANGLE).second, 10);
    EXPECT_EQ(types.at(VTK_LAGRANGE_HEXAHEDRON).first + types.at(VTK_LAGRANGE_WEDGE).first,
              std::stoi(read_text(dir.file("q.graph"))));
}

// The distributed path: part-repart on 3 ranks reads the quadratic pieces (with a ghost layer),
// builds the graph from the corners across ranks and writes a new dataset that joins into the
// same mesh, its cells still quadratic.
TEST(HighOrderMpirun, RepartMovesQuadraticAndLagrangeCellsWhole) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    struct Case {
        const char* order;
        int hexahedron, hexahedron_nodes, wedge, wedge_nodes; // VTK types, their nodes
    };
    for (const Case& c :
         {Case{"-order 2", VTK_TRIQUADRATIC_HEXAHEDRON, 27, VTK_BIQUADRATIC_QUADRATIC_WEDGE, 18},
          Case{"-order 3", VTK_LAGRANGE_HEXAHEDRON, 64, VTK_LAGRANGE_WEDGE, 40}}) {
        SCOPED_TRACE(c.order);
        ScratchDir dir;
        quadratic_dataset(dir, 3, "--split --ghost-layers 1", c.order);
        ASSERT_FALSE(HasFailure());
        auto r = run_command(mpiexec_prefix(3) + tool("part-repart") + " " + dir.file("q.pvtu") +
                             " --method interval -k 2 -q -o " + dir.file("d.part") + " --plan " +
                             dir.file("d.plan") + " --pvtu " + dir.file("d.pvtu"));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        r = run_tool("part-convert", dir.file("d.pvtu") + " -q -o " + dir.file("d.graph"));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_TRUE(read_text(dir.file("d.graph")) == read_text(dir.file("q.graph")));
        const auto types = pvtu_cell_types(dir.file("d.pvtu"));
        EXPECT_EQ(types.at(c.hexahedron).second, c.hexahedron_nodes);
        EXPECT_EQ(types.at(c.wedge).second, c.wedge_nodes);
        EXPECT_FALSE(types.count(VTK_HEXAHEDRON) || types.count(VTK_WEDGE));
    }
}
