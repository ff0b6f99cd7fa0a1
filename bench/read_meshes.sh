#!/usr/bin/env bash
# Reads every mesh file under DIR with part-convert (to a throw-away graph) and counts what
# reads and what is refused, with the first words of each refusal, e.g. on the test meshes of
# deal.II and mfem:
#   git clone --depth 1 https://github.com/mfem/mfem; git clone --depth 1 https://github.com/dealii/dealii
#   bash bench/read_meshes.sh build/tools mfem dealii
# Exit status 0 always: the table is the result.
set -u
tools=$1
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
read=0 refused=0
declare -A reasons
while IFS= read -r -d '' file; do
  if out=$("$tools/part-convert" "$file" -q -o "$scratch/g.graph" 2>&1); then
    read=$((read + 1))
  else
    refused=$((refused + 1))
    reason=$(printf '%s\n' "$out" | head -1 | sed -E 's/^error: [^ ]*: //; s/[0-9]+/N/g' | cut -c1-60)
    reasons[$reason]=$(( ${reasons[$reason]:-0} + 1 ))
  fi
done < <(find "$@" -type f \( -name '*.msh' -o -name '*.vtk' -o -name '*.vtu' -o -name '*.inp' \
  -o -name '*.su2' -o -name '*.mesh' -o -name '*.ugrid' -o -name '*.e' -o -name '*.exo' \
  -o -name '*.cgns' \) -print0 | sort -z)
echo "read: $read   refused: $refused"
for reason in "${!reasons[@]}"; do printf '%5d  %s\n' "${reasons[$reason]}" "$reason"; done | sort -rn
