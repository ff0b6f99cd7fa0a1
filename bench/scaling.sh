#!/usr/bin/env bash
# Issue 4 benchmark: do the geometric methods scale as O(n log n)? Meshes data/channel3d.geo
# with gmsh at several -clscale values (about 100k to 800k tetrahedra), converts each to its
# dual graph + centroids with part-convert, then times the library stage of part-order and
# part-partition (the "seconds" of their --json: ordering/partitioning only, no I/O) for the
# geometric methods, best of REPEAT runs. Prints time / (n log2 n) normalised to the smallest
# mesh: a column that stays near 1 as n grows 8x is O(n log n); O(n^2) would grow 8x.
# gpmetis's own "Partitioning" time is printed beside them for scale.
#
# usage: bench/scaling.sh [BUILD_DIR]      (default: build)
# env:   WORK      scratch folder, kept between runs (default /tmp/part-bench-scaling)
#        CLSCALES  gmsh -clscale values (default "1.0 0.8 0.63 0.5")
#        REPEAT    runs per figure, best kept (default 3)
#        K         part count for part-partition (default 64)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
T=$BUILD/tools
WORK=${WORK:-/tmp/part-bench-scaling}
CLSCALES=${CLSCALES:-"1.0 0.8 0.63 0.5"}
REPEAT=${REPEAT:-3}
K=${K:-64}
for tool in part-convert part-order part-partition; do
  [[ -x $T/$tool ]] || { echo "build $tool first (cmake --build $BUILD)" >&2; exit 1; }
done
for peer in gpmetis gmsh python3; do
  command -v "$peer" >/dev/null || { echo "missing $peer (scripts/setup.sh installs it)" >&2; exit 1; }
done
mkdir -p "$WORK"
cd "$WORK"

# best_seconds KEY command...: the smallest value of json[KEY] (a dotted path) over REPEAT runs.
best_seconds() {
  local key=$1 best=""
  shift
  for _ in $(seq "$REPEAT"); do
    local s
    s=$("$@" | python3 -c 'import json,sys
v = json.load(sys.stdin)
for part in sys.argv[1].split("."): v = v[part]
print(v)' "$key")
    best=$(python3 -c 'import sys; a=sys.argv[1]; b=float(sys.argv[2]); print(b if a=="" else min(float(a), b))' "$best" "$s")
  done
  echo "$best"
}

# gpmetis_seconds GRAPH: the best "Partitioning" time gpmetis prints, over REPEAT runs.
gpmetis_seconds() {
  for _ in $(seq "$REPEAT"); do
    gpmetis "$1" "$K" | awk '/Partitioning:/ { print $2 }'
  done | sort -g | head -1
}

RESULTS=results.tsv
printf 'n\tmethod\tseconds\n' >"$RESULTS"
for s in $CLSCALES; do
  g=channel-$s.graph
  if [[ ! -s $g ]]; then
    echo "meshing data/channel3d.geo with -clscale $s" >&2
    gmsh -3 -clscale "$s" -format msh22 "$ROOT/data/channel3d.geo" -o channel-$s.msh >gmsh-$s.log
    "$T/part-convert" channel-$s.msh -o "$g" -q
    rm -f channel-$s.msh
  fi
  n=$(awk '!/^%/ { print $1; exit }' "$g")
  c=(--coords "${g%.graph}.xyz")
  for m in hilbert morton rcb inertial; do
    t=$(best_seconds seconds "$T/part-order" "$g" --method "$m" "${c[@]}" -o order.out -q --json)
    printf '%s\torder:%s\t%s\n' "$n" "$m" "$t" >>"$RESULTS"
  done
  for m in rcb inertial hier; do
    t=$(best_seconds seconds.partition "$T/part-partition" "$g" -k "$K" --method "$m" "${c[@]}" -o part.out -q --json)
    printf '%s\tpartition:%s\t%s\n' "$n" "$m" "$t" >>"$RESULTS"
  done
  t=$(best_seconds seconds.partition "$T/part-partition" "$g" -k "$K" --method blocks --order-method hilbert --polish "${c[@]}" -o part.out -q --json)
  printf '%s\tpartition:blocks:hilbert+polish\t%s\n' "$n" "$t" >>"$RESULTS"
  printf '%s\tgpmetis (Partitioning)\t%s\n' "$n" "$(gpmetis_seconds "$g")" >>"$RESULTS"
  echo "  n=$n done" >&2
done

python3 - "$RESULTS" "$K" <<'PY'
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
methods = list(dict.fromkeys(r["method"] for r in rows))
sizes = sorted({int(r["n"]) for r in rows})
t = {(int(r["n"]), r["method"]): float(r["seconds"]) for r in rows}
print("K = %s for the partitions. Cells: seconds, then time / (n log2 n) relative to n = %d." % (sys.argv[2], sizes[0]))
print("| method | " + " | ".join("n = %d" % n for n in sizes) + " |")
print("|---|" + "---|" * len(sizes))
for m in methods:
    base = t[(sizes[0], m)] / (sizes[0] * math.log2(sizes[0]))
    cells = []
    for n in sizes:
        s = t[(n, m)]
        cells.append("%.3f s (%.2f)" % (s, s / (n * math.log2(n)) / base))
    print("| %s | %s |" % (m, " | ".join(cells)))
PY
