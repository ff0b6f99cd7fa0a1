#!/usr/bin/env bash
# Installs what the suite needs from Debian packages, only what is missing. Idempotent and
# non-interactive, so CI can run it on a fresh machine.
#   bash scripts/setup.sh        everything: the tools, the tests, the sanitizer and fuzz
#                                builds, the benchmarks' peers
#   bash scripts/setup.sh tools  only what building the tools needs (scripts/quickstart.sh)
set -euo pipefail

tools_packages=(
  cmake g++ make pkg-config
  libcli11-dev libmetis-dev libvtk9-dev libopenmpi-dev openmpi-bin nlohmann-json3-dev
  libexpat1-dev  # checks .vtu/.pvtu files before VTK's reader sees them
  pybind11-dev python3-dev python3-numpy  # the Python module (python/), for Debian's python3
)
test_packages=(
  libgtest-dev
  clang libclang-rt-dev   # the sanitizer build and libFuzzer (scripts/sanitize_build.sh)
  libomp-dev     # OpenMP for clang in that build (g++ brings its own)
  gmsh           # regenerates the sample meshes in data/
  metis          # gpmetis, m2gmetis: peers the tests and benchmarks compare against
  libmetis-doc   # METIS's example graphs (4elt, copter2, mdual)
  ptscotch       # dgpart: the distributed peer in bench/
  scotch         # gcv: converts METIS graphs to Scotch format for dgpart (bench/mpi_repart.sh)
  gfortran       # docs/api.md's Fortran example (docs.ApiExamples)
  jq             # bench/schedule.sh reads the tools' JSON reports
  libtrilinos-zoltan-dev  # Zoltan: the repartitioning peer (bench/zoltan_repart.sh)
  bc time python3  # bench/ scripts: arithmetic, peak memory (/usr/bin/time -v), glue
)

case "${1:-all}" in
  tools) packages=("${tools_packages[@]}") ;;
  all) packages=("${tools_packages[@]}" "${test_packages[@]}") ;;
  *) echo "usage: $0 [tools|all]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi
