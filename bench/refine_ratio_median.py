#!/usr/bin/env python3
"""part-refine's wall time against gpmetis's, robust to a noisy machine.

    python3 bench/refine_ratio_median.py DATA OLD NEW [--rounds 7] [--runs 5] [--rt] [--only TEXT]

DATA: bench/refine.sh's inputs (`WORK=DATA bash bench/refine.sh BUILD` keeps them; copy
data/naca0012.xyz there). For each of the 27 rcb/farhat starts, OLD, NEW and gpmetis (same graph
and K) run one after the other, `perf stat -r RUNS` each, ROUNDS times; a row shows the median
over the rounds of each one's mean elapsed time, and the ratios to gpmetis. On a shared VM one
slow moment spoils a mean of 20 runs (refine_perf_stat.sh) but not the median of 7 rounds.
--rt runs them at real-time priority (chrt -f 10, as root), so that other jobs do not take the
CPUs. The last lines count the rows at or below 2/3 of gpmetis's time.
"""
import argparse
import os
import statistics
import subprocess
import tempfile

GRAPHS = ["naca0012", "plate", "plate-nodal", "4elt", "trigrid700"]


def mean_ms(command, runs, rt, cwd):
    prefix = ["chrt", "-f", "10"] if rt else []
    result = subprocess.run(prefix + ["perf", "stat", "-r", str(runs)] + command, cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{result.stderr}")
    for line in result.stderr.splitlines():
        if "seconds time elapsed" in line:
            return float(line.split()[0]) * 1000
    raise SystemExit(f"no elapsed time from perf stat for {' '.join(command)}")


def rows(data, only):
    for g in GRAPHS:
        coords = ["--coords", f"{g}.xyz"] if os.path.exists(f"{data}/{g}.xyz") else []
        for k in (8, 16, 32):
            for start in ("rcb", "farhat"):
                name = f"{g} {k} {start}"
                if os.path.exists(f"{data}/{g}.{start}.{k}") and (not only or only in name):
                    yield name, g, k, [f"{g}.graph", f"{g}.{start}.{k}"] + coords


def parser_with_common_arguments():
    """DATA OLD NEW, --rt and --only, as both ratio scripts take them."""
    parser = argparse.ArgumentParser()
    parser.add_argument("data")
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rt", action="store_true")
    parser.add_argument("--only", default="")
    return parser


def main():
    parser = parser_with_common_arguments()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--runs", type=int, default=5)
    a = parser.parse_args()
    binaries = [os.path.realpath(a.old), os.path.realpath(a.new)]
    print(f"{'graph K start':24s}{'old_ms':>9s}{'new_ms':>9s}{'gpm_ms':>9s}{'new/gpm':>9s}{'old/gpm':>9s}")
    counts = {"rcb": [0, 0], "farhat": [0, 0]}  # rows, rows with new/gpm <= 2/3
    with tempfile.TemporaryDirectory() as out:
        for name, g, k, args in rows(a.data, a.only):
            times = {"old": [], "new": [], "gpm": []}
            for _ in range(a.rounds):
                for label, binary in zip(("old", "new"), binaries):
                    times[label].append(mean_ms([binary] + args + ["-q", "-o", f"{out}/{label}.part"],
                                                a.runs, a.rt, a.data))
                times["gpm"].append(mean_ms(["gpmetis", f"{g}.graph", str(k)], a.runs, a.rt, a.data))
            old, new, gpm = (statistics.median(times[x]) for x in ("old", "new", "gpm"))
            start = name.split()[-1]
            counts[start][0] += 1
            counts[start][1] += new / gpm <= 2 / 3
            print(f"{name:24s}{old:9.2f}{new:9.2f}{gpm:9.2f}{new / gpm:9.2f}{old / gpm:9.2f}", flush=True)
    for start, (total, within) in counts.items():
        print(f"{start}: new at most 2/3 of gpmetis's time on {within}/{total} rows")


if __name__ == "__main__":
    main()
