// part-repart --pvtu under mpiexec on an OpenFOAM case whose patch faces are polygons (issue 27,
// items 2 and 5): the polyhedra and polygon faces go through the distributed read, dual graph,
// migration and write. Checked against the case's own files (constant/polyMesh): every patch
// face is in the new dataset once, with its patch's tag and nodes, in the piece of its owner
// cell; `partition` is the new part, `previous_partition` the old one; and the files do not
// depend on the rank count.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include <vtkCell.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkUnstructuredGrid.h>
#include <vtkXMLUnstructuredGridReader.h>
#include <vtkXMLUnstructuredGridWriter.h>

#include "formats/chaco_graph.hpp"
#include "formats/partition_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "tests/cli/vtk_grid_values.hpp"
#include "tests/formats/openfoam_case_files.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

// A boundary face by its physical tag and its nodes' coordinates (as floats: the pieces store
// points in single precision), sorted.
using FaceKey = std::pair<int, std::vector<std::array<float, 3>>>;

struct FoamCase {
    std::string dir;
    long cells = 0;
    std::map<FaceKey, long> face_of; // patch faces
    std::vector<long> owner;
};

FoamCase read_foam_case(const std::string& dir) {
    FoamCase foam;
    foam.dir = dir;
    const auto points = foam_points(dir);
    const auto faces = foam_faces(dir);
    foam.owner = foam_labels(dir + "/constant/polyMesh/owner");
    foam.cells = *std::max_element(foam.owner.begin(), foam.owner.end()) + 1;
    int tag = 0; // 1, 2, ... for the patches with faces, in the boundary file's order
    for (const FoamPatch& patch : foam_patches(dir)) {
        if (patch.num_faces > 0) ++tag;
        for (long f = patch.start_face; f < patch.start_face + patch.num_faces; ++f) {
            FaceKey key{tag, {}};
            for (long p : faces[std::size_t(f)]) {
                const auto& xyz = points[std::size_t(p)];
                key.second.push_back({float(xyz[0]), float(xyz[1]), float(xyz[2])});
            }
            std::sort(key.second.begin(), key.second.end());
            foam.face_of[key] = f;
        }
    }
    return foam;
}

// Checks every piece of the dataset `pvtu` (VTK's reader opens each): its cells have
// partition = the piece = `new_part` of their owner cell and previous_partition = `old_part` of
// it; each boundary face lies on an own cell of the piece and is a patch face of `foam` with its
// tag, its owner cell (the owner file) having that new part. Adds the patch faces found to
// `found`.
void check_pieces(const std::string& pvtu, const FoamCase& foam,
                  const std::vector<PartId>& old_part, const std::vector<PartId>& new_part,
                  std::multiset<long>& found) {
    for (const auto& piece : formats::list_pvtu_pieces(pvtu)) {
        SCOPED_TRACE(piece.path);
        const auto grid = read_vtu_piece(piece.path);
        const auto boundary = cell_values(grid, "boundary");
        const auto tag = cell_values(grid, "gmsh:physical");
        const auto ids = cell_values(grid, "GlobalCellIds");
        const auto partition = cell_values(grid, "partition");
        const auto previous = cell_values(grid, "previous_partition");
        const std::size_t n = std::size_t(grid->GetNumberOfCells());
        EXPECT_GT(n, 0u);
        for (const auto* values : {&boundary, &tag, &ids, &partition, &previous})
            ASSERT_EQ(values->size(), n);
        ASSERT_NE(grid->GetPointData()->GetArray("GlobalNodeIds"), nullptr);
        std::vector<std::set<double>> own_cells;
        for (std::size_t c = 0; c < n; ++c) {
            EXPECT_EQ(partition[c], piece.part) << "cell " << c;
            if (boundary[c] != 0) continue;
            own_cells.push_back(global_nodes(grid, vtkIdType(c)));
            const long id = long(ids[c]);
            ASSERT_TRUE(id >= 0 && id < foam.cells) << "cell " << c;
            EXPECT_EQ(new_part[std::size_t(id)], piece.part) << "cell " << id;
            EXPECT_EQ(previous[c], old_part[std::size_t(id)]) << "cell " << id;
        }
        for (std::size_t c = 0; c < n; ++c) {
            if (boundary[c] != 1) continue;
            vtkCell* cell = grid->GetCell(vtkIdType(c));
            FaceKey key{int(tag[c]), {}};
            for (vtkIdType k = 0; k < cell->GetNumberOfPoints(); ++k) {
                double xyz[3];
                grid->GetPoint(cell->GetPointId(k), xyz);
                key.second.push_back({float(xyz[0]), float(xyz[1]), float(xyz[2])});
            }
            std::sort(key.second.begin(), key.second.end());
            const auto at = foam.face_of.find(key);
            ASSERT_NE(at, foam.face_of.end()) << "cell " << c << " is no patch face with its tag";
            found.insert(at->second);
            const long owner = foam.owner[std::size_t(at->second)];
            EXPECT_EQ(new_part[std::size_t(owner)], piece.part) << "face " << at->second;
            EXPECT_EQ(previous[c], old_part[std::size_t(owner)]) << "face " << at->second;
            const std::set<double> nodes = global_nodes(grid, vtkIdType(c));
            EXPECT_TRUE(std::any_of(own_cells.begin(), own_cells.end(),
                                    [&](const auto& cell) {
                                        return std::includes(cell.begin(), cell.end(),
                                                             nodes.begin(), nodes.end());
                                    }))
                << "face " << at->second << " lies on no cell of its piece";
        }
    }
}

// All the patch faces of the case, each once.
std::multiset<long> all_patch_faces(const FoamCase& foam) {
    std::multiset<long> faces;
    for (const auto& entry : foam.face_of) faces.insert(entry.second);
    return faces;
}

// The case, its three old parts of 15, 8 and 4 cells (old.part.3) and the case split in those
// (s3.pvtu).
struct SplitCase {
    ScratchDir dir;
    FoamCase foam = read_foam_case(source_file("tests/data/openfoam_patches"));
    std::string old_path;
    SplitCase() {
        const long polygons =
            std::count_if(foam.face_of.begin(), foam.face_of.end(),
                          [](const auto& face) { return face.first.second.size() > 4; });
        EXPECT_GT(polygons, 0) << "the case has polygon patch faces";
        std::string old3;
        for (long c = 0; c < foam.cells; ++c) old3 += c < 15 ? "0\n" : c < 23 ? "1\n" : "2\n";
        old_path = dir.write("old.part.3", old3);
        split(old_path, "s3.pvtu");
    }
    void split(const std::string& partition, const std::string& name) const {
        auto r = run_tool("part-convert", foam.dir + " --partition " + partition +
                                              " --split -q -o " + dir.file(name));
        EXPECT_EQ(r.exit_code, 0) << r.err;
    }
    std::vector<PartId> parts(const std::string& path, PartId count) const {
        return formats::read_partition(path, VertexId(foam.cells), count).part;
    }
};

// A grid of nx x ny unit squares written by VTK's writer as polygons (VTK type 7) of 8 nodes:
// the corners and the edges' midpoints, so neighbours share two polygon edges.
std::string write_polygon_grid(const ScratchDir& dir, int nx, int ny) {
    vtkNew<vtkPoints> points;
    std::map<std::pair<int, int>, vtkIdType> point_at; // by half-unit lattice position
    auto point = [&](int i, int j) {
        const auto [at, added] = point_at.emplace(std::pair(i, j), points->GetNumberOfPoints());
        if (added) points->InsertNextPoint(0.5 * i, 0.5 * j, 0.0);
        return at->second;
    };
    vtkNew<vtkUnstructuredGrid> grid;
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
            const int i = 2 * x, j = 2 * y;
            const vtkIdType nodes[8] = {
                point(i, j),         point(i + 1, j),     point(i + 2, j), point(i + 2, j + 1),
                point(i + 2, j + 2), point(i + 1, j + 2), point(i, j + 2), point(i, j + 1)};
            grid->InsertNextCell(VTK_POLYGON, 8, nodes);
        }
    grid->SetPoints(points);
    vtkNew<vtkXMLUnstructuredGridWriter> writer;
    const std::string path = dir.file("polygons.vtu");
    writer->SetInputData(grid);
    writer->SetFileName(path.c_str());
    EXPECT_EQ(writer->Write(), 1);
    return path;
}

} // namespace

// The case split in 3 pieces (and in 2, with the same 3 old parts given as OLD), rebalanced
// with gde into 2 parts on as many ranks as pieces.
TEST(PolygonFacesMpirun, RepartMovesPolyhedraAndPolygonFacesWithTheirOwners) {
    SplitCase f;
    ASSERT_FALSE(HasFailure());
    std::string two;
    for (long c = 0; c < f.foam.cells; ++c) two += c < 10 ? "0\n" : "1\n";
    f.split(f.dir.write("two.part", two), "s2.pvtu");
    auto repart = [&](int ranks, const std::string& old) {
        const std::string name = "n" + std::to_string(ranks);
        return run_command(mpiexec_prefix(ranks) + tool("part-repart") + " " +
                           f.dir.file("s" + std::to_string(ranks) + ".pvtu") + old +
                           " --method gde -k 2 --json -o " + f.dir.file(name + ".part") +
                           " --plan " + f.dir.file(name + ".plan") + " --pvtu " +
                           f.dir.file(name + ".pvtu"));
    };
    auto r = repart(3, "");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);
    r = repart(2, " " + f.old_path);
    ASSERT_EQ(r.exit_code, 0) << r.err;

    // The ranks found the serial dual graph (polyhedra meet across ranks on faces of 5 and more
    // nodes): the cut they report is the serial one of their partition.
    r = run_tool("part-convert", f.foam.dir + " -q -o " + f.dir.file("case.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-stats", f.dir.file("case.graph") + " " + f.dir.file("n3.part") + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(report["edge_cut"], nlohmann::json::parse(r.out)["edge_cut"]) << report.dump();

    const std::vector<PartId> new_part = f.parts(f.dir.file("n3.part"), 2);
    EXPECT_NE(std::count(new_part.begin(), new_part.end(), 0), 15) << "cells moved";
    std::multiset<long> found;
    check_pieces(f.dir.file("n3.pvtu"), f.foam, f.parts(f.old_path, 3), new_part, found);
    EXPECT_EQ(found, all_patch_faces(f.foam));

    // Two ranks decide and write the same: the engine does not depend on the rank count.
    EXPECT_EQ(read_text(f.dir.file("n2.part")), read_text(f.dir.file("n3.part")));
    EXPECT_EQ(read_text(f.dir.file("n2.plan")), read_text(f.dir.file("n3.plan")));
    for (int q = 0; q < 2; ++q)
        EXPECT_EQ(read_text(f.dir.file("n2_" + std::to_string(q) + ".vtu")),
                  read_text(f.dir.file("n3_" + std::to_string(q) + ".vtu")))
            << "piece " << q;
}

// Serially: a plan from 3 parts to 2 (the serial gde on the case's graph) applied to the split
// case by part-plan apply keeps the polygon faces, each with its owner cell.
TEST(PolygonFaces, PlanApplyMovesThemWithTheirOwners) {
    SplitCase f;
    ASSERT_FALSE(HasFailure());
    auto r = run_tool("part-convert", f.foam.dir + " -q -o " + f.dir.file("case.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-repart", f.dir.file("case.graph") + " " + f.old_path +
                                    " --method gde -k 2 --json -o " + f.dir.file("new.part") +
                                    " --plan " + f.dir.file("move.plan"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-plan", "apply " + f.dir.file("move.plan") + " --dataset " +
                                  f.dir.file("s3.pvtu") + " -q -o " + f.dir.file("applied.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<PartId> new_part = f.parts(f.dir.file("new.part"), 2);
    EXPECT_NE(std::count(new_part.begin(), new_part.end(), 0), 15) << "cells moved";
    std::multiset<long> found;
    check_pieces(f.dir.file("applied.pvtu"), f.foam, f.parts(f.old_path, 3), new_part, found);
    EXPECT_EQ(found, all_patch_faces(f.foam));
}

// A 2D mesh of polygons: under mpirun cells of different pieces meet on polygon edges, so the
// ranks' dual graph is the serial one (the cut they report is part-stats' on part-convert's
// graph) and the polygons reach the new pieces whole.
TEST(PolygonFacesMpirun, PolygonCellsMeetAcrossRanksOnTheirEdges) {
    ScratchDir dir;
    constexpr int nx = 6, ny = 4;
    const std::string mesh = write_polygon_grid(dir, nx, ny);
    auto r = run_tool("part-convert", mesh + " -q -o " + dir.file("poly.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(formats::read_chaco_graph(dir.file("poly.graph")).num_edges(),
              nx * (ny - 1) + ny * (nx - 1));
    // The lower half and every other cell of the upper half on piece 0: unbalanced, and many
    // neighbours on the other rank.
    std::string old;
    for (int c = 0; c < nx * ny; ++c) old += c < nx * ny / 2 || c % 2 == 0 ? "0\n" : "1\n";
    r = run_tool("part-convert", mesh + " --partition " + dir.write("old.part", old) +
                                     " --split -q -o " + dir.file("old.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_command(mpiexec_prefix(2) + tool("part-repart") + " " + dir.file("old.pvtu") +
                    " --method gde --json -o " + dir.file("new.part") + " --plan " +
                    dir.file("new.plan") + " --pvtu " + dir.file("new.pvtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto report = nlohmann::json::parse(r.out);
    auto stats =
        run_tool("part-stats", dir.file("poly.graph") + " " + dir.file("new.part") + " --json");
    ASSERT_EQ(stats.exit_code, 0) << stats.err;
    EXPECT_EQ(report["edge_cut"], nlohmann::json::parse(stats.out)["edge_cut"]) << report.dump();
    EXPECT_GT(report["details"]["vertices_moved"].get<double>(), 0) << report.dump();
    int polygons = 0;
    for (const auto& piece : formats::read_pvtu_pieces(dir.file("new.pvtu")))
        for (CellId c = 0; c < piece.mesh.num_cells(); ++c) {
            EXPECT_EQ(piece.mesh.cell_types[std::size_t(c)], CellType::Polygon);
            EXPECT_EQ(piece.mesh.cell(c).size(), 8u);
            ++polygons;
        }
    EXPECT_EQ(polygons, nx * ny);
}
