#!/usr/bin/env bash
# Builds the suite in Release and with clang's AddressSanitizer and UndefinedBehaviorSanitizer
# (build-sanitize/), and runs every test with ctest (the README's second command), each test
# once: under the sanitizers where it can run there, in the release build otherwise. Then every
# fuzz target for 10 s (scripts/fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# ON explicitly: the quick start configures the same build/ with the tests off.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DPART_BUILD_TESTS=ON
cmake --build build -j"$(nproc)"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# In the release build only:
# - the MPI tests (mpi.*), the installed library's outside programs, docs/api.md's examples and
#   the Python module: they link the MPI library or are built outside this tree, without the
#   sanitizers;
# - cli.mutation_quick: it runs the tools under a 4 GB address-space cap, which ASan's shadow
#   memory does not fit in;
# - the tests on graphs of millions of entries (the quick check's "Large" ones and the graph
#   reader's edited large texts): they take the small tests' code paths, and took minutes
#   under the sanitizers.
large='^libpart\.GraphQuickCheck\.(Large|LongRows)|^formats\.ChacoGraphLarge\.(WeightedRing|PlainText)'
release_only="^mpi\.|^install\.|^python\.|^docs\.ApiExamples\$|^cli\.mutation_quick\$|$large"
ctest --test-dir build --output-on-failure -j"$(nproc)" --timeout 600 -R "$release_only"

# Everything else under the sanitizers; any report fails the test it happens in (the build
# does not recover from them). Processes started by mpiexec run without leak checks
# (tests/support/own_mpi_session.sh says why).
export ASAN_OPTIONS=halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan_suppressions.txt # VTK's own leaks
bash scripts/sanitize_build.sh libpart_tests api_tests formats_tests cli_tests
ctest --test-dir build-sanitize --output-on-failure -j"$(nproc)" --timeout 600 -E "$release_only"
# A fixed seed: each run of a commit tries the same inputs in the same order (as far as 10 s
# reach), so what one run finds the next finds too.
FUZZ_SEED=1 bash scripts/fuzz.sh 10
