#!/usr/bin/env bash
# Runs every libFuzzer target (tests/fuzz/fuzz_*.cpp) for SECONDS seconds each (default 20),
# as many at a time as there are cores, from its committed seeds (tests/fuzz/corpus/<target>/)
# and what earlier runs found (build-sanitize/fuzz-corpus/<target>/). Builds the targets first when needed
# (scripts/sanitize_build.sh). A crash, hang or memory blow-up is written to
# build-sanitize/fuzz-artifacts/<target>/ and fails the script once every target has run;
# tests/fuzz/README.md says what to do with it.
# FUZZ_SEED=N fixes libFuzzer's random seed (0, the default: a new one each run), so that a
# run, and what it finds, can be repeated on the same commit; CI sets it.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   e.g. scripts/fuzz.sh 20, scripts/fuzz.sh 600 fuzz_gmsh_mesh
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true
bash scripts/sanitize_build.sh fuzzers
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for source in tests/fuzz/fuzz_*.cpp; do
    name=$(basename "$source" .cpp)
    [ "$name" = fuzz_support ] && continue
    # A target with an open crash (tests/fuzz/known_crashes/<target>/) finds it again within
    # seconds: it runs only when named, until the crash is fixed and its input moves to
    # regressions/.
    if [ -d "tests/fuzz/known_crashes/$name" ]; then
      echo "fuzz: $name skipped: open crash in tests/fuzz/known_crashes/$name/" >&2
      continue
    fi
    targets+=("$name")
  done
fi

# The largest input libFuzzer makes: about twice the largest seed, so mutations can grow it.
max_len() {
  case "$1" in
    fuzz_gmsh_mesh | fuzz_vtk_legacy) echo 16384 ;;
    fuzz_vtk_xml) echo 32768 ;;
    *) echo 4096 ;;
  esac
}

# The extensions of each target's inputs in tests/fuzz/regressions/.
extensions() {
  case "$1" in
    fuzz_chaco_graph) echo graph ;;
    fuzz_partition_file) echo part targets ;;
    fuzz_coordinates_file) echo xyz ;;
    fuzz_permutation_file) echo perm ;;
    fuzz_metis_mesh) echo mesh ;;
    fuzz_su2_mesh) echo su2 ;;
    fuzz_inp_mesh) echo inp ;;
    fuzz_ugrid_mesh) echo ugrid ;;
    fuzz_gmsh_mesh) echo msh ;;
    fuzz_vtk_legacy) echo vtk ;;
    fuzz_vtk_xml) echo vtu pvtu ;;
    fuzz_plan_file) echo plan ;;
    fuzz_csv_table | fuzz_schedule_traces) echo csv ;;
  esac
}

# Leaks inside VTK are VTK's (tests/fuzz/lsan_suppressions.txt says which).
export LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan_suppressions.txt
build=build-sanitize
shopt -s nullglob

# Fuzzes one target; a finding leaves $build/fuzz-logs/<target>.failed.
fuzz_target() {
  local target=$1
  local corpus=$build/fuzz-corpus/$target
  local artifacts=$build/fuzz-artifacts/$target
  local log=$build/fuzz-logs/$target.log
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  rm -f "$build/fuzz-logs/$target.failed"
  # First the findings of the past, under the fuzzer's limits: a reader that runs out of
  # memory or time on one (which the test suite's replay does not catch) fails here.
  local regressions=() extension
  for extension in $(extensions "$target"); do regressions+=(tests/fuzz/regressions/*."$extension"); done
  if [ ${#regressions[@]} -gt 0 ] && ! "$build/tests/$target" -timeout=10 -rss_limit_mb=2048 \
    "${regressions[@]}" >"$log" 2>&1; then
    echo "fuzz: $target FAILED on a regression input: see $log" >&2
    tail -n 40 "$log" >&2
    touch "$build/fuzz-logs/$target.failed"
    return
  fi
  if "$build/tests/$target" "$corpus" "tests/fuzz/corpus/$target" \
    -max_total_time="$seconds" -seed="${FUZZ_SEED:-0}" -max_len="$(max_len "$target")" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1; then
    local runs
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz: $target: $runs runs in ${seconds} s, no finding"
  else
    echo "fuzz: $target FAILED: see $log and $artifacts/" >&2
    tail -n 40 "$log" >&2
    touch "$build/fuzz-logs/$target.failed"
  fi
}

# One target per core at a time: each gets its SECONDS of a whole core, as when run alone.
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
  fuzz_target "$target" &
done
wait
failed=()
for target in "${targets[@]}"; do
  if [ -f "$build/fuzz-logs/$target.failed" ]; then failed+=("$target"); fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in ${failed[*]}" >&2
  exit 1
fi
