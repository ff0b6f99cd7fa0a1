#!/usr/bin/env bash
# Issue 4 benchmark: part-order / part-partition against gpmetis, in one run, at K = 16, 64
# and 256, on METIS's mdual (no coordinates: graph orderings) and on a 3D tetrahedral channel
# mesh of about 780k cells generated here with gmsh (dual graph + centroids by part-convert). Records edge
# cut, imbalance, wall time and peak memory (/usr/bin/time -v) and prints ratios to gpmetis.
#
# usage: bench/partition.sh [BUILD_DIR]      (default: build)
# env:   WORK     scratch folder, kept between runs (default /tmp/part-bench-partition)
#        CLSCALE  gmsh -clscale for data/channel3d.geo (default 0.5: ~780k tetrahedra)
#        KS       part counts (default "16 64 256")
#        ONLY     run only the methods whose label matches this extended regex, e.g.
#                 ONLY='metis|blocks:hilbert' (gpmetis always runs: the ratios need it)
#        SPECTRAL_3D=0  leaves spectral out on the channel (tens of seconds a run)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
T=$BUILD/tools
WORK=${WORK:-/tmp/part-bench-partition}
CLSCALE=${CLSCALE:-0.5}
KS=${KS:-"16 64 256"}
for tool in part-convert part-order part-partition part-stats; do
  [[ -x $T/$tool ]] || { echo "build $tool first (cmake --build $BUILD)" >&2; exit 1; }
done
for peer in gpmetis gmsh python3 /usr/bin/time; do
  command -v "$peer" >/dev/null || { echo "missing $peer (scripts/setup.sh installs it)" >&2; exit 1; }
done
mkdir -p "$WORK"
cd "$WORK"

# Inputs. The channel mesh is generated, never committed; it is reused while CLSCALE is unchanged.
cp /usr/share/doc/libmetis-dev/examples/graphs/mdual.graph mdual.graph
if [[ ! -s channel.graph || "$(cat channel.clscale 2>/dev/null)" != "$CLSCALE" ]]; then
  echo "meshing data/channel3d.geo with -clscale $CLSCALE (a few minutes)" >&2
  gmsh -3 -clscale "$CLSCALE" -format msh22 "$ROOT/data/channel3d.geo" -o channel.msh >gmsh.log
  "$T/part-convert" channel.msh -o channel.graph -q   # dual graph + centroids (channel.xyz)
  echo "$CLSCALE" >channel.clscale
fi

RESULTS=results.tsv
printf 'graph\tk\tmethod\tcut\timbalance\twall_s\tpeak_kb\talg_s\n' >"$RESULTS"

# run GRAPH K METHOD PARTFILE command...: times the command, then measures its partition.
run() {
  local graph=$1 k=$2 method=$3 part=$4
  shift 4
  if [[ -n ${ONLY:-} && $method != gpmetis ]] && ! [[ $method =~ ^(${ONLY})$ ]]; then return 0; fi
  /usr/bin/time -v -o time.txt "$@" >run.out 2>run.err || { cat run.err >&2; return 1; }
  local wall peak alg stats
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; ++i) s = s * 60 + t[i]; print s }' time.txt)
  peak=$(awk -F': ' '/Maximum resident set size/ { print $2 }' time.txt)
  alg=$(python3 -c 'import json,sys
try: print(json.load(open("run.out"))["seconds"]["partition"])
except Exception: print("-")')
  stats=$("$T/part-stats" "$graph" "$part" -k "$k" --json -q |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["edge_cut"], "%.4f" % max(d["imbalance"]), d["empty_parts"])')
  read -r cut imbalance empty <<<"$stats"
  [[ $empty == 0 ]] || echo "warning: $method on $graph k=$k left $empty empty parts" >&2
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$graph" "$k" "$method" "$cut" "$imbalance" "$wall" "$peak" "$alg" >>"$RESULTS"
  echo "  $graph k=$k $method: cut $cut, imbalance $imbalance, ${wall}s, ${peak} KB" >&2
}

PP=$T/part-partition

for k in $KS; do
  # mdual: no coordinates, so graph orderings and graph methods.
  g=mdual.graph
  run $g "$k" gpmetis "$g.part.$k" gpmetis "$g" "$k"
  run $g "$k" metis ours.part "$PP" "$g" -k "$k" -q --json --method metis -o ours.part
  [[ -n ${ONLY:-} ]] && ! [[ metis =~ ^(${ONLY})$ ]] || cmp -s ours.part "$g.part.$k" || echo "warning: --method metis differs from gpmetis on $g k=$k" >&2
  run $g "$k" blocks:rcm ours.part "$PP" "$g" -k "$k" -q --json --method blocks --order-method rcm -o ours.part
  run $g "$k" blocks:spectral ours.part "$PP" "$g" -k "$k" -q --json --method blocks --order-method spectral -o ours.part
  run $g "$k" spectral ours.part "$PP" "$g" -k "$k" -q --json --method spectral -o ours.part
  run $g "$k" farhat ours.part "$PP" "$g" -k "$k" -q --json --method farhat -o ours.part

  # channel: a 3D mesh with centroids.
  g=channel.graph
  c=(--coords channel.xyz)
  run $g "$k" gpmetis "$g.part.$k" gpmetis "$g" "$k"
  run $g "$k" blocks:hilbert ours.part "$PP" "$g" -k "$k" -q --json --method blocks --order-method hilbert "${c[@]}" -o ours.part
  run $g "$k" blocks:hilbert+polish ours.part "$PP" "$g" -k "$k" -q --json --method blocks --order-method hilbert --polish "${c[@]}" -o ours.part
  run $g "$k" blocks:morton ours.part "$PP" "$g" -k "$k" -q --json --method blocks --order-method morton "${c[@]}" -o ours.part
  run $g "$k" blocks:rcb ours.part "$PP" "$g" -k "$k" -q --json --method blocks --order-method rcb "${c[@]}" -o ours.part
  run $g "$k" rcb ours.part "$PP" "$g" -k "$k" -q --json --method rcb "${c[@]}" -o ours.part
  run $g "$k" inertial ours.part "$PP" "$g" -k "$k" -q --json --method inertial "${c[@]}" -o ours.part
  run $g "$k" hier:auto ours.part "$PP" "$g" -k "$k" -q --json --method hier "${c[@]}" -o ours.part
  run $g "$k" farhat ours.part "$PP" "$g" -k "$k" -q --json --method farhat -o ours.part
  [[ ${SPECTRAL_3D:-1} == 1 ]] &&
    run $g "$k" spectral ours.part "$PP" "$g" -k "$k" -q --json --method spectral -o ours.part
done

# The table, with ratios to gpmetis on the same graph and K.
python3 - "$RESULTS" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
base = {(r["graph"], r["k"]): r for r in rows if r["method"] == "gpmetis"}
print("| graph | K | method | cut | cut / gpmetis | imbalance | wall s | wall / gpmetis | order+partition s | (order+partition) / gpmetis wall | peak MB | peak / gpmetis |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for r in rows:
    b = base[(r["graph"], r["k"])]
    wall, bwall = float(r["wall_s"]), float(b["wall_s"])
    alg = r["alg_s"]
    alg_cell = "-" if alg == "-" else "%.2f" % float(alg)
    alg_ratio = "-" if alg == "-" else "%.2f" % (float(alg) / bwall)
    print("| %s | %s | %s | %s | %.2f | %s | %.2f | %.2f | %s | %s | %.0f | %.2f |" % (
        r["graph"].replace(".graph", ""), r["k"], r["method"], r["cut"], int(r["cut"]) / int(b["cut"]),
        r["imbalance"], wall, wall / bwall, alg_cell, alg_ratio,
        int(r["peak_kb"]) / 1024, int(r["peak_kb"]) / int(b["peak_kb"])))
PY
