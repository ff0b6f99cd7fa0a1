#!/usr/bin/env bash
# Rebuilds the sample meshes from their .geo sources with gmsh (deterministic for a given
# gmsh version), then the dual graph and centroids of naca0012 with part-convert.
# PART_CONVERT names the part-convert binary (default: the build folder's).
set -euo pipefail
cd "$(dirname "$0")"
PART_CONVERT=${PART_CONVERT:-../build/tools/part-convert}
gmsh -2 naca0012.geo -o naca0012.msh -format msh41 >/dev/null
gmsh -3 channel3d.geo -o channel3d.msh -format msh41 >/dev/null
"$PART_CONVERT" naca0012.msh -o naca0012.graph -q
echo "regenerated naca0012.msh, channel3d.msh, naca0012.graph and naca0012.xyz"
