#!/usr/bin/env bash
# Repartitioning benchmark (issue 6): a load hot spot (vertex weights x4 inside a sphere) on
# the dual graph of data/channel3d.msh, K = 16 and 64.
#   interval: old = interval partition of the unit-weight mesh on a Morton line, new = interval
#             on the hot-spot weights (MCR arrangement); also the identity arrangement and
#             the aligned one (exact arrangement and boundaries: the least any interval
#             repartitioning within the tolerance moves from this old partition).
#   scratch:  old = gpmetis partition of the unit-weight mesh, new = METIS on the hot-spot
#             weights relabelled by maximum overlap; also from the interval old partition.
#   gde:      old = gpmetis partition of the unit-weight mesh, new = GDE rebalancing of it
#             (default: tolerance spent on moving less; --ufactor 0: the paper's refinement).
#   bounds:   bench/move_bound.py on the gpmetis old partition: the fewest vertices any
#             method must move (any-move bound) and the border-flow estimate for gde.
#   fresh:    gpmetis on the hot-spot weights (the cut scratch is compared with).
#   capacity: random new capacities (fixed seed) on the interval old partition: MCR vs identity.
# Prints the figures and the ratios the issue's targets are stated in.
# Usage: bench/repart.sh [BUILD_DIR]   (default build)
#        HOT="cx cy cz r" bench/repart.sh  moves the hot sphere (default "1.3 0.5 0.5 0.3")
source "$(dirname "$0")/bench_env.sh" "${1:-}"
HOT="${HOT:-1.3 0.5 0.5 0.3}"

# Dual graph and centroids by part-convert (the same graph m2gmetis -ncommon=3 gives); glue
# for the hot-spot weights and the Morton line the recorded figures were measured with.
"$tools/part-convert" "$root/data/channel3d.msh" -o ch.graph -q
python3 "$here/mesh_glue.py" hotspot ch.graph ch.xyz $HOT 4 hot.graph
python3 "$here/mesh_glue.py" morton ch.xyz line.order
n=$(head -1 ch.graph | awk '{print $1}')
hot=$(awk 'NR>1 && $1==4' hot.graph | wc -l)
awk -v n="$n" 'BEGIN { for (i = 0; i < n; ++i) print 0 }' > one.part
echo "mesh: $n tetrahedra, $hot in the hot sphere ($HOT, weight 4), $(head -1 ch.graph | awk '{print $2}') dual edges"

now() { date +%s.%N; }
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
ratio() { python3 -c "import sys; a,b=map(float,sys.argv[1:]); print(f'{a/b:.3f}' if b else 'inf')" "$1" "$2"; }

for k in 16 64; do
  echo
  echo "== K = $k"
  "$tools/part-repart" ch.graph one.part --old-parts 1 -k "$k" --method interval --order line.order --ufactor 0 \
      -o old_interval.part --plan init.plan -q
  gpmetis -seed=1 ch.graph "$k" > /dev/null && mv "ch.graph.part.$k" old_metis.part

  t0=$(now)
  "$tools/part-repart" hot.graph old_interval.part --method interval --order line.order \
      -o interval.part --plan interval.plan --json > interval.json
  t1=$(now)
  "$tools/part-repart" hot.graph old_interval.part --method interval --order line.order \
      --arrangement identity -o identity.part --plan identity.plan --json > identity.json
  "$tools/part-repart" hot.graph old_interval.part --method interval --order line.order \
      --arrangement aligned -o aligned.part --plan aligned.plan --json > aligned.json
  "$tools/part-plan" verify aligned.plan old_interval.part aligned.part -q
  "$tools/part-repart" hot.graph old_metis.part --method scratch --seed 1 \
      -o scratch.part --plan scratch.plan --json > scratch.json
  t2=$(now)
  "$tools/part-repart" hot.graph old_metis.part --method scratch --seed 1 \
      -o scratch2.part --plan scratch2.plan --json > /dev/null
  t3=$(now)
  "$tools/part-repart" hot.graph old_interval.part --method scratch --seed 1 \
      -o scratch_int.part --plan scratch_int.plan --json > scratch_int.json
  tg0=$(now)
  "$tools/part-repart" hot.graph old_metis.part --method gde \
      -o gde.part --plan gde.plan --json > gde.json
  tg1=$(now)
  "$tools/part-plan" verify gde.plan old_metis.part gde.part -q
  "$tools/part-repart" hot.graph old_metis.part --method gde --ufactor 0 \
      -o gde_paper.part --plan gde_paper.plan --json > gde_paper.json
  bounds=$(python3 "$here/move_bound.py" hot.graph old_metis.part "$k" 0.03)
  any_bound=$(echo "$bounds" | awk '/any-move bound/ {print $3}')
  flow_bound=$(echo "$bounds" | awk '/border-flow estimate/ {print $3}')
  t4=$(now)
  gpmetis -seed=1 hot.graph "$k" > /dev/null
  t5=$(now)
  "$tools/part-stats" hot.graph "hot.graph.part.$k" --json > fresh.json
  "$tools/part-plan" verify interval.plan old_interval.part interval.part -q
  "$tools/part-plan" verify scratch.plan old_metis.part scratch.part -q

  # Random new capacities (seed 6 + k) with the interval method: MCR against identity.
  python3 -c "import random,sys; random.seed(6+$k); print('\n'.join(str(random.uniform(0.5,2)) for _ in range($k)))" > caps.targets
  "$tools/part-repart" ch.graph old_interval.part --targets caps.targets --method interval --order line.order \
      -o caps.part --plan caps.plan --json > caps.json

  int_moved=$(field interval.json "d['migration']['moved_size']")
  int_imb=$(field interval.json "d['metrics']['imbalance'][0]")
  int_cut=$(field interval.json "d['metrics']['edge_cut']")
  int_msgs=$(field interval.json "d['migration']['messages']")
  int_max=$(field interval.json "max(d['migration']['max_sent_size'], d['migration']['max_received_size'])")
  int_steps=$(field interval.json "d['amortization']['steps']")
  id_moved=$(field identity.json "d['migration']['moved_size']")
  al_moved=$(field aligned.json "d['migration']['moved_size']")
  al_imb=$(field aligned.json "d['metrics']['imbalance'][0]")
  al_cut=$(field aligned.json "d['metrics']['edge_cut']")
  al_msgs=$(field aligned.json "d['migration']['messages']")
  al_max=$(field aligned.json "max(d['migration']['max_sent_size'], d['migration']['max_received_size'])")
  al_steps=$(field aligned.json "d['amortization']['steps']")
  gp_moved=$(field gde_paper.json "d['migration']['moved_size']")
  gp_imb=$(field gde_paper.json "d['metrics']['imbalance'][0]")
  gp_cut=$(field gde_paper.json "d['metrics']['edge_cut']")
  sc_moved=$(field scratch.json "d['migration']['moved_size']")
  sc_unrel=$(field scratch.json "int(d['details']['unrelabelled_moved_size'])")
  sc_imb=$(field scratch.json "d['metrics']['imbalance'][0]")
  sc_cut=$(field scratch.json "d['metrics']['edge_cut']")
  sc_msgs=$(field scratch.json "d['migration']['messages']")
  sc_steps=$(field scratch.json "d['amortization']['steps']")
  sci_moved=$(field scratch_int.json "d['migration']['moved_size']")
  gde_moved=$(field gde.json "d['migration']['moved_size']")
  gde_imb=$(field gde.json "d['metrics']['imbalance'][0]")
  gde_cut=$(field gde.json "d['metrics']['edge_cut']")
  gde_msgs=$(field gde.json "d['migration']['messages']")
  gde_max=$(field gde.json "max(d['migration']['max_sent_size'], d['migration']['max_received_size'])")
  gde_steps=$(field gde.json "d['amortization']['steps']")
  fresh_cut=$(field fresh.json "d['edge_cut']")
  fresh_imb=$(field fresh.json "d['imbalance'][0]")
  caps_mcr=$(field caps.json "d['migration']['moved_size']")
  caps_id=$(field caps.json "int(d['details']['identity_moved_size'])")
  caps_imb=$(field caps.json "d['metrics']['imbalance'][0]")

  printf "%-34s %10s %10s %8s %9s %10s %9s\n" method moved max/rank msgs imbalance cut steps
  printf "%-34s %10s %10s %8s %9.4f %10s %9s\n" "interval (MCR) from interval" "$int_moved" "$int_max" "$int_msgs" "$int_imb" "$int_cut" "$int_steps"
  printf "%-34s %10s\n" "interval (identity) from interval" "$id_moved"
  printf "%-34s %10s %10s %8s %9.4f %10s %9s\n" "interval (aligned) from interval" "$al_moved" "$al_max" "$al_msgs" "$al_imb" "$al_cut" "$al_steps"
  printf "%-34s %10s %10s %8s %9.4f %10s %9s\n" "scratch from gpmetis" "$sc_moved" "-" "$sc_msgs" "$sc_imb" "$sc_cut" "$sc_steps"
  printf "%-34s %10s %10s %8s %9.4f %10s %9s\n" "gde from gpmetis" "$gde_moved" "$gde_max" "$gde_msgs" "$gde_imb" "$gde_cut" "$gde_steps"
  printf "%-34s %10s %10s %8s %9.4f %10s\n" "gde --ufactor 0 (paper) from gpmetis" "$gp_moved" "-" "-" "$gp_imb" "$gp_cut"
  printf "%-34s %10s\n" "any-move bound (gpmetis old, 3%)" "$any_bound"
  printf "%-34s %10s\n" "border-flow estimate (same)" "$flow_bound"
  printf "%-34s %10s\n" "scratch from gpmetis, unrelabelled" "$sc_unrel"
  printf "%-34s %10s\n" "scratch from interval" "$sci_moved"
  printf "%-34s %10s %10s %8s %9.4f %10s\n" "gpmetis fresh" "-" "-" "-" "$fresh_imb" "$fresh_cut"
  echo "ratios:"
  echo "  interval moved / scratch moved (each from its own old)  $(ratio "$int_moved" "$sc_moved")   (target <= 0.333)"
  echo "  interval moved / scratch moved (both from interval old) $(ratio "$int_moved" "$sci_moved")"
  echo "  interval imbalance                                      $int_imb   (target <= 1.05)"
  echo "  aligned interval moved / scratch moved (own olds)       $(ratio "$al_moved" "$sc_moved")   (target <= 0.333; aligned is the interval optimum)"
  echo "  aligned interval moved / scratch moved (both from interval old) $(ratio "$al_moved" "$sci_moved")"
  echo "  aligned interval moved / MCR interval moved             $(ratio "$al_moved" "$int_moved")"
  echo "  aligned interval imbalance                              $al_imb   (target <= 1.05)"
  echo "  aligned interval cut / fresh gpmetis cut                $(ratio "$al_cut" "$fresh_cut")"
  echo "  gde moved / scratch moved (both from gpmetis old)       $(ratio "$gde_moved" "$sc_moved")   (target <= 0.333)"
  echo "  gde imbalance                                           $gde_imb   (target <= 1.05)"
  echo "  gde cut / fresh gpmetis cut                             $(ratio "$gde_cut" "$fresh_cut")"
  echo "  gde moved / gde --ufactor 0 (paper) moved                $(ratio "$gde_moved" "$gp_moved")"
  echo "  gde moved / border-flow estimate                        $(ratio "$gde_moved" "$flow_bound")"
  echo "  border-flow estimate / scratch moved                    $(ratio "$flow_bound" "$sc_moved")"
  echo "  any-move bound / scratch moved                          $(ratio "$any_bound" "$sc_moved")"
  echo "  scratch cut / fresh gpmetis cut                         $(ratio "$sc_cut" "$fresh_cut")   (target <= 1.05)"
  echo "  scratch moved / unrelabelled METIS moved                $(ratio "$sc_moved" "$sc_unrel")"
  echo "  hot spot: MCR moved / identity moved                    $(ratio "$int_moved" "$id_moved")"
  echo "  random capacities: MCR moved / identity moved           $(ratio "$caps_mcr" "$caps_id")   ($caps_mcr vs $caps_id, imbalance $caps_imb)"
  echo "  time: part-repart interval / gpmetis                    $(ratio "$(echo "$t1 - $t0" | bc)" "$(echo "$t5 - $t4" | bc)")"
  echo "  time: part-repart gde / gpmetis                         $(ratio "$(echo "$tg1 - $tg0" | bc)" "$(echo "$t5 - $t4" | bc)")"
  echo "  time: part-repart scratch / gpmetis                     $(ratio "$(echo "$t3 - $t2" | bc)" "$(echo "$t5 - $t4" | bc)")"
done
