#!/usr/bin/env python3
"""Two part-refine binaries side by side on the starts of bench/refine.sh.

    python3 bench/refine_compare.py OLD NEW DATA [--repeat 5] [--only TEXT] [--no-rebalance]

OLD, NEW: part-refine binaries (e.g. /path/to/main/build/tools/part-refine and
build/tools/part-refine). DATA: the folder bench/refine.sh leaves behind with WORK=DATA: graphs
G.graph, coordinates G.xyz (naca0012's are read from data/ here), starts G.rcb.K and
G.farhat.K, and for the rebalance rows G.wK.graph and G.start.K. Nothing in DATA is written.

Rows are run exactly as bench/refine.sh runs them: the 27 rcb/farhat starts
(part-refine G.graph G.label.K --json -q -o OUT [--coords G.xyz]), the larger 3D rows
(copter2 and mdual, farhat starts for K = 16, 64, when DATA holds copter2.farhat.16 etc.;
they are left out of the mean, as in refine.sh), then the rebalance rows
(G.wK.graph G.start.K, with --network NET --map greedy --lambda opt except on the quotient).
For each row it prints the cut improvement and imbalance of each binary and their CPU time
(user + sys of the process, best of --repeat, the two binaries interleaved so that a change
in the machine's load hits both), then the figures refine.sh's issue summary quotes: mean
improvement, rows >= 15% per start, the rows that fell below 15% where OLD reached it, the
largest imbalance (and how many rows exceed 1.03), and the CPU ratio NEW/OLD. It also checks that every repeat of a binary
wrote the same partition (determinism) and says where one did not.
--only TEXT keeps the rows whose "graph label K" contains TEXT (e.g. "farhat 32").
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile

GRAPHS = ["naca0012", "plate", "plate-nodal", "4elt", "trigrid700"]
LARGE_3D = ["copter2", "mdual"]
REBALANCE = ((8, "mesh:2x4"), (16, "quotient"), (16, "mesh:4x4"), (32, "quotient"), (32, "torus:4x8"))
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def coords_of(data, name):
    for path in (f"{data}/{name}.xyz", f"{REPO}/data/{name}.xyz"):
        if os.path.exists(path):
            return path
    return None  # 4elt has none: farhat starts only


def rows(data, rebalance):
    for name in GRAPHS:
        xy = coords_of(data, name)
        extra = ["--coords", xy] if xy else []
        for k in (8, 16, 32):
            for label in (("rcb", "farhat") if xy else ("farhat",)):
                yield f"{name} {label} {k}", f"{data}/{name}.graph", f"{data}/{name}.{label}.{k}", extra
    for name in LARGE_3D:  # refine.sh's larger 3D rows, when DATA holds their starts
        for k in (16, 64):
            if os.path.exists(f"{data}/{name}.farhat.{k}"):
                yield f"{name} 3d-farhat {k}", f"{data}/{name}.graph", f"{data}/{name}.farhat.{k}", []
    if rebalance:
        for name in GRAPHS:
            for k, network in REBALANCE:
                extra = [] if network == "quotient" else ["--network", network, "--map", "greedy", "--lambda", "opt"]
                yield (f"{name} start {k} {network}", f"{data}/{name}.w{k}.graph", f"{data}/{name}.start.{k}", extra)


def run(binary, graph, part, extra, out):
    """One run: its JSON report, its CPU seconds, and the partition it wrote."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    text = subprocess.run([binary, graph, part, "--json", "-q", "-o", out] + extra,
                          check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
    return json.loads(text), cpu, open(out).read()


def measure(binaries, graph, part, extra, repeat, scratch):
    """Per binary: report, best CPU, deterministic (every repeat wrote the same partition)."""
    best = [None] * len(binaries)
    for _ in range(repeat):
        for i, binary in enumerate(binaries):  # interleaved
            report, cpu, written = run(binary, graph, part, extra, f"{scratch}/out{i}")
            if best[i] is None:
                best[i] = [report, cpu, written, True]
            else:
                best[i][1] = min(best[i][1], cpu)
                best[i][3] = best[i][3] and written == best[i][2]
    return [(report, cpu, same) for report, cpu, _, same in best]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("data")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--only", default="")
    ap.add_argument("--no-rebalance", action="store_true")
    args = ap.parse_args()

    print(f"{'row':32} {'cut0':>6} | {'old cut':>7} {'impr%':>6} {'imb':>6} {'cpu':>6} | "
          f"{'new cut':>7} {'impr%':>6} {'imb':>6} {'cpu':>6} | {'new/old':>7}")
    table = []
    with tempfile.TemporaryDirectory() as scratch:
        for row, graph, part, extra in rows(args.data, not args.no_rebalance):
            if args.only not in row:
                continue
            measured = measure([args.old, args.new], graph, part, extra, args.repeat, scratch)
            cut0 = measured[0][0]["before"]["edge_cut"]
            figures = []
            for report, cpu, same in measured:
                cut = report["after"]["edge_cut"]
                figures.append((cut, 100 * (cut0 - cut) / cut0, report["after"]["imbalance"][0], cpu, same))
            table.append((row, figures))
            cells = " | ".join(f"{c:>7} {i:>6.2f} {b:>6.3f} {t:>6.3f}" + ("" if s else " NONDETERMINISTIC")
                               for c, i, b, t, s in figures)
            print(f"{row:32} {cut0:>6} | {cells} | {figures[1][3] / max(figures[0][3], 1e-6):>7.2f}",
                  flush=True)

    print()
    for name, index in (("old", 0), ("new", 1)):
        starts = [f[index] for row, f in table if " start " not in row and "3d-" not in row]
        every = [f[index] for _, f in table]
        if not every:
            continue
        line = f"{name}: "
        if starts:
            line += f"mean improvement {sum(s[1] for s in starts) / len(starts):6.2f}%"
            for label in ("rcb", "farhat"):
                got = [f[index][1] for row, f in table if f" {label} " in row]
                if got:
                    line += f"  {label} >= 15%: {sum(i >= 15 for i in got)}/{len(got)}"
        line += (f"  max imbalance {max(e[2] for e in every):.4f}"
                 f" (rows above 1.03: {sum(e[2] > 1.03 + 1e-9 for e in every)})"
                 f"  cpu total {sum(e[3] for e in every):.3f}s")
        print(line)
    lost = [row for row, f in table if f[0][1] >= 15 > f[1][1] and " start " not in row and "3d-" not in row]
    print("below 15% in new but not in old: " + (", ".join(lost) or "none"))
    print(f"cpu new/old over all rows: {sum(f[1][3] for _, f in table) / max(sum(f[0][3] for _, f in table), 1e-6):.3f}")
    if not all(f[i][4] for _, f in table for i in (0, 1)):
        print("NONDETERMINISTIC output in some row (see above)")
        sys.exit(1)


if __name__ == "__main__":
    main()
