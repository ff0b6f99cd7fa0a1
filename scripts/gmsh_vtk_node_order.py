#!/usr/bin/env python3
"""Writes formats/gmsh_node_order.hpp: for each gmsh element type the reader takes, its
family, node count and the permutation from gmsh's node order to VTK's.

Second order: the permutations come from gmsh itself: a one-element .msh of each type, with node i at x = i,
is converted by `gmsh -format vtk` (gmsh's VTK export, MElement::getVertexVTK), and the
written cell's point list is read back. Two corrections, both checked here:
- gmsh 4.8 exports the 13-node pyramid as a linear VTK pyramid with all its nodes; its
  permutation is derived from the edge lists of gmsh's reference manual ("Node ordering":
  edges 0-1, 0-3, 0-4, 1-2, 1-4, 2-3, 2-4, 3-4) and of vtkQuadraticPyramid (0-1, 1-2, 2-3,
  3-0, 0-4, 1-4, 2-4, 3-4).
- gmsh's export swaps the corners 1<->2 and 4<->5 of a linear prism (its first triangle turns
  the other way round from VTK's) but not of a quadratic one, whose cells would then have
  negative volumes; the mirror image (corners 1<->2, 4<->5 and the edge and face nodes that
  go with them, after the edge and face lists of vtkQuadraticWedge and
  vtkBiQuadraticQuadraticWedge) is applied to those.

Order 3 to MAX_ORDER (complete Lagrange cells of every family VTK 9.1 has a Lagrange class for:
lines, triangles, quadrangles, tetrahedra, hexahedra, prisms; not pyramids): gmsh's VTK export
of these is not usable (4.8 writes them as linear cells), so the nodes are matched by position.
scripts/vtk_lagrange_points.cpp, built here against VTK with formats/vtk_lagrange_order.cpp
(the reader's code for VTK's Lagrange cells), prints the parametric coordinates of
each point of the VTK Lagrange cell (VTK_LAGRANGE_CURVE ... VTK_LAGRANGE_WEDGE) of that order.
A linear one-element .msh whose corners sit at VTK's parametric corners is raised to the order
by gmsh (`gmsh -order N`), which places every node at its reference position under the
corners' map, so the gmsh node at VTK point k's parametric coordinates is node to_vtk[k]. The
element type code gmsh writes is taken from its output too.

Run from the repository root (needs gmsh on PATH, g++ and VTK 9's headers), then format the header as the repository does:
  python3 scripts/gmsh_vtk_node_order.py && clang-format -i formats/gmsh_node_order.hpp
"""
import os
import subprocess
import tempfile

# gmsh element type: (family, node count, description), from gmsh's GmshDefines.h.
TYPES = {
    8: ("Line", 3, "3-node second-order line"),
    9: ("Triangle", 6, "6-node second-order triangle"),
    10: ("Quadrilateral", 9, "9-node second-order quadrangle"),
    11: ("Tetrahedron", 10, "10-node second-order tetrahedron"),
    12: ("Hexahedron", 27, "27-node second-order hexahedron"),
    13: ("Wedge", 18, "18-node second-order prism"),
    16: ("Quadrilateral", 8, "8-node second-order quadrangle"),
    17: ("Hexahedron", 20, "20-node second-order hexahedron"),
    18: ("Wedge", 15, "15-node second-order prism"),
    19: ("Pyramid", 13, "13-node second-order pyramid"),
}
# Family: (gmsh's linear element type, VTK Lagrange cell type, gmsh's name for the family,
# node count of order p).
LAGRANGE = {
    "Line": (1, 68, "line", lambda p: p + 1),
    "Triangle": (2, 69, "triangle", lambda p: (p + 1) * (p + 2) // 2),
    "Quadrilateral": (3, 70, "quadrangle", lambda p: (p + 1) ** 2),
    "Tetrahedron": (4, 71, "tetrahedron", lambda p: (p + 1) * (p + 2) * (p + 3) // 6),
    "Hexahedron": (5, 72, "hexahedron", lambda p: (p + 1) ** 3),
    "Wedge": (6, 73, "prism", lambda p: (p + 1) ** 2 * (p + 2) // 2),
}
MAX_ORDER = 6  # kMaxLagrangeOrder in libpart/mesh/cell_type.hpp
ORDINAL = {3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
LINEAR_VTK = {"Line": 3, "Triangle": 5, "Quadrilateral": 9, "Tetrahedron": 10,
              "Hexahedron": 12, "Wedge": 13, "Pyramid": 14}

GMSH_PYRAMID13 = [(0,), (1,), (2,), (3,), (4,), (0, 1), (0, 3), (0, 4), (1, 2), (1, 4),
                  (2, 3), (2, 4), (3, 4)]
VTK_PYRAMID13 = [(0,), (1,), (2,), (3,), (4,), (0, 1), (1, 2), (2, 3), (3, 0), (0, 4),
                 (1, 4), (2, 4), (3, 4)]
VTK_WEDGE18 = [(0,), (1,), (2,), (3,), (4,), (5,), (0, 1), (1, 2), (2, 0), (3, 4), (4, 5),
               (5, 3), (0, 3), (1, 4), (2, 5), (0, 1, 4, 3), (1, 2, 5, 4), (2, 0, 3, 5)]


def by_corners(to, frm, corner_map=lambda k: k):
    """to[i] = frm[perm[i]]: matches each node by the set of corners it lies between."""
    where = {frozenset(corner_map(k) for k in node): i for i, node in enumerate(frm)}
    return [where[frozenset(node)] for node in to]


def gmsh_export(code, n, workdir):
    msh, vtk = os.path.join(workdir, "e.msh"), os.path.join(workdir, "e.vtk")
    with open(msh, "w") as f:
        f.write("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n%d\n" % n)
        for i in range(1, n + 1):
            f.write("%d %d 0 0\n" % (i, i))
        f.write("$EndNodes\n$Elements\n1\n1 %d 2 0 1 %s\n$EndElements\n"
                % (code, " ".join(str(i) for i in range(1, n + 1))))
    subprocess.run(["gmsh", msh, "-0", "-o", vtk, "-format", "vtk"], check=True,
                   capture_output=True)
    lines = open(vtk).read().split("\n")
    at = next(k for k, l in enumerate(lines) if l.startswith("POINTS"))
    xs = [int(float(lines[at + 1 + k].split()[0])) - 1 for k in range(n)]
    at = next(k for k, l in enumerate(lines) if l.startswith("CELLS"))
    conn = [int(x) for x in lines[at + 1].split()][1:]
    at = next(k for k, l in enumerate(lines) if l.startswith("CELL_TYPES"))
    return int(lines[at + 1]), [xs[p] for p in conn]


def build_vtk_points(workdir):
    exe = os.path.join(workdir, "vtk_lagrange_points")
    vtk_include = max(d for d in os.listdir("/usr/include") if d.startswith("vtk-"))
    version = vtk_include[len("vtk-"):]
    subprocess.run(["g++", "-std=c++20", "-O1", "scripts/vtk_lagrange_points.cpp",
                    "formats/vtk_lagrange_order.cpp", "libpart/mesh/cell_type.cpp", "-o", exe,
                    "-I.", "-I/usr/include/" + vtk_include, "-lvtkCommonDataModel-" + version,
                    "-lvtkCommonCore-" + version], check=True)
    return exe


def position(xyz):
    return tuple(round(float(x) * 720) for x in xyz)  # exact for orders dividing 720


def gmsh_raise(linear_code, corners, order, workdir):
    """gmsh's element of `order` over the given corners: (element type code, node positions)."""
    msh, out = os.path.join(workdir, "l.msh"), os.path.join(workdir, "o.msh")
    with open(msh, "w") as f:
        f.write("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n%d\n" % len(corners))
        for i, c in enumerate(corners):
            f.write("%d %s\n" % (i + 1, " ".join(c)))
        f.write("$EndNodes\n$Elements\n1\n1 %d 2 0 1 %s\n$EndElements\n"
                % (linear_code, " ".join(str(i + 1) for i in range(len(corners)))))
    subprocess.run(["gmsh", msh, "-3", "-order", str(order), "-o", out, "-format", "msh22"],
                   check=True, capture_output=True)
    lines = open(out).read().split("\n")
    at = lines.index("$Nodes")
    nodes = {int(l.split()[0]): position(l.split()[1:4])
             for l in lines[at + 2:at + 2 + int(lines[at + 1])]}
    at = lines.index("$Elements")
    assert lines[at + 1] == "1", "gmsh made more than one element"
    fields = [int(x) for x in lines[at + 2].split()]
    return fields[1], [nodes[i] for i in fields[3 + fields[2]:]]


def lagrange_rows(workdir):
    exe = build_vtk_points(workdir)
    rows = []
    for family, (linear_code, vtk_type, gmsh_name, count) in LAGRANGE.items():
        for order in range(3, MAX_ORDER + 1):
            n = count(order)
            pcoords = subprocess.run([exe, str(vtk_type), str(n), str(order)], check=True,
                                     capture_output=True, text=True).stdout.split("\n")[:n]
            corners = [p.split() for p in pcoords[:count(1)]]
            code, gmsh_nodes = gmsh_raise(linear_code, corners, order, workdir)
            where = {xyz: i for i, xyz in enumerate(gmsh_nodes)}
            assert len(where) == n, "gmsh's %s of order %d has %d nodes" % (family, order, len(where))
            perm = [where[position(p.split())] for p in pcoords]
            assert perm[:len(corners)] == list(range(len(corners))), "corners differ"
            name = "%d-node %s-order %s" % (n, ORDINAL[order], gmsh_name)
            rows.append((code, family, n, vtk_type, name, perm))
    return rows


def main():
    rows = []
    with tempfile.TemporaryDirectory() as workdir:
        for code, (family, n, name) in sorted(TYPES.items()):
            vtk_type, perm = gmsh_export(code, n, workdir)
            if family == "Pyramid":
                assert vtk_type == LINEAR_VTK[family], "gmsh now exports pyramids: use it"
                vtk_type, perm = 27, by_corners(VTK_PYRAMID13, GMSH_PYRAMID13)
            if family == "Wedge":
                assert perm[:6] == list(range(6)), "gmsh now mirrors quadratic prisms"
                mirror = {0: 0, 1: 2, 2: 1, 3: 3, 4: 5, 5: 4}
                flip = by_corners(VTK_WEDGE18[:n], VTK_WEDGE18[:n], mirror.get)
                perm = [perm[flip[i]] for i in range(n)]
            assert sorted(perm) == list(range(n)) and vtk_type != LINEAR_VTK[family]
            rows.append((code, family, n, vtk_type, name, perm))
        rows += lagrange_rows(workdir)
    out = ["#pragma once",
           "// Generated by scripts/gmsh_vtk_node_order.py from gmsh's own VTK export (second",
           "// order; see the script for the two corrections it makes) and from the positions of",
           "// the nodes of gmsh's and VTK's cells (order 3 and up); do not edit.",
           "#include <cstdint>", "", '#include "libpart/mesh/cell_type.hpp"', "",
           "namespace part::formats {", "",
           "struct GmshHigherOrderType {",
           "    std::int64_t code;  // gmsh's element type",
           "    CellType family;",
           "    int num_nodes;",
           "    int vtk_type;       // the VTK cell type of the reordered nodes",
           "    const char* name;   // gmsh's name for it",
           "    // Node k of the cell in VTK's order is node to_vtk[k] in gmsh's.",
           "    const int* to_vtk;",
           "};", ""]
    for code, family, n, vtk_type, name, perm in rows:
        out.append("inline constexpr int kGmshType%dToVtk[] = {%s};"
                   % (code, ", ".join(map(str, perm))))
    out += ["", "inline constexpr GmshHigherOrderType kGmshHigherOrderTypes[] = {"]
    for code, family, n, vtk_type, name, perm in rows:
        out.append('    {%d, CellType::%s, %d, %d, "%s", kGmshType%dToVtk},'
                   % (code, family, n, vtk_type, name, code))
    out += ["};", "", "} // namespace part::formats", ""]
    with open("formats/gmsh_node_order.hpp", "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
