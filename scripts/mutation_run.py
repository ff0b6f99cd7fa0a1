#!/usr/bin/env python3
"""Mutation harness for the part-* tools' readers.

Makes valid seed inputs for every reader the tools have (Chaco/METIS graphs with every fmt
code, partitions, coordinates, permutations, targets, network graphs, METIS .mesh, gmsh .msh
2.2 and 4.1 ASCII and binary, legacy .vtk ASCII and binary, .vtu ascii/binary/appended/
compressed, .pvtu datasets, migration plans, schedule CSV traces), mutates them
deterministically from --seed, runs the built tools on each mutated file and checks that
every run ends cleanly:

  crash           killed by a signal, an exit code other than 0/1/2, or a sanitizer,
                  abort or "terminate called" message on stderr
  hang            still running after --timeout seconds (the process group is killed)
  partial output  a run that failed by itself (exit != 0, not killed as a hang) left a
                  file in the output folder, or any run left a new file beside the inputs
  modified input  an input file's bytes changed, or an input disappeared
  unnamed refusal exit 1 without an error line naming one of the case's input files (or
                  another path in the input folder, such as a piece a .pvtu lists)
  raw exception   stderr carries C++ runtime text (vector::_M_..., std::bad_alloc, stoi...)

Each case runs in a fresh folder: inputs in in/, outputs in out/. A failing case is copied
to FINDINGS/<category>/<case>/ with its inputs (as they were before the run), the command
(repro.sh, runnable from that folder) and stderr. Before the mutated cases every command
runs on its unmutated seeds: failures there are reported as "valid input" (the tool fails on
a file that is fine). Exit status: 0 when no case failed, 1 otherwise, 2 on usage errors.

Example:
  python3 scripts/mutation_run.py --tools-dir build/tools --cases 2000 -j 2
  python3 scripts/mutation_run.py --quick          # ~200 cases, for ctest
"""

import argparse
import base64
import collections
import concurrent.futures
import hashlib
import json
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPI_ENV = {
    "OMPI_ALLOW_RUN_AS_ROOT": "1",
    "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    "OMPI_MCA_rmaps_base_oversubscribe": "1",
}

# ---------------------------------------------------------------------------------------------
# Seeds


def run_checked(argv, cwd=None):
    result = subprocess.run(argv, cwd=cwd, capture_output=True, text=True,
                            env=dict(os.environ, **MPI_ENV))
    if result.returncode != 0:
        raise RuntimeError("seed command failed (%d): %s\n%s" %
                           (result.returncode, " ".join(argv), result.stderr[-2000:]))
    return result


GMSH_TO_VTK = {1: 3, 2: 5, 3: 9, 4: 10, 5: 12, 6: 13, 7: 14, 15: 1}


def read_msh22_ascii(path):
    """Points and cells (vtk type, 0-based nodes) of a gmsh 2.2 ASCII file."""
    lines = open(path).read().split("\n")
    index = lines.index("$Nodes")
    count = int(lines[index + 1])
    ids, points = {}, []
    for k in range(count):
        fields = lines[index + 2 + k].split()
        ids[int(fields[0])] = k
        points.append(tuple(float(v) for v in fields[1:4]))
    index = lines.index("$Elements")
    cells = []
    for k in range(int(lines[index + 1])):
        fields = [int(v) for v in lines[index + 2 + k].split()]
        ntags = fields[2]
        cells.append((GMSH_TO_VTK[fields[1]], [ids[v] for v in fields[3 + ntags:]]))
    return points, cells


def vtu_arrays(points, cells):
    """(section, name, vtk type, struct code, components, values) of a test dataset."""
    connectivity = [n for _, nodes in cells for n in nodes]
    offsets, total = [], 0
    for _, nodes in cells:
        total += len(nodes)
        offsets.append(total)
    return [
        ("PointData", "temperature", "Float64", "d", 1, [p[0] + 2 * p[1] for p in points]),
        ("CellData", "weight", "Int32", "i", 1, [1 + k % 3 for k in range(len(cells))]),
        ("Points", "Points", "Float64", "d", 3, [c for p in points for c in p]),
        ("Cells", "connectivity", "Int64", "q", 1, connectivity),
        ("Cells", "offsets", "Int64", "q", 1, offsets),
        ("Cells", "types", "UInt8", "B", 1, [t for t, _ in cells]),
    ]


def write_vtu(path, points, cells, mode):
    """Writes an unstructured grid as .vtu in mode ascii, binary, appended or compressed."""
    header_type, header_code = ("UInt64", "Q") if mode == "compressed" else ("UInt32", "I")
    appended = bytearray()
    sections = collections.OrderedDict()
    for section, name, vtype, code, comps, values in vtu_arrays(points, cells):
        raw = struct.pack("<%d%s" % (len(values), code), *values)
        attrs = 'type="%s" Name="%s" NumberOfComponents="%d"' % (vtype, name, comps)
        if mode == "ascii":
            text = " ".join(repr(v) if code == "d" else str(v) for v in values)
            element = '<DataArray %s format="ascii">\n%s\n</DataArray>' % (attrs, text)
        elif mode == "binary":
            encoded = (base64.b64encode(struct.pack("<" + header_code, len(raw))) +
                       base64.b64encode(raw)).decode()
            element = '<DataArray %s format="binary">\n%s\n</DataArray>' % (attrs, encoded)
        else:
            if mode == "compressed":
                packed = zlib.compress(raw)
                block = struct.pack("<4Q", 1, len(raw), len(raw), len(packed)) + packed
            else:
                block = struct.pack("<I", len(raw)) + raw
            element = '<DataArray %s format="appended" offset="%d"/>' % (attrs, len(appended))
            appended += block
        sections.setdefault(section, []).append(element)
    compressor = ' compressor="vtkZLibDataCompressor"' if mode == "compressed" else ""
    out = ['<?xml version="1.0"?>',
           '<VTKFile type="UnstructuredGrid" version="1.0" byte_order="LittleEndian" '
           'header_type="%s"%s>' % (header_type, compressor),
           "<UnstructuredGrid>",
           '<Piece NumberOfPoints="%d" NumberOfCells="%d">' % (len(points), len(cells))]
    for section, elements in sections.items():
        out.append("<%s>" % section)
        out.extend(elements)
        out.append("</%s>" % section)
    out += ["</Piece>", "</UnstructuredGrid>"]
    data = "\n".join(out).encode()
    if appended:
        data += b'\n<AppendedData encoding="raw">\n_' + bytes(appended) + b"\n</AppendedData>"
    data += b"\n</VTKFile>\n"
    with open(path, "wb") as f:
        f.write(data)


def write_legacy_vtk(path, points, cells, binary):
    """Writes a legacy VTK unstructured grid (big-endian when binary)."""
    size = sum(len(nodes) + 1 for _, nodes in cells)
    cell_ints = [v for _, nodes in cells for v in [len(nodes)] + nodes]

    def block(code, values):
        if binary:
            return struct.pack(">%d%s" % (len(values), code), *values) + b"\n"
        return ("\n".join(" ".join(str(v) for v in values[i:i + 9])
                          for i in range(0, len(values), 9)) + "\n").encode()

    data = b"# vtk DataFile Version 3.0\nmutation seed\n"
    data += b"BINARY\n" if binary else b"ASCII\n"
    data += b"DATASET UNSTRUCTURED_GRID\n"
    data += b"POINTS %d double\n" % len(points)
    data += block("d", [c for p in points for c in p])
    data += b"CELLS %d %d\n" % (len(cells), size) + block("i", cell_ints)
    data += b"CELL_TYPES %d\n" % len(cells) + block("i", [t for t, _ in cells])
    data += b"CELL_DATA %d\nSCALARS weight int 1\nLOOKUP_TABLE default\n" % len(cells)
    data += block("i", [1 + k % 3 for k in range(len(cells))])
    with open(path, "wb") as f:
        f.write(data)


def read_graph(path):
    lines = [l for l in open(path).read().split("\n") if not l.startswith("%")]
    n = int(lines[0].split()[0])
    return [[int(v) for v in lines[1 + i].split()] for i in range(n)]


def write_graph_variant(path, adjacency, fmt, ncon=1):
    """The graph with vertex sizes / weights / edge weights as fmt's digits ask."""
    fmt = "%03d" % int(fmt)
    sizes, vweights, eweights = fmt[0] == "1", fmt[1] == "1", fmt[2] == "1"
    m = sum(len(a) for a in adjacency) // 2
    head = "%d %d" % (len(adjacency), m)
    if fmt != "000":
        head += " " + fmt.lstrip("0")
    if ncon > 1:
        head += " %d" % ncon
    out = ["% mutation seed, fmt " + fmt, head]
    for i, neighbours in enumerate(adjacency, start=1):
        fields = []
        if sizes:
            fields.append(1 + i % 4)
        if vweights:
            fields += [1 + (i + c) % 3 for c in range(ncon)]
        for v in neighbours:
            fields.append(v)
            if eweights:
                fields.append(1 + (i + v) % 5)
        out.append(" ".join(str(f) for f in fields))
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def make_seeds(tools, seeds):
    """Builds every seed file into the folder seeds (gmsh and the tools make most)."""
    os.makedirs(seeds, exist_ok=True)
    tools = os.path.abspath(tools)

    def tool(name, *args):
        return run_checked([os.path.join(tools, name)] + [str(a) for a in args], cwd=seeds)

    meshes = [("mixed2d", 2), ("box3d", 3), ("mixed3d", 3)]
    for name, dim in meshes:
        geo = os.path.join(REPO, "tests", "data", name + ".geo")
        for fmt in ("msh22", "msh41"):
            for binary in (False, True):
                out = "%s_%s%s.msh" % (name, fmt, "_bin" if binary else "")
                run_checked(["gmsh", geo, "-%d" % dim, "-format", fmt, "-o", out] +
                            (["-bin"] if binary else []), cwd=seeds)
        tool("part-convert", name + "_msh41.msh", "-o", name + ".graph", "-q")
        tool("part-convert", name + "_msh41.msh", "-o", name + ".mesh", "-q")
        tool("part-partition", name + ".graph", "-k", 4, "--method", "metis",
             "-o", name + ".part.4", "-q")
        tool("part-partition", name + ".graph", "-k", 2, "--method", "metis",
             "-o", name + ".part.2", "-q")
        points, cells = read_msh22_ascii(os.path.join(seeds, name + "_msh22.msh"))
        for mode in ("ascii", "binary", "appended", "compressed"):
            write_vtu(os.path.join(seeds, "%s_%s.vtu" % (name, mode)), points, cells, mode)
        write_legacy_vtk(os.path.join(seeds, name + "_ascii.vtk"), points, cells, False)
        write_legacy_vtk(os.path.join(seeds, name + "_binary.vtk"), points, cells, True)
        tool("part-convert", name + "_msh41.msh", "--partition", name + ".part.4",
             "-o", name + "_vtkwriter.vtu", "-q")
    adjacency = read_graph(os.path.join(seeds, "mixed2d.graph"))
    for fmt, ncon in (("1", 1), ("10", 1), ("11", 1), ("100", 1), ("111", 1), ("10", 2),
                      ("110", 3)):
        write_graph_variant(os.path.join(seeds, "mixed2d_fmt%s_ncon%d.graph" % (fmt, ncon)),
                            adjacency, fmt, ncon)
    tool("part-partition", "mixed2d.graph", "-k", 4, "--method", "rcb",
         "--coords", "mixed2d.xyz", "-o", "mixed2d.part.4b", "-q")
    tool("part-order", "mixed2d.graph", "--method", "rcm", "-o", "mixed2d.perm", "-q")
    tool("part-order", "box3d.graph", "--method", "hilbert", "--coords", "box3d.xyz",
         "-o", "box3d.perm", "-q")
    tool("part-plan", "diff", "mixed2d.part.4", "mixed2d.part.4b", "-o", "mixed2d.plan", "-q")
    tool("part-repart", "mixed2d.graph", "mixed2d.part.4", "-k", 3, "--method",
         "interval", "-o", "mixed2d.part.3r", "--plan", "mixed2d_repart.plan", "-q")
    for parts in (2, 4):
        folder = os.path.join(seeds, "split%d" % parts)
        os.makedirs(folder, exist_ok=True)
        tool("part-convert", "mixed2d_msh41.msh", "--partition", "mixed2d.part.%d" % parts,
             "--split", "-o", os.path.join(folder, "ds.pvtu"), "-q")
    files = {
        "targets4.txt": "1\n2\n1\n1.5\n",
        "ring4.graph": "4 4\n2 4\n1 3\n2 4\n3 1\n",
        "costs.csv": "A,B,C\n1,3,2\n1,3,2\n2,2,2\n3,1,2\n3,1,2\n# end\n",
        "work.csv": "wavefront,string,work\n1,1,1\n1,2,1\n1,3,1\n2,1,1\n2,2,1\n2,3,1\n",
        "loads.csv": "p0,p1,p2,p3\n" + "".join(
            "%d,%d,%d,%d\n" % (10 + s, 10, 10 - s // 2, 10 + s // 3) for s in range(12)),
        "remap_costs.txt": "cost\n" + "".join("%d\n" % (1 + s % 3) for s in range(5)),
    }
    for name, text in files.items():
        with open(os.path.join(seeds, name), "w") as f:
            f.write(text)


# ---------------------------------------------------------------------------------------------
# Commands. {alias} is replaced by the case's in/ path of that input, {out} by its out/ folder.
# Each template: reader, mutated alias, {alias: seed choices}, argv (tool first), options.

GRAPHS = ["mixed2d.graph", "mixed2d_fmt1_ncon1.graph", "mixed2d_fmt10_ncon1.graph",
          "mixed2d_fmt11_ncon1.graph", "mixed2d_fmt100_ncon1.graph",
          "mixed2d_fmt111_ncon1.graph", "mixed2d_fmt10_ncon2.graph",
          "mixed2d_fmt110_ncon3.graph"]
MESH_FAMILIES = ["mixed2d", "box3d", "mixed3d"]
MSH_VARIANTS = ["_msh22.msh", "_msh22_bin.msh", "_msh41.msh", "_msh41_bin.msh"]
VTU_VARIANTS = ["_ascii.vtu", "_binary.vtu", "_appended.vtu", "_compressed.vtu",
                "_vtkwriter.vtu"]
VTK_VARIANTS = ["_ascii.vtk", "_binary.vtk"]


def T(reader, mutate, inputs, argv, mpi=False):
    return {"reader": reader, "mutate": mutate, "inputs": inputs, "argv": argv, "mpi": mpi}


def graph_templates():
    g = {"g": GRAPHS, "p": ["mixed2d.part.4"], "x": ["mixed2d.xyz"]}
    return [
        T("graph", "g", g, ["part-stats", "{g}", "{p}"]),
        T("graph", "g", g, ["part-partition", "{g}", "-k", "4", "--method", "metis",
                            "-o", "{out}/g.part"]),
        T("graph", "g", g, ["part-partition", "{g}", "-k", "3", "--method", "farhat",
                            "-o", "{out}/g.part"]),
        T("graph", "g", g, ["part-order", "{g}", "--method", "rcm", "-o", "{out}/g.perm"]),
        T("graph", "g", g, ["part-order", "{g}", "--method", "nd", "-o", "{out}/g.perm"]),
        T("graph", "g", g, ["part-refine", "{g}", "{p}", "-o", "{out}/g.part"]),
        T("graph", "g", g, ["part-repart", "{g}", "{p}", "--method", "interval",
                            "-o", "{out}/n.part", "--plan", "{out}/n.plan"]),
        T("graph", "g", g, ["part-repart", "{g}", "{p}", "--method", "gde", "-k", "3",
                            "-o", "{out}/n.part", "--plan", "{out}/n.plan"]),
        T("graph", "g", g, ["part-repart", "{g}", "{p}", "--method", "scratch",
                            "-o", "{out}/n.part", "--plan", "{out}/n.plan"]),
        T("graph", "g", g, ["part-simulate", "{g}", "--coords", "{x}", "-k", "4", "--workload",
                            "hotspot", "--steps", "4", "--method", "gde",
                            "-o", "{out}/sim.csv"]),
        T("network", "net", {"g": ["mixed2d.graph"], "p": ["mixed2d.part.4"],
                             "net": ["ring4.graph"]},
          ["part-refine", "{g}", "{p}", "--network", "{net}", "-o", "{out}/g.part"]),
    ]


def partition_templates():
    base = {"g": ["mixed2d.graph"], "p": ["mixed2d.part.4", "mixed2d.part.4b"],
            "p2": ["mixed2d.part.4b"], "plan": ["mixed2d.plan"], "m": ["mixed2d_msh41.msh"]}
    return [
        T("partition", "p", base, ["part-stats", "{g}", "{p}"]),
        T("partition", "p", base, ["part-refine", "{g}", "{p}", "-o", "{out}/r.part"]),
        T("partition", "p", base, ["part-repart", "{g}", "{p}", "--method",
                                   "interval", "-o", "{out}/n.part", "--plan", "{out}/n.plan"]),
        T("partition", "p", base, ["part-repart", "{g}", "{p}", "--method", "gde",
                                   "-o", "{out}/n.part", "--plan", "{out}/n.plan"]),
        T("partition", "p", base, ["part-plan", "diff", "{p}", "{p2}", "-o", "{out}/d.plan"]),
        T("partition", "p", dict(base, p=["mixed2d.part.4"]),
          ["part-plan", "verify", "{plan}", "{p}", "{p2}"]),
        T("partition", "p", dict(base, p=["mixed2d.part.4"]),
          ["part-plan", "apply", "{plan}", "--partition", "{p}", "-o", "{out}/a.part"]),
        T("partition", "p", base, ["part-convert", "{m}", "--partition", "{p}",
                                   "-o", "{out}/c.vtu"]),
        T("partition", "p", base, ["part-convert", "{m}", "--partition", "{p}", "--split",
                                   "-o", "{out}/c.pvtu"]),
        T("partition", "p", dict(base, q=["mixed2d.part.4b"]),
          ["part-convert", "{m}", "--partition", "{q}", "--old-partition", "{p}",
           "-o", "{out}/c.vtu"]),
    ]


def coords_templates():
    base = {"g": ["mixed2d.graph"], "p": ["mixed2d.part.4"], "x": ["mixed2d.xyz"]}
    base3 = {"g": ["box3d.graph"], "p": ["box3d.part.4"], "x": ["box3d.xyz"]}
    return [
        T("coords", "x", base, ["part-order", "{g}", "--method", "hilbert", "--coords", "{x}",
                                "-o", "{out}/o.perm"]),
        T("coords", "x", base3, ["part-order", "{g}", "--method", "inertial", "--coords",
                                 "{x}", "-o", "{out}/o.perm"]),
        T("coords", "x", base, ["part-partition", "{g}", "-k", "4", "--method", "rcb",
                                "--coords", "{x}", "-o", "{out}/p.part"]),
        T("coords", "x", base3, ["part-partition", "{g}", "-k", "4", "--method", "hier",
                                 "--coords", "{x}", "-o", "{out}/p.part"]),
        T("coords", "x", base, ["part-stats", "{g}", "{p}", "--coords", "{x}"]),
        T("coords", "x", base, ["part-refine", "{g}", "{p}", "--coords", "{x}",
                                "-o", "{out}/r.part"]),
        T("coords", "x", base3, ["part-repart", "{g}", "{p}", "--method", "interval",
                                 "--coords", "{x}", "-o", "{out}/n.part",
                                 "--plan", "{out}/n.plan"]),
        T("coords", "x", base, ["part-simulate", "{g}", "--coords", "{x}", "-k", "4",
                                "--workload", "front", "--steps", "3", "-o", "{out}/s.csv"]),
    ]


def small_file_templates():
    perm = {"g": ["mixed2d.graph"], "p": ["mixed2d.part.4"], "o": ["mixed2d.perm"]}
    perm3 = {"g": ["box3d.graph"], "p": ["box3d.part.4"], "o": ["box3d.perm"]}
    targ = {"g": ["mixed2d.graph"], "p": ["mixed2d.part.4"], "t": ["targets4.txt"],
            "x": ["mixed2d.xyz"]}
    return [
        T("permutation", "o", perm, ["part-partition", "{g}", "-k", "4", "--method", "blocks",
                                     "--order", "{o}", "-o", "{out}/p.part"]),
        T("permutation", "o", perm3, ["part-repart", "{g}", "{p}", "--method",
                                      "interval", "--order", "{o}", "-o", "{out}/n.part",
                                      "--plan", "{out}/n.plan"]),
        T("targets", "t", targ, ["part-partition", "{g}", "-k", "4", "--method", "metis",
                                 "--targets", "{t}", "-o", "{out}/p.part"]),
        T("targets", "t", targ, ["part-refine", "{g}", "{p}", "--targets", "{t}",
                                 "-o", "{out}/r.part"]),
        T("targets", "t", targ, ["part-stats", "{g}", "{p}", "--targets", "{t}"]),
        T("targets", "t", targ, ["part-repart", "{g}", "{p}", "--method", "scratch",
                                 "--targets", "{t}", "-o", "{out}/n.part",
                                 "--plan", "{out}/n.plan"]),
        T("targets", "t", targ, ["part-simulate", "{g}", "--coords", "{x}", "-k", "4",
                                 "--targets", "{t}", "--workload", "hotspot", "--steps", "3",
                                 "-o", "{out}/s.csv"]),
    ]


def mesh_templates():
    out = []
    for reader, variants in (("msh", MSH_VARIANTS), ("vtu", VTU_VARIANTS),
                             ("vtk", VTK_VARIANTS), ("metis-mesh", [".mesh"])):
        for family in MESH_FAMILIES:
            inputs = {"m": [family + v for v in variants], "p": [family + ".part.4"]}
            out += [
                T(reader, "m", inputs, ["part-convert", "{m}", "-o", "{out}/m.graph"]),
                T(reader, "m", inputs, ["part-convert", "{m}", "--nodal", "-o",
                                        "{out}/m.graph"]),
                T(reader, "m", inputs, ["part-convert", "{m}", "--partition", "{p}",
                                        "-o", "{out}/m.vtu"]),
            ]
        if reader in ("vtu", "vtk"):
            with_weights = [v for v in variants if v != "_vtkwriter.vtu"]  # no "weight" array
            out.append(T(reader, "m", {"m": ["mixed2d" + v for v in with_weights]},
                         ["part-convert", "{m}", "--weight-field", "weight",
                          "-o", "{out}/m.graph"]))
    out.append(T("msh", "m", {"m": ["mixed2d" + v for v in MSH_VARIANTS],
                              "p": ["mixed2d.part.4"]},
                 ["part-convert", "{m}", "--partition", "{p}", "--split", "--ghost-layers",
                  "1", "-o", "{out}/m.pvtu"]))
    return out


def dataset_templates():
    ds4 = {"ds": ["split4/ds.pvtu"], "plan": ["mixed2d.plan"]}
    return [
        T("pvtu", "ds", ds4, ["part-convert", "{ds}", "-o", "{out}/d.graph"]),
        T("pvtu", "ds", ds4, ["part-plan", "apply", "{plan}", "--dataset", "{ds}",
                              "-o", "{out}/n.pvtu"]),
        T("pvtu", "ds", ds4, ["part-plan", "apply", "{plan}", "--dataset", "{ds}",
                              "--ghost-layers", "1", "-o", "{out}/n.pvtu"]),
    ]


def plan_templates():
    diff = {"plan": ["mixed2d.plan"], "p": ["mixed2d.part.4"], "p2": ["mixed2d.part.4b"]}
    rep = {"plan": ["mixed2d_repart.plan"], "p": ["mixed2d.part.4"], "p2": ["mixed2d.part.3r"]}
    out = []
    for inputs in (diff, rep):
        out += [
            T("plan", "plan", inputs, ["part-plan", "show", "{plan}"]),
            T("plan", "plan", inputs, ["part-plan", "show", "{plan}", "--json"]),
            T("plan", "plan", inputs, ["part-plan", "verify", "{plan}", "{p}", "{p2}"]),
            T("plan", "plan", inputs, ["part-plan", "apply", "{plan}", "--partition", "{p}",
                                       "-o", "{out}/a.part"]),
        ]
    out.append(T("plan", "plan", {"plan": ["mixed2d.plan"], "ds": ["split4/ds.pvtu"]},
                 ["part-plan", "apply", "{plan}", "--dataset", "{ds}", "-o", "{out}/n.pvtu"]))
    return out


def csv_templates():
    return [
        T("csv", "c", {"c": ["costs.csv"]}, ["part-schedule", "dp", "{c}", "--remap-cost", "1"]),
        T("csv", "c", {"c": ["costs.csv"]}, ["part-schedule", "dp", "{c}", "--remap-cost", "C",
                                             "--json"]),
        T("csv", "c", {"c": ["work.csv"]}, ["part-schedule", "segment", "{c}", "--procs", "2",
                                            "--sync", "0.5", "--window", "3"]),
        T("csv", "c", {"c": ["loads.csv"]}, ["part-schedule", "policies", "{c}",
                                             "--remap-cost", "5", "--json"]),
        T("csv", "c", {"c": ["loads.csv"]}, ["part-schedule", "policies", "{c}",
                                             "--remap-cost", "3", "--horizon", "4"]),
        T("remap-cost", "r", {"c": ["costs.csv"], "r": ["remap_costs.txt"]},
          ["part-schedule", "dp", "{c}", "--remap-cost", "{r}"]),
    ]


def mpi_templates():
    g = {"g": GRAPHS[:4], "p": ["mixed2d.part.2", "mixed2d.part.4"]}
    ds2 = {"ds": ["split2/ds.pvtu"]}
    return [
        T("graph", "g", g, ["part-repart", "{g}", "{p}", "--method", "interval",
                            "-o", "{out}/n.part", "--plan", "{out}/n.plan"], mpi=True),
        T("graph", "g", g, ["part-repart", "{g}", "{p}", "--method", "gde",
                            "-o", "{out}/n.part", "--plan", "{out}/n.plan"], mpi=True),
        T("partition", "p", g, ["part-repart", "{g}", "{p}", "--method", "interval",
                                "-k", "3", "-o", "{out}/n.part", "--plan", "{out}/n.plan"],
          mpi=True),
        T("pvtu", "ds", ds2, ["part-repart", "{ds}", "--method", "interval", "-k", "3",
                              "-o", "{out}/n.part", "--plan", "{out}/n.plan"], mpi=True),
        T("pvtu", "ds", ds2, ["part-repart", "{ds}", "--method", "gde", "-o", "{out}/n.part",
                              "--plan", "{out}/n.plan", "--pvtu", "{out}/n.pvtu"], mpi=True),
    ]


def all_templates():
    serial = (graph_templates() + partition_templates() + coords_templates() +
              small_file_templates() + mesh_templates() + dataset_templates() +
              plan_templates() + csv_templates())
    return serial, mpi_templates()


def tool_label(template):
    argv = template["argv"]
    label = argv[0]
    if argv[0] in ("part-plan", "part-schedule"):
        label += " " + argv[1]
    return ("mpirun " if template["mpi"] else "") + label


# ---------------------------------------------------------------------------------------------
# Mutations: each takes (rng, data bytes) and returns (new bytes, description).

NUMBER = re.compile(rb"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
EXTREMES = [b"-1", b"0", b"1", b"-0", b"2147483647", b"2147483648", b"-2147483648",
            b"4294967295", b"4294967296", b"9223372036854775807", b"9223372036854775808",
            b"-9223372036854775809", b"18446744073709551616", b"1e308", b"-1e308", b"1e309",
            b"4.9e-324", b"nan", b"-nan", b"inf", b"-inf", b"0x10", b"1.5", b"", b"1 1",
            b"99999999999999999999999999", b"+3", b"07", b"1e5"]
HUGE_COUNTS = [b"2147483647", b"2147483648", b"4294967295", b"1000000000",
               b"9223372036854775807", b"18446744073709551615", b"-1", b"0", b"100000"]
XML_VALUES = [b"", b"-1", b"0", b"2147483647", b"9223372036854775807", b"garbage",
              b"Int8", b"UInt64", b"Float32", b"Float128", b"String", b"binary", b"ascii",
              b"appended", b"BigEndian", b"LittleEndian", b"UInt32", b"UInt16",
              b"vtkZLibDataCompressor", b"vtkLZ4DataCompressor", b"vtkLZMADataCompressor",
              b"nan", b"1e308", b"3", b"../../etc/passwd", b"missing.vtu", b"ds_0.vtu",
              b"PolyData", b"0.1"]
INSERTS = [b"\x00", b"\xff", b"-", b"9", b" ", b"\n", b"\r\n", b"\t", b"%", b"#", b",",
           b"\"", b"<", b">", b"$", b"e", b".", b"nan", b"99999999999"]
BINARY_INTS = [(b"<i", -1), (b"<i", 0), (b"<i", 2 ** 31 - 1), (b"<i", -2 ** 31),
               (b"<q", -1), (b"<q", 2 ** 63 - 1), (b"<q", 2 ** 40), (b"<Q", 2 ** 64 - 1),
               (b"<d", float("nan")), (b"<d", 1e308), (b"<d", float("inf")),
               (b">i", -1), (b">i", 2 ** 31 - 1), (b">d", float("nan"))]


def lines_of(data):
    return data.split(b"\n")


def mut_flip(rng, data):
    data = bytearray(data)
    count = rng.choice([1, 1, 2, 4, 16])
    for _ in range(count):
        if not data:
            break
        pos = rng.randrange(len(data))
        data[pos] = data[pos] ^ (1 << rng.randrange(8)) if rng.random() < 0.5 else rng.randrange(256)
    return bytes(data), "flip %d byte(s)" % count


def mut_insert(rng, data):
    pos = rng.randrange(len(data) + 1)
    piece = rng.choice(INSERTS) if rng.random() < 0.7 else bytes(
        rng.randrange(256) for _ in range(rng.randrange(1, 9)))
    return data[:pos] + piece + data[pos:], "insert %r at %d" % (piece, pos)


def mut_delete(rng, data):
    if not data:
        return data, "delete nothing"
    pos = rng.randrange(len(data))
    count = rng.choice([1, 1, 2, 8, 64, 512])
    return data[:pos] + data[pos + count:], "delete %d byte(s) at %d" % (count, pos)


def mut_truncate(rng, data):
    pos = rng.randrange(len(data) + 1) if rng.random() < 0.7 else max(0, len(data) - rng.randrange(1, 16))
    return data[:pos], "truncate at %d of %d" % (pos, len(data))


def mut_line(rng, data):
    lines = lines_of(data)
    i = rng.randrange(len(lines))
    what = rng.choice(["delete", "duplicate", "swap", "insert", "blank", "repeat"])
    if what == "delete":
        del lines[i]
    elif what == "duplicate":
        lines.insert(i, lines[i])
    elif what == "swap":
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        what += " with %d" % j
    elif what == "insert":
        lines.insert(i, rng.choice([b"", b"0", b"-1", b"1 2 3", b"% comment", b"# comment",
                                    b"2147483648", b"nan nan nan", b"1,2,3", b"a b c",
                                    b"$EndNodes", b"</DataArray>", b"\x00"]))
    elif what == "blank":
        lines[i] = b""
    else:
        lines[i:i + 1] = [lines[i]] * rng.choice([3, 100])
    return b"\n".join(lines), "%s line %d" % (what, i + 1)


def mut_number(rng, data):
    matches = list(NUMBER.finditer(data))
    if not matches:
        return mut_insert(rng, data)
    m = rng.choice(matches)
    value = rng.choice(EXTREMES)
    return data[:m.start()] + value + data[m.end():], "number %r at %d -> %r" % (
        m.group(), m.start(), value)


def header_matches(data):
    """Numbers of a file's header lines: the first data line, a line after a $Section line,
    or a Number*/offset attribute."""
    found, previous, first = [], b"", True
    pos = 0
    for line in lines_of(data):
        stripped = line.strip()
        is_comment = stripped.startswith((b"%", b"#"))
        if (first and stripped and not is_comment) or previous.startswith(b"$") or \
                stripped.startswith((b"POINTS", b"CELLS", b"CELL_TYPES", b"CELL_DATA")) or \
                stripped.startswith(b"%%BODY"):
            found += [(pos + m.start(), pos + m.end()) for m in NUMBER.finditer(line)]
        if stripped and not is_comment:
            first = False
        previous = stripped
        pos += len(line) + 1
        if pos > 1 << 20:
            break
    for m in re.finditer(rb'(?:Number\w*|offset|NumberOfComponents)="(-?\d+)"', data):
        found.append((m.start(1), m.end(1)))
    return found


def mut_header(rng, data):
    found = header_matches(data)
    if not found:
        return mut_number(rng, data)
    start, end = rng.choice(found)
    value = rng.choice(HUGE_COUNTS)
    return data[:start] + value + data[end:], "header number at %d -> %r" % (start, value)


def mut_xml_attr(rng, data):
    matches = list(re.finditer(rb'([\w:]+)="([^"]*)"', data[:1 << 16]))
    if not matches:
        return mut_number(rng, data)
    m = rng.choice(matches)
    value = rng.choice(XML_VALUES)
    return data[:m.start(2)] + value + data[m.end(2):], "attribute %s=%r -> %r" % (
        m.group(1).decode(errors="replace"), m.group(2)[:40], value)


XML_ELEMENTS = re.compile(
    rb"<(PDataArray|DataArray|Piece|PointData|CellData|Points|Cells|PPointData|PCellData)"
    rb"\b[^>]*?(?:/>|>.*?</\1>)", re.S)


def mut_xml_element(rng, data):
    matches = list(XML_ELEMENTS.finditer(data[:1 << 18]))
    if not matches:
        return mut_line(rng, data)
    m = rng.choice(matches)
    if rng.random() < 0.5:
        return data[:m.end()] + b"\n" + m.group() + data[m.end():], "duplicate <%s> at %d" % (
            m.group(1).decode(), m.start())
    return data[:m.start()] + data[m.end():], "remove <%s> at %d" % (m.group(1).decode(), m.start())


def mut_binary_int(rng, data):
    code, value = rng.choice(BINARY_INTS)
    size = struct.calcsize(code.decode())
    if len(data) < size:
        return mut_insert(rng, data)
    pos = rng.randrange(len(data) - size + 1)
    if rng.random() < 0.5:
        pos -= pos % 4
    return data[:pos] + struct.pack(code.decode(), value) + data[pos + size:], \
        "write %s %r at %d" % (code.decode(), value, pos)


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def mut_plan_body(rng, data):
    """Changes a plan's binary body and writes its new size and checksum, so the reader's
    structural checks (not the checksum) have to catch it."""
    m = re.search(rb"%%BODY (\d+) ([0-9a-fA-F]+)\n", data)
    if not m:
        return mut_number(rng, data)
    body = data[m.end():]
    choice = rng.random()
    if choice < 0.6 and len(body) >= 8:
        body, what = mut_binary_int(rng, body)
    elif choice < 0.8:
        body, what = mut_truncate(rng, body)
    else:
        body, what = mut_insert(rng, body)
    head = data[:m.start()] + b"%%%%BODY %d %016x\n" % (len(body), fnv1a64(body))
    return head + body, "plan body (checksum fixed): " + what


TEXT_MUTATORS = [(mut_flip, 2), (mut_insert, 2), (mut_delete, 2), (mut_truncate, 1),
                 (mut_line, 4), (mut_number, 5), (mut_header, 3)]
XML_MUTATORS = TEXT_MUTATORS + [(mut_xml_attr, 5), (mut_xml_element, 3), (mut_binary_int, 1)]
BINARY_MUTATORS = TEXT_MUTATORS + [(mut_binary_int, 6)]
PLAN_MUTATORS = TEXT_MUTATORS + [(mut_plan_body, 8), (mut_binary_int, 1)]


def mutators_for(path, data):
    if path.endswith(".plan"):
        return PLAN_MUTATORS
    if path.endswith((".vtu", ".pvtu")):
        return XML_MUTATORS
    if b"\x00" in data[:1 << 16] or path.endswith(("_bin.msh", "_binary.vtk")):
        return BINARY_MUTATORS
    return TEXT_MUTATORS


def mutate(rng, path, data):
    mutators = mutators_for(path, data)
    weights = [w for _, w in mutators]
    descriptions = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        function = rng.choices([f for f, _ in mutators], weights)[0]
        data, what = function(rng, data)
        descriptions.append(what)
    return data, "; ".join(descriptions)


# ---------------------------------------------------------------------------------------------
# Running one case

CRASH_TEXT = ["AddressSanitizer", "LeakSanitizer", "runtime error:", "terminate called",
              "Segmentation fault", "Aborted", "core dumped", "exited on signal",
              "Assertion", "double free", "free(): ", "malloc(): ", "stack smashing",
              "*** Process received signal", "corrupted size", "corrupted double-linked",
              "corrupted top size", "corrupted unsorted chunks"]
RAW_EXCEPTION_TEXT = ["vector::_M_", "std::bad_alloc", "bad_alloc", "basic_string",
                      "std::out_of_range", "std::invalid_argument", "stoi", "stol", "stod",
                      "stoull", "bad_array_new_length", "vector::reserve", "St9bad_alloc",
                      "std::length_error", "std::logic_error", "bitset", "unordered_map::at",
                      "map::at", "std::bad_optional_access", "bad_variant_access",
                      "what():  "]
CATEGORIES = ["crash", "hang", "partial output", "modified input", "unnamed refusal",
              "raw exception"]


def file_hashes(folder):
    hashes = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                hashes[os.path.relpath(path, folder)] = hashlib.sha256(f.read()).hexdigest()
    return hashes


def limit_resources(memory_bytes):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


def run_command(argv, cwd, timeout, memory_bytes):
    """Runs argv in its own session; returns (exit code or None on timeout, stderr, secs)."""
    env = dict(os.environ, LC_ALL="C", **MPI_ENV)
    start = time.monotonic()
    process = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                               start_new_session=True, preexec_fn=limit_resources(memory_bytes))
    try:
        _, err = process.communicate(timeout=timeout)
        code = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            _, err = process.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            _, err = process.communicate()
        code = None
    try:  # nothing the case started may outlive it (mpirun's ranks included)
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    return code, err.decode(errors="replace"), time.monotonic() - start


def verdicts(code, stderr, in_before, in_after, out_files, input_names):
    """The failure categories of one run (empty when the run was sound)."""
    found = []
    if code is None:
        found.append("hang")
    elif code < 0 or code not in (0, 1, 2) or any(t in stderr for t in CRASH_TEXT):
        found.append("crash")
    if code is not None and code != 0 and out_files:  # a killed hang may leave its temporary
        found.append("partial output")
    changed = [k for k in in_before if in_after.get(k) != in_before[k]]
    if changed:
        found.append("modified input")
    if set(in_after) - set(in_before):
        found.append("partial output")
    if code == 1 and "crash" not in found:
        error_lines = [l for l in stderr.splitlines() if "error" in l.lower()]
        names = list(input_names) + ["in/"]  # a missing file named by a dataset counts too
        if not any(name in line for line in error_lines for name in names):
            found.append("unnamed refusal")
    if any(t in stderr for t in RAW_EXCEPTION_TEXT):
        found.append("raw exception")
    return sorted(set(found), key=CATEGORIES.index)


def copy_inputs(seeds, choices, folder):
    """Copies each alias's chosen seed into folder; returns alias -> relative path."""
    paths = {}
    for alias, seed in choices.items():
        source = os.path.join(seeds, seed)
        if seed.endswith(".pvtu"):  # a dataset: the .pvtu and its pieces
            subdir = os.path.dirname(seed)
            for name in sorted(os.listdir(os.path.join(seeds, subdir))):
                shutil.copy(os.path.join(seeds, subdir, name), os.path.join(folder, name))
            paths[alias] = os.path.basename(seed)
        else:
            name = os.path.basename(seed)
            shutil.copy(source, os.path.join(folder, name))
            paths[alias] = name
    return paths


def signature(categories, stderr, code):
    lines = [l for l in stderr.splitlines() if l.strip()]
    error = next((l for l in lines if "error" in l.lower() or "what()" in l), lines[-1] if lines else "")
    error = re.sub(r"\d+", "N", error)[:160]
    if code is not None and code < 0:
        error = "signal %s; %s" % (signal.Signals(-code).name if -code in signal.valid_signals() else -code, error)
    return "%s | %s" % ("+".join(categories), error)


def run_case(job):
    """Runs one case (job: a dict, picklable) and returns its result dict."""
    template, case_id, seeds, tools, work = job["template"], job["id"], job["seeds"], \
        job["tools"], job["work"]
    rng = random.Random(job["rng_seed"])
    choices = {alias: rng.choice(options) for alias, options in template["inputs"].items()}
    folder = tempfile.mkdtemp(prefix="case-", dir=work)
    try:
        in_dir, out_dir = os.path.join(folder, "in"), os.path.join(folder, "out")
        os.makedirs(in_dir)
        os.makedirs(out_dir)
        paths = copy_inputs(seeds, choices, in_dir)
        mutated_name, description = None, "unmutated seed"
        if job["mutate"]:
            alias = template["mutate"]
            mutated_name = paths[alias]
            if choices[alias].endswith(".pvtu"):  # the .pvtu or one of its pieces
                mutated_name = rng.choice(sorted(os.listdir(in_dir)))
            target = os.path.join(in_dir, mutated_name)
            original = open(target, "rb").read()
            data, description = mutate(rng, mutated_name, original)
            if data == original:
                data, more = mut_flip(rng, data)
                description += "; " + more
            with open(target, "wb") as f:
                f.write(data)
        argv = [a.replace("{out}", "out") for a in template["argv"]]
        for alias, name in paths.items():
            argv = [a.replace("{%s}" % alias, "in/" + name) for a in argv]
        argv[0] = os.path.join(tools, argv[0])
        if template["mpi"]:
            # Its own Open MPI session directory: two workers' mpirun starting at once can
            # collide in the shared one (open-mpi/ompi#8510).
            argv = ["mpirun", "--mca", "orte_tmpdir_base", folder, "--oversubscribe", "-np", "2"] + argv
        timeout = job["mpi_timeout"] if template["mpi"] else job["timeout"]
        in_before = file_hashes(in_dir)
        saved = os.path.join(folder, "saved-in")
        shutil.copytree(in_dir, saved)
        code, stderr, seconds = run_command(argv, folder, timeout, job["memory"])
        in_after = file_hashes(in_dir)
        out_files = sorted(os.listdir(out_dir))
        found = verdicts(code, stderr, in_before, in_after, out_files, list(in_before))
        result = {
            "id": case_id, "reader": template["reader"], "tool": tool_label(template),
            "mutated": mutated_name, "seeds": choices, "mutation": description,
            "exit": code, "seconds": round(seconds, 3), "failures": found,
            "argv": argv, "stderr": stderr[-4000:], "out_files": out_files,
            "valid_input": not job["mutate"], "memory": job["memory"],
        }
        if found:
            result["signature"] = signature(found, stderr, code)
            save_failure(result, saved, job["findings"], tools)
        return result
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def save_failure(result, saved_inputs, findings, tools):
    """Copies the case's inputs (before the run), command and stderr for reproduction."""
    group = "valid-input" if result["valid_input"] else result["failures"][0].replace(" ", "-")
    folder = os.path.join(findings, group, "case-%s" % result["id"])
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(saved_inputs, os.path.join(folder, "in"))
    argv = [a.replace(tools + os.sep, "$TOOLS/") for a in result["argv"]]
    with open(os.path.join(folder, "repro.sh"), "w") as f:
        f.write("#!/bin/sh\n# %s\n# mutation: %s\n" % (" ".join(result["failures"]),
                                                       result["mutation"]))
        f.write('cd "$(dirname "$0")" && rm -rf out && mkdir out\n')
        f.write(": \"${TOOLS:=%s}\"\n" % tools)
        f.write("ulimit -v %d  # the harness's address-space cap\n" % (result["memory"] >> 10))
        f.write("export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1\n")
        f.write(" ".join(quote(a) for a in argv) + "\necho \"exit $?\"\n")
    os.chmod(os.path.join(folder, "repro.sh"), 0o755)
    with open(os.path.join(folder, "stderr.txt"), "w") as f:
        f.write(result["stderr"])
    with open(os.path.join(folder, "case.json"), "w") as f:
        json.dump(result, f, indent=1)


def quote(arg):
    if arg.startswith("$TOOLS/"):
        return '"$TOOLS"/' + arg[len("$TOOLS/"):]
    return arg if re.fullmatch(r"[\w./:=,+-]+", arg) else "'" + arg.replace("'", "'\\''") + "'"


# ---------------------------------------------------------------------------------------------
# Driver


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__[:__doc__.index("Example:")],
        epilog=__doc__[__doc__.index("Example:"):],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools-dir", default=os.path.join(REPO, "build", "tools"),
                        help="folder of the built part-* tools (default: build/tools)")
    parser.add_argument("--work", default=None,
                        help="folder for seeds and case folders (default: a new temp folder)")
    parser.add_argument("--findings", default=None,
                        help="folder for failing cases (default: WORK/findings)")
    parser.add_argument("--cases", type=int, default=1000, help="mutated serial cases to run")
    parser.add_argument("--first", type=int, default=0,
                        help="index of the first case (to run a long campaign in chunks)")
    parser.add_argument("--mpi-cases", type=int, default=None,
                        help="mutated cases under mpirun -np 2 (default: cases/50)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every mutation")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="parallel workers")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per serial run")
    parser.add_argument("--mpi-timeout", type=float, default=60.0, help="seconds per mpirun")
    parser.add_argument("--memory-gb", type=float, default=4.0,
                        help="address-space cap per process (RLIMIT_AS)")
    parser.add_argument("--readers", default=None,
                        help="comma-separated readers to run (graph, partition, coords, ...)")
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip the runs on unmutated seeds")
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 200 serial and 4 mpirun cases")
    parser.add_argument("--json", default=None, help="write every case's result to this file")
    args = parser.parse_args()
    if args.quick:
        args.cases, args.mpi_cases = 200, 4
    if args.mpi_cases is None:
        args.mpi_cases = args.cases // 50
    return args


def make_jobs(args, templates, mpi_templates, seeds, work, findings):
    base = {"seeds": seeds, "tools": os.path.abspath(args.tools_dir), "work": work,
            "findings": findings, "timeout": args.timeout, "mpi_timeout": args.mpi_timeout,
            "memory": int(args.memory_gb * (1 << 30))}
    jobs = []
    if not args.no_baseline:
        for k, template in enumerate(templates + mpi_templates):
            choices = [dict(zip(template["inputs"], combo))
                       for combo in _product(list(template["inputs"].values()))]
            for c, choice in enumerate(choices):
                fixed = dict(template, inputs={a: [s] for a, s in choice.items()})
                jobs.append(dict(base, template=fixed, id="seed-%d-%d" % (k, c), mutate=False,
                                 rng_seed=0))
    for index in range(args.first, args.first + args.cases):
        rng = random.Random("%d:pick:%d" % (args.seed, index))
        jobs.append(dict(base, template=rng.choice(templates), id=str(index), mutate=True,
                         rng_seed="%d:%d" % (args.seed, index)))
    for index in range(args.first, args.first + args.mpi_cases):
        rng = random.Random("%d:mpi:%d" % (args.seed, index))
        jobs.append(dict(base, template=rng.choice(mpi_templates), id="mpi-%d" % index,
                         mutate=True, rng_seed="%d:mpi:%d" % (args.seed, index)))
    return jobs


def _product(lists):
    if not lists:
        return [()]
    return [(x,) + rest for x in lists[0] for rest in _product(lists[1:])]


def summarise(results):
    rows = collections.OrderedDict()
    for r in sorted(results, key=lambda r: (r["reader"], r["tool"])):
        key = ("valid " if r["valid_input"] else "") + r["reader"], r["tool"]
        row = rows.setdefault(key, collections.Counter())
        row["runs"] += 1
        row["accepted" if r["exit"] == 0 else "refused" if r["exit"] in (1, 2) else "other"] += 1
        for category in r["failures"]:
            row[category] += 1
    columns = ["runs", "accepted", "refused"] + CATEGORIES
    header = "%-22s %-24s" % ("reader", "tool") + "".join("%9s" % c.split()[0][:9] for c in columns)
    print(header)
    totals = collections.Counter()
    for (reader, tool), row in rows.items():
        totals.update(row)
        print("%-22s %-24s" % (reader, tool) + "".join("%9d" % row[c] for c in columns))
    print("%-47s" % "total" + "".join("%9d" % totals[c] for c in columns))
    print("(columns: crash, hang, partial output, modified input, unnamed refusal, raw exception)")
    groups = collections.defaultdict(list)
    for r in results:
        if r["failures"]:
            groups[(r["valid_input"], r["tool"], r["signature"])].append(r["id"])
    if groups:
        print("\nfailures grouped by tool and first error line (ids of up to 5 cases):")
        for (valid, tool, sig), ids in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print("  %5d  %s%s: %s  [%s]" % (len(ids), "VALID INPUT " if valid else "", tool,
                                             sig, ", ".join(ids[:5])))
    return sum(1 for r in results if r["failures"])


def main():
    args = parse_args()
    tools = os.path.abspath(args.tools_dir)
    missing = [t for t in ("part-convert", "part-partition", "part-order", "part-repart",
                           "part-plan", "part-stats", "part-refine", "part-schedule",
                           "part-simulate") if not os.access(os.path.join(tools, t), os.X_OK)]
    if missing:
        print("error: %s: missing tools: %s" % (tools, ", ".join(missing)), file=sys.stderr)
        return 2
    for program in ("gmsh", "mpirun"):
        if shutil.which(program) is None:
            print("error: %s is not on PATH" % program, file=sys.stderr)
            return 2
    work = os.path.abspath(args.work or tempfile.mkdtemp(prefix="part-mutation-"))
    os.makedirs(work, exist_ok=True)
    findings = os.path.abspath(args.findings or os.path.join(work, "findings"))
    seeds = os.path.join(work, "seeds")
    stamp = os.path.join(seeds, ".complete")
    if not os.path.exists(stamp):
        shutil.rmtree(seeds, ignore_errors=True)
        make_seeds(tools, seeds)
        open(stamp, "w").close()
    templates, mpi = all_templates()
    if args.readers:
        wanted = set(args.readers.split(","))
        templates = [t for t in templates if t["reader"] in wanted]
        mpi = [t for t in mpi if t["reader"] in wanted]
        if not templates and not mpi:
            print("error: no command reads %s" % args.readers, file=sys.stderr)
            return 2
    if not mpi:
        args.mpi_cases = 0
    cases_dir = os.path.join(work, "cases")
    os.makedirs(cases_dir, exist_ok=True)
    jobs = make_jobs(args, templates, mpi, seeds, cases_dir, findings)
    print("%d runs (%d serial and %d mpirun mutated cases, the rest on unmutated seeds), "
          "%d workers; findings in %s" % (len(jobs), args.cases, args.mpi_cases, args.jobs,
                                          findings), flush=True)
    results, started = [], time.monotonic()
    context = multiprocessing.get_context("fork")
    with concurrent.futures.ProcessPoolExecutor(args.jobs, mp_context=context) as pool:
        for n, result in enumerate(pool.map(run_case, jobs, chunksize=4), start=1):
            results.append(result)
            if result["failures"]:
                print("FAIL case %s (%s, %s): %s: %s" % (
                    result["id"], result["reader"], result["tool"],
                    ", ".join(result["failures"]), result["signature"]), flush=True)
            if n % 500 == 0:
                print("... %d/%d runs, %.0f s" % (n, len(jobs), time.monotonic() - started),
                      flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=0)
    print()
    failed = summarise(results)
    print("\n%d runs in %.0f s; %d failing%s" % (
        len(results), time.monotonic() - started, failed,
        "; findings in " + findings if failed else ""))
    if args.work is None:  # a temp folder of our own: keep only the findings
        shutil.rmtree(seeds, ignore_errors=True)
        shutil.rmtree(cases_dir, ignore_errors=True)
        if not failed:
            shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
