// Writes a gmsh legacy .vtk export of tetrahedra and tagged boundary triangles (gmsh 4.8 puts
// the physical tag in its CellEntityIds) as Exodus II or CGNS, with the libraries VTK ships:
// - exodus: the tetrahedra as element block 1 "fluid"; the triangles of each `TAG:NAME:side` as
//   side set TAG (element, local side), those of each `TAG:NAME:block` as a TRI3 block TAG;
//   `TAG>ID:...` writes them with id ID instead.
// - cgns: one zone, the tetrahedra as elements 1..N, then per `TAG:NAME` a section of the
//   triangles and a boundary condition NAME over its element range (BC_t FamilySpecified,
//   family NAME, GridLocation FaceCenter: the form mesh generators export and VTK reads).
// Made tests/data/sidesets3d.exo, sidesets3d_clash.exo and sidesets3d.cgns (the g++ command is
// one line):
//   gmsh -3 sidesets3d.geo -format vtk -o sidesets3d.vtk
//   g++ -std=c++17 -I/usr/include/vtk-9.1 -I/usr/include/vtk-9.1/vtkexodusII/include
//     -I/usr/include/vtk-9.1/vtkcgns/src make_boundary_sets.cpp -o make_boundary_sets
//     -lvtkexodusII-9.1 -lvtkcgns-9.1 -lvtkIOLegacy-9.1 -lvtkCommonExecutionModel-9.1
//     -lvtkCommonDataModel-9.1 -lvtkCommonCore-9.1
//   ./make_boundary_sets exodus sidesets3d.vtk sidesets3d.exo 2:inlet:side 3:outlet:side
//   4:walls:block
//   ./make_boundary_sets exodus sidesets3d.vtk sidesets3d_clash.exo 2:inlet:side 2:inlet:block
//   ./make_boundary_sets exodus sidesets3d.vtk sidesets3d_id0.exo 2>0:inlet:side 3:outlet:side
//   ./make_boundary_sets cgns sidesets3d.vtk sidesets3d.cgns 2:inlet 3:outlet 4:walls
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkNew.h>
#include <vtkUnstructuredGrid.h>
#include <vtkUnstructuredGridReader.h>

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

#include "vtk_cgns.h"
#include "vtk_exodusII.h"
#include VTK_CGNS(cgnslib.h)

namespace {

using Face = std::array<int, 3>; // sorted 1-based node ids

// Exodus's local node lists of the four sides of a TETRA (1-based, side 1 first).
constexpr int kTetSides[4][3] = {{1, 2, 4}, {2, 3, 4}, {1, 4, 3}, {1, 3, 2}};

struct Group {
    int tag; // the input's physical tag of the group's triangles
    int id;  // the Exodus id written: the tag, or ID of `TAG>ID:...`
    std::string name;
    bool side_set;
    std::vector<int> elements, sides; // side sets
    std::vector<int> connectivity;    // TRI3 blocks
};

Face sorted(int a, int b, int c) {
    Face f{a, b, c};
    std::sort(f.begin(), f.end());
    return f;
}

// The 1-based node ids of the cells of VTK type `type` (and tag `tag`, when >= 0).
std::vector<cgsize_t> connectivity(vtkUnstructuredGrid* grid, vtkDataArray* tags, int type,
                                   int tag) {
    std::vector<cgsize_t> nodes;
    for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
        if (grid->GetCellType(c) != type || (tag >= 0 && int(tags->GetTuple1(c)) != tag)) continue;
        vtkCell* cell = grid->GetCell(c);
        for (vtkIdType k = 0; k < cell->GetNumberOfPoints(); ++k)
            nodes.push_back(cgsize_t(cell->GetPointId(k)) + 1);
    }
    return nodes;
}

// The input's points as three coordinate arrays.
void coordinates(vtkUnstructuredGrid* grid, std::vector<double> (&xyz)[3]) {
    for (vtkIdType p = 0; p < grid->GetNumberOfPoints(); ++p)
        for (int a = 0; a < 3; ++a) xyz[a].push_back(grid->GetPoint(p)[a]);
}

int write_exodus(vtkUnstructuredGrid* grid, vtkDataArray* tags, int argc, char** argv) {
    std::vector<Group> groups;
    for (int i = 4; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto a = arg.find(':'), b = arg.rfind(':');
        const std::string tag = arg.substr(0, a);
        const auto to = tag.find('>');
        groups.push_back({std::stoi(tag), std::stoi(to == tag.npos ? tag : tag.substr(to + 1)),
                          arg.substr(a + 1, b - a - 1), arg.substr(b + 1) == "side"});
    }
    std::vector<int> tet_nodes;
    std::map<Face, std::pair<int, int>> side_of; // face -> (element, side), 1-based
    for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
        if (grid->GetCellType(c) != 10) continue;
        const int element = int(tet_nodes.size() / 4) + 1;
        for (int k = 0; k < 4; ++k) tet_nodes.push_back(int(grid->GetCell(c)->GetPointId(k)) + 1);
        const int* t = tet_nodes.data() + tet_nodes.size() - 4;
        for (int s = 0; s < 4; ++s)
            side_of[sorted(t[kTetSides[s][0] - 1], t[kTetSides[s][1] - 1],
                           t[kTetSides[s][2] - 1])] = {element, s + 1};
    }
    for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
        if (grid->GetCellType(c) != 5) continue;
        const int tag = int(tags->GetTuple1(c));
        for (Group& g : groups) {
            if (g.tag != tag) continue;
            int n[3];
            for (int k = 0; k < 3; ++k) n[k] = int(grid->GetCell(c)->GetPointId(k)) + 1;
            if (!g.side_set) {
                g.connectivity.insert(g.connectivity.end(), n, n + 3);
                continue;
            }
            const auto [element, side] = side_of.at(sorted(n[0], n[1], n[2]));
            g.elements.push_back(element);
            g.sides.push_back(side);
        }
    }
    int word = 8, io_word = 8;
    const int exo = ex_create(argv[3], EX_CLOBBER, &word, &io_word);
    if (exo < 0) return 1;
    std::vector<double> xyz[3];
    coordinates(grid, xyz);
    int blocks = 1, side_sets = 0, elements = int(tet_nodes.size() / 4);
    for (const Group& g : groups) {
        (g.side_set ? side_sets : blocks) += 1;
        elements += int(g.connectivity.size() / 3);
    }
    ex_put_init(exo, "side sets and a boundary block", 3, grid->GetNumberOfPoints(), elements,
                blocks, 0, side_sets);
    ex_put_coord(exo, xyz[0].data(), xyz[1].data(), xyz[2].data());
    ex_put_block(exo, EX_ELEM_BLOCK, 1, "TETRA", int(tet_nodes.size() / 4), 4, 0, 0, 0);
    ex_put_conn(exo, EX_ELEM_BLOCK, 1, tet_nodes.data(), nullptr, nullptr);
    std::vector<std::string> block_names{"fluid"}, set_names;
    for (const Group& g : groups) {
        if (g.side_set) {
            ex_put_set_param(exo, EX_SIDE_SET, g.id, int(g.elements.size()), 0);
            ex_put_set(exo, EX_SIDE_SET, g.id, g.elements.data(), g.sides.data());
            set_names.push_back(g.name);
        } else {
            ex_put_block(exo, EX_ELEM_BLOCK, g.id, "TRI3", int(g.connectivity.size() / 3), 3, 0, 0,
                         0);
            ex_put_conn(exo, EX_ELEM_BLOCK, g.id, g.connectivity.data(), nullptr, nullptr);
            block_names.push_back(g.name);
        }
    }
    auto put_names = [&](ex_entity_type type, std::vector<std::string>& names) {
        std::vector<char*> pointers;
        for (std::string& n : names) pointers.push_back(n.data());
        if (!pointers.empty()) ex_put_names(exo, type, pointers.data());
    };
    put_names(EX_ELEM_BLOCK, block_names);
    put_names(EX_SIDE_SET, set_names);
    return ex_close(exo) == 0 ? 0 : 1;
}

int write_cgns(vtkUnstructuredGrid* grid, vtkDataArray* tags, int argc, char** argv) {
    std::vector<double> xyz[3];
    coordinates(grid, xyz);
    const std::vector<cgsize_t> tets = connectivity(grid, tags, 10, -1);
    const cgsize_t num_tets = cgsize_t(tets.size() / 4);
    int file, base, zone, c, section;
    const cgsize_t size[3] = {cgsize_t(xyz[0].size()), num_tets, 0};
    if (cg_open(argv[3], CG_MODE_WRITE, &file) || cg_base_write(file, "Base", 3, 3, &base) ||
        cg_zone_write(file, base, "Zone", size, CGNS_ENUMV(Unstructured), &zone))
        return 1;
    for (int a = 0; a < 3; ++a)
        if (cg_coord_write(file, base, zone, CGNS_ENUMV(RealDouble),
                           a == 0   ? "CoordinateX"
                           : a == 1 ? "CoordinateY"
                                    : "CoordinateZ",
                           xyz[a].data(), &c))
            return 1;
    if (cg_section_write(file, base, zone, "Tetrahedra", CGNS_ENUMV(TETRA_4), 1, num_tets, 0,
                         tets.data(), &section))
        return 1;
    cgsize_t next = num_tets + 1;
    for (int i = 4; i < argc; ++i) {
        const std::string arg = argv[i];
        const int tag = std::stoi(arg.substr(0, arg.find(':')));
        const std::string name = arg.substr(arg.find(':') + 1);
        const std::vector<cgsize_t> triangles = connectivity(grid, tags, 5, tag);
        const cgsize_t count = cgsize_t(triangles.size() / 3);
        const cgsize_t range[2] = {next, next + count - 1};
        int bc, family;
        if (cg_section_write(file, base, zone, name.c_str(), CGNS_ENUMV(TRI_3), range[0], range[1],
                             0, triangles.data(), &section) ||
            cg_family_write(file, base, name.c_str(), &family) ||
            cg_boco_write(file, base, zone, name.c_str(), CGNS_ENUMV(FamilySpecified),
                          CGNS_ENUMV(PointRange), 2, range, &bc) ||
            cg_boco_gridlocation_write(file, base, zone, bc, CGNS_ENUMV(FaceCenter)) ||
            cg_goto(file, base, "Zone_t", zone, "ZoneBC_t", 1, "BC_t", bc, "end") ||
            cg_famname_write(name.c_str()))
            return 1;
        next += count;
    }
    return cg_close(file) ? 1 : 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 5) return 2;
    vtkNew<vtkUnstructuredGridReader> reader;
    reader->SetFileName(argv[2]);
    reader->Update();
    vtkUnstructuredGrid* grid = reader->GetOutput();
    vtkDataArray* tags = grid->GetCellData()->GetArray("CellEntityIds");
    if (!tags) return 1;
    const std::string format = argv[1];
    return format == "exodus" ? write_exodus(grid, tags, argc, argv)
           : format == "cgns" ? write_cgns(grid, tags, argc, argv)
                              : 2;
}
