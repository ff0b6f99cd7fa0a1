#!/ usr / bin / env python3
"""Benchmark glue for bench/repart.sh until part-convert exists (issue 3).

msh2mesh MSH OUT.mesh OUT.xyz
    Reads the tetrahedra of a gmsh 4.1 ASCII file and writes a METIS mesh file (one
    element per line, 1-based node ids, for m2gmetis) and the centroid of each tetrahedron.
hotspot GRAPH XYZ CX CY CZ R FACTOR OUT.graph
    Rewrites a METIS graph with vertex weights: FACTOR inside the sphere, 1 elsewhere.
morton XYZ OUT.order
    A Z-order (Morton) ordering of the points, line i = 0-based position of point i: a
    stand-in for part-order's Hilbert ordering (issue 4) so the interval method has a
    locality-preserving line to cut.
"""
import sys


def msh2mesh(msh, out_mesh, out_xyz):
    with open(msh) as f:
        lines = f.read().split("\n")
    i = lines.index("$Nodes")
    nblocks, _, _, _ = map(int, lines[i + 1].split())
    i += 2
    coords = {}
    for _ in range(nblocks):
        _, _, parametric, count = map(int, lines[i].split())
        tags = [int(lines[i + 1 + k]) for k in range(count)]
        for k, tag in enumerate(tags):
            coords[tag] = tuple(map(float, lines[i + 1 + count + k].split()[:3]))
        i += 1 + 2 * count
    i = lines.index("$Elements")
    nblocks = int(lines[i + 1].split()[0])
    i += 2
    tets = []
    for _ in range(nblocks):
        _, _, etype, count = map(int, lines[i].split())
        if etype == 4:
            for k in range(count):
                tets.append(list(map(int, lines[i + 1 + k].split()[1:5])))
        i += 1 + count
    index = {tag: n + 1 for n, tag in enumerate(sorted(coords))}
    with open(out_mesh, "w") as f:
        f.write(f"{len(tets)}\n")
        for t in tets:
            f.write(" ".join(str(index[n]) for n in t) + "\n")
    with open(out_xyz, "w") as f:
        for t in tets:
            c = [sum(coords[n][a] for n in t) / 4 for a in range(3)]
            f.write(f"{c[0]:.6g} {c[1]:.6g} {c[2]:.6g}\n")


def hotspot(graph, xyz, cx, cy, cz, r, factor, out):
    cx, cy, cz, r, factor = float(cx), float(cy), float(cz), float(r), int(factor)
    centres = [tuple(map(float, l.split())) for l in open(xyz) if l.strip()]
    with open(graph) as f:
        rows = [l for l in f.read().split("\n") if not l.startswith("%")]
    head = rows[0].split()
    n, m = int(head[0]), int(head[1])
    fmt = head[2] if len(head) > 2 else "0"
    assert fmt in ("0", "000"), "expected an unweighted graph"
    with open(out, "w") as f:
        f.write(f"{n} {m} 010\n")
        for v in range(n):
            x, y, z = centres[v]
            inside = (x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2 <= r * r
            f.write(f"{factor if inside else 1} {rows[1 + v]}\n")


def morton(xyz, out):
    pts = [tuple(map(float, l.split())) for l in open(xyz) if l.strip()]
    lo = [min(p[a] for p in pts) for a in range(3)]
    span = max(max(p[a] for p in pts) - lo[a] for a in range(3)) or 1.0
    bits = 16

    def key(p):
        q = [min((1 << bits) - 1, int((p[a] - lo[a]) / span * (1 << bits))) for a in range(3)]
        k = 0
        for b in range(bits - 1, -1, -1):
            for a in range(3):
                k = (k << 1) | ((q[a] >> b) & 1)
        return k

    order = sorted(range(len(pts)), key=lambda v: (key(pts[v]), v))
    pos = [0] * len(pts)
    for at, v in enumerate(order):
        pos[v] = at
    with open(out, "w") as f:
        f.write("".join(f"{at}\n" for at in pos))


if __name__ == "__main__":
    if sys.argv[1] == "msh2mesh":
        msh2mesh(*sys.argv[2:5])
    elif sys.argv[1] == "hotspot":
        hotspot(*sys.argv[2:10])
    elif sys.argv[1] == "morton":
        morton(*sys.argv[2:4])
    else:
        sys.exit(__doc__)
