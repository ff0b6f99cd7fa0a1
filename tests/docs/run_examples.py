#!/usr/bin/env python3
"""Runs every example of the user documentation, so that none of them goes stale.

Every fenced block whose info string is `sh` in README.md and docs/*.md is an example that must
run from a fresh clone on the shipped data. The blocks of one page run in order, as one session,
in a fresh temporary folder holding a copy of data/, with the built tools first on PATH; a block
that exits non-zero fails the test, naming the page and line. Blocks with another info string
(`console` for commands not run here: installing, CI, mpirun with many ranks; `text` for formats
and outputs) are shown to readers but not run. Also checks that every tool has its page in docs/.

Usage: run_examples.py --tools-dir BUILD/tools [--source-dir REPO] [PAGE.md ...]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})(.*)$")
RUN_INFO = "sh"
BLOCK_TIMEOUT_S = 120


def fenced_blocks(page):
    """(first line number, info string, text) of every fenced block of a Markdown page."""
    blocks, lines = [], page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, info = opening.groups()
        body, start = [], i + 1
        i += 1
        while i < len(lines):
            closing = FENCE.match(lines[i])
            if closing and closing.group(2).startswith(fence) and not closing.group(3).strip():
                break
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        blocks.append((start, info.strip().split(" ")[0] if info.strip() else "", "\n".join(body)))
        i += 1
    return blocks


def example_env(tools_dir):
    env = dict(os.environ)
    # The example solver (examples/, docs/demo-solver.md) is built beside the tools.
    examples_dir = tools_dir.parent / "examples"
    env["PATH"] = f"{tools_dir}{os.pathsep}{examples_dir}{os.pathsep}{env.get('PATH', '')}"
    # OpenMPI refuses root without these; oversubscription lets mpirun -np 2..4 run on any machine.
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    return env


def shown(page, source_dir):
    return page.relative_to(source_dir) if page.is_relative_to(source_dir) else page


def run_page(page, source_dir, env):
    """Runs the page's sh blocks in order in one fresh folder; returns a list of failures."""
    examples = [(line, text) for line, info, text in fenced_blocks(page) if info == RUN_INFO]
    failures = []
    with tempfile.TemporaryDirectory(prefix="part-docs-") as work:
        shutil.copytree(source_dir / "data", Path(work) / "data")
        for line, text in examples:
            where = f"{shown(page, source_dir)}:{line}"
            try:
                result = subprocess.run(["bash", "-euo", "pipefail", "-c", text], cwd=work, env=env,
                                        capture_output=True, text=True, timeout=BLOCK_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                failures.append(f"{where}: timed out after {BLOCK_TIMEOUT_S} s:\n{text}")
                continue
            if result.returncode != 0:
                failures.append(f"{where}: exit {result.returncode}:\n{text}\n--- stderr:\n"
                                f"{result.stderr[-3000:]}")
    return len(examples), failures


def missing_tool_pages(source_dir):
    tools = sorted(p.stem for p in (source_dir / "tools").glob("part-*.cpp"))
    return [f"docs/{tool}.md: missing (every tool has a reference page)"
            for tool in tools if not (source_dir / "docs" / f"{tool}.md").is_file()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools-dir", required=True, type=Path)
    parser.add_argument("--source-dir", type=Path, default=Path(__file__).resolve().parents[2])
    parser.add_argument("pages", nargs="*", type=Path, help="default: README.md and docs/*.md")
    args = parser.parse_args()
    source_dir = args.source_dir.resolve()
    pages = [p.resolve() for p in args.pages] or \
        [source_dir / "README.md", *sorted((source_dir / "docs").glob("*.md"))]
    env = example_env(args.tools_dir.resolve())

    failures, total, started = missing_tool_pages(source_dir), 0, time.monotonic()
    for page in pages:
        count, page_failures = run_page(page, source_dir, env)
        print(f"{shown(page, source_dir)}: {count} examples, {len(page_failures)} failed")
        total += count
        failures += page_failures
    print(f"{total} examples in {time.monotonic() - started:.1f} s")
    for failure in failures:
        print(f"\nFAILED {failure}", file=sys.stderr)
    return 1 if failures or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
