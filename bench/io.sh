#!/usr/bin/env bash
# Graph reading speed against gpmetis's own I/O time on the same files, in one run.
#   bash bench/io.sh [build-dir]
# For each graph: gpmetis's "I/O" time (it reads the graph with fgets/strtol and times it with
# getrusage, i.e. its CPU time, which a busy machine does not inflate), our read time
# (part-stats -v "read graph": wall time from the file name to a validated Graph, including
# ranges, self loops, duplicates and symmetry of edges and weights), and part-stats's whole
# wall time. our_read_cpu_s is the same read's CPU time (getrusage, the clock gpmetis uses):
# the stricter comparison, robust to load. Each figure is the best of REPEAT runs, taken in the
# same loop so that both sides see the same load; compare the ratio, not the seconds.
# INSTRUCTIONS=1 also counts instructions with callgrind, which the load does not change: the
# whole of bench/read_graph.cpp (read_chaco_graph, plus process start-up)
# against gpmetis's ReadGraph (--toggle-collect), and their ratio.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
stats="$build/tools/part-stats"
convert="$build/tools/part-convert"
repeat="${REPEAT:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

graphs=("$root/data/naca0012.graph")
metis_graphs=/usr/share/doc/libmetis-dev/examples/graphs
for g in 4elt copter2 mdual; do [ -f "$metis_graphs/$g.graph" ] && graphs+=("$metis_graphs/$g.graph"); done
mkdir -p "$work/src"
if [ -x "$convert" ]; then
  "$convert" "$root/data/channel3d.msh" -o "$work/src/channel3d.graph" -q && graphs+=("$work/src/channel3d.graph")
fi
# A larger input where fixed costs do not matter: the 7-point graph of a 100^3 grid (46 MB).
awk -v s=100 'BEGIN {
  n = s * s * s; m = 3 * s * s * (s - 1); print n, m
  for (z = 0; z < s; z++) for (y = 0; y < s; y++) for (x = 0; x < s; x++) {
    v = (z * s + y) * s + x + 1; line = ""
    if (z > 0) line = line " " v - s * s
    if (y > 0) line = line " " v - s
    if (x > 0) line = line " " v - 1
    if (x < s - 1) line = line " " v + 1
    if (y < s - 1) line = line " " v + s
    if (z < s - 1) line = line " " v + s * s
    print substr(line, 2)
  }
}' >"$work/src/grid100.graph"
graphs+=("$work/src/grid100.graph")

best() { sort -g | head -1; }

printf '%-16s %6s %12s %11s %8s %14s %8s %9s %13s\n' graph MB gpmetis_io_s our_read_s speedup our_read_cpu_s cpu_x our_MB/s stats_total_s
for src in "${graphs[@]}"; do
  name="$(basename "$src")"
  cp "$src" "$work/$name"
  g="$work/$name"
  mb=$(awk -v b="$(stat -c %s "$g")" 'BEGIN{printf "%.2f", b/1e6}')
  gpmetis "$g" 2 >/dev/null # writes $g.part.2 for part-stats
  : >"$work/metis_io" && : >"$work/ours" && : >"$work/ours_cpu"
  for _ in $(seq "$repeat"); do
    gpmetis "$g" 2 | awk '/I\/O:/{print $2}' >>"$work/metis_io"
    "$stats" "$g" "$g.part.2" -v 2>&1 >/dev/null |
      awk -v w="$work/ours" -v c="$work/ours_cpu" '/timing:/{print $4 >>w; print $7 >>c}'
  done
  metis_io=$(best <"$work/metis_io")
  ours=$(best <"$work/ours")
  ours_cpu=$(best <"$work/ours_cpu")
  total=$(for _ in $(seq "$repeat"); do /usr/bin/time -f %e "$stats" "$g" "$g.part.2" 2>&1 >/dev/null | tail -1; done | best)
  awk -v n="$name" -v mb="$mb" -v m="$metis_io" -v o="$ours" -v c="$ours_cpu" -v t="$total" \
    'BEGIN{printf "%-16s %6s %12.4f %11.4f %7.1fx %14.4f %7.1fx %9.0f %13.3f\n", n, mb, m, o, (o>0?m/o:0), c, (c>0?m/c:0), (o>0?mb/o:0), t}'
done

if [ "${INSTRUCTIONS:-0}" = 1 ] && command -v valgrind >/dev/null; then
  g++ -std=c++20 -O2 -I"$root" "$root/bench/read_graph.cpp" "$build/formats/libpartformats.a" \
    "$build/libpart/libpart.a" -fopenmp -o "$work/read_graph" -lpthread
  count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | awk '/Collected/{print $4}'; }
  printf '\n%-16s %14s %20s %8s\n' graph our_instr gpmetis_ReadGraph ratio
  for src in "${graphs[@]}"; do
    g="$work/$(basename "$src")"
    ours=$(count "$work/read_graph" "$g")
    metis=$(count --toggle-collect=ReadGraph gpmetis "$g" 2)
    awk -v n="$(basename "$g")" -v o="$ours" -v m="$metis" 'BEGIN{printf "%-16s %14d %20d %7.1fx\n", n, o, m, m/o}'
  done
fi
