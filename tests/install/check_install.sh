#!/usr/bin/env bash
# Installs the build tree BUILD into a fresh prefix, then builds and runs, against that prefix
# only, an outside CMake project (find_package(part CONFIG), shared and static) and a C program
# compiled with pkg-config (shared). First, that the library alone configures without the tools'
# dependencies (VTK, CLI11, MPI, GoogleTest). Usage: check_install.sh BUILD SCRATCH
set -euo pipefail
build=$1 scratch=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$scratch" && mkdir -p "$scratch"
prefix=$scratch/prefix

cmake -S "$here/../.." -B "$scratch/library_only" -DPART_BUILD_TOOLS=OFF -DPART_BUILD_TESTS=OFF \
  > "$scratch/library_only.log"
for dependency in VTK_DIR CLI11_DIR MPI_CXX_COMPILER GTest_DIR; do
  if grep -q "^$dependency:" "$scratch/library_only/CMakeCache.txt"; then
    echo "the library-only build looked for $dependency"; exit 1
  fi
done
cmake --install "$build" --prefix "$prefix" > "$scratch/install.log"
for header in include/part/part.hpp include/part/part.h; do
  test -f "$prefix/$header" || { echo "not installed: $header"; exit 1; }
done

cmake -S "$here/consumer" -B "$scratch/consumer" -DCMAKE_PREFIX_PATH="$prefix" > "$scratch/consumer.log"
cmake --build "$scratch/consumer" >> "$scratch/consumer.log"
LD_LIBRARY_PATH=$(dirname "$(find "$prefix" -name 'libpart.so' | head -1)") "$scratch/consumer/consumer_shared"
"$scratch/consumer/consumer_static"
# The static program must not need the shared library.
if ldd "$scratch/consumer/consumer_static" | grep -q 'libpart\.so'; then
  echo "consumer_static links libpart.so"; exit 1
fi

pc_dir=$(dirname "$(find "$prefix" -name part.pc | head -1)")
export PKG_CONFIG_PATH=$pc_dir
cc -std=c99 -Wall -Werror "$here/consumer.c" $(pkg-config --cflags part) \
  $(pkg-config --libs part) -o "$scratch/consumer_c"
LD_LIBRARY_PATH=$(pkg-config --variable=libdir part) "$scratch/consumer_c"

# The Python module, when built (PART_PYTHON names its interpreter), imports from the prefix.
module=$(find "$prefix" -name 'part.cpython-*.so' | head -1)
if [ -n "${PART_PYTHON:-}" ]; then
  test -n "$module" || { echo "the Python module is not installed"; exit 1; }
  PYTHONPATH=$(dirname "$module") "$PART_PYTHON" -c '
import numpy, part
p = part.partition(numpy.array([0, 1, 2]), numpy.array([1, 0]), 2)
assert sorted(p.tolist()) == [0, 1], p
print("python: part.partition from the installed module")'
fi
echo "installed library: CMake package (shared, static), pkg-config and Python module work"
