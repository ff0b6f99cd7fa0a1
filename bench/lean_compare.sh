#!/usr/bin/env bash
# Issue 25 benchmark: the tools before and after a change, against gpmetis in one run, on
# large dual graphs. Every job runs REPS times, interleaved (gpmetis, before, after, gpmetis,
# ...); the best wall time of each is kept, and printed with its ratio to gpmetis's best.
#
# usage: bench/lean_compare.sh BEFORE_TOOLS AFTER_TOOLS GRAPH...
#        (each GRAPH with its centroids beside it: G.graph and G.xyz, as part-convert writes)
# env:   K     part count (default 64)
#        REPS  runs of each job (default 3)
#        WORK  scratch folder (default /tmp/part-bench-lean)
set -euo pipefail
BEFORE=$(cd "$1" && pwd)
AFTER=$(cd "$2" && pwd)
shift 2
K=${K:-64}
REPS=${REPS:-3}
WORK=${WORK:-/tmp/part-bench-lean}
mkdir -p "$WORK"

# seconds COMMAND...: wall time of one run, in seconds (output discarded; a failure stops).
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>"$WORK/err" || { cat "$WORK/err" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

# old_partition_option TOOLS: how part-repart takes the old partition in that version (an
# option before issue 25, the positional after GRAPH since).
old_partition_option() {
  if "$1/part-repart" --help | grep -q -- '--old '; then echo --old; fi
}

# jobs TOOLS GRAPH: the jobs measured, one per line, as "name<TAB>command".
jobs() {
  local t=$1 g=$2 base=${2%.graph} old
  old=$(old_partition_option "$t")
  printf 'read (part-stats)\t%s\n' "$t/part-stats $g $WORK/gpmetis.part -k $K -q"
  printf 'partition metis\t%s\n' "$t/part-partition $g -k $K --method metis -q -o $WORK/p"
  printf 'partition rcb\t%s\n' "$t/part-partition $g -k $K --method rcb --coords $base.xyz -q -o $WORK/rcb.part"
  printf 'partition hilbert+polish\t%s\n' "$t/part-partition $g -k $K --method blocks --order-method hilbert --polish --coords $base.xyz -q -o $WORK/p"
  printf 'refine rcb\t%s\n' "$t/part-refine $g $WORK/rcb.part -k $K -q -o $WORK/r"
  printf 'repart gde K to 3K/4\t%s\n' "$t/part-repart $g $old $WORK/gpmetis.part --old-parts $K -k $((K * 3 / 4)) --method gde -q -o $WORK/n --plan $WORK/plan"
}

best() { sort -g | head -1; }

for g in "$@"; do
  g=$(cd "$(dirname "$g")" && pwd)/$(basename "$g")
  gp=()
  for ((r = 0; r < REPS; ++r)); do
    cp "$g" "$WORK/gpmetis.graph"
    gp+=("$(seconds gpmetis "$WORK/gpmetis.graph" "$K")")
  done
  mv "$WORK/gpmetis.graph.part.$K" "$WORK/gpmetis.part"
  gpmetis_s=$(printf '%s\n' "${gp[@]}" | best)
  echo "$(basename "$g") K=$K: gpmetis best of $REPS ${gpmetis_s} s"
  printf '| job | before s | after s | before / gpmetis | after / gpmetis | after / before |\n'
  printf '| --- | --- | --- | --- | --- | --- |\n'
  mapfile -t before_jobs < <(jobs "$BEFORE" "$g")
  mapfile -t after_jobs < <(jobs "$AFTER" "$g")
  for i in "${!before_jobs[@]}"; do
    name=${before_jobs[$i]%%$'\t'*}
    b=() a=()
    for ((r = 0; r < REPS; ++r)); do
      # shellcheck disable=SC2086
      b+=("$(seconds ${before_jobs[$i]#*$'\t'})")
      # shellcheck disable=SC2086
      a+=("$(seconds ${after_jobs[$i]#*$'\t'})")
    done
    bs=$(printf '%s\n' "${b[@]}" | best)
    as=$(printf '%s\n' "${a[@]}" | best)
    printf '| %s | %.3f | %.3f | %.2f | %.2f | %.2f |\n' "$name" "$bs" "$as" \
      "$(echo "$bs / $gpmetis_s" | bc -l)" "$(echo "$as / $gpmetis_s" | bc -l)" "$(echo "$as / $bs" | bc -l)"
  done
done
