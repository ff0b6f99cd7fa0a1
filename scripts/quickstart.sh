#!/usr/bin/env bash
# The README's main job: install what building the tools needs, build in Release the two tools
# the job runs (no tests: scripts/test.sh builds and runs those), then take the sample airfoil
# mesh from gmsh to a partition you can open in ParaView.
#   mesh (.msh) -> dual graph + centroids -> 8 parts with METIS -> .vtu with a `partition` array
# Outputs go to out/quickstart/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh tools
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DPART_BUILD_TESTS=OFF
cmake --build build -j"$(nproc)" --target part-convert part-partition

out=out/quickstart
mkdir -p "$out"
tools=build/tools
"$tools/part-convert" data/naca0012.msh -o "$out/naca0012.graph"
"$tools/part-partition" "$out/naca0012.graph" -k 8 --method metis
"$tools/part-convert" data/naca0012.msh --partition "$out/naca0012.graph.part.8" -o "$out/naca0012.vtu"
echo
echo "Open $out/naca0012.vtu in ParaView and colour by 'partition'."
