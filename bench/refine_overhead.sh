#!/usr/bin/env bash
# part-refine's cost outside the multilevel band polish, an old binary against a new one, on
# bench/refine.sh's inputs: checks that both write byte-identical outputs, then compares
# instructions and CPU time.
#   bash bench/refine_overhead.sh OLD NEW DATA
# OLD, NEW: part-refine binaries, e.g. /work/main/build/tools/part-refine build/tools/part-refine.
# DATA: a folder holding refine.sh's graphs, coordinates and starts (`WORK=DATA bash
#   bench/refine.sh` keeps them there): G.graph, G.xyz, G.wK.graph and the starts G.rcb.K,
#   G.farhat.K, G.blocks.K, G.start.K for G in naca0012 plate plate-nodal 4elt trigrid700 and
#   K in 8 16 32 (naca0012's coordinates are data/naca0012.xyz), and the larger 3D graphs'
#   farhat starts copter2.farhat.K, mdual.farhat.K (K in 16 64). Missing files are skipped.
# Cases: every start, with refine.sh's options (coordinates where refine.sh gives them; the
#   rebalance starts G.start.K on the weighted graph G.wK.graph with refine.sh's networks), each
#   with --no-polish (GDE, fragment absorption, reading, reports, writing: the overheads) and
#   with the default multilevel polish.
# 1. Identity: the partition file and the --json report of OLD and NEW must be byte-identical
#    (both write to the same output name, so the report's "output" agrees); exit 1 otherwise.
# 2. Instructions: callgrind's total (all threads, dynamic loading included) for the cases whose
#    name matches CG (a regex; default 'K=16', CG=none skips callgrind).
# 3. CPU: user + sys, best of REPEAT runs (default 5), OLD and NEW interleaved so that load on
#    the shared machine hits both alike.
# CASES (a regex, default all) selects the cases by name, e.g. CASES='naca0012|no-polish'.
# Prints one row per case and the geometric mean of the NEW/OLD ratios per path.
set -euo pipefail
[ $# -eq 3 ] || { sed -n '2,/^set /p' "$0" | sed '$d' >&2; exit 2; }
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$1" "$2" "$3" "$root" "$work" <<'PY'
import filecmp, math, os, re, resource, shutil, subprocess, sys
old, new, data, root, work = sys.argv[1:]
cases_re = re.compile(os.environ.get("CASES", ""))
cg_re = os.environ.get("CG", "K=16")
repeat = int(os.environ.get("REPEAT", "5"))

def coords_of(graph):
    path = f"{root}/data/naca0012.xyz" if graph == "naca0012" else f"{data}/{graph}.xyz"
    return ["--coords", path] if graph != "4elt" and os.path.exists(path) else []

# (name, graph file, start file, options) in refine.sh's order.
cases = []
graphs = ["naca0012", "plate", "plate-nodal", "4elt", "trigrid700"]
for g in graphs:
    for k in (8, 16, 32):
        for start in ("blocks", "rcb", "farhat"):
            cases.append((f"{g} {start} K={k}", f"{data}/{g}.graph", f"{data}/{g}.{start}.{k}",
                          coords_of(g)))
for g in ("copter2", "mdual"):
    for k in (16, 64):
        cases.append((f"{g} farhat K={k}", f"{data}/{g}.graph", f"{data}/{g}.farhat.{k}", []))
for g in graphs:
    for k, network in ((8, "mesh:2x4"), (16, "quotient"), (16, "mesh:4x4"), (32, "quotient"),
                       (32, "torus:4x8")):
        extra = [] if network == "quotient" else ["--network", network, "--map", "greedy",
                                                   "--lambda", "opt"]
        cases.append((f"{g} start K={k} {network}", f"{data}/{g}.w{k}.graph", f"{data}/{g}.start.{k}",
                       extra))
runs = []
for name, graph, start, extra in cases:
    if not (os.path.exists(graph) and os.path.exists(start)):
        continue
    for polish in ("no-polish", "default"):
        full = f"{name} {polish}"
        if cases_re.search(full):
            runs.append((full, polish, [graph, start, "--json", "-q", "-o", f"{work}/out"] + extra +
                         (["--no-polish"] if polish == "no-polish" else [])))

def run(tool, args):
    """Runs tool; returns (CPU seconds, stdout), the output file kept as work/out."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([tool] + args, check=True, capture_output=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, out

def instructions(tool, args):
    cg = f"{work}/cg.out"
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={cg}", tool] + args,
                   check=True, capture_output=True)
    total = next(l for l in open(cg) if l.startswith(("summary:", "totals:")))
    os.remove(cg)
    return int(total.split()[1])

ratios = {"no-polish": {"ir": [], "cpu": []}, "default": {"ir": [], "cpu": []}}
different = []
print(f"{'case':42} {'Ir old':>12} {'Ir new':>12} {'new/old':>7} {'cpu old ms':>10} "
      f"{'cpu new ms':>10} {'new/old':>7}")
for full, polish, args in runs:
    best = {old: math.inf, new: math.inf}
    outputs = {}
    for i in range(repeat):
        for tool in (old, new) if i % 2 == 0 else (new, old):
            cpu, report = run(tool, args)
            best[tool] = min(best[tool], cpu)
            if i == 0:
                shutil.move(f"{work}/out", f"{work}/{'old' if tool == old else 'new'}.part")
                outputs[tool] = report
    same = outputs[old] == outputs[new] and filecmp.cmp(f"{work}/old.part", f"{work}/new.part",
                                                        shallow=False)
    if not same:
        different.append(full)
    ir = ("", "", "")
    if cg_re != "none" and re.search(cg_re, full):
        ir_old, ir_new = instructions(old, args), instructions(new, args)
        ratios[polish]["ir"].append(ir_new / ir_old)
        ir = (f"{ir_old:,}", f"{ir_new:,}", f"{ir_new / ir_old:.3f}")
    ratios[polish]["cpu"].append(best[new] / max(best[old], 1e-4))
    print(f"{full:42} {ir[0]:>12} {ir[1]:>12} {ir[2]:>7} {1e3 * best[old]:>10.1f} "
          f"{1e3 * best[new]:>10.1f} {best[new] / max(best[old], 1e-4):>7.3f}"
          + ("" if same else "  OUTPUT DIFFERS"), flush=True)

def geomean(values):
    return math.exp(sum(map(math.log, values)) / len(values)) if values else float("nan")

print()
for polish, r in ratios.items():
    if r["cpu"]:
        print(f"{polish:10} cases {len(r['cpu']):>3}  geometric mean new/old: instructions "
              f"{geomean(r['ir']):.3f} ({len(r['ir'])} cases), CPU {geomean(r['cpu']):.3f}")
print(f"identical outputs: {len(runs) - len(different)}/{len(runs)}")
if different:
    print("different: " + ", ".join(different))
    sys.exit(1)
PY
