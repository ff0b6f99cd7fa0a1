#!/usr/bin/env python3
"""Whole-process wall and CPU time of part-refine binaries on bench/refine.sh's farhat starts.

    python3 bench/refine_wall.py DATA BIN [BIN ...] [--repeat N] [--cases NAME,...]

DATA: bench/refine.sh's inputs (`WORK=DATA bash bench/refine.sh` keeps them). Each case is run by
every binary in turn, N times (default 7), and the best wall and the best CPU (user + sys of the
process and its threads) are kept. The machine is shared: each run starts only after both CPUs
were at least 95% idle over 0.1 s (waiting up to a minute; the rows say how many did not find
such a moment), so that a second thread has a core to run on. Ratios are to the first binary.
Cases: naca0012, plate, plate-nodal (with coordinates), 4elt farhat K=16, mdual farhat K=64,
trigrid700 farhat K=32 (with coordinates).
"""
import argparse
import os
import subprocess
import tempfile
import time

CASES = {
    "naca0012": ["naca0012.graph", "naca0012.farhat.16", "--coords", "naca0012.xyz"],
    "plate": ["plate.graph", "plate.farhat.16", "--coords", "plate.xyz"],
    "plate-nodal": ["plate-nodal.graph", "plate-nodal.farhat.16", "--coords", "plate-nodal.xyz"],
    "4elt": ["4elt.graph", "4elt.farhat.16"],
    "mdual": ["mdual.graph", "mdual.farhat.64"],
    "trigrid700": ["trigrid700.graph", "trigrid700.farhat.32", "--coords", "trigrid700.xyz"],
}


def cpu_times():
    values = list(map(int, open("/proc/stat").readline().split()[1:]))
    return sum(values), values[3] + values[4]  # all, idle + iowait


def wait_quiet(max_wait=60.0):
    deadline = time.time() + max_wait
    while time.time() < deadline:
        before = cpu_times()
        time.sleep(0.1)
        after = cpu_times()
        if (after[1] - before[1]) / max(1, after[0] - before[0]) > 0.95:
            return True
    return False


def run(binary, data, args, output):
    cmd = [binary] + [a if a.startswith("-") else os.path.join(data, a) for a in args]
    cmd += ["-q", "--json", "-o", output]
    start = time.perf_counter()
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}")
    return wall, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data")
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--cases", default=",".join(CASES))
    options = parser.parse_args()
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    with tempfile.TemporaryDirectory() as scratch:
        output = os.path.join(scratch, "out.part")
        for name in options.cases.split(","):
            best = [[float("inf"), float("inf")] for _ in options.binaries]
            not_quiet = 0
            for _ in range(options.repeat):
                for i, binary in enumerate(options.binaries):
                    not_quiet += not wait_quiet()
                    wall, cpu = run(binary, options.data, CASES[name], output)
                    best[i] = [min(best[i][0], wall), min(best[i][1], cpu)]
            row = f"{name:12}"
            for i, (wall, cpu) in enumerate(best):
                row += f" | wall {wall * 1000:7.1f} cpu {cpu * 1000:7.1f} ms"
                if i > 0:
                    row += f" ({wall / best[0][0]:.3f} / {cpu / best[0][1]:.3f})"
            print(row + (f"  [{not_quiet} runs without a quiet start]" if not_quiet else ""),
                  flush=True)
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
