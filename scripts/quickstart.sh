#!/usr/bin/env bash
# The README's main job: install what is missing, build in Release, then take the sample
# airfoil mesh from gmsh to a partition you can open in ParaView.
#   mesh (.msh) -> dual graph + centroids -> 8 parts with METIS -> .vtu with a `partition` array
# Outputs go to out/quickstart/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"

out=out/quickstart
mkdir -p "$out"
tools=build/tools
"$tools/part-convert" data/naca0012.msh -o "$out/naca0012.graph"
"$tools/part-partition" "$out/naca0012.graph" -k 8 --method metis
"$tools/part-convert" data/naca0012.msh --partition "$out/naca0012.graph.part.8" -o "$out/naca0012.vtu"
echo
echo "Open $out/naca0012.vtu in ParaView and colour by 'partition'."
