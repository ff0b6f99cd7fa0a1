#!/usr/bin/env bash
# Issue 26: `part-repart --method gde` serially and under `mpiexec -np 2`, on the same input.
#
# On a mesh's dual graph, partitioned by gpmetis into K parts, the cells in a sphere holding
# SHARE of them weigh 4 times more (bench/mesh_glue.py, as bench/zoltan_repart.sh); each case
# prints one table row: cut / vertices moved / wall seconds, serial, then np 2 with each tool
# folder given (a build before a change, then after).
#
# Usage: bench/mpi_gde.sh GRAPH TOOLS...
#   GRAPH with its centroids beside it (G.graph and G.xyz, as part-convert writes).
#   KS="16 64", SHARES="0.02 0.05 0.11", CENTRE="x y z" (default 1.3 0.5 0.5, the channel's
#   wake) override the cases.
graph="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shift
folders=()
for t in "$@"; do folders+=("$(cd "$t" && pwd)"); done
source "$(dirname "$0")/bench_env.sh" ""
xyz="${graph%.graph}.xyz"
KS="${KS:-16 64}"
SHARES="${SHARES:-0.02 0.05 0.11}"
read -r -a centre <<< "${CENTRE:-1.3 0.5 0.5}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# figures OUT K OLD SECONDS: cut / moved / seconds of partition OUT.
figures() {
  local cut moved
  cut=$("$tools/part-stats" hot.graph "$1" -k "$2" --json |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["edge_cut"])')
  moved=$(paste -d' ' "$3" "$1" | awk '$1 != $2 { c++ } END { print c + 0 }')
  echo "$cut / $moved / $4"
}

# seconds COMMAND...: wall time of one run (output discarded; a failure stops).
seconds() {
  /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -1
}

cp "$graph" plain.graph
echo "| K | hot | serial | np 2 (each TOOLS) |"
echo "|---|---|---|---|"
for k in $KS; do
  gpmetis plain.graph "$k" >/dev/null
  old="plain.graph.part.$k"
  for share in $SHARES; do
    r=$(python3 "$here/mesh_glue.py" radius "$xyz" "${centre[@]}" "$share")
    python3 "$here/mesh_glue.py" hotspot "$graph" "$xyz" "${centre[@]}" "$r" 4 hot.graph
    s=$(seconds "$tools/part-repart" hot.graph "$old" -k "$k" --method gde -q -o serial.part)
    row="| $k | $share | $(figures serial.part "$k" "$old" "$s")"
    for t in "${folders[@]}"; do
      s=$(seconds mpiexec -np 2 "$t/part-repart" hot.graph "$old" --method gde -q -o np2.part)
      row="$row | $(figures np2.part "$k" "$old" "$s")"
    done
    echo "$row |"
  done
done
