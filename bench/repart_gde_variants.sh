#!/usr/bin/env bash
# gde repartitioning variants over the hot-spot family (issue 6): each setting changed alone
# against part-repart's defaults, on the gpmetis old partitions of bench/repart_hotspots.sh,
# K = 16 and 64. Builds bench/gde_variants.cpp against the build folder's libraries.
# Per variant: moved vertices in all and at K = 64, cases with fewer / more moves than the
# defaults, cases left above the 3% tolerance, cut in all.
# Usage: bench/repart_gde_variants.sh [BUILD_DIR] [VARIANT ...]
#   a variant is a space-free list of gde_variants settings joined by ',', e.g.
#   migration_cost=2 or lambda=0.3,polish=0; default: the list below.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
build="$(cd "${1:-$root/build}" && pwd)"
shift || true
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(nearest_room=0 nearest_room=0,shortcut=0 shortcut=0
                                        migration_cost=0 migration_cost=2 migration_cost=4
                                        lambda=0.3 lambda=0.7 optimal_lambda=1 polish=0)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
g++ -std=c++20 -O2 -I"$root" "$here/gde_variants.cpp" "$build/formats/libpartformats.a" \
    "$build/libpart/libpart.a" -lmetis -fopenmp -o gde_variants
"$build/tools/part-convert" "$root/data/channel3d.msh" -o ch.graph -q
for k in 16 64; do gpmetis -seed=1 ch.graph "$k" > /dev/null && mv "ch.graph.part.$k" "old_$k.part"; done
source "$here/hotspot_family.sh"
IFS=';' read -ra family <<< "$hotspot_family"
i=0
for spot in "${family[@]}"; do
  read -r label cx cy cz size <<< "$spot"
  python3 "$here/mesh_glue.py" hotspot ch.graph ch.xyz "$cx" "$cy" "$cz" \
      "$(hotspot_radius ch.xyz "$size" "$cx" "$cy" "$cz")" 4 "hot_$i.graph"
  i=$((i + 1))
done
# One line per case: variant case K moved imbalance cut.
for variant in defaults "${variants[@]}"; do
  settings=()
  [ "$variant" = defaults ] || IFS=',' read -ra settings <<< "$variant"
  for ((j = 0; j < i; ++j)); do
    for k in 16 64; do
      ./gde_variants "hot_$j.graph" "old_$k.part" "$k" "${settings[@]}" |
        awk -v v="$variant" -v c="$j" -v k="$k" '{print v, c, k, $2, $8, $10}'
    done
  done
done > runs.txt
printf "%-28s %9s %9s %7s %7s %6s %9s\n" variant moved "moved K64" fewer more over cut
awk '$1 == "defaults" { base[$2 " " $3] = $4 }
     { key = $2 " " $3; moved[$1] += $4; cut[$1] += $6; if ($3 == 64) m64[$1] += $4;
       if ($4 < base[key]) fewer[$1]++; if ($4 > base[key]) more[$1]++;
       if ($5 > 1.0305) over[$1]++; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
     END { for (i = 1; i <= n; ++i) { v = order[i];
             printf "%-28s %9d %9d %7d %7d %6d %9d\n", v, moved[v], m64[v], fewer[v], more[v], over[v], cut[v] } }' runs.txt
