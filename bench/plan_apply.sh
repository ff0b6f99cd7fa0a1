#!/usr/bin/env bash
# part-plan apply --dataset on data/channel3d.msh (about 100k tetrahedra), in one run:
#   apply    part-plan apply move.plan --dataset old.pvtu -o new.pvtu   (read 16 pieces, move,
#            write 12 pieces, read them back and verify)
#   resplit  part-convert channel3d.msh --partition new.part --split -o direct.pvtu
#            (writing the new pieces from the original mesh, what a user without a plan does)
# Old: METIS, K = 16; new: part-repart --method gde -k 12 (4 ranks become skeletons). Each
# time is the best of REPEAT runs (wall, max RSS from /usr/bin/time). No external peer
# applies plans to .pvtu files; the ratio to re-splitting shows the price of the verification.
#   bash bench/plan_apply.sh [build-dir]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
tools="$build/tools"
repeat="${REPEAT:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mesh="$root/data/channel3d.msh"

"$tools/part-convert" "$mesh" -o "$work/c.graph" -q
"$tools/part-partition" "$work/c.graph" -k 16 --method metis -q -o "$work/old.part" >/dev/null
"$tools/part-convert" "$mesh" --partition "$work/old.part" --split -q -o "$work/old.pvtu"
"$tools/part-repart" "$work/c.graph" "$work/old.part" -k 12 --method gde -q \
  -o "$work/new.part" --plan "$work/move.plan"

measure() {
  for _ in $(seq "$repeat"); do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1
    cat "$work/time"
  done | awk 'NR==1{w=$1;m=$2} {if($1<w)w=$1; if($2<m)m=$2} END{print w, m}'
}

read -r apply_w apply_m < <(measure "$tools/part-plan" apply "$work/move.plan" --dataset "$work/old.pvtu" -o "$work/new.pvtu" -q)
read -r split_w split_m < <(measure "$tools/part-convert" "$mesh" --partition "$work/new.part" --split -q -o "$work/direct.pvtu")
"$tools/part-plan" apply "$work/move.plan" --dataset "$work/old.pvtu" -o "$work/new.pvtu"
cells=$(wc -l < "$work/old.part")
echo "cells $cells, 16 -> 12 parts"
printf "%-8s %8s s %8s MB\n" apply "$apply_w" "$((apply_m / 1024))" resplit "$split_w" "$((split_m / 1024))"
awk -v a="$apply_w" -v s="$split_w" -v am="$apply_m" -v sm="$split_m" \
  'BEGIN{printf "apply / resplit: time %.2fx, peak memory %.2fx\n", a/s, am/sm}'
