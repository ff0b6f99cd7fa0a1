#!/usr/bin/env python3
"""Benchmark glue for bench/repart.sh.

hotspot GRAPH XYZ CX CY CZ R FACTOR OUT.graph
    Rewrites a METIS graph with vertex weights: FACTOR inside the sphere, 1 elsewhere.
radius XYZ CX CY CZ FRACTION
    Prints the smallest radius r such that the sphere (CX, CY, CZ) r holds at least
    FRACTION of the points (cell centroids): hot spots of a given share of the cells, so a
    family of them is fixed by the share, whatever the local cell size.
morton XYZ OUT.order
    A Z-order (Morton) ordering of the points, line i = 0-based position of point i: a
    stand-in for part-order's Hilbert ordering (issue 4) so the interval method has a
    locality-preserving line to cut.
"""
import sys


def points(xyz):
    """The rows of a coordinates file as (x, y, z); a 2D file's z is 0."""
    return [tuple(map(float, l.split())) + (0.0,) * (3 - len(l.split()))
            for l in open(xyz) if l.strip()]


def hotspot(graph, xyz, cx, cy, cz, r, factor, out):
    cx, cy, cz, r, factor = float(cx), float(cy), float(cz), float(r), int(factor)
    centres = points(xyz)
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


def radius(xyz, cx, cy, cz, fraction):
    cx, cy, cz, fraction = float(cx), float(cy), float(cz), float(fraction)
    d2 = sorted((x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2 for x, y, z in points(xyz))
    need = max(1, -(-int(round(fraction * len(d2) * 1e6)) // 1000000))  # ceil, exact for 1e-6
    print(f"{d2[need - 1] ** 0.5:.6f}")


def morton(xyz, out):
    pts = points(xyz)
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
    if sys.argv[1] == "hotspot":
        hotspot(*sys.argv[2:10])
    elif sys.argv[1] == "radius":
        radius(*sys.argv[2:7])
    elif sys.argv[1] == "morton":
        morton(*sys.argv[2:4])
    else:
        sys.exit(__doc__)
