#!/usr/bin/env bash
# Installs the build tree BUILD into a fresh prefix, then builds and runs, against that prefix
# only, an outside CMake project (find_package(part CONFIG), shared and static) and a C program
# compiled with pkg-config (shared); when BUILD has part_mpi, an outside MPI project linking
# part::part_mpi, run under mpiexec with 2 ranks. First, that the library alone configures
# without the tools' dependencies (VTK, CLI11, MPI, GoogleTest), and with PART_BUILD_MPI=ON
# without any but MPI. Usage: check_install.sh BUILD SCRATCH
set -euo pipefail
build=$1 scratch=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$scratch" && mkdir -p "$scratch"
prefix=$scratch/prefix

cmake -S "$here/../.." -B "$scratch/library_only" -DPART_BUILD_TOOLS=OFF -DPART_BUILD_TESTS=OFF \
  > "$scratch/library_only.log"
# not_looked_for CONFIGURE_DIR DEPENDENCY...: fails naming the first dependency the configure sought.
not_looked_for() {
  local dir=$1; shift
  for dependency in "$@"; do
    if grep -q "^$dependency:" "$dir/CMakeCache.txt"; then
      echo "the library-only build ($dir) looked for $dependency"; exit 1
    fi
  done
}
not_looked_for "$scratch/library_only" VTK_DIR CLI11_DIR MPI_CXX_COMPILER GTest_DIR
cmake -S "$here/../.." -B "$scratch/library_mpi" -DPART_BUILD_TOOLS=OFF -DPART_BUILD_TESTS=OFF \
  -DPART_BUILD_MPI=ON > "$scratch/library_mpi.log"
not_looked_for "$scratch/library_mpi" VTK_DIR CLI11_DIR GTest_DIR
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

# The MPI part, when built: an outside project finds it as a component and runs on 2 ranks,
if find "$prefix" -name 'libpart_mpi.so' | grep -q .; then
  test -f "$prefix/include/part/part_mpi.hpp" || { echo "not installed: part_mpi.hpp"; exit 1; }
  cmake -S "$here/consumer_mpi" -B "$scratch/consumer_mpi" -DCMAKE_PREFIX_PATH="$prefix" \
    > "$scratch/consumer_mpi.log"
  cmake --build "$scratch/consumer_mpi" >> "$scratch/consumer_mpi.log"
  mpi_lib=$(dirname "$(find "$prefix" -name 'libpart_mpi.so' | head -1)")
  LD_LIBRARY_PATH=$mpi_lib mpiexec --oversubscribe -n 2 "$scratch/consumer_mpi/consumer_mpi"
  # and a C program built with MPI's compiler wrapper and part_mpi.pc.
  mpicc -std=c99 -Wall -Werror "$here/consumer_mpi.c" \
    $(PKG_CONFIG_PATH=$mpi_lib/pkgconfig pkg-config --cflags --libs part_mpi) -o "$scratch/consumer_mpi_c"
  LD_LIBRARY_PATH=$mpi_lib mpiexec --oversubscribe -n 2 "$scratch/consumer_mpi_c"
elif [ -f "$prefix/include/part/part_mpi.hpp" ]; then
  echo "part_mpi.hpp is installed without libpart_mpi.so"; exit 1
fi

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
echo "installed library: CMake package (shared, static, MPI), pkg-config and Python module work"
