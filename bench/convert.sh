#!/usr/bin/env bash
# Mesh to dual graph: part-convert against m2gmetis (package metis) on a ~1M-tetrahedron
# mesh, in one run.
#   bash bench/convert.sh [build-dir]
# The mesh is made here with gmsh from data/channel3d.geo scaled by CLSCALE (0.46 gives about
# 1M tetrahedra; it takes a minute or two) and not kept, unless MESH names a gmsh .msh to
# use instead (MESH=/tmp/channel.msh bash bench/convert.sh build). m2gmetis reads METIS mesh
# files, so part-convert writes the same cells as OUT.mesh first. Four conversions are timed,
# each the best of REPEAT rounds for wall time, CPU time and peak memory (/usr/bin/time,
# maximum RSS):
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

if [ -n "${MESH:-}" ]; then
  cp "$MESH" "$work/channel.msh"
else
  echo "meshing data/channel3d.geo with -clscale $clscale ..."
  gmsh -3 "$root/data/channel3d.geo" -clscale "$clscale" -format msh41 -o "$work/channel.msh" -nt 1 >/dev/null
fi
gmsh "$work/channel.msh" -0 -format msh41 -bin -o "$work/channel_bin.msh" >/dev/null
"$convert" "$work/channel.msh" -o "$work/channel.mesh" -q
cells=$(head -1 "$work/channel.mesh")

# Prints "wall_s max_rss_kb cpu_s" for one run of the command (CPU: user + system, less
# disturbed than wall time by other work on a shared machine).
measure() {
  /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$@" >/dev/null 2>&1
  awk '{print $1, $2, $3 + $4}' "$work/time"
}

# Rounds alternate between the tools, so a busy spell on the machine hits them alike; each
# figure below is the best of the rounds.
for _ in $(seq "$repeat"); do
  measure "$convert" "$work/channel.msh" -o "$work/ours.graph" -q >>"$work/ours"
  measure "$convert" "$work/channel_bin.msh" -o "$work/ours_bin.graph" -q >>"$work/bin"
  measure "$convert" "$work/channel.mesh" --ncommon 3 -o "$work/ours_mesh.graph" -q >>"$work/mesh"
  measure m2gmetis -gtype=dual -ncommon=3 "$work/channel.mesh" "$work/m2gmetis.graph" >>"$work/metis"
done
best() { awk 'NR==1{w=$1;m=$2;c=$3} {if($1<w)w=$1; if($2<m)m=$2; if($3<c)c=$3} END{print w, m, c}' "$1"; }
read -r ours_w ours_m ours_c < <(best "$work/ours")
read -r bin_w bin_m bin_c < <(best "$work/bin")
read -r mesh_w mesh_m mesh_c < <(best "$work/mesh")
read -r metis_w metis_m metis_c < <(best "$work/metis")

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
printf '%-42s %8s %8s %11s %11s %10s %10s\n' conversion wall_s cpu_s max_rss_MB wall_ratio cpu_ratio rss_ratio
row() { awk -v n="$1" -v w="$2" -v m="$3" -v c="$4" -v bw="$metis_w" -v bm="$metis_m" -v bc="$metis_c" \
  'BEGIN{printf "%-42s %8.2f %8.2f %11.1f %11.2f %10.2f %10.2f\n", n, w, c, m/1024, w/bw, c/bc, m/bm}'; }
row "part-convert .msh -> graph + xyz" "$ours_w" "$ours_m" "$ours_c"
row "part-convert binary .msh -> graph + xyz" "$bin_w" "$bin_m" "$bin_c"
row "part-convert .mesh -> graph" "$mesh_w" "$mesh_m" "$mesh_c"
row "m2gmetis .mesh -> graph" "$metis_w" "$metis_m" "$metis_c"
awk -v b="$baseline" 'BEGIN{printf "part-convert --help alone: %.1f MB (the VTK libraries it loads)\n", b/1024}'
