# The family of hot spots of bench/repart_hotspots.sh and bench/repart_gde_variants.sh
# (sourced; fixed before any result was seen, see RESULTS.md "Issue 6"). Entries are
# "label cx cy cz size;" with size r<radius> or f<share of the cells>.
# Centres on data/channel3d.msh (4 x 1 x 1 channel, cylinder obstacle at x = 1, cells refined
# within 0.35 of its axis):
#   A (1.3, 0.5, 0.5)  in the refined wake behind the obstacle (bench/repart.sh's centre)
#   B (3.0, 0.5, 0.5)  downstream, in the coarse far field
#   C (0.5, 0.3, 0.7)  upstream, off the axis
# Sizes: the sphere holds 0.5%, 1%, 2%, 5% or 11% of the cells (radius by `mesh_glue.py
# radius`); for A the 11% case is bench/repart.sh's sphere r = 0.3 itself (10.85%).
hotspot_family=""
for centre in "A 1.3 0.5 0.5" "B 3.0 0.5 0.5" "C 0.5 0.3 0.7"; do
  for share in 0.005 0.01 0.02 0.05 0.11; do
    if [[ "$centre" == A* && "$share" == 0.11 ]]; then size=r0.3; else size="f$share"; fi
    hotspot_family+="$centre $size;"
  done
done

# hotspot_radius XYZ SIZE CX CY CZ: the radius of an entry's size.
hotspot_radius() {
  case "$2" in
    r*) echo "${2#r}" ;;
    f*) python3 "$(dirname "${BASH_SOURCE[0]}")/mesh_glue.py" radius "$1" "$3" "$4" "$5" "${2#f}" ;;
    *) echo "error: hot spot size '$2': expected r<radius> or f<share>" >&2; return 2 ;;
  esac
}
