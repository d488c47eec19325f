"""Benchmark: validate every bundled game, in one call and in-process; and start-up.

Run by hand:  .venv/bin/python bench/bench_validate.py [--runs 5]

- one call: `vconv validate <every bundled game>` as one whole process (start-up, reading
  the files, schema and semantic checks), CPU seconds (user + system) from the kernel's
  accounting, the median of the runs.  Target: < 0.5 s for the six games.  Floor: a bare
  Python process that reads and parses every JSON file of the same games.
- in-process: the same games validated again in a warm process (schemas already compiled),
  per game, to show where the time goes.
- start-up: `vconv --version` next to bare `python -c pass` (the floor).  Target: < 0.1 s.
Every failure (non-zero exit other than 1 = problems found) is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# as an installed vconv runs: compiled bytecode kept (a shell may turn that off)
INSTALLED = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
sys.path.insert(0, str(ROOT))

from converter.validate import validate_path  # noqa: E402

VCONV = str(Path(sys.executable).parent / "vconv")
FLOOR = ("import json, pathlib, sys\n"
         "for game in sys.argv[1:]:\n"
         "    for p in sorted(pathlib.Path(game).rglob('*.json')):\n"
         "        json.loads(p.read_bytes())\n")


def cpu(command: list[str]) -> tuple[float, int, str]:
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT,
                            env=INSTALLED)
    assert proc.stderr is not None
    err = proc.stderr.read().decode("utf-8", "replace").strip().splitlines()
    _pid, status, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status), (err[-1] if err else "")


def median_of(command: list[str], runs: int, ok: tuple[int, ...] = (0,)) -> float | None:
    times = []
    for _ in range(runs):
        seconds, code, err = cpu(command)
        if code not in ok:
            print(f"  FAILED: {' '.join(command[:3])} ... exit {code}: {err[:160]}")
            return None
        times.append(seconds)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    games = sorted(p for p in (ROOT / "modules").iterdir() if (p / "game.json").is_file())

    one_call = median_of([VCONV, "validate", *map(str, games)], args.runs, ok=(0, 1))
    floor = median_of([sys.executable, "-c", FLOOR, *map(str, games)], args.runs)
    if one_call is not None:
        verdict = "OK" if one_call < 0.5 else "BELOW TARGET"
        print(f"vconv validate of {len(games)} games in one call: {one_call:.3f} s CPU "
              f"(median of {args.runs}; target < 0.5 s) {verdict}")
    if floor is not None:
        print(f"  floor, a process reading and parsing the same JSON files: {floor:.3f} s CPU")

    version = median_of([VCONV, "--version"], args.runs)
    bare = median_of([sys.executable, "-c", "pass"], args.runs)
    if version is not None and bare is not None:
        verdict = "OK" if version < 0.1 else "BELOW TARGET"
        print(f"vconv --version: {version:.3f} s CPU; floor, bare Python {bare:.3f} s "
              f"(target < 0.1 s) {verdict}")

    print("in-process, warm (schemas compiled):")
    validate_path(games[0])
    for game in games:
        start = time.process_time()
        _doc, problems = validate_path(game)
        print(f"  {game.name:32s} {(time.process_time() - start) * 1000:7.1f} ms CPU  "
              f"{len(problems)} problems")


if __name__ == "__main__":
    main()
