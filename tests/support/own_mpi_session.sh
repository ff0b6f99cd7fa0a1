#!/usr/bin/env bash
# Runs a command (mpiexec, or a script that starts it) with an Open MPI session directory of its
# own, removed afterwards. Open MPI 4 creates its shared /tmp/ompi.<host>.<uid> racily: two
# mpiexec starting at the same moment (ctest -j2) can fail with "mkdir ...: File exists" and
# "orte_init failed" (open-mpi/ompi#8510).
# Usage: tests/support/own_mpi_session.sh COMMAND [ARGS...]
set -euo pipefail
session=$(mktemp -d "${TMPDIR:-/tmp}/part-mpi.XXXXXX")
trap 'rm -rf "$session"' EXIT
export OMPI_MCA_orte_tmpdir_base=$session
# In the sanitizer build, what mpiexec starts runs without leak checks: Open MPI keeps what its
# plugins allocate and unloads them, so LeakSanitizer can neither name nor suppress it.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
"$@"
