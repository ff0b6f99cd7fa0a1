#!/usr/bin/env python3
"""Bench glue until part-convert lands: the tetrahedra of a gmsh 2.2 ASCII mesh (or, for a
2D mesh without tetrahedra, its triangles) as a METIS mesh file (one line of 1-based node ids per element, for m2gmetis -gtype=dual) and the cell
centroids (.xyz, one line per element in the same order, so line i is dual vertex i).

usage: msh_tets_to_metis.py MESH.msh OUT.mesh OUT.xyz [OUT_NODES.xyz]
The optional fourth file gets the node coordinates in the mesh file's numbering, so line i is
vertex i of the nodal graph (m2gmetis -gtype=nodal).
"""
import sys


def main(msh_path, mesh_path, xyz_path, nodes_xyz_path=None):
    with open(msh_path) as f:
        lines = iter(f.read().split("\n"))
    nodes = {}
    tets = []
    triangles = []
    for line in lines:
        if line == "$MeshFormat":
            version = next(lines).split()
            if not version[0].startswith("2") or version[1] != "0":
                sys.exit(f"{msh_path}: expected gmsh 2.2 ASCII (gmsh -format msh22), found {version}")
        elif line == "$Nodes":
            for _ in range(int(next(lines))):
                i, x, y, z = next(lines).split()
                nodes[i] = (float(x), float(y), float(z))
        elif line == "$Elements":
            for _ in range(int(next(lines))):
                fields = next(lines).split()
                if fields[1] == "4":  # 4-node tetrahedron
                    tets.append(fields[3 + int(fields[2]):])
                elif fields[1] == "2":  # 3-node triangle
                    triangles.append(fields[3 + int(fields[2]):])
    kind = "tetrahedra" if tets else "triangles"
    tets = tets or triangles
    ids = {node: n + 1 for n, node in enumerate(nodes)}  # dense 1-based node numbering
    with open(mesh_path, "w") as out:
        out.write(f"{len(tets)}\n")
        out.write("".join(" ".join(str(ids[v]) for v in t) + "\n" for t in tets))
    with open(xyz_path, "w") as out:
        rows = []
        for t in tets:
            p = [nodes[v] for v in t]
            rows.append("%.9g %.9g %.9g\n" % tuple(sum(c[a] for c in p) / len(p) for a in range(3)))
        out.write("".join(rows))
    if nodes_xyz_path:
        with open(nodes_xyz_path, "w") as out:
            out.write("".join("%.9g %.9g %.9g\n" % nodes[v] for v in nodes))
    print(f"{len(tets)} {kind}, {len(nodes)} nodes")


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    main(*sys.argv[1:])
