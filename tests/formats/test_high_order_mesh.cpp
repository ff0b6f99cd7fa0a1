// Second-order cells (issue 27): gmsh's read in VTK's node order give the dual graph of the
// first-order mesh of the same geometry (the graph comes from the corners), and the .vtu the
// suite writes holds VTK's quadratic cells, each edge node at the middle of its edge as VTK's
// own cell classes define the edges (the test geometries have straight edges only), with
// positive volumes filling the domain. VTK's quadratic cells read back the same way.
#include <gtest/gtest.h>

#include <vtkCell.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCellType.h>
#include <vtkDataArray.h>
#include <vtkGenericCell.h>
#include <vtkIdList.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkUnstructuredGrid.h>
#include <vtkUnstructuredGridWriter.h>
#include <vtkXMLUnstructuredGridReader.h>
#include <vtkXMLUnstructuredGridWriter.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>

#include "formats/gmsh_node_order.hpp"
#include "formats/mesh_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/formats/expect_mesh_error.hpp"
#include "tests/formats/vtk_cell_measures.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

struct HighOrderDomain {
    const char* geo; // tests/data/<geo>.geo
    int dim;
    double measure; // its volume (3D) or area (2D)
};

const HighOrderDomain kHighOrderDomains[] = {
    {"mixed2d", 2, 2.0},
    {"box3d", 3, 0.5},
    {"mixed3d", 3, 2.0},
    {"pyramids3d", 3, 2.0},
};

// gmsh's complete second-order cells (9-node quadrangles, 27-node hexahedra, 18-node prisms,
// 14-node pyramids) and its incomplete ones (8, 20, 15 and 13 nodes).
const char* kComplete = "-order 2";
const char* kIncomplete = "-order 2 -string 'Mesh.SecondOrderIncomplete=1;'";

// Meshes tests/data/<geo>.geo with gmsh, with `options`, into `dir` in the given .msh version.
std::string high_order_gmsh_file(const ScratchDir& dir, const HighOrderDomain& domain,
                                 const std::string& options, const std::string& version,
                                 bool binary) {
    static int count = 0;
    const std::string out = dir.file(std::string(domain.geo) + std::to_string(++count) + ".msh");
    const auto r = run_command("gmsh -" + std::to_string(domain.dim) + " " + options + " " +
                               source_file(std::string("tests/data/") + domain.geo + ".geo") +
                               " -format " + version + (binary ? " -bin" : "") + " -o " + out);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return out;
}

// A point's coordinates rounded to 1e-9: gmsh's ASCII files hold 16 digits, its binary ones
// every bit.
std::array<long, 3> point(const Mesh& mesh, PointId p) {
    std::array<long, 3> xyz{0, 0, 0};
    for (int a = 0; a < mesh.dim; ++a)
        xyz[a] = std::lround(mesh.points[std::size_t(p) * mesh.dim + a] * 1e9);
    return xyz;
}

// Corner k of cell c of a higher-order mesh is corner linear_corner(mesh, c, k) of the
// first-order cell. VTK's Lagrange wedge turns its first triangle the other way from vtkWedge's:
// its corners sit at vtkWedge's parametric coordinates, which vtkWedge maps with a negative
// Jacobian for the wedges VTK calls positive, vtkLagrangeWedge with a positive one (VTK's
// vtkCellSizeFilter measures both positive).
std::size_t linear_corner(const Mesh& mesh, CellId c, std::size_t k) {
    constexpr std::size_t kMirror[] = {0, 2, 1, 3, 5, 4};
    const HighOrderForm* form = higher_order_form(mesh.cell_types[c], int(mesh.cell(c).size()));
    return form && form->vtk_type == VTK_LAGRANGE_WEDGE ? kMirror[k] : k;
}

// The mesh of `domain` meshed with `order` (gmsh options) has the cells of its first-order mesh
// as corners, point for point, and the same dual graph and centroids.
void expect_first_order_graph(const ScratchDir& dir, const HighOrderDomain& domain,
                              const char* order, const std::string& version, bool binary) {
    // gmsh orders the elements of a 2.2 file otherwise than a 4.1 one's.
    const Mesh linear = formats::read_mesh(high_order_gmsh_file(dir, domain, "", version, binary));
    const DualGraph expected = build_dual_graph(linear);
    const Mesh mesh = formats::read_mesh(high_order_gmsh_file(dir, domain, order, version, binary));
    ASSERT_EQ(mesh.num_cells(), linear.num_cells());
    EXPECT_TRUE(has_higher_order_cells(mesh));
    // Cell by cell, the corners are the first-order cell's nodes, in its order.
    int differing = 0;
    for (CellId c = 0; c < mesh.num_cells(); ++c) {
        EXPECT_GT(mesh.cell(c).size(), linear.cell(c).size());
        const auto corners = mesh.corners(c);
        const auto nodes = linear.cell(c);
        for (std::size_t k = 0; k < nodes.size(); ++k)
            differing += point(mesh, corners[k]) != point(linear, nodes[linear_corner(mesh, c, k)]);
    }
    EXPECT_EQ(differing, 0);
    const DualGraph dual = build_dual_graph(mesh);
    EXPECT_EQ(dual.graph.xadj, expected.graph.xadj);
    EXPECT_EQ(dual.graph.adjncy, expected.graph.adjncy);
    ASSERT_EQ(dual.graph.coords.values.size(), expected.graph.coords.values.size());
    for (std::size_t i = 0; i < dual.graph.coords.values.size(); ++i)
        ASSERT_NEAR(dual.graph.coords.values[i], expected.graph.coords.values[i], 1e-12);
}

// Every edge of every cell of the grid as VTK's cell class defines it (GetEdge): a quadratic
// edge's third point must lie halfway between its first two. Returns the failures.
int misplaced_edge_nodes(vtkUnstructuredGrid* grid) {
    int misplaced = 0;
    for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
        vtkCell* cell = grid->GetCell(c);
        for (int e = 0; e < cell->GetNumberOfEdges(); ++e) {
            vtkIdList* ids = cell->GetEdge(e)->GetPointIds();
            if (ids->GetNumberOfIds() != 3) continue;
            double a[3], b[3], m[3];
            grid->GetPoint(ids->GetId(0), a);
            grid->GetPoint(ids->GetId(1), b);
            grid->GetPoint(ids->GetId(2), m);
            for (int k = 0; k < 3; ++k)
                if (std::abs(m[k] - (a[k] + b[k]) / 2) > 1e-9) {
                    ++misplaced;
                    break;
                }
        }
    }
    return misplaced;
}

// Every face of every cell as VTK's cell class defines it (GetFace): a biquadratic face's last
// point (the ninth of a quadrilateral) must lie at the mean of its corners, as on a flat face
// the bilinear map's centre does. Returns the failures.
int misplaced_face_nodes(vtkUnstructuredGrid* grid) {
    int misplaced = 0;
    for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
        vtkCell* cell = grid->GetCell(c);
        for (int f = 0; f < cell->GetNumberOfFaces(); ++f) {
            vtkIdList* ids = cell->GetFace(f)->GetPointIds();
            if (ids->GetNumberOfIds() != 9) continue;
            double centre[3], mean[3] = {0, 0, 0}, x[3];
            grid->GetPoint(ids->GetId(8), centre);
            for (int k = 0; k < 4; ++k) {
                grid->GetPoint(ids->GetId(k), x);
                for (int a = 0; a < 3; ++a) mean[a] += x[a] / 4;
            }
            for (int a = 0; a < 3; ++a)
                if (std::abs(centre[a] - mean[a]) > 1e-9) {
                    ++misplaced;
                    break;
                }
        }
    }
    return misplaced;
}

vtkSmartPointer<vtkUnstructuredGrid> read_vtu(const std::string& path) {
    vtkNew<vtkXMLUnstructuredGridReader> reader;
    reader->SetFileName(path.c_str());
    reader->Update();
    return reader->GetOutput();
}

// Writes `grid` with VTK's own writers as dir/<stem>.vtu and dir/<stem>.vtk (legacy).
void write_with_vtk(vtkUnstructuredGrid* grid, const ScratchDir& dir, const std::string& stem) {
    vtkNew<vtkXMLUnstructuredGridWriter> xml;
    xml->SetFileName(dir.file(stem + ".vtu").c_str());
    xml->SetInputData(grid);
    EXPECT_EQ(xml->Write(), 1);
    vtkNew<vtkUnstructuredGridWriter> legacy;
    legacy->SetFileName(dir.file(stem + ".vtk").c_str());
    legacy->SetInputData(grid);
    EXPECT_EQ(legacy->Write(), 1);
}

// The cells of the top dimension of gmsh's mesh of `domain` with `order`, written to
// dir/out.vtu, and that file as VTK reads it.
struct WrittenVtu {
    Mesh mesh;
    std::vector<CellId> cells;
    vtkSmartPointer<vtkUnstructuredGrid> grid;
};
WrittenVtu top_cells_as_vtu(const ScratchDir& dir, const HighOrderDomain& domain,
                            const char* order) {
    WrittenVtu out;
    out.mesh = formats::read_mesh(high_order_gmsh_file(dir, domain, order, "msh41", false));
    out.cells = top_dimensional_cells(out.mesh);
    formats::write_vtu(dir.file("out.vtu"), out.mesh, out.cells, {});
    out.grid = read_vtu(dir.file("out.vtu"));
    return out;
}

// vtkCellSizeFilter (VTK 9.1) mismeasures the triquadratic hexahedron (0) and the
// biquadratic-quadratic wedge even at VTK's own parametric coordinates: gmsh's complete 3D cells
// are checked by their corners (the first-order mesh's, in
// SecondOrderGmshMeshHasTheFirstOrderDualGraph) and by their edge and face nodes.
bool vtk_measures_all(vtkUnstructuredGrid* grid) {
    for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c)
        if (grid->GetCellType(c) == VTK_TRIQUADRATIC_HEXAHEDRON ||
            grid->GetCellType(c) == VTK_BIQUADRATIC_QUADRATIC_WEDGE)
            return false;
    return true;
}

// The cells of `vtu` (read as `grid`) have positive volumes (areas) that add up to the domain's.
void expect_positive_cells_filling(const std::string& vtu, vtkUnstructuredGrid* grid,
                                   const HighOrderDomain& domain) {
    const std::vector<double> measures = vtk_cell_measures(vtu, domain.dim);
    ASSERT_EQ(measures.size(), std::size_t(grid->GetNumberOfCells()));
    double total = 0;
    std::map<int, int> inverted;
    for (std::size_t i = 0; i < measures.size(); ++i) {
        total += measures[i];
        if (!(measures[i] > 0)) ++inverted[grid->GetCellType(vtkIdType(i))];
    }
    for (auto [type, count] : inverted)
        ADD_FAILURE() << count << " cells of VTK type " << type << " have a volume <= 0";
    EXPECT_NEAR(total, domain.measure, 1e-9 * domain.measure);
}

} // namespace

// The table generated from gmsh's VTK export and libpart's forms agree on the VTK type.
TEST(HighOrderCells, GmshTableMatchesTheForms) {
    for (const auto& type : formats::kGmshHigherOrderTypes) {
        const HighOrderForm* form = higher_order_form(type.family, type.num_nodes);
        ASSERT_NE(form, nullptr) << type.name;
        EXPECT_EQ(form->vtk_type, type.vtk_type) << type.name;
    }
}

TEST(HighOrderCells, SecondOrderGmshMeshHasTheFirstOrderDualGraph) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    for (const HighOrderDomain& domain : kHighOrderDomains) {
        for (const char* order : {kComplete, kIncomplete}) {
            // gmsh's 14-node pyramid has no VTK cell: refused (SecondOrderRefusedByName).
            if (domain.geo == std::string("pyramids3d") && order == kComplete) continue;
            for (auto [version, binary] : {std::pair{"msh41", false}, std::pair{"msh22", false},
                                           std::pair{"msh22", true}, std::pair{"msh41", true}}) {
                SCOPED_TRACE(std::string(domain.geo) + " " + order + " " + version +
                             (binary ? " binary" : ""));
                expect_first_order_graph(dir, domain, order, version, binary);
            }
        }
    }
}

TEST(HighOrderCells, WrittenVtuHoldsVtkQuadraticCellsInVtksNodeOrder) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    std::set<int> written;
    for (const HighOrderDomain& domain : kHighOrderDomains) {
        for (const char* order : {kComplete, kIncomplete}) {
            if (domain.geo == std::string("pyramids3d") && order == kComplete) continue;
            SCOPED_TRACE(std::string(domain.geo) + " " + order);
            ScratchDir dir;
            const auto [mesh, cells, grid] = top_cells_as_vtu(dir, domain, order);
            ASSERT_EQ(grid->GetNumberOfCells(), vtkIdType(cells.size()));
            for (std::size_t i = 0; i < cells.size(); ++i) {
                const int type = grid->GetCellType(vtkIdType(i));
                written.insert(type);
                const HighOrderForm* form =
                    higher_order_form(mesh.cell_types[cells[i]], int(mesh.cell(cells[i]).size()));
                ASSERT_NE(form, nullptr);
                EXPECT_EQ(type, form->vtk_type);
                EXPECT_EQ(grid->GetCell(vtkIdType(i))->GetNumberOfPoints(), form->num_nodes);
            }
            EXPECT_EQ(misplaced_edge_nodes(grid), 0);
            EXPECT_EQ(misplaced_face_nodes(grid), 0);
            if (vtk_measures_all(grid))
                expect_positive_cells_filling(dir.file("out.vtu"), grid, domain);
            // Read back: the same cells with the same nodes (all points are written).
            const Mesh again = formats::read_mesh(dir.file("out.vtu"));
            ASSERT_EQ(again.num_cells(), CellId(cells.size()));
            for (std::size_t i = 0; i < cells.size(); ++i)
                EXPECT_TRUE(std::ranges::equal(again.cell(CellId(i)), mesh.cell(cells[i])));
        }
    }
    // Every quadratic family gmsh makes: triangles, quadrangles (8, 9), tetrahedra, hexahedra
    // (20, 27), prisms (15, 18), pyramids (13).
    EXPECT_EQ(written,
              (std::set<int>{VTK_QUADRATIC_TRIANGLE, VTK_QUADRATIC_QUAD, VTK_BIQUADRATIC_QUAD,
                             VTK_QUADRATIC_TETRA, VTK_QUADRATIC_HEXAHEDRON,
                             VTK_TRIQUADRATIC_HEXAHEDRON, VTK_QUADRATIC_WEDGE,
                             VTK_BIQUADRATIC_QUADRATIC_WEDGE, VTK_QUADRATIC_PYRAMID}));
}

// Two quadratic tetrahedra sharing a face, made and written by VTK (XML and legacy).
TEST(HighOrderCells, VtkQuadraticCellsRead) {
    const double corners[5][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}};
    // vtkQuadraticTetra: corners, then the midpoints of edges 0-1, 1-2, 2-0, 0-3, 1-3, 2-3.
    const int tets[2][4] = {{0, 1, 2, 3}, {1, 2, 3, 4}};
    const int edges[6][2] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
    vtkNew<vtkPoints> points;
    vtkNew<vtkUnstructuredGrid> grid;
    for (const auto& corner : corners) points->InsertNextPoint(corner);
    for (const auto& tet : tets) {
        vtkIdType ids[10];
        for (int k = 0; k < 4; ++k) ids[k] = tet[k];
        for (int e = 0; e < 6; ++e) {
            double m[3];
            for (int a = 0; a < 3; ++a)
                m[a] = (corners[tet[edges[e][0]]][a] + corners[tet[edges[e][1]]][a]) / 2;
            ids[4 + e] = points->InsertNextPoint(m); // shared edges get two points: allowed
        }
        grid->InsertNextCell(VTK_QUADRATIC_TETRA, 10, ids);
    }
    grid->SetPoints(points);
    ScratchDir dir;
    write_with_vtk(grid, dir, "tets");
    for (const char* name : {"tets.vtu", "tets.vtk"}) {
        SCOPED_TRACE(name);
        const Mesh mesh = formats::read_mesh(dir.file(name));
        ASSERT_EQ(mesh.num_cells(), 2);
        EXPECT_EQ(mesh.cell_types[0], CellType::Tetrahedron);
        EXPECT_EQ(mesh.cell(1).size(), 10u);
        EXPECT_EQ(build_dual_graph(mesh).graph.num_edges(), 1);
    }
}

TEST(HighOrderCells, UnsupportedFormsAreRefusedByName) {
    ScratchDir dir;
    if (have_program("gmsh")) {
        const HighOrderDomain& pyramids = kHighOrderDomains[3];
        expect_mesh_error(high_order_gmsh_file(dir, pyramids, kComplete, "msh41", false),
                          "element type 14 (14-node second-order pyramid, which VTK has no cell "
                          "for: mesh with -order 2 and Mesh.SecondOrderIncomplete=1");
        const std::string cubic = high_order_gmsh_file(dir, pyramids, "-order 3", "msh41", false);
        expect_mesh_error(cubic, "element type 118 (30-node third-order pyramid, which VTK 9.1 "
                                 "has no cell for)");
        expect_mesh_error(cubic, "pyramids of order 3 and up");
        const std::string incomplete = high_order_gmsh_file(
            dir, kHighOrderDomains[0], "-order 3 -string 'Mesh.SecondOrderIncomplete=1;'", "msh41",
            false);
        expect_mesh_error(incomplete, "incomplete");
    }
    const std::string points = "# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\n"
                               "POINTS 10 double\n0 0 0 1 0 0 0 1 0 0 0 1 .5 0 0 .5 .5 0 0 .5 0 "
                               "0 0 .5 .5 0 .5 0 .5 .5\n";
    expect_mesh_error(dir.write("short.vtk", points + "CELLS 1 10\n9 0 1 2 3 4 5 6 7 8\n"
                                                      "CELL_TYPES 1\n24\n"),
                      "cell 0 (quadratic tetrahedron) has 9 points: expected 10 (missing nodes)");
    expect_mesh_error(
        dir.write("lagrange.vtk", points + "CELLS 1 10\n9 0 1 2 3 4 5 6 7 8\nCELL_TYPES 1\n71\n"),
        "cell 0 (VTK Lagrange tetrahedron, type 71) has 9 points: expected a complete cell of "
        "order 1 to 6 (4, 10, 20, 35, 56, 84 points)");
    const std::string pyramid =
        dir.write("pyramid.vtk", points + "CELLS 1 6\n5 0 1 2 3 4\nCELL_TYPES 1\n74\n");
    expect_mesh_error(pyramid, "VTK cell type 74");
    expect_mesh_error(pyramid, "Lagrange pyramids are not supported");
}

TEST(HighOrderCells, ValidateTakesTheFormsNodeCountsOnly) {
    Mesh mesh;
    mesh.point_count = 10;
    mesh.dim = 0;
    const std::vector<PointId> nodes = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    mesh.add_cell(CellType::Tetrahedron, nodes);
    EXPECT_NO_THROW(validate(mesh));
    mesh.add_cell(CellType::Tetrahedron, std::span(nodes).first(7));
    try {
        validate(mesh);
        ADD_FAILURE() << "a 7-node tetrahedron passed";
    } catch (const MeshError& e) {
        EXPECT_NE(std::string(e.what()).find("cell 2 (tetrahedron) has 7 nodes: expected 4 or 10"),
                  std::string::npos)
            << e.what();
    }
}

// gmsh's Abaqus export of second-order meshes (C3D10, C3D15, C3D20, CPS6, CPS8) reads as the
// same cells, node for node, as its .msh: the Abaqus numbering is VTK's but for the prism's
// turn, which the reader mirrors.
TEST(HighOrderCells, AbaqusSecondOrderElementsReadAsTheMsh) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    for (const HighOrderDomain& domain :
         {kHighOrderDomains[0], kHighOrderDomains[1], kHighOrderDomains[2]}) {
        SCOPED_TRACE(domain.geo);
        ScratchDir dir;
        const Mesh msh =
            formats::read_mesh(high_order_gmsh_file(dir, domain, kIncomplete, "msh41", false));
        const std::string inp = dir.file("mesh.inp");
        const auto r = run_command("gmsh -" + std::to_string(domain.dim) + " " + kIncomplete + " " +
                                   source_file(std::string("tests/data/") + domain.geo + ".geo") +
                                   " -o " + inp);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const Mesh abaqus = formats::read_mesh(inp);
        EXPECT_TRUE(has_higher_order_cells(abaqus));
        // Each top-dimensional cell as its nodes' coordinates, in order, sorted.
        auto rows = [](const Mesh& mesh) {
            std::vector<std::vector<long>> out;
            for (CellId c : top_dimensional_cells(mesh)) {
                std::vector<long> row;
                for (PointId p : mesh.cell(c))
                    for (long x : point(mesh, p)) row.push_back(x / 1000);
                out.push_back(std::move(row));
            }
            std::sort(out.begin(), out.end());
            return out;
        };
        EXPECT_EQ(rows(abaqus), rows(msh));
    }
}

// Cells of order 3 and up (issue 27): gmsh's complete cells of every family VTK has a Lagrange
// cell for, read in VTK's Lagrange node order, give the first-order mesh's dual graph; the
// .vtu holds VTK Lagrange cells, each point where VTK's own cell class puts it.

namespace {

const HighOrderDomain kTorusSector = {"torus_sector", 3,
                                      0}; // curved: hexahedra on a revolved square

// VTK's linear cell type with the corners of Lagrange type `lagrange` (68 ... 73).
int linear_type_of_lagrange(int lagrange) {
    constexpr int kLinear[] = {VTK_LINE,  VTK_TRIANGLE,   VTK_QUAD,
                               VTK_TETRA, VTK_HEXAHEDRON, VTK_WEDGE};
    return kLinear[lagrange - VTK_LAGRANGE_CURVE];
}

// For the straight-sided cells of the test geometries, every point of a Lagrange cell must be
// where VTK's linear cell of its corners maps the point's parametric coordinates (as VTK's
// Lagrange class gives them): gmsh places the nodes of such a cell so. A node order that
// differs from VTK's puts points elsewhere. Returns the misplaced points.
int misplaced_lagrange_points(vtkUnstructuredGrid* grid) {
    int misplaced = 0;
    for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
        vtkCell* cell = grid->GetCell(c);
        const double* pcoords = cell->GetParametricCoords();
        vtkNew<vtkGenericCell> linear;
        linear->SetCellType(linear_type_of_lagrange(grid->GetCellType(c)));
        const int corners = int(linear->GetNumberOfPoints());
        linear->PointIds->SetNumberOfIds(corners);
        linear->Points->SetNumberOfPoints(corners);
        for (int k = 0; k < corners; ++k) {
            linear->PointIds->SetId(k, k);
            linear->Points->SetPoint(k, cell->GetPoints()->GetPoint(k));
            // Both classes share the parametric space: their corners sit at the same place.
            for (int a = 0; a < 3; ++a)
                EXPECT_EQ(linear->GetParametricCoords()[3 * k + a], pcoords[3 * k + a]);
        }
        for (vtkIdType k = 0; k < cell->GetNumberOfPoints(); ++k) {
            double x[3], expected[3], weights[8];
            int sub_id = 0;
            linear->EvaluateLocation(sub_id, pcoords + 3 * k, expected, weights);
            cell->GetPoints()->GetPoint(k, x);
            for (int a = 0; a < 3; ++a)
                if (std::abs(x[a] - expected[a]) > 1e-9) {
                    ++misplaced;
                    break;
                }
        }
    }
    return misplaced;
}

// The cells of `mesh` listed in `cells` are those of `again`, in order, node for node.
void expect_same_cells(const Mesh& again, const Mesh& mesh, const std::vector<CellId>& cells) {
    ASSERT_EQ(again.num_cells(), CellId(cells.size()));
    ASSERT_EQ(again.num_points(), mesh.num_points());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        EXPECT_EQ(again.cell_types[i], mesh.cell_types[cells[i]]);
        EXPECT_TRUE(std::ranges::equal(again.cell(CellId(i)), mesh.cell(cells[i])));
    }
}

} // namespace

TEST(LagrangeCells, GmshMeshOfOrder3And4HasTheFirstOrderDualGraph) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    ScratchDir dir;
    for (const HighOrderDomain& domain :
         {kHighOrderDomains[0], kHighOrderDomains[1], kHighOrderDomains[2], kTorusSector}) {
        for (const char* order : {"-order 3", "-order 4"}) {
            for (auto [version, binary] : {std::pair{"msh41", false}, std::pair{"msh22", true}}) {
                SCOPED_TRACE(std::string(domain.geo) + " " + order + " " + version +
                             (binary ? " binary" : ""));
                expect_first_order_graph(dir, domain, order, version, binary);
            }
        }
    }
}

TEST(LagrangeCells, WrittenVtuPutsEveryLagrangePointWhereGmshPutsItsNode) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    std::set<std::pair<int, int>> written; // VTK type, points
    for (const HighOrderDomain& domain :
         {kHighOrderDomains[0], kHighOrderDomains[1], kHighOrderDomains[2]}) {
        for (const char* order : {"-order 3", "-order 4", "-order 6"}) {
            SCOPED_TRACE(std::string(domain.geo) + " " + order);
            ScratchDir dir;
            const auto [mesh, cells, grid] = top_cells_as_vtu(dir, domain, order);
            ASSERT_EQ(grid->GetNumberOfCells(), vtkIdType(cells.size()));
            for (std::size_t i = 0; i < cells.size(); ++i) {
                const int type = grid->GetCellType(vtkIdType(i));
                const vtkIdType n = grid->GetCell(vtkIdType(i))->GetNumberOfPoints();
                written.insert({type, int(n)});
                EXPECT_EQ(n, vtkIdType(mesh.cell(cells[i]).size()));
                EXPECT_GE(type, VTK_LAGRANGE_CURVE);
                EXPECT_LE(type, VTK_LAGRANGE_WEDGE);
            }
            EXPECT_EQ(misplaced_lagrange_points(grid), 0);
            expect_positive_cells_filling(dir.file("out.vtu"), grid, domain);
            // Read back from the .vtu and from VTK's legacy writer's .vtk: every node kept.
            expect_same_cells(formats::read_mesh(dir.file("out.vtu")), mesh, cells);
            write_with_vtk(grid, dir, "vtk");
            expect_same_cells(formats::read_mesh(dir.file("vtk.vtk")), mesh, cells);
        }
    }
    // Triangles (10, 15, 28 nodes), quadrangles (16, 25, 49), tetrahedra (20, 35, 84), hexahedra
    // (64, 125, 343), prisms (40, 75, 196): every family at orders 3, 4 and 6.
    const std::set<std::pair<int, int>> expected = {
        {VTK_LAGRANGE_TRIANGLE, 10},      {VTK_LAGRANGE_TRIANGLE, 15},
        {VTK_LAGRANGE_TRIANGLE, 28},      {VTK_LAGRANGE_QUADRILATERAL, 16},
        {VTK_LAGRANGE_QUADRILATERAL, 25}, {VTK_LAGRANGE_QUADRILATERAL, 49},
        {VTK_LAGRANGE_TETRAHEDRON, 20},   {VTK_LAGRANGE_TETRAHEDRON, 35},
        {VTK_LAGRANGE_TETRAHEDRON, 84},   {VTK_LAGRANGE_HEXAHEDRON, 64},
        {VTK_LAGRANGE_HEXAHEDRON, 125},   {VTK_LAGRANGE_HEXAHEDRON, 343},
        {VTK_LAGRANGE_WEDGE, 40},         {VTK_LAGRANGE_WEDGE, 75},
        {VTK_LAGRANGE_WEDGE, 196}};
    EXPECT_EQ(written, expected);
}

// mfem's periodic-annulus-sector.msh (tests/data/mfem_periodic_annulus_sector.msh): 10-node
// triangles and 4-node lines of order 3 on a curved annulus. Its graph is that of its corners;
// the .vtu keeps every cell whole (lines included), node for node.
TEST(LagrangeCells, MfemAnnulusSectorReads) {
    const Mesh mesh =
        formats::read_mesh(source_file("tests/data/mfem_periodic_annulus_sector.msh"));
    std::map<std::pair<CellType, std::size_t>, int> forms;
    for (CellId c = 0; c < mesh.num_cells(); ++c)
        ++forms[{mesh.cell_types[c], mesh.cell(c).size()}];
    const std::map<std::pair<CellType, std::size_t>, int> expected = {
        {{CellType::Line, 4}, 12}, {{CellType::Triangle, 10}, 26}};
    EXPECT_EQ(forms, expected);
    Mesh corners = mesh;
    corners.cell_nodes.clear();
    corners.cell_offsets = {0};
    corners.cell_types.clear();
    for (CellId c = 0; c < mesh.num_cells(); ++c)
        corners.add_cell(mesh.cell_types[c], mesh.corners(c));
    const DualGraph dual = build_dual_graph(mesh);
    const DualGraph expected_dual = build_dual_graph(corners);
    EXPECT_EQ(dual.graph.num_vertices(), 26);
    EXPECT_EQ(dual.graph.xadj, expected_dual.graph.xadj);
    EXPECT_EQ(dual.graph.adjncy, expected_dual.graph.adjncy);
    ScratchDir dir;
    const std::vector<CellId> cells = all_cells(mesh);
    formats::write_vtu(dir.file("annulus.vtu"), mesh, cells, {});
    expect_same_cells(formats::read_mesh(dir.file("annulus.vtu")), mesh, cells);
}

namespace {

// VTK's parametric coordinates of the points of its Lagrange cell of `type` with `n` points, as
// vtkUnstructuredGrid::GetCell sets the cell up.
std::vector<double> lagrange_pcoords(int type, int n) {
    vtkNew<vtkPoints> points;
    points->SetNumberOfPoints(n);
    std::vector<vtkIdType> ids(std::size_t(n), 0);
    for (int k = 0; k < n; ++k) {
        points->SetPoint(k, 0, 0, 0);
        ids[std::size_t(k)] = k;
    }
    vtkNew<vtkUnstructuredGrid> grid;
    grid->SetPoints(points);
    grid->InsertNextCell(type, n, ids.data());
    const double* pcoords = grid->GetCell(0)->GetParametricCoords();
    return {pcoords, pcoords + 3 * n};
}

// The Lagrange cell type of the family of a VTK linear or quadratic cell type.
int lagrange_type_of(int vtk_type) {
    static const std::map<int, int> kLagrange = {
        {VTK_LINE, VTK_LAGRANGE_CURVE},
        {VTK_QUADRATIC_EDGE, VTK_LAGRANGE_CURVE},
        {VTK_TRIANGLE, VTK_LAGRANGE_TRIANGLE},
        {VTK_QUADRATIC_TRIANGLE, VTK_LAGRANGE_TRIANGLE},
        {VTK_QUAD, VTK_LAGRANGE_QUADRILATERAL},
        {VTK_BIQUADRATIC_QUAD, VTK_LAGRANGE_QUADRILATERAL},
        {VTK_TETRA, VTK_LAGRANGE_TETRAHEDRON},
        {VTK_QUADRATIC_TETRA, VTK_LAGRANGE_TETRAHEDRON},
        {VTK_HEXAHEDRON, VTK_LAGRANGE_HEXAHEDRON},
        {VTK_TRIQUADRATIC_HEXAHEDRON, VTK_LAGRANGE_HEXAHEDRON},
        {VTK_WEDGE, VTK_LAGRANGE_WEDGE},
        {VTK_BIQUADRATIC_QUADRATIC_WEDGE, VTK_LAGRANGE_WEDGE}};
    return kLagrange.at(vtk_type);
}

// The cells of `grid` (linear and complete quadratic ones) as VTK Lagrange cells of order 1 and
// 2 on the same points: Lagrange point k is the point where the cell's own class maps the
// Lagrange cell's parametric coordinates of point k. A wedge's are taken mirrored, (s, r, t):
// VTK's Lagrange wedge turns the other way from vtkWedge (the volumes checked show it).
vtkSmartPointer<vtkUnstructuredGrid> as_lagrange(vtkUnstructuredGrid* grid) {
    std::map<std::array<long, 3>, vtkIdType> point_at;
    for (vtkIdType p = 0; p < grid->GetNumberOfPoints(); ++p) {
        double x[3];
        grid->GetPoint(p, x);
        point_at[{std::lround(x[0] * 1e9), std::lround(x[1] * 1e9), std::lround(x[2] * 1e9)}] = p;
    }
    auto out = vtkSmartPointer<vtkUnstructuredGrid>::New();
    out->SetPoints(grid->GetPoints());
    for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
        vtkCell* cell = grid->GetCell(c);
        const int type = lagrange_type_of(grid->GetCellType(c));
        const int n = int(cell->GetNumberOfPoints());
        const std::vector<double> pcoords = lagrange_pcoords(type, n);
        std::vector<vtkIdType> ids;
        for (int k = 0; k < n; ++k) {
            double p[3] = {pcoords[3 * k], pcoords[3 * k + 1], pcoords[3 * k + 2]};
            if (type == VTK_LAGRANGE_WEDGE) std::swap(p[0], p[1]);
            double x[3], weights[27];
            int sub_id = 0;
            cell->EvaluateLocation(sub_id, p, x, weights);
            ids.push_back(point_at.at(
                {std::lround(x[0] * 1e9), std::lround(x[1] * 1e9), std::lround(x[2] * 1e9)}));
        }
        out->InsertNextCell(type, n, ids.data());
    }
    return out;
}

} // namespace

// VTK Lagrange cells of order 1 and 2 (made with VTK from gmsh's linear and complete quadratic
// meshes) read as the linear and quadratic cells they are, node for node, from .vtu and .vtk.
TEST(LagrangeCells, VtkLagrangeCellsOfOrder1And2ReadAsLinearAndQuadraticCells) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    for (const HighOrderDomain& domain :
         {kHighOrderDomains[0], kHighOrderDomains[1], kHighOrderDomains[2]}) {
        for (const char* order : {"", kComplete}) {
            SCOPED_TRACE(std::string(domain.geo) + " " + order);
            ScratchDir dir;
            const auto [mesh, cells, grid] = top_cells_as_vtu(dir, domain, order);
            const auto lagrange = as_lagrange(grid);
            write_with_vtk(lagrange, dir, "lagrange");
            expect_positive_cells_filling(dir.file("lagrange.vtu"), lagrange, domain);
            expect_same_cells(formats::read_mesh(dir.file("lagrange.vtu")), mesh, cells);
            expect_same_cells(formats::read_mesh(dir.file("lagrange.vtk")), mesh, cells);
        }
    }
}
