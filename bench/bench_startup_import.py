"""Start-up of the importer and auditor, and `vconv import` of a real module through the CLI:
alternated runs of two checkouts' venvs (default: /work/main and this worktree), medians of
wall and CPU (the child's user + system).  Run by hand:

    .venv/bin/python bench/bench_startup_import.py startup 9
    .venv/bin/python bench/bench_startup_import.py import 5 zxvt-capture/zxvt-0.3.0.vmod

Start-up matters to every `vconv import` / `vconv audit` a user runs: before 11a29f1 reading
`converter.builder.conventions` loaded the whole builder.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(python: Path, args: list[str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one run of *python* with *args*."""
    start, before = time.perf_counter(), os.times()
    subprocess.run([str(python), *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    after = os.times()
    cpu = (after.children_user + after.children_system
           - before.children_user - before.children_system)
    return time.perf_counter() - start, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["startup", "import"])
    parser.add_argument("runs", type=int)
    parser.add_argument("module", nargs="?", default="zxvt-capture/zxvt-0.3.0.vmod",
                        help="a module under tests/data/real (import)")
    parser.add_argument("--base", type=Path, default=Path("/work/main"))
    parser.add_argument("--branch", type=Path, default=ROOT)
    opts = parser.parse_args()
    checkouts = {"base": opts.base, "branch": opts.branch}
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
    with tempfile.TemporaryDirectory() as out:
        for _ in range(opts.runs):
            for name, home in checkouts.items():
                if opts.what == "startup":
                    args = ["-c", "import converter.importer, converter.audit"]
                else:
                    args = ["-m", "converter", "import", str(home / "tests/data/real" / opts.module),
                            "-o", f"{out}/{name}", "-q", "-f"]
                results[name].append(timed(home / ".venv/bin/python", args, home))
    for name, runs in results.items():
        print(f"{opts.what} {name}: wall median {statistics.median(r[0] for r in runs):.3f} s, "
              f"CPU median {statistics.median(r[1] for r in runs):.3f} s ({len(runs)} runs)")


if __name__ == "__main__":
    main()
