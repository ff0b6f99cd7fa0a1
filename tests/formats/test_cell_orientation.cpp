// Cell node order from gmsh to VTK: every linear cell type read from a .msh must have the
// node order gmsh's own VTK export gives it, and the .vtu the suite writes must hold cells
// of positive volume that fill the domain, as VTK measures them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "formats/mesh_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "tests/formats/vtk_cell_measures.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

struct Domain {
    const char* geo; // tests/data/<geo>.geo
    int dim;
    double measure;              // its volume (3D) or area (2D)
    std::vector<CellType> types; // the top-dimensional cell types it must hold
};

const Domain kDomains[] = {
    {"mixed2d", 2, 2.0, {CellType::Triangle, CellType::Quadrilateral}},
    {"box3d", 3, 0.5, {CellType::Tetrahedron}},
    {"mixed3d", 3, 2.0, {CellType::Wedge, CellType::Hexahedron}},
    {"pyramids3d", 3, 2.0, {CellType::Tetrahedron, CellType::Hexahedron, CellType::Pyramid}},
};

// Meshes tests/data/<geo>.geo with gmsh into `out`, whose extension picks the format, and
// reads it back.
Mesh gmsh_mesh(const Domain& domain, const std::string& out) {
    const auto r =
        run_command("gmsh -" + std::to_string(domain.dim) + " " +
                    source_file(std::string("tests/data/") + domain.geo + ".geo") + " -o " + out);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return formats::read_mesh(out);
}

// Each cell as its type and its nodes' coordinates in order, rounded, sorted: equal for two
// meshes when they hold the same cells with the same node order, however numbered.
using CellRow = std::pair<int, std::vector<long>>;
std::vector<CellRow> cells_by_coordinates(const Mesh& mesh) {
    std::vector<CellRow> rows;
    for (CellId c = 0; c < mesh.num_cells(); ++c) {
        CellRow row{int(mesh.cell_types[std::size_t(c)]), {}};
        for (PointId p : mesh.cell(c))
            for (int a = 0; a < 3; ++a)
                row.second.push_back(
                    a < mesh.dim ? std::lround(mesh.points[std::size_t(p) * mesh.dim + a] * 1e6)
                                 : 0);
        rows.push_back(std::move(row));
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

} // namespace

TEST(CellOrientation, NodeOrderMatchesGmshsOwnVtkExport) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    for (const Domain& domain : kDomains) {
        SCOPED_TRACE(domain.geo);
        ScratchDir dir;
        const Mesh ours = gmsh_mesh(domain, dir.file("mesh.msh"));
        const Mesh gmsh_vtk = gmsh_mesh(domain, dir.file("gmsh.vtk"));
        for (CellType type : domain.types)
            EXPECT_NE(std::count(ours.cell_types.begin(), ours.cell_types.end(), type), 0)
                << cell_name(type);
        const auto expected = cells_by_coordinates(gmsh_vtk);
        const auto read = cells_by_coordinates(ours);
        ASSERT_EQ(read.size(), expected.size());
        std::map<int, int> differing; // by cell type
        for (std::size_t i = 0; i < read.size(); ++i)
            if (read[i] != expected[i]) ++differing[read[i].first];
        for (const auto& [type, count] : differing)
            ADD_FAILURE() << count << " " << cell_name(CellType(type))
                          << " cells differ from gmsh's VTK export";
    }
}

TEST(CellOrientation, WrittenCellsHavePositiveVolumesFillingTheDomain) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    for (const Domain& domain : kDomains) {
        SCOPED_TRACE(domain.geo);
        ScratchDir dir;
        const Mesh mesh = gmsh_mesh(domain, dir.file("mesh.msh"));
        const std::vector<CellId> cells = top_dimensional_cells(mesh);
        formats::write_vtu(dir.file("out.vtu"), mesh, cells, {});
        const std::vector<double> measures = vtk_cell_measures(dir.file("out.vtu"), domain.dim);
        ASSERT_EQ(measures.size(), cells.size());
        double total = 0;
        std::map<CellType, int> inverted;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            total += measures[i];
            if (!(measures[i] > 0)) ++inverted[mesh.cell_types[std::size_t(cells[i])]];
        }
        for (const auto& [type, count] : inverted)
            ADD_FAILURE() << count << " " << cell_name(type) << " cells of " << domain.geo
                          << " have a volume <= 0";
        EXPECT_NEAR(total, domain.measure, 1e-9 * domain.measure);
    }
}

// gmsh's SU2, Medit and Abaqus exports of the same domains must read with the node order of
// its VTK export, so their cells have positive volumes too. gmsh writes no prisms or pyramids
// to Medit files: only the types a file holds are compared. Its Abaqus export leaves the
// pyramids out but lists them in the volume's set, a file the reader rightly refuses.
TEST(CellOrientation, Su2MeditAndAbaqusNodeOrderMatchesGmshsOwnVtkExport) {
    if (!have_program("gmsh")) GTEST_SKIP() << "gmsh not installed";
    for (const Domain& domain : kDomains) {
        for (const char* ext : {".su2", ".mesh", ".inp"}) {
            if (ext == std::string(".inp") && domain.geo == std::string("pyramids3d")) continue;
            SCOPED_TRACE(std::string(domain.geo) + ext);
            ScratchDir dir;
            const Mesh read = gmsh_mesh(domain, dir.file(std::string("mesh") + ext));
            const Mesh gmsh_vtk = gmsh_mesh(domain, dir.file("gmsh.vtk"));
            auto expected = cells_by_coordinates(gmsh_vtk);
            std::erase_if(expected, [&](const CellRow& row) {
                return std::find(read.cell_types.begin(), read.cell_types.end(),
                                 CellType(row.first)) == read.cell_types.end();
            });
            EXPECT_FALSE(expected.empty());
            EXPECT_EQ(cells_by_coordinates(read), expected);
        }
    }
}
