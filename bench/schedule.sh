#!/usr/bin/env bash
# Remap schedules (issue 8): compares the remap policies of part-schedule with the dynamic
# programming optimum on synthetic load traces, and part-simulate's policies against never
# remapping on the sample mesh. There is no peer tool for remap scheduling, so the figures
# are ratios to the optimum (part-schedule) and savings against never remapping
# (part-simulate, with --method scratch and --method gde), all from this one run.
#
#   bench/schedule.sh [BUILD_DIR]      (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
SCHEDULE=$BUILD/tools/part-schedule
SIMULATE=$BUILD/tools/part-simulate
for tool in "$SCHEDULE" "$SIMULATE"; do
  [[ -x $tool ]] || { echo "missing $tool: cmake --build $BUILD --target part-schedule part-simulate" >&2; exit 1; }
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Deterministic traces (no random numbers, so every awk gives the same file): 16 parts, 400 steps.
#   slow    - every part's load drifts linearly at its own rate, with a small ripple;
#   hotspot - a hot spot of +100 travels once round a ring of 16 parts;
#   jumps   - every 100 steps another part's load jumps by 150.
awk 'BEGIN { printf "p0"; for (p = 1; p < 16; ++p) printf ",p%d", p; print "";
  for (t = 0; t < 400; ++t) { for (p = 0; p < 16; ++p) {
    rate = ((p * 37) % 17) / 17 * 0.4 - 0.1
    printf "%s%.4f", (p ? "," : ""), 100 + rate * t + 2 * sin(0.05 * t + p) }
    print "" } }' > "$WORK/slow.csv"
awk 'BEGIN { printf "p0"; for (p = 1; p < 16; ++p) printf ",p%d", p; print "";
  for (t = 0; t < 400; ++t) { c = t * 16 / 400; for (p = 0; p < 16; ++p) {
    d = p - c; if (d > 8) d -= 16; if (d < -8) d += 16
    printf "%s%.4f", (p ? "," : ""), 100 + 100 * exp(-d * d / 4.5) }
    print "" } }' > "$WORK/hotspot.csv"
awk 'BEGIN { printf "p0"; for (p = 1; p < 16; ++p) printf ",p%d", p; print "";
  for (t = 0; t < 400; ++t) { for (p = 0; p < 16; ++p) {
    extra = (p == (int(t / 100) * 5) % 16) ? 150 : 0
    printf "%s%.4f", (p ? "," : ""), 100 + extra + 3 * sin(0.3 * t + 2 * p) }
    print "" } }' > "$WORK/jumps.csv"

echo "== part-schedule policies: total / DP optimum (1.000 = optimal) =="
printf "%-8s %6s  %-9s %-9s %-9s %-9s %-9s %-9s %s\n" trace C never fixed SAR predict profit optimum "f(fixed)"
failures=0
for trace in slow hotspot jumps; do
  for cost in 20 100 400; do
    json=$("$SCHEDULE" policies "$WORK/$trace.csv" --remap-cost "$cost" --json)
    ratio() { printf "%.3f" "$(jq -r --arg n "$1" '(.policies[] | select(.name == $n) | .total) / .optimal_total' <<<"$json")"; }
    printf "%-8s %6s  %-9s %-9s %-9s %-9s %-9s %-9s %s\n" "$trace" "$cost" "$(ratio never)" "$(ratio fixed-interval)" \
      "$(ratio stop-at-rise)" "$(ratio predictive-interval)" "$(ratio profitability)" \
      "$(printf "%.1f" "$(jq -r .optimal_total <<<"$json")")" \
      "$(jq -r '.policies[] | select(.name == "fixed-interval") | .interval' <<<"$json")"
    # Target: the optimum is at most every heuristic.
    if ! jq -e '.optimal_total <= ([.policies[].total] | min) + 1e-6' <<<"$json" >/dev/null; then
      echo "  FAIL: a heuristic beat the DP optimum"; failures=$((failures + 1)); fi
    # Target: Stop-At-Rise within 10% of the optimum on slowly varying loads.
    if [[ $trace == slow ]] && [[ $(ratio stop-at-rise) > 1.100 ]]; then
      echo "  FAIL: Stop-At-Rise more than 10% above the optimum"; failures=$((failures + 1)); fi
  done
done

echo
echo "== part-schedule segment: 63 x 63 grid triangular solve (3,969 units, wavefront i+j, string i), P = 14 =="
# Work per unit varies between 1 and 3 like the nonzeros of a row (deterministic formula).
awk 'BEGIN { n = 63; print "wavefront,string,work"
  for (a = 0; a <= 2 * n - 2; ++a) for (i = (a - n + 1 > 0 ? a - n + 1 : 0); i <= (a < n - 1 ? a : n - 1); ++i)
    printf "%d,%d,%.3f\n", a, i, 2 + sin(i * 0.7 + (a - i) * 1.3) }' > "$WORK/triangular.csv"
printf "%-6s  %-12s %-12s %-12s %-10s %-10s\n" S optimal "W(n)" wavefront "W(n)/opt" "wave/opt"
for sync in 0.1 1 4 16; do
  json=$("$SCHEDULE" segment "$WORK/triangular.csv" --procs 14 --sync "$sync" --json)
  read -r opt heur wave < <(jq -r '"\(.optimal.total) \(.heuristic.total) \(.wavefront.total)"' <<<"$json")
  printf "%-6s  %-12.1f %-12.1f %-12.1f %-10.3f %-10.3f\n" "$sync" "$opt" "$heur" "$wave" \
    "$(jq -n "$heur / $opt")" "$(jq -n "$wave / $opt")"
  if ! jq -e '.optimal.total <= .heuristic.total + 1e-6 and .optimal.total <= .wavefront.total + 1e-6' <<<"$json" >/dev/null; then
    echo "  FAIL: a phase heuristic beat the DP optimum"; failures=$((failures + 1)); fi
done
echo
echo "== part-simulate on data/naca0012 (19,886 cells), k = 8, 100 steps, method scratch: saving vs never =="
for workload in hotspot wator front; do
  "$SIMULATE" data/naca0012.graph --coords data/naca0012.xyz -k 8 --workload "$workload" --steps 100 \
    --method scratch --policy all --interval 5 --seed 1 -q --json > "$WORK/sim.json"
  jq -r --arg w "$workload" '(.policies[] | select(.name == "never") | .total) as $never |
    .policies[] | "\($w)\t\(.name)\tremaps \(.remaps)\tmoved \(.moved)\tmean imbalance \(.mean_imbalance * 1000 | round / 1000)\tsaving \((1 - .total / $never) * 1000 | round / 10)%"' \
    "$WORK/sim.json" | column -t -s $'\t'
done
echo
echo "== part-simulate, same setup, method gde (GDE refinement of the current partition): saving vs never =="
for workload in hotspot wator; do
  "$SIMULATE" data/naca0012.graph --coords data/naca0012.xyz -k 8 --workload "$workload" --steps 100 \
    --method gde --policy all --interval 5 --seed 1 -q --json > "$WORK/sim.json"
  jq -r --arg w "$workload" '(.policies[] | select(.name == "never") | .total) as $never |
    .policies[] | "\($w)\t\(.name)\tremaps \(.remaps)\tmoved \(.moved)\tmean imbalance \(.mean_imbalance * 1000 | round / 1000)\tsaving \((1 - .total / $never) * 1000 | round / 10)%"' \
    "$WORK/sim.json" | column -t -s $'\t'
  # Target: frequent GDE remapping (every 5 steps) beats no remapping by at least 10%.
  if ! jq -e '(.policies[] | select(.name == "never") | .total) as $never |
      (.policies[] | select(.name == "fixed-interval") | .total) <= 0.9 * $never' "$WORK/sim.json" >/dev/null; then
    echo "  FAIL: GDE every 5 steps saves less than 10% against never on $workload"; failures=$((failures + 1)); fi
done
echo
[[ $failures == 0 ]] && echo "all schedule targets met" || { echo "$failures target(s) missed"; exit 1; }
