#!/usr/bin/env bash
# The controller's profitability decision (issue 7; Kaddoura & Ranka 1995, 3.5): what
# judging the candidate costs `part-repart --method interval`, serially and under mpirun (each
# rank computes per-part loads of the old partition and of the candidate from its vertices and
# ghosts, rank 0 reduces the sums, gathers the would-be traffic and decides; since the report
# always carries the amortization, this runs with or without `--horizon`), and one example
# each way. Graph: METIS's mdual (258k vertices) along an RCM order (part-order, computed once);
# old partition gpmetis -k 4; new capacities 0.4 0.2 0.2 0.2 (rank 0 became faster).
# Horizons: half and twice the steps the candidate needs to pay off.
# Each whole-run timing is the fastest of REPEAT runs (default 3); the decision's, the median and
# the fastest (the machine is shared: the fastest shows the cost without others' load). Checks that serial and distributed
# files agree for both decisions.
# Usage: bench/controller_decision.sh [BUILD_DIR]   (default build)
source "$(dirname "$0")/bench_env.sh" "${1:-}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
repeat=${REPEAT:-3}

cp /usr/share/doc/libmetis-dev/examples/graphs/mdual.graph mdual.graph
gpmetis mdual.graph 4 >/dev/null
"$tools/part-order" mdual.graph --method rcm -q -o mdual.rcm >/dev/null
printf "0.4\n0.2\n0.2\n0.2\n" >faster0.targets
# Moving a vertex costs 1e-5 s (a heavy CFD cell), so the remap takes tens of steps to pay.
args=(mdual.graph mdual.graph.part.4 --order mdual.rcm --targets faster0.targets
  --method interval --time-per-size 1e-5)

launch() { # P (0: serial) then part-repart arguments
  local p=$1; shift
  if [ "$p" = 0 ]; then "$tools/part-repart" "$@"; else
    mpiexec --oversubscribe -n "$p" "$tools/part-repart" "$@"; fi
}
fastest() { # P, then arguments: the least wall time of $repeat runs
  local p=$1; shift; local best=""
  for _ in $(seq "$repeat"); do
    local t0 t1; t0=$(date +%s.%N); launch "$p" "$@" -q -o t.part --plan t.plan; t1=$(date +%s.%N)
    best=$(python3 -c "import sys; a=float(sys.argv[2])-float(sys.argv[1]); b=sys.argv[3]; print(f'{min(a, float(b)) if b else a:.3f}')" "$t0" "$t1" "$best")
  done
  echo "$best"
}
json_field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval('d' + sys.argv[2]))" "$@"; }

launch 0 "${args[@]}" --json -o probe.part --plan probe.plan >probe.json
steps=$(json_field probe.json '["amortization"]["steps"]')
keep=$(python3 -c "import math; print(max(1, math.floor(float('$steps') / 2)))")
remap=$(python3 -c "import math; print(math.ceil(float('$steps') * 2))")
echo "candidate amortized after $steps steps; horizons: $keep (keep) and $remap (remap)"

echo "| P | decision s, median / fastest of $repeat | whole run s, no --horizon / --horizon (fastest of $repeat) | bytes sent, no --horizon / --horizon |"
echo "|---|---|---|---|"
for p in 0 2 4; do
  plain=$(fastest "$p" "${args[@]}")
  decided=$(fastest "$p" "${args[@]}" --horizon "$remap")
  launch "$p" "${args[@]}" --json -o b.part --plan b.plan >b1.json
  seconds=()
  for i in $(seq "$repeat"); do
    launch "$p" "${args[@]}" --horizon "$remap" --json -o b.part --plan b.plan >b2.json
    seconds+=("$(json_field b2.json '["decision"]["seconds"]')")
  done
  decision=$(python3 -c "import statistics,sys; s=[float(x) for x in sys.argv[1:]]; print(f'{statistics.median(s):.4f} / {min(s):.4f}')" "${seconds[@]}")
  bytes="-"
  [ "$p" != 0 ] && bytes="$(json_field b1.json '["distributed"]["bytes_sent"]') / $(json_field b2.json '["distributed"]["bytes_sent"]')"
  echo "| ${p/#0/serial} | $decision | $plain / $decided | $bytes |"
done

for h in "$keep" "$remap"; do
  echo
  echo "part-repart ${args[*]} --horizon $h (serial, then mpirun -np 4):"
  launch 0 "${args[@]}" --horizon "$h" -o s.part --plan s.plan | grep -A3 -E "^(Migration|Decision)" | grep -vE "logical|Amortization"
  launch 4 "${args[@]}" --horizon "$h" -q -o d.part --plan d.plan
  cmp -s s.part d.part && cmp -s s.plan d.plan && echo "  serial and mpirun -np 4 files identical: yes" || echo "  files identical: NO"
done
