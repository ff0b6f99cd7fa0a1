#!/usr/bin/env bash
# Rebuilds the sample meshes from their .geo sources with gmsh (deterministic for a given
# gmsh version).
set -euo pipefail
cd "$(dirname "$0")"
gmsh -2 naca0012.geo -o naca0012.msh -format msh41 >/dev/null
gmsh -3 channel3d.geo -o channel3d.msh -format msh41 >/dev/null
echo "regenerated naca0012.msh and channel3d.msh"
