"""Benchmark: validate every bundled module (target: well under a second in all).

Run by hand:  .venv/bin/python bench/bench_validate.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from converter.validate import validate_path  # noqa: E402


def main() -> None:
    games = sorted(p for p in (ROOT / "modules").iterdir() if (p / "game.json").is_file())
    validate_path(games[0])  # warm the schema cache, as the CLI does once per run
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        for game in games:
            validate_path(game)
        runs.append(time.perf_counter() - start)
    print(f"validated {len(games)} modules: median {statistics.median(runs) * 1000:.0f} ms, "
          f"min {min(runs) * 1000:.0f} ms, max {max(runs) * 1000:.0f} ms (target: < 1000 ms)")
    for game in games:
        start = time.perf_counter()
        _doc, problems = validate_path(game)
        print(f"  {game.name:32s} {(time.perf_counter() - start) * 1000:7.1f} ms  {len(problems)} problems")


if __name__ == "__main__":
    main()
