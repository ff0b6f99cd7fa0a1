#!/usr/bin/env python3
"""part-refine's wall time against gpmetis's, from single runs interleaved one by one.

    python3 bench/refine_ratio_interleaved.py DATA OLD NEW [--runs 60] [--gap S] [--rt] [--only TEXT]

DATA: bench/refine.sh's inputs, as for refine_ratio_median.py (which runs `perf stat -r 5` blocks
of one binary at a time). Here each round runs gpmetis, OLD and NEW once each, in an order that
alternates from round to round, so that a slow spell of the shared VM falls on all three alike
instead of on one block. Each run is timed from posix_spawn to its exit (stdout to /dev/null);
a row shows the 25th and 50th percentiles of each over the rounds, and NEW's ratio to gpmetis at
each. --rt runs everything at real-time priority (chrt -f 10, as root). --gap S waits S seconds
before each run, as between a user's runs: on the benchmark VM freed memory goes back to the host
after a few seconds, and a program then faults in cold pages (back to back, the next run gets the
last one's). The last lines count the rows at or below 2/3 of gpmetis's time, at the median and
at the 25th percentile.
--steal BUSY,IDLE keeps the last CPU busy for BUSY microseconds, then idle for IDLE, over the whole
run (bench/cpu_steal.c, at real-time priority above the runs'; needs root): a model of the
benchmark VM's noisy spells, in which part-refine, waiting at each hand-off for its second core,
slowed by 20-30% and gpmetis by a few percent.
"""
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time

from refine_ratio_median import parser_with_common_arguments, rows


def wall_ms(command):
    start = time.monotonic_ns()
    pid = os.posix_spawn(command[0], command, os.environ,
                         file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)])
    _, status = os.waitpid(pid, 0)
    elapsed = (time.monotonic_ns() - start) / 1e6
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(command)}")
    return elapsed


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@contextlib.contextmanager
def cpu_stolen(steal, folder):
    """bench/cpu_steal.c running on the last CPU for the block's duration ("BUSY,IDLE" in
    microseconds; nothing when empty)."""
    if not steal:
        yield
        return
    busy, idle = steal.split(",")
    program = f"{folder}/cpu_steal"
    source = os.path.join(os.path.dirname(os.path.realpath(__file__)), "cpu_steal.c")
    subprocess.run(["cc", "-O2", source, "-o", program], check=True)
    thief = subprocess.Popen([program, str(os.cpu_count() - 1), busy, idle])
    try:
        yield
    finally:
        thief.kill()
        thief.wait()


def main():
    parser = parser_with_common_arguments()
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--gap", type=float, default=0)
    parser.add_argument("--steal", default="", help="BUSY,IDLE microseconds on the last CPU")
    a = parser.parse_args()
    if a.rt and os.environ.get("PART_BENCH_RT") != "1":  # once, for this process and its children
        os.environ["PART_BENCH_RT"] = "1"
        os.execvp("chrt", ["chrt", "-f", "10", sys.executable] + sys.argv)
    binaries = {"old": os.path.realpath(a.old), "new": os.path.realpath(a.new)}
    gpmetis = subprocess.run(["which", "gpmetis"], capture_output=True, text=True).stdout.strip()
    os.chdir(a.data)
    print(f"{'graph K start':24s}{'gpm p25/p50':>14s}{'old p25/p50':>14s}{'new p25/p50':>14s}"
          f"{'new/gpm p25':>12s}{'p50':>6s}")
    counts = {"rcb": [0, 0, 0], "farhat": [0, 0, 0]}  # rows; new/gpm <= 2/3 at p50; at p25
    with tempfile.TemporaryDirectory() as out, cpu_stolen(a.steal, out):
        for name, g, k, args in rows(".", a.only):
            commands = {"gpm": [gpmetis, f"{g}.graph", str(k)]}
            for label, path in binaries.items():
                commands[label] = [path] + args + ["-q", "-o", f"{out}/{label}.part"]
            times = {label: [] for label in commands}
            order = list(commands)
            for r in range(a.runs):
                for label in (order if r % 2 == 0 else order[::-1]):
                    time.sleep(a.gap)
                    times[label].append(wall_ms(commands[label]))
            p25 = {label: percentile(t, 0.25) for label, t in times.items()}
            p50 = {label: statistics.median(t) for label, t in times.items()}
            print(f"{name:24s}" + "".join(f"{p25[l]:7.2f}/{p50[l]:6.2f}" for l in ("gpm", "old", "new"))
                  + f"{p25['new'] / p25['gpm']:12.2f}{p50['new'] / p50['gpm']:6.2f}", flush=True)
            start = name.split()[-1]
            counts[start][0] += 1
            counts[start][1] += p50["new"] <= 2 / 3 * p50["gpm"]
            counts[start][2] += p25["new"] <= 2 / 3 * p25["gpm"]
    for start, (total, at_median, at_p25) in counts.items():
        if total:
            print(f"{start}: new at most 2/3 of gpmetis's time on {at_median}/{total} rows at the "
                  f"median, {at_p25}/{total} at the 25th percentile")


if __name__ == "__main__":
    main()
