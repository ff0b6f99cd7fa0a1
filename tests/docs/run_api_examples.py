#!/usr/bin/env python3
"""Runs the examples of docs/api.md, so that none of them goes stale, and checks that every public
function has one.

The ```c blocks of the page, taken in order, are the body of one C program's main(); the ```cpp
blocks, of one C++ program's; the ```python blocks, of one Python script. Each starts from the
prelude below, which the page's introduction describes (a 6 x 4 grid: n, xadj, adjncy, vwgt or
work, coords; rank and nparts from MPI). The C and C++ programs are built with MPI's compiler
wrappers against the build's headers and libraries and run under mpiexec on 2 ranks (each rank in
its own folder, as the examples write plan files); the script runs when the Python module is
built. A program that fails to build, exits non-zero or writes to stderr fails the test, showing
the page's line numbers of its blocks.

The ```fortran blocks together are a whole program, built with the mpifort beside MPICC and run
the same way.

Every function the public headers export (part.h, part_mpi.h: in a ```c block; part.hpp,
part_mpi.hpp: in a ```cpp block) and every name the Python module defines (in a ```python block)
must appear in an example.

Usage: run_api_examples.py --source-dir REPO --cc MPICC --cxx MPICXX --mpiexec MPIEXEC
                           --libs LIB... [--python PYTHON --python-path DIR]
"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_examples import fenced_blocks  # noqa: E402  (same folder)

RANKS = 2
RUN_TIMEOUT_S = 120

# The grid of the page's introduction, 6 x 4 vertices numbered row by row, with vertex v's work
# 1 + v % 3 and its coordinates; each rank runs in its own folder (they write the same plan file).
C_PRELUDE = r"""#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <part/part_mpi.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, nparts;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nparts);
    char folder[32];
    snprintf(folder, sizeof folder, "rank%d", rank);
    if (mkdir(folder, 0755) != 0 || chdir(folder) != 0) return 1;
    enum { grid_columns = 6, grid_rows = 4, n = grid_columns * grid_rows };
    int64_t xadj[n + 1];
    int32_t adjncy[4 * n], vwgt[n];
    double coords[2 * n];
    int64_t edges = 0;
    for (int32_t v = 0; v < n; ++v) {
        const int32_t x = v % grid_columns, y = v / grid_columns;
        xadj[v] = edges;
        if (y > 0) adjncy[edges++] = v - grid_columns;
        if (x > 0) adjncy[edges++] = v - 1;
        if (x + 1 < grid_columns) adjncy[edges++] = v + 1;
        if (y + 1 < grid_rows) adjncy[edges++] = v + grid_columns;
        vwgt[v] = 1 + v % 3;
        coords[2 * v] = x;
        coords[2 * v + 1] = y;
    }
    xadj[n] = edges;
"""
C_EPILOGUE = """
    MPI_Finalize();
    return 0;
}
"""

CPP_PRELUDE = r"""#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include <part/part.hpp>
#include <part/part_mpi.hpp>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, nparts = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nparts);
    const std::filesystem::path folder = "rank" + std::to_string(rank);
    std::filesystem::create_directory(folder);
    std::filesystem::current_path(folder);
    try {
    const int grid_columns = 6, grid_rows = 4, n = grid_columns * grid_rows;
    std::vector<std::int64_t> xadj{0};
    std::vector<std::int32_t> adjncy, work;
    std::vector<double> coords;
    for (std::int32_t v = 0; v < n; ++v) {
        const std::int32_t x = v % grid_columns, y = v / grid_columns;
        if (y > 0) adjncy.push_back(v - grid_columns);
        if (x > 0) adjncy.push_back(v - 1);
        if (x + 1 < grid_columns) adjncy.push_back(v + 1);
        if (y + 1 < grid_rows) adjncy.push_back(v + grid_columns);
        xadj.push_back(std::int64_t(adjncy.size()));
        work.push_back(1 + v % 3);
        coords.insert(coords.end(), {double(x), double(y)});
    }
"""
CPP_EPILOGUE = """
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rank %d: %s\\n", rank, e.what());
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Finalize();
    return 0;
}
"""

PYTHON_PRELUDE = """import numpy as np
import part

grid_columns, grid_rows = 6, 4
n = grid_columns * grid_rows
xadj, adjncy = [0], []
for v in range(n):
    x, y = v % grid_columns, v // grid_columns
    adjncy += [v - grid_columns] * (y > 0) + [v - 1] * (x > 0) + [v + 1] * (x + 1 < grid_columns)
    adjncy += [v + grid_columns] * (y + 1 < grid_rows)
    xadj.append(len(adjncy))
xadj, adjncy = np.array(xadj, dtype=np.int64), np.array(adjncy, dtype=np.int32)
work = np.array([1 + v % 3 for v in range(n)], dtype=np.int32)
"""

EXPORTED = {
    "c": (["part.h", "part_mpi.h"], re.compile(r"PART_C_EXPORT\s[^;{(]*?(\w+)\s*\(")),
    "cpp": (["part.hpp", "part_mpi.hpp"], re.compile(r"PART_API_EXPORT\s[^;{(]*?(\w+)\s*\(")),
}
PYTHON_NAMES = re.compile(r"\.def(?:_readonly|_property_readonly)?\(\s*\"(\w+)\"")


def exported_functions(source_dir, language):
    headers, pattern = EXPORTED[language]
    names = set()
    for header in headers:
        text = (source_dir / "api/include/part" / header).read_text(encoding="utf-8")
        text = "\n".join(line for line in text.splitlines() if not line.startswith("#define"))
        names.update(pattern.findall(text))
    return names


def python_names(source_dir):
    return set(PYTHON_NAMES.findall((source_dir / "python/part_module.cpp").read_text("utf-8")))


def missing_examples(names, code, call_only):
    """The names that no example uses (as a call, name( or name<, when call_only)."""
    suffix = r"\s*[(<]" if call_only else r"\b"
    return sorted(name for name in names if not re.search(rf"\b{name}{suffix}", code))


def program(blocks, prelude, epilogue):
    """The source and, for messages, the page lines its blocks start on."""
    body = "".join(f"\n    // docs/api.md line {line}\n{text}\n" for line, text in blocks)
    return prelude + body + epilogue


def run(command, cwd, what, lines):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                            timeout=RUN_TIMEOUT_S)
    if result.returncode != 0 or result.stderr.strip():
        print(f"FAIL: {what} (docs/api.md blocks at lines {lines}): exit {result.returncode}\n"
              f"{' '.join(map(str, command))}\n{result.stdout}{result.stderr}")
        return False
    print(f"ok: {what}, {len(lines)} blocks")
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source-dir", type=Path,
                        default=Path(__file__).resolve().parent.parent.parent)
    parser.add_argument("--cc", required=True)
    parser.add_argument("--cxx", required=True)
    parser.add_argument("--mpiexec", required=True)
    parser.add_argument("--libs", nargs="+", required=True, type=lambda p: Path(p).resolve())
    parser.add_argument("--python")
    parser.add_argument("--python-path", type=lambda p: Path(p).resolve())
    args = parser.parse_args()
    page = args.source_dir / "docs/api.md"
    blocks = {"c": [], "cpp": [], "fortran": [], "python": []}
    for line, info, text in fenced_blocks(page):
        if info in blocks:
            blocks[info].append((line, text))

    ok = True
    for language in ("c", "cpp"):
        code = "\n".join(text for _, text in blocks[language])
        missing = missing_examples(exported_functions(args.source_dir, language), code, True)
        if missing:
            print(f"FAIL: no ```{language} example in docs/api.md calls {', '.join(missing)}")
            ok = False
    python_code = "\n".join(text for _, text in blocks["python"])
    missing = missing_examples(python_names(args.source_dir), python_code, False)
    if missing:
        print(f"FAIL: no ```python example in docs/api.md uses {', '.join(missing)}")
        ok = False

    includes = ["-I", str(args.source_dir / "api/include")]
    libs = [str(lib) for lib in args.libs]
    libs += [f"-Wl,-rpath,{folder}" for folder in sorted({str(lib.parent) for lib in args.libs})]
    with tempfile.TemporaryDirectory(prefix="part-api-examples-") as scratch:
        work = Path(scratch)
        for language, compiler, flags, prelude, epilogue in (
                ("c", args.cc, ["-std=c99", "-x", "c"], C_PRELUDE, C_EPILOGUE),
                ("cpp", args.cxx, ["-std=c++20", "-x", "c++"], CPP_PRELUDE, CPP_EPILOGUE)):
            lines = [line for line, _ in blocks[language]]
            source = work / f"api_{language}.{language}"
            source.write_text(program(blocks[language], prelude, epilogue), encoding="utf-8")
            binary = work / f"api_{language}"
            folder = work / language
            folder.mkdir()
            ok = run([compiler, *flags, "-Wall", "-Werror", *includes, str(source), "-x", "none",
                      *libs, "-o", str(binary)], work, f"build the {language} examples",
                     lines) and ok
            if binary.exists():
                ok = run([args.mpiexec, "--oversubscribe", "-n", str(RANKS), str(binary)], folder,
                         f"run the {language} examples on {RANKS} ranks", lines) and ok
        fortran = Path(args.cc).with_name("mpifort")
        if blocks["fortran"] and fortran.exists():
            lines = [line for line, _ in blocks["fortran"]]
            source = work / "api_fortran.f90"
            source.write_text("\n".join(text for _, text in blocks["fortran"]) + "\n")
            binary = work / "api_fortran"
            ok = run([str(fortran), "-Wall", "-Werror", str(source), *libs, "-o", str(binary)],
                     work, "build the fortran example", lines) and ok
            if binary.exists():
                ok = run([args.mpiexec, "--oversubscribe", "-n", str(RANKS), str(binary)], work,
                         f"run the fortran example on {RANKS} ranks", lines) and ok
        elif blocks["fortran"]:
            print(f"skipped: the fortran example ({fortran} is missing)")
        if args.python:
            script = work / "api.py"
            script.write_text(PYTHON_PRELUDE + "\n".join(
                f"\n# docs/api.md line {line}\n{text}" for line, text in blocks["python"]))
            env_command = ["env", f"PYTHONPATH={args.python_path}", args.python, str(script)]
            ok = run(env_command, work, "run the python examples",
                     [line for line, _ in blocks["python"]]) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
