#!/usr/bin/env bash
# Mesh to dual graph: part-convert against m2gmetis (package metis) on a ~1M-tetrahedron
# mesh, in one run.
#   bash bench/convert.sh [build-dir]
# The mesh is made here with gmsh from data/channel3d.geo scaled by CLSCALE (0.46 gives about
# 1M tetrahedra; it takes a minute or two) and not kept. m2gmetis reads METIS mesh files, so
# part-convert writes the same cells as OUT.mesh first. Four conversions are timed, each the
# best of REPEAT runs for wall time and for peak memory (/usr/bin/time, maximum RSS):
#   ours .msh   part-convert channel.msh -o ours.graph   (gmsh 4.1 ASCII in, graph + .xyz centroids out)
#   ours binary the same from the mesh saved by gmsh as binary 4.1
#   ours .mesh  part-convert channel.mesh --ncommon 3 -o ours_mesh.graph   (the same input as m2gmetis)
#   m2gmetis    m2gmetis -gtype=dual -ncommon=3 channel.mesh m2gmetis.graph
# and the graphs are checked equal. The machine is shared: compare the ratios.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
convert="$build/tools/part-convert"
repeat="${REPEAT:-3}"
clscale="${CLSCALE:-0.46}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
command -v m2gmetis >/dev/null || { echo "m2gmetis not found (apt-get install metis)"; exit 1; }

echo "meshing data/channel3d.geo with -clscale $clscale ..."
gmsh -3 "$root/data/channel3d.geo" -clscale "$clscale" -format msh41 -o "$work/channel.msh" -nt 1 >/dev/null
gmsh "$work/channel.msh" -0 -format msh41 -bin -o "$work/channel_bin.msh" >/dev/null
"$convert" "$work/channel.msh" -o "$work/channel.mesh" -q
cells=$(head -1 "$work/channel.mesh")

# Prints "best_wall_s best_max_rss_kb" over $repeat runs of the command.
measure() {
  for _ in $(seq "$repeat"); do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1
    cat "$work/time"
  done | awk 'NR==1{w=$1;m=$2} {if($1<w)w=$1; if($2<m)m=$2} END{print w, m}'
}

read -r ours_w ours_m < <(measure "$convert" "$work/channel.msh" -o "$work/ours.graph" -q)
read -r bin_w bin_m < <(measure "$convert" "$work/channel_bin.msh" -o "$work/ours_bin.graph" -q)
read -r mesh_w mesh_m < <(measure "$convert" "$work/channel.mesh" --ncommon 3 -o "$work/ours_mesh.graph" -q)
read -r metis_w metis_m < <(measure m2gmetis -gtype=dual -ncommon=3 "$work/channel.mesh" "$work/m2gmetis.graph")

# m2gmetis writes " v1 v2" with a leading space per line (and may omit the final newline);
# normalised, the adjacency must match exactly, neighbour order included.
normalise() { awk '{sub(/^ +/, ""); sub(/ +$/, ""); print}' "$1"; }
same=no
if cmp -s <(normalise "$work/m2gmetis.graph") "$work/ours.graph" && cmp -s "$work/ours.graph" "$work/ours_mesh.graph" &&
   cmp -s "$work/ours.graph" "$work/ours_bin.graph"; then
  same=yes
fi
baseline=$(/usr/bin/time -f "%M" "$convert" --help 2>&1 >/dev/null | tail -1)

echo "mesh: $cells tetrahedra; graphs identical to m2gmetis's: $same; best of $repeat runs"
printf '%-42s %10s %12s %12s %12s\n' conversion wall_s max_rss_MB wall_ratio rss_ratio
row() { awk -v n="$1" -v w="$2" -v m="$3" -v bw="$metis_w" -v bm="$metis_m" \
  'BEGIN{printf "%-42s %10.2f %12.1f %12.2f %12.2f\n", n, w, m/1024, w/bw, m/bm}'; }
row "part-convert .msh -> graph + xyz" "$ours_w" "$ours_m"
row "part-convert binary .msh -> graph + xyz" "$bin_w" "$bin_m"
row "part-convert .mesh -> graph" "$mesh_w" "$mesh_m"
row "m2gmetis .mesh -> graph" "$metis_w" "$metis_m"
awk -v b="$baseline" 'BEGIN{printf "part-convert --help alone: %.1f MB (the VTK libraries it loads)\n", b/1024}'
