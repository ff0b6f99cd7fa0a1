#!/usr/bin/env bash
# part-refine against its initial partitions and against gpmetis, in one run.
#   bash bench/refine.sh [BUILD_DIR]      (default: build)
# Quality: edge cut before and after refinement, imbalance and disconnected parts after, the
# cut of --flat-polish (one-level FM) beside the default, and gpmetis's cut at the same K.
# Starts: part-partition's rcb (graphs with coordinates) and farhat. Rebalance: a gpmetis
# partition whose part-0 vertices then weigh twice, refined by part-refine (on the quotient
# graph and on a processor mesh) against gpmetis partitioning the weighted graph again
# (vertices moved counted after matching part labels by overlap).
# Time: t_refine / t_gpmetis on the same graph and K, each the best of REPS runs with the two
# interleaved (both include reading the graph); a ratio, since the machine may be shared.
# Graphs: naca0012 (data/), METIS's 4elt, copter2 and mdual, and large 3D tetrahedral meshes
# made here with gmsh from data/channel3d.geo (dual graph + centroids by part-convert).
#
# env:   WORK      scratch folder, kept between runs (default /tmp/part-bench-refine)
#        CLSCALES  gmsh -clscale values for the channel (default "0.56 0.37": about 550k and
#                  1.9M tetrahedra; the meshes are reused while the value is unchanged)
#        LARGE     large graphs to use instead of meshing (G.graph, with G.xyz beside it for
#                  the rcb starts)
#        SMALL=0   leaves out naca0012, 4elt, copter2 and mdual
#        KS        part counts (default "16 64")
#        REPS      timed runs of each tool per row (default 3)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
T=$BUILD/tools
WORK=${WORK:-/tmp/part-bench-refine}
CLSCALES=${CLSCALES:-"0.56 0.37"}
for tool in part-convert part-partition part-refine part-stats; do
  [[ -x $T/$tool ]] || { echo "build $tool first: cmake --build $BUILD --target $tool" >&2; exit 1; }
done
for peer in gpmetis gmsh python3 g++; do
  command -v "$peer" >/dev/null || { echo "missing $peer (scripts/setup.sh installs it)" >&2; exit 1; }
done
mkdir -p "$WORK"
cd "$WORK"

graphs=()
if [[ ${SMALL:-1} != 0 ]]; then
  cp "$ROOT/data/naca0012.graph" "$ROOT/data/naca0012.xyz" .
  graphs+=(naca0012.graph)
  for g in 4elt copter2 mdual; do
    cp "/usr/share/doc/libmetis-dev/examples/graphs/$g.graph" .
    graphs+=("$g.graph")
  done
fi
if [[ -n ${LARGE:-} ]]; then
  for g in $LARGE; do # links, so that gpmetis writes its partitions here
    ln -sf "$(realpath "$g")" "$(basename "$g")"
    [[ ! -f ${g%.graph}.xyz ]] || ln -sf "$(realpath "${g%.graph}.xyz")" "$(basename "${g%.graph}.xyz")"
    graphs+=("$(basename "$g")")
  done
else
  for s in $CLSCALES; do
    g=channel-$s.graph
    if [[ ! -s $g ]]; then
      echo "meshing data/channel3d.geo with -clscale $s (minutes)" >&2
      gmsh -3 -clscale "$s" -format msh22 "$ROOT/data/channel3d.geo" -o "channel-$s.msh" >"gmsh-$s.log"
      "$T/part-convert" "channel-$s.msh" -o "$g" -q # dual graph + centroids (channel-$s.xyz)
      rm -f "channel-$s.msh"
    fi
    graphs+=("$g")
  done
fi

echo "== GDE sweeps to termination: lambda 1/2 vs lambda_opt (deterministic counts) =="
g++ -std=c++20 -O2 -I"$ROOT" "$ROOT/bench/gde_sweeps.cpp" "$BUILD/libpart/libpart.a" -fopenmp -o gde_sweeps
./gde_sweeps
echo

python3 - "$T" "${KS:-16 64}" "${REPS:-3}" "${graphs[@]}" <<'PY'
import collections, json, math, os, subprocess, sys, time
tools, ks, reps, graphs = sys.argv[1], [int(k) for k in sys.argv[2].split()], int(sys.argv[3]), sys.argv[4:]

def run(cmd):
    """Runs cmd to the end; its standard output."""
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(cmd)}\n{done.stderr}")
    return done.stdout

def best_times(cmds):
    """Each command's best wall time over `reps` rounds, and its last output. Every command runs
    once per round, in an order that alternates from round to round, so that a slow spell of a
    shared machine falls on all of them alike."""
    times, outputs = [math.inf] * len(cmds), [""] * len(cmds)
    for r in range(reps):
        for i in (range(len(cmds)) if r % 2 == 0 else reversed(range(len(cmds)))):
            start = time.perf_counter()
            outputs[i] = run(cmds[i])
            times[i] = min(times[i], time.perf_counter() - start)
    return times, outputs

def read_part(path):
    return [int(l) for l in open(path) if l.strip() and not l.startswith("%")]

def write_part(path, part):
    open(path, "w").write("\n".join(map(str, part)) + "\n")

def stats(graph, part, k):
    return json.loads(run([f"{tools}/part-stats", graph, part, "-k", str(k), "--json", "-q"]))

def refine_cmd(graph, start, extra):
    return [f"{tools}/part-refine", graph, start, "--json", "-q", "-o", start + ".out"] + extra

def refine_against_gpmetis(graph, start, k, extra):
    """part-refine's report and t_refine / t_gpmetis (gpmetis partitioning the same graph)."""
    (t_ref, t_gpm), (report, _) = best_times([refine_cmd(graph, start, extra), ["gpmetis", graph, str(k)]])
    return json.loads(report), t_ref / t_gpm

def coords_of(graph):
    xyz = graph[: -len(".graph")] + ".xyz"
    return xyz if os.path.exists(xyz) else None

def num_vertices(graph):
    with open(graph) as f:
        return next(int(l.split()[0]) for l in f if not l.startswith("%"))

def processor_mesh(k):  # mesh:RxC with R the largest divisor of K up to sqrt(K)
    rows = max(d for d in range(1, math.isqrt(k) + 1) if k % d == 0)
    return f"mesh:{rows}x{k // rows}"

def weigh_part_zero(graph, start, out):
    """Writes graph to out with weight 2 on the vertices of part 0 of start, 1 elsewhere."""
    weights = [2 if p == 0 else 1 for p in start]
    with open(graph) as src, open(out, "w") as dst:
        rows = (l for l in src if not l.startswith("%"))
        head = next(rows).split()
        assert len(head) == 2 or head[2].lstrip("0") == "", f"{graph}: expected an unweighted graph"
        dst.write(f"{head[0]} {head[1]} 010\n")
        for w, row in zip(weights, rows):
            dst.write(f"{w} {row.rstrip()}\n")

def moved_after_matching(old, new):
    """Vertices whose part changed, new labels matched greedily to old ones by largest overlap."""
    label, used = {}, set()
    for (n, o), _ in collections.Counter(zip(new, old)).most_common():
        if n not in label and o not in used:
            label[n] = o
            used.add(o)
    return sum(label.get(n, -1) != o for n, o in zip(new, old))

print("== Refinement from rcb and farhat starts (flat: --flat-polish; dis: disconnected parts after) ==")
print("| graph | n | K | start | cut0 | cut | impr % | flat cut | imbalance | dis | gpmetis cut | cut / gpmetis | t_refine / t_gpmetis |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for graph in graphs:
    xyz, n = coords_of(graph), num_vertices(graph)
    coords = ["--coords", xyz] if xyz else []
    for k in ks:
        for method in (["rcb"] if xyz else []) + ["farhat"]:
            start = f"{graph}.{method}.{k}"
            run([f"{tools}/part-partition", graph, "-k", str(k), "--method", method, "-q", "-o", start] + coords)
            flat = json.loads(run(refine_cmd(graph, start, coords + ["--no-absorb", "--flat-polish"])))
            report, ratio = refine_against_gpmetis(graph, start, k, coords)
            metis_cut = stats(graph, f"{graph}.part.{k}", k)["edge_cut"]
            cut0, cut1 = report["before"]["edge_cut"], report["after"]["edge_cut"]
            print(f"| {graph[:-6]} | {n} | {k} | {method} | {cut0} | {cut1} | {100 * (cut0 - cut1) / cut0:.1f} | "
                  f"{flat['after']['edge_cut']} | {report['after']['imbalance'][0]:.3f} | "
                  f"{report['after']['disconnected_parts']} | {metis_cut} | {cut1 / metis_cut:.2f} | {ratio:.2f} |",
                  flush=True)

print()
print("== Rebalance: a gpmetis partition whose part-0 vertices weigh 2, part-refine vs gpmetis again ==")
print("| graph | K | network | imbalance before | imbalance | moved | cut | gpmetis imbalance | gpmetis moved | gpmetis cut | t_refine / t_gpmetis |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for graph in graphs:
    for k in ks:
        run(["gpmetis", graph, str(k)])
        start = read_part(f"{graph}.part.{k}")
        weighted = f"{graph[:-6]}.w{k}.graph"
        weigh_part_zero(graph, start, weighted)
        start_path = f"{graph}.start.{k}"
        write_part(start_path, start)
        mesh = processor_mesh(k)
        for network, extra in (("quotient", []), (mesh, ["--network", mesh, "--map", "greedy", "--lambda", "opt"])):
            report, ratio = refine_against_gpmetis(weighted, start_path, k, extra)
            fresh_path = f"{weighted}.part.{k}"
            fresh = stats(weighted, fresh_path, k)
            print(f"| {graph[:-6]} | {k} | {network} | {report['before']['imbalance'][0]:.3f} | "
                  f"{report['after']['imbalance'][0]:.3f} | {report['vertices_moved']} | {report['after']['edge_cut']} | "
                  f"{fresh['imbalance'][0]:.3f} | {moved_after_matching(start, read_part(fresh_path))} | "
                  f"{fresh['edge_cut']} | {ratio:.2f} |", flush=True)
PY
