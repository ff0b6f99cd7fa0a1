#!/usr/bin/env bash
# Distributed repartitioning from a .pvtu (issue 7): `mpirun -np 4 part-repart X.pvtu` (each
# rank reads its own piece and the dual graph is built distributed) against the serial route
# from the .msh (`part-convert X.msh -o X.graph` then `part-repart X.graph OLD --coords
# X.xyz`: interval along the Hilbert curve of the centroids, as the .pvtu route), on
# data/channel3d.msh split 4 ways, in one run. Also times the distributed run that writes the
# new pieces (--pvtu) against the serial `part-plan apply` of the same plan. Checks that the
# partitions agree. For scale it also times the distributed Chaco route and MPI's launch alone
# (mpirun -np 4 part-repart --help). Prints wall times and ratios.
# Usage: bench/pvtu_repart.sh [BUILD_DIR] [MESH]   (default build, data/channel3d.msh)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
build="$(cd "${1:-$root/build}" && pwd)"
mesh="$(realpath "${2:-$root/data/channel3d.msh}")"
tools="$build/tools"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

now() { date +%s.%N; }
ratio() { python3 -c "import sys; a,b=map(float,sys.argv[1:]); print(f'{a/b:.2f}' if b else 'inf')" "$1" "$2"; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2])-float(sys.argv[1]):.2f}')" "$1" "$2"; }

# Setup (not timed): an old partition into 4 parts (METIS) and the dataset split 4 ways.
"$tools/part-convert" "$mesh" -q -o setup.graph
gpmetis setup.graph 4 >/dev/null
"$tools/part-convert" "$mesh" --partition setup.graph.part.4 --split -q -o old.pvtu

t0=$(now)
"$tools/part-convert" "$mesh" -q -o serial.graph
"$tools/part-repart" serial.graph setup.graph.part.4 --coords serial.xyz --method interval -q -o s.part --plan s.plan
t1=$(now)
mpiexec --oversubscribe -n 4 "$tools/part-repart" old.pvtu --method interval -q -o d.part --plan d.plan
t2=$(now)
mpiexec --oversubscribe -n 4 "$tools/part-repart" old.pvtu --method interval -q -o e.part --plan e.plan --pvtu new.pvtu
t3=$(now)
"$tools/part-plan" apply e.plan --dataset old.pvtu -q -o applied.pvtu
t4=$(now)
mpiexec --oversubscribe -n 4 "$tools/part-repart" setup.graph setup.graph.part.4 --coords setup.xyz --method interval -q -o c.part --plan c.plan
t5=$(now)
mpiexec --oversubscribe -n 4 "$tools/part-repart" --help >/dev/null
t6=$(now)

cmp -s s.part d.part && same="yes" || same="NO"
serial=$(elapsed "$t0" "$t1"); dist=$(elapsed "$t1" "$t2"); dist_out=$(elapsed "$t2" "$t3")
apply=$(elapsed "$t3" "$t4"); chaco=$(elapsed "$t4" "$t5"); launch=$(elapsed "$t5" "$t6")
cells=$(grep -c . s.part)
echo "mesh $(basename "$mesh"): $cells cells, 4 pieces; partitions equal: $same"
echo "| route | s | ratio to serial .msh route |"
echo "|---|---|---|"
echo "| serial: part-convert .msh + part-repart (interval) | $serial | 1.00 |"
echo "| mpirun -np 4 part-repart old.pvtu --method interval | $dist | $(ratio "$dist" "$serial") |"
echo "| same with --pvtu new.pvtu (cells moved, pieces written and checked) | $dist_out | $(ratio "$dist_out" "$serial") |"
echo "| mpirun -np 4 part-repart on the Chaco graph of the same mesh (reference) | $chaco | $(ratio "$chaco" "$serial") |"
echo "| mpirun -np 4 part-repart --help (MPI launch and init only) | $launch | $(ratio "$launch" "$serial") |"
echo "| serial part-plan apply of that plan to old.pvtu (for comparison) | $apply | $(ratio "$apply" "$serial") |"
