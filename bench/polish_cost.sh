#!/usr/bin/env bash
# The FM polish's cost, old binary against new, with the promise that a speed-up changes no output.
#   bash bench/polish_cost.sh NEW OLD DATA
#     NEW   part-refine to check (e.g. build/tools/part-refine)
#     OLD   reference part-refine (a build of the commit before the change)
#     DATA  bench/refine.sh's graphs and starts, kept with `WORK=DATA bash bench/refine.sh`
# 1. Identity: every start G.LABEL.K in DATA (LABEL rcb, farhat, blocks, x-strips, metis+30%;
#    start for the rebalance rows, on G.wK.graph (the weights of that K) with the row's network) is refined by both
#    binaries with the options of bench/refine.sh's rows (default, --no-polish,
#    --no-absorb --flat-polish; the rebalance rows' networks) and with --flat-polish alone
#    (rebalance starts: default and --flat-polish per network); the partitions and the --json
#    reports must be byte-identical. Coordinates as bench/refine.sh passes them (naca0012's
#    are data/naca0012.xyz of this repository). Any difference is listed and the exit code is 1.
# 2. Instructions: callgrind's total for the starts in CALLGRIND (default below), old vs new,
#    and the share of LocalConnectivity::would_disconnect (inclusive) in each.
# 3. CPU: user + sys, best of REPEAT (default 5) samples, old and new interleaved, same starts;
#    a sample repeats a short run until it lasts about 0.3 s (CPU times tick in milliseconds).
# SKIP_IDENTITY=1, SKIP_CALLGRIND=1 or SKIP_CPU=1 leave a part out. Outputs go to a temporary
# folder, removed at the end; DATA is only read.
set -euo pipefail
[ $# -eq 3 ] || { sed -n '2,/^set /p' "$0" | sed '$d' >&2; exit 2; }
cd "$(dirname "$0")/.."
NEW=$(realpath "$1")
OLD=$(realpath "$2")
DATA=$(realpath "$3")
NACA_XYZ=$(realpath data/naca0012.xyz)
CALLGRIND=${CALLGRIND:-"plate-nodal.farhat.32 plate-nodal.rcb.32 4elt.farhat.32 4elt.farhat.8 naca0012.rcb.32 trigrid700.farhat.32 plate.start.32"}
REPEAT=${REPEAT:-5}
for tool in "$NEW" "$OLD"; do [ -x "$tool" ] || { echo "no executable $tool" >&2; exit 1; }; done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# coords G: the --coords option bench/refine.sh passes for graph G (none for 4elt).
coords() {
  case $1 in
    naca0012) echo "--coords $NACA_XYZ" ;;
    4elt) ;;
    *) if [ -f "$DATA/$1.xyz" ]; then echo "--coords $DATA/$1.xyz"; fi ;; # copter2, mdual: none
  esac
}

# runs START: one line per run of START (G.LABEL.K): graph, then the options of the run.
runs() {
  local start=$1 g label k
  g=${start%%.*}
  k=${start##*.}
  label=${start#"$g".}
  label=${label%."$k"}
  if [ "$label" = start ]; then # the rebalance rows: weighted graph, the row's network
    local greedy="--map greedy --lambda opt" network
    case $k in
      8) network=("--network mesh:2x4 $greedy") ;;
      16) network=("" "--network mesh:4x4 $greedy") ;;
      32) network=("" "--network torus:4x8 $greedy") ;;
    esac
    for n in "${network[@]}"; do
      echo "$g.w$k.graph $n"
      echo "$g.w$k.graph $n --flat-polish"
    done
    return
  fi
  local c
  c=$(coords "$g")
  for extra in "" "--no-polish" "--no-absorb --flat-polish" "--flat-polish"; do
    echo "$g.graph $c $extra"
  done
}

# refine TOOL OUT START GRAPH OPTIONS...: one run, the report (its output path dropped) in OUT.json.
refine() {
  local tool=$1 out=$2 start=$3 graph=$4
  shift 4
  "$tool" "$DATA/$graph" "$DATA/$start" "$@" --json -q -o "$out" | grep -v '"output":' >"$out.json"
}

starts() {
  (cd "$DATA" && ls | grep -E '^[a-z0-9-]+\.(rcb|farhat|blocks|x-strips|metis\+30%|start)\.[0-9]+$' | sort)
}

if [ -z "${SKIP_IDENTITY:-}" ]; then
  echo "== Identity: $NEW vs $OLD on every start in $DATA =="
  total=0 differ=0
  for start in $(starts); do
    while read -r graph options; do
      # shellcheck disable=SC2086 # options are words
      refine "$OLD" "$TMP/old" "$start" "$graph" $options
      # shellcheck disable=SC2086
      refine "$NEW" "$TMP/new" "$start" "$graph" $options
      total=$((total + 1))
      if ! cmp -s "$TMP/old" "$TMP/new" || ! cmp -s "$TMP/old.json" "$TMP/new.json"; then
        differ=$((differ + 1))
        echo "DIFFERS: $graph $start $options"
      fi
    done < <(runs "$start")
  done
  echo "runs $total, differing $differ"
  [ "$differ" -eq 0 ] || exit 1
  echo
fi

# first_run START: the options of START's first run (default options; the network for starts).
first_run() { runs "$1" | sed -n 1p; } # sed reads all: no SIGPIPE under pipefail

if [ -z "${SKIP_CALLGRIND:-}" ]; then
  command -v valgrind >/dev/null || { echo "valgrind not found (apt-get install valgrind)" >&2; exit 1; }
  echo "== Instructions (callgrind Ir), default options =="
  printf '%-24s %14s %14s %8s %12s %12s\n' start old new new/old "old conn%" "new conn%"
  for start in $CALLGRIND; do
    read -r graph options < <(first_run "$start")
    declare -A ir share
    for side in old new; do
      tool=$OLD
      [ $side = new ] && tool=$NEW
      # shellcheck disable=SC2086
      valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.$side" "$tool" "$DATA/$graph" \
        "$DATA/$start" $options -q -o "$TMP/$side" >/dev/null 2>&1
      ir[$side]=$(callgrind_annotate "$TMP/cg.$side" 2>/dev/null |
        awk '/PROGRAM TOTALS/ && !done { gsub(",", "", $1); print $1; done = 1 }')
      conn=$(callgrind_annotate --inclusive=yes --threshold=100 "$TMP/cg.$side" 2>/dev/null |
        awk '/would_disconnect/ && !done { gsub(",", "", $1); print $1; done = 1 }')
      share[$side]=$(awk -v c="${conn:-0}" -v t="${ir[$side]}" 'BEGIN { printf "%.1f", 100 * c / t }')
    done
    printf '%-24s %14s %14s %8.3f %12s %12s\n' "$start" "${ir[old]}" "${ir[new]}" \
      "$(awk -v a="${ir[new]}" -v b="${ir[old]}" 'BEGIN { print a / b }')" "${share[old]}" "${share[new]}"
  done
  echo
fi

if [ -z "${SKIP_CPU:-}" ]; then
  echo "== CPU (user + sys), best of $REPEAT, old and new interleaved, default options =="
  echo "   (a sample repeats a short run until it takes about 0.3 s; seconds per run)"
  for start in $CALLGRIND; do first_run "$start" | sed "s|^|$start |"; done >"$TMP/cpu.runs"
  python3 - "$OLD" "$NEW" "$DATA" "$REPEAT" "$TMP" <<'PY'
import math, resource, subprocess, sys, time
old, new, data, repeat, tmp = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]

def cpu(cmd, runs):  # user + sys seconds per run, over `runs` runs
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(runs):
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / runs

print(f"{'start':24} {'old':>9} {'new':>9} {'new/old':>8}")
for line in open(f"{tmp}/cpu.runs"):
    start, graph, *options = line.split()
    def command(tool):
        return [tool, f"{data}/{graph}", f"{data}/{start}", *options, "-q", "-o", f"{tmp}/cpu.out"]
    t = time.perf_counter()
    cpu(command(old), 1)
    runs = max(1, math.ceil(0.3 / max(time.perf_counter() - t, 1e-3)))
    best = {old: math.inf, new: math.inf}
    for _ in range(repeat):
        for tool in (old, new):
            best[tool] = min(best[tool], cpu(command(tool), runs))
    print(f"{start:24} {best[old]:9.4f} {best[new]:9.4f} {best[new] / best[old]:8.3f}")
PY
fi
