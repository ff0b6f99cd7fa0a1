#!/usr/bin/env bash
# Graph reading speed against gpmetis's own I/O time on the same files, in one run.
#   bash bench/io.sh [build-dir]
# For each graph: gpmetis's "I/O" time (it reads the graph with fgets/strtol), our read time
# (part-stats -v "read graph", which includes full validation: ranges, duplicates, symmetry),
# and part-stats's whole wall time. Each figure is the best of REPEAT runs; the machine is
# shared, so compare the ratio, not the seconds.
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
if [ -x "$convert" ]; then
  "$convert" "$root/data/channel3d.msh" -o "$work/channel3d.graph" -q && graphs+=("$work/channel3d.graph")
fi

best() { sort -g | head -1; }

printf '%-16s %9s %12s %12s %12s %10s %12s\n' graph MB gpmetis_io_s our_read_s speedup our_MB/s stats_total_s
for src in "${graphs[@]}"; do
  name="$(basename "$src")"
  cp "$src" "$work/$name"
  g="$work/$name"
  mb=$(awk -v b="$(stat -c %s "$g")" 'BEGIN{printf "%.2f", b/1e6}')
  metis_io=$(for _ in $(seq "$repeat"); do gpmetis "$g" 2 | awk '/I\/O:/{print $2}'; done | best)
  ours=$(for _ in $(seq "$repeat"); do "$stats" "$g" "$g.part.2" -v 2>&1 >/dev/null | awk '/timing:/{print $4}'; done | best)
  total=$(for _ in $(seq "$repeat"); do /usr/bin/time -f %e "$stats" "$g" "$g.part.2" 2>&1 >/dev/null | tail -1; done | best)
  awk -v n="$name" -v mb="$mb" -v m="$metis_io" -v o="$ours" -v t="$total" \
    'BEGIN{printf "%-16s %9s %12.4f %12.4f %11.1fx %10.0f %12.3f\n", n, mb, m, o, (o>0?m/o:0), (o>0?mb/o:0), t}'
done
