#!/bin/bash
# Mean elapsed time over N runs (`perf stat -r N`, software clock: works on VMs without hardware
# counters) of two part-refine binaries and of gpmetis, on bench/refine.sh's rcb and farhat starts.
# Means of 20 runs move less between runs than refine.sh's best of 3 on these 8-30 ms processes.
#
#   bash bench/refine_perf_stat.sh DATA OLD NEW [N]
#
# DATA: refine.sh's inputs (`WORK=DATA bash bench/refine.sh BUILD` keeps them; copy
# data/naca0012.xyz there). Columns: mean ms of OLD, NEW and gpmetis, and the ratios to gpmetis.
# RT=1 runs all three at real-time priority (chrt -f 10, as root): on a machine shared with
# other jobs they then get the CPUs as on a quiet one, and the ratios move less between runs.
set -euo pipefail
DATA=$1 OLD=$(realpath "$2") NEW=$(realpath "$3") N=${4:-20}
command -v perf >/dev/null || { echo "perf is needed (linux-perf)" >&2; exit 1; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
cd "$DATA"
PRIORITY=()
[ "${RT:-0}" = 1 ] && PRIORITY=(chrt -f 10)
elapsed_ms() { "${PRIORITY[@]}" perf stat -r "$N" "$@" 2>&1 >/dev/null | awk '/seconds time elapsed/{printf "%.2f", $1 * 1000}'; }
printf "%-12s %3s %-7s %9s %9s %9s %8s %8s\n" graph K start old_ms new_ms gpm_ms new/gpm old/gpm
for g in naca0012 plate plate-nodal 4elt trigrid700; do
  coords=()
  [ -f "$g.xyz" ] && coords=(--coords "$g.xyz")
  for k in 8 16 32; do
    for s in rcb farhat; do
      [ -f "$g.$s.$k" ] || continue
      o=$(elapsed_ms "$OLD" "$g.graph" "$g.$s.$k" "${coords[@]}" -q -o "$OUT/old.part")
      n=$(elapsed_ms "$NEW" "$g.graph" "$g.$s.$k" "${coords[@]}" -q -o "$OUT/new.part")
      m=$(elapsed_ms gpmetis "$g.graph" "$k")
      awk -v g="$g" -v k="$k" -v s="$s" -v o="$o" -v n="$n" -v m="$m" \
        'BEGIN{printf "%-12s %3s %-7s %9.2f %9.2f %9.2f %8.2f %8.2f\n", g, k, s, o, n, m, n / m, o / m}'
    done
  done
done
