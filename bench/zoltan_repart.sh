#!/usr/bin/env bash
# Issue 26: repartitioning against Zoltan 3.9's hypergraph repartitioner, in one run.
#
# On a mesh's dual graph, partitioned by gpmetis into K parts (unit weights), the cells in a
# sphere holding SHARE of them weigh FACTOR times more; then, on the same input, back to back:
#   ours      part-repart --method adaptive and gde, serial and under mpirun -np 2 and 4
#   zoltan    bench/zoltan_repart.c: LB_APPROACH=REPARTITION with PHG_REPART_MULTIPLIER 1, 10
#             and 100 (1 is its least-migration setting), and PARTITION (from scratch), at
#             np 1; multiplier 1 at np 2
#   interval  part-repart --method interval along a Hilbert curve, with what it would move
#             without relabelling its intervals
#   scratch   part-repart --method scratch (METIS from scratch, relabelled to the old parts)
# and prints, per case, each one's cut, imbalance, vertices moved (vertex sizes are 1) and
# wall time (Zoltan: its Zoltan_LB_Partition; ours: the whole run, reading included).
#
# Usage: bench/zoltan_repart.sh [BUILD_DIR] GRAPH
#   GRAPH with its centroids beside it (G.graph and G.xyz, as part-convert writes).
#   MATRIX=1 keeps the rows that decide the targets (adaptive serial at the default price and
#   at PRICES, np 2, Zoltan 1, 10 and 100), for a matrix of many cases.
#   KS="16 64", SHARES="0.02 0.05 0.11", FACTORS="4", CENTRE="x y z" (default: the centroid
#   of the first cell) override the cases; the hot spots are fixed before results are seen.
#   PRICES="0.1 0.05 0.02 0.01 0.005 0.002": the knob, ours adaptive at each
#   --migration-cost besides the default; each case ends with, per Zoltan multiplier run, the
#   first of our runs (default, then these prices) at least as good on cut and on moves.
#   PRICES_NP=1 runs each price under mpiexec -np 2 too, and prints per price the ratio of the
#   objective (cut + price x moved) at np 2 to the serial run's.
source "$(dirname "$0")/bench_env.sh" "${1:-}"
graph="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
xyz="${graph%.graph}.xyz"
KS="${KS:-16 64}"
PRICES="${PRICES:-0.1 0.05 0.02 0.01 0.005 0.002}"
SHARES="${SHARES:-0.02 0.05 0.11}"
FACTORS="${FACTORS:-4}"
CENTRE="${CENTRE:-$(head -1 "$xyz")}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

mpicc -O2 -I/usr/include/trilinos "$here/zoltan_repart.c" -ltrilinos_zoltan -o zoltan_repart

# row NAME OLD NEW K SECONDS: one table row (cut, imbalance and disconnected parts by
# part-stats; moves by lines).
row() {
  local stats moved
  stats=$("$tools/part-stats" hot.graph "$3" -k "$4" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["edge_cut"], "%.3f" % d["imbalance"][0], d["disconnected_parts"])')
  moved=$(paste -d' ' "$2" "$3" | awk '$1 != $2 { c++ } END { print c + 0 }')
  printf '| %s | %s | %s | %s | %s | %s |\n' "$1" ${stats} "$moved" "$5"
}

# knob OLD K: ours adaptive at each of PRICES; with PRICES_NP=1 also under mpiexec -np 2 (the
# old partition's file name gives the part count, so the distributed method runs).
knob() {
  local s price
  for price in $PRICES; do
    s=$(seconds "$tools/part-repart" hot.graph "$1" -k "$2" --method adaptive \
      --migration-cost "$price" -q -o ours_price.part)
    row "ours adaptive price $price" "$1" ours_price.part "$2" "$s"
    if [ -n "${PRICES_NP:-}" ]; then
      s=$(seconds mpiexec -np 2 "$tools/part-repart" hot.graph "$1" --method adaptive \
        --migration-cost "$price" -q -o ours_np.part)
      row "ours adaptive np 2 price $price" "$1" ours_np.part "$2" "$s"
    fi
  done
}

# np_objectives ROWS_FILE: per price, cut + price x moved of np 2 over the serial run's.
np_objectives() {
  awk -F'|' '
    { name = $2; gsub(/^ +| +$/, "", name) }
    name ~ /^ours adaptive (np 2 )?price / {
      price = name; sub(/.*price /, "", price)
      objective = $3 + price * $6
      if (name ~ /np 2/) { np[price] = objective; t_np[price] = $7 + 0 }
      else { serial[price] = objective; order[++n] = price; t_serial[price] = $7 + 0 }
    }
    END {
      for (i = 1; i <= n; i++) {
        p = order[i]
        if (p in np)
          printf "price %s: np 2 objective %.3f x serial, time %.2f x\n", p, np[p] / serial[p],
            t_np[p] / t_serial[p]
      }
    }' "$1"
}

# dominance ROWS_FILE: for each Zoltan multiplier row, the first of our adaptive rows (serial)
# with cut and moves at most its own.
dominance() {
  awk -F'|' '
    { name = $2; gsub(/^ +| +$/, "", name) }
    name ~ /^ours adaptive( price [0-9.]+)?$/ { n++; ours[n] = name; cut[n] = $3 + 0; mv[n] = $6 + 0 }
    name ~ /^zoltan [0-9]+$/ { z++; zname[z] = name; zcut[z] = $3 + 0; zmv[z] = $6 + 0 }
    END {
      for (j = 1; j <= z; j++) {
        found = "none of ours"
        for (i = 1; i <= n; i++)
          if (cut[i] <= zcut[j] && mv[i] <= zmv[j]) { found = ours[i]; break }
        printf "%s (cut %d, moved %d) is dominated by: %s\n", zname[j], zcut[j], zmv[j], found
      }
    }' "$1"
}

# seconds COMMAND...: wall time of one run.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc | awk '{ printf "%.2f", $1 }'
}

# others OLD K: the rows beyond MATRIX's (gde serial and under mpiexec, adaptive at np 4, Zoltan's
# other modes and np 2, interval, scratch).
others() {
  local old=$1 k=$2 s np mode unrelabelled
  s=$(seconds "$tools/part-repart" hot.graph "$old" -k "$k" --method gde -q -o ours.part)
  row "ours gde" "$old" ours.part "$k" "$s"
  for np in 2 4; do
    s=$(seconds mpiexec -np "$np" "$tools/part-repart" hot.graph "$old" -k "$k" --method gde -q \
      -o ours_np.part)
    row "ours gde np $np" "$old" ours_np.part "$k" "$s"
  done
  s=$(seconds mpiexec -np 4 "$tools/part-repart" hot.graph "$old" -k "$k" --method adaptive -q \
    -o ours_np.part)
  row "ours adaptive np 4" "$old" ours_np.part "$k" "$s"
  for mode in partition; do
    s=$(mpiexec -np 1 ./zoltan_repart hot.graph "$old" "$k" "$mode" zoltan.part | awk '{ print $2 }')
    row "zoltan $mode" "$old" zoltan.part "$k" "$s"
  done
  s=$(mpiexec -np 2 ./zoltan_repart hot.graph "$old" "$k" 1 zoltan.part | awk '{ print $2 }')
  row "zoltan 1 np 2" "$old" zoltan.part "$k" "$s"
  s=$(seconds "$tools/part-repart" hot.graph "$old" -k "$k" --method interval --coords "$xyz" \
    -q -o interval.part)
  unrelabelled=$("$tools/part-repart" hot.graph "$old" -k "$k" --method interval \
    --coords "$xyz" --json -o interval.part |
    python3 -c 'import json, sys; print(int(json.load(sys.stdin)["details"]["unrelabelled_moved_size"]))')
  row "ours interval (${unrelabelled} moved unrelabelled)" "$old" interval.part "$k" "$s"
  s=$(seconds "$tools/part-repart" hot.graph "$old" -k "$k" --method scratch -q -o scratch.part)
  row "scratch (METIS, relabelled)" "$old" scratch.part "$k" "$s"
}

cp "$graph" plain.graph
for k in $KS; do
  gpmetis plain.graph "$k" >/dev/null
  for share in $SHARES; do
    # shellcheck disable=SC2086
    r=$(python3 "$here/mesh_glue.py" radius "$xyz" $CENTRE "$share")
    for factor in $FACTORS; do
      # shellcheck disable=SC2086
      python3 "$here/mesh_glue.py" hotspot "$graph" "$xyz" $CENTRE "$r" "$factor" hot.graph
      old="plain.graph.part.$k"
      echo "### K = $k, hot spot: ${share} of the cells x${factor} (centre ${CENTRE}, r ${r})"
      echo "| run | cut | imbalance | disconnected parts | moved | seconds |"
      echo "| --- | --- | --- | --- | --- | --- |"
      {
        row "old partition" "$old" "$old" "$k" "-"
        s=$(seconds "$tools/part-repart" hot.graph "$old" -k "$k" --method adaptive -q -o ours.part)
        row "ours adaptive" "$old" ours.part "$k" "$s"
        knob "$old" "$k"
        s=$(seconds mpiexec -np 2 "$tools/part-repart" hot.graph "$old" -k "$k" --method adaptive \
          -q -o ours_np.part)
        row "ours adaptive np 2" "$old" ours_np.part "$k" "$s"
        for mode in 1 10 100; do
          s=$(mpiexec -np 1 ./zoltan_repart hot.graph "$old" "$k" "$mode" zoltan.part | awk '{ print $2 }')
          row "zoltan $mode" "$old" zoltan.part "$k" "$s"
        done
        if [ -z "${MATRIX:-}" ]; then
          others "$old" "$k"
        fi
      } | tee case_rows.md
      echo
      dominance case_rows.md
      np_objectives case_rows.md
      echo
    done
  done
done
