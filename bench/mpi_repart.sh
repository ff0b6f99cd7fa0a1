#!/usr/bin/env bash
# Distributed repartitioning benchmark (issue 7): `mpirun -np P part-repart --method interval`
# (parallel input, rank 0 as controller, MPI-IO output) beside PT-Scotch's dgpart on the same
# graph and rank counts, in one run. Graphs: METIS's mdual (258k vertices) and the dual graph
# of a 100 x 100 x 80 hexahedral grid (800k cells, made here). Old partition: gpmetis -k 4;
# new: -k 4 (interval from the METIS partition). dgpart partitions into 4 parts from scratch.
# Prints wall time, peak RSS of rank 0 and of the largest other rank (/usr/bin/time), the
# edge cut, and ratios to dgpart.
# Second table: `mpirun -np P part-repart --method gde` (distributed GDE) on the grid with a
# hot spot (weight 4 in one octant; the old partition is gpmetis -k K of the unweighted grid,
# so the octant's parts are overloaded), beside dgpart -k K2 of the weighted grid on P ranks.
# Rows "k=P": one part per rank; P = 1 is the serial tool with one part (reading, writing and
# the plan only); the row "serial" is the serial tool repartitioning into 4 parts, for the cut.
# grid+hilbert: the grid with its cell centres (--coords), so interval cuts along the Hilbert
# curve, computed by the ranks together.
# Further gde rows: shrinking (K = 4 old parts to K2 = 2 or 3 on P = 2 or 4 ranks; the
# retiring parts are drained) and fewer ranks than parts (K = K2 = 4 on P = 2).
# Usage: bench/mpi_repart.sh [BUILD_DIR]   (default build)
# env:   CASES  interval cases (default "mdual mdual+rcm grid grid+hilbert"); GDE=0 skips the
#        second table; GDE_CASES its rows as label:P:K:K2 (default: all of the above).
source "$(dirname "$0")/bench_env.sh" "${1:-}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpi=(mpiexec --oversubscribe -n)

now() { date +%s.%N; }
ratio() { python3 -c "import sys; a,b=map(float,sys.argv[1:]); print(f'{a/b:.2f}' if b else '-')" "$1" "$2"; }
cut() { "$tools/part-stats" "$1" "$2" -k "${3:-4}" --json | python3 -c "import json,sys; print(json.load(sys.stdin)['edge_cut'])"; }
imbalance() { "$tools/part-stats" "$1" "$2" -k "$3" --json | python3 -c "import json,sys; print(f\"{json.load(sys.stdin)['imbalance'][0]:.3f}\")"; }
# Runs a command on P ranks, each under /usr/bin/time writing its peak RSS to rss.<rank>.
timed_ranks() {
  local p=$1; shift
  rm -f rss.*
  "${mpi[@]}" "$p" sh -c '/usr/bin/time -f "%M" -o "rss.$OMPI_COMM_WORLD_RANK" "$@"' sh "$@"
}
# Peak RSS in MB: rank 0 / the largest of the other ranks ("-" with one rank).
peak_mb() {
  local rest
  rest=$(ls rss.* | grep -v '^rss\.0$' | xargs -r cat | sort -n | tail -1)
  awk '{printf "%.0f", $1 / 1024}' rss.0
  if [ -n "$rest" ]; then echo "/$((rest / 1024))"; else echo "/-"; fi
}

# The dual graph of an X x Y x Z hexahedral grid: each cell touches its 6 face neighbours.
python3 - <<'PY'
X, Y, Z = 100, 100, 80
n = X * Y * Z
edges = (X - 1) * Y * Z + X * (Y - 1) * Z + X * Y * (Z - 1)
with open("grid.xyz", "w") as xyz:
    for z in range(Z):
        for y in range(Y):
            xyz.write("".join(f"{x + 0.5} {y + 0.5} {z + 0.5}\n" for x in range(X)))
with open("grid.graph", "w") as out:
    out.write(f"{n} {edges}\n")
    for z in range(Z):
        for y in range(Y):
            for x in range(X):
                v = x + X * (y + Y * z) + 1
                nb = []
                if z > 0: nb.append(v - X * Y)
                if y > 0: nb.append(v - X)
                if x > 0: nb.append(v - 1)
                if x + 1 < X: nb.append(v + 1)
                if y + 1 < Y: nb.append(v + X)
                if z + 1 < Z: nb.append(v + X * Y)
                out.write(" ".join(map(str, nb)) + "\n")
PY
cp /usr/share/doc/libmetis-dev/examples/graphs/mdual.graph mdual.graph

uptime
printf "%-9s %2s | %9s %8s %8s %11s | %9s %8s %8s | %6s %6s\n" graph P ours_s ours_MB ours_cut \
  ours_sentMB dgpart_s dg_MB dg_cut time_x cut_x
# mdual+rcm: the same graph with the intervals along an RCM order from part-order (computed
# once, serially, outside the timing), since mdual's numbering is a poor line.
"$tools/part-order" mdual.graph --method rcm -q -o mdual.rcm > /dev/null
for case in ${CASES:-mdual mdual+rcm grid grid+hilbert}; do
  g=${case%%+*}
  order_args=()
  [ "$case" = mdual+rcm ] && order_args=(--order mdual.rcm)
  [ "$case" = grid+hilbert ] && order_args=(--coords grid.xyz)
  gpmetis "$g.graph" 4 > /dev/null
  gcv -ic "$g.graph" "$g.grf"
  for p in 1 2 4; do
    t0=$(now)
    timed_ranks "$p" "$tools/part-repart" "$g.graph" "$g.graph.part.4" -k 4 \
      "${order_args[@]}" --method interval --controller --json -o ours.part --plan ours.plan \
      > ours.json
    t1=$(now)
    ours_mb=$(peak_mb)
    timed_ranks "$p" dgpart 4 "$g.grf" dg.map
    t2=$(now)
    dg_mb=$(peak_mb)
    # dg.map: a count line, then "vertex part" with 1-based vertices (gcv keeps METIS's base).
    tail -n +2 dg.map | sort -n -k1,1 | awk '{print $2}' > dg.part
    ours_s=$(python3 -c "print(f'{$t1-$t0:.2f}')"); dg_s=$(python3 -c "print(f'{$t2-$t1:.2f}')")
    ours_cut=$(cut "$g.graph" ours.part); dg_cut=$(cut "$g.graph" dg.part)
    sent=$(python3 -c "import json; d=json.load(open('ours.json')).get('distributed'); print(f\"{d['bytes_sent']/2**20:.1f}/{d['max_bytes_sent_by_a_rank']/2**20:.1f}\" if d else '-')")
    printf "%-9s %2s | %9s %8s %8s %11s | %9s %8s %8s | %6s %6s\n" "$case" "$p" "$ours_s" "$ours_mb" \
      "$ours_cut" "$sent" "$dg_s" "$dg_mb" "$dg_cut" "$(ratio "$ours_s" "$dg_s")" \
      "$(ratio "$ours_cut" "$dg_cut")"
  done
done
echo "sentMB: MiB our ranks sent each other in all / the most one rank sent (vertices, rows, profile, plan)."
echo "MB: peak RSS of rank 0 / the largest other rank. time_x, cut_x: ours / dgpart (below 1 is better for ours)."
echo "P = 1 runs the serial part-repart (no mpirun path); dgpart partitions from scratch, ours repartitions."

[ "${GDE:-1}" = 0 ] && exit 0
# Distributed GDE on the grid with a hot spot.
python3 - <<'PY'
X, Y, Z = 100, 100, 80
with open("grid.graph") as src, open("hot.graph", "w") as out:
    n, m = src.readline().split()
    out.write(f"{n} {m} 010\n")
    for v, line in enumerate(src):
        x, y, z = v % X, (v // X) % Y, v // (X * Y)
        out.write(("4 " if x < X // 2 and y < Y // 2 and z < Z // 2 else "1 ") + line)
PY
gcv -ic hot.graph hot.grf
echo
printf "%-16s %2s %5s | %9s %8s %8s %6s %11s | %9s %8s %8s | %6s %6s\n" graph P K>K2 ours_s \
  ours_MB ours_cut imbal ours_sentMB dgpart_s dg_MB dg_cut time_x cut_x
# label:ranks:old parts:new parts. P = K = K2 first (one part per rank), then the serial tool
# into 4 parts, then shrinking (retiring parts drained) and fewer ranks than parts.
for spec in ${GDE_CASES:-"k=P:1:1:1" "k=P:2:2:2" "k=P:4:4:4" "serial:1:4:4" "shrink:2:4:2" \
    "shrink:4:4:2" "shrink:4:4:3" "P<K:2:4:4"}; do
  IFS=: read -r label ranks old_k k <<< "$spec"
  if [ "$old_k" = 1 ]; then
    awk 'NR > 1 { print 0 }' grid.graph > hot.old
  else
    gpmetis grid.graph "$old_k" > /dev/null
    mv "grid.graph.part.$old_k" hot.old
  fi
  t0=$(now)
  timed_ranks "$ranks" "$tools/part-repart" hot.graph hot.old --old-parts "$old_k" -k "$k" \
    --method gde --json -o ours.part --plan ours.plan > ours.json
  t1=$(now)
  ours_mb=$(peak_mb)
  timed_ranks "$ranks" dgpart "$k" hot.grf dg.map
  t2=$(now)
  dg_mb=$(peak_mb)
  tail -n +2 dg.map | sort -n -k1,1 | awk '{print $2}' > dg.part
  ours_s=$(python3 -c "print(f'{$t1-$t0:.2f}')"); dg_s=$(python3 -c "print(f'{$t2-$t1:.2f}')")
  ours_cut=$(cut hot.graph ours.part "$k"); dg_cut=$(cut hot.graph dg.part "$k")
  imbal=$(imbalance hot.graph ours.part "$k")
  sent=$(python3 -c "import json; d=json.load(open('ours.json')).get('distributed'); print(f\"{d['bytes_sent']/2**20:.1f}/{d['max_bytes_sent_by_a_rank']/2**20:.1f}\" if d else '-')")
  printf "%-16s %2s %5s | %9s %8s %8s %6s %11s | %9s %8s %8s | %6s %6s\n" "hot grid $label" "$ranks" \
    "$old_k>$k" "$ours_s" "$ours_mb" "$ours_cut" "$imbal" "$sent" "$dg_s" "$dg_mb" "$dg_cut" \
    "$(ratio "$ours_s" "$dg_s")" "$(ratio "$ours_cut" "$dg_cut")"
done
echo "gde: old partition gpmetis -k K of the unweighted grid, new K2 parts; dgpart -k K2 of the weighted grid on P ranks."
echo "P = 1 runs the serial part-repart; shrink: K - K2 parts retire; P<K: each rank runs K/P GDE processors."
uptime
