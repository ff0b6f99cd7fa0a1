#!/usr/bin/env bash
# Configures build-sanitize/ (clang, AddressSanitizer and UndefinedBehaviorSanitizer, the
# libFuzzer targets) once and builds the targets given: one build serves the sanitized unit
# and CLI tests (scripts/test.sh) and the fuzzers (scripts/fuzz.sh). -O1 without debug
# information keeps it cheap; the sanitizers' stack traces still name the functions.
# Usage: scripts/sanitize_build.sh TARGET...
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-sanitize
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DPART_BUILD_FUZZERS=ON
fi
cmake --build "$build" -j"$(nproc)" --target "$@"
