"""Time the full build (load, validate, render, assemble, check, write) of every bundled module.

Run by hand:  .venv/bin/python bench/bench_build.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from converter.builder.module import build_module, write_module  # noqa: E402


def games() -> list[Path]:
    bundled = sorted(p for p in (ROOT / "modules").iterdir() if (p / "game.json").is_file())
    return [ROOT / "tests" / "data" / "games" / "mini", *bundled]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    total = 0.0
    print(f"{'game':32} {'best s':>8} {'median s':>9} {'MB':>7} {'images':>7}")
    with tempfile.TemporaryDirectory() as out:
        for folder in games():
            times = []
            size = 0
            images = 0
            for _ in range(args.repeat):
                start = time.perf_counter()
                try:
                    built = build_module(folder)
                    path = write_module(built, out)
                except Exception as exc:  # a module still being written: report and go on
                    print(f"{folder.name:32} failed: {str(exc).splitlines()[0]}")
                    break
                times.append(time.perf_counter() - start)
                size = path.stat().st_size
                images = len(built.archive.images)
            if times:
                total += min(times)
                print(f"{folder.name:32} {min(times):8.2f} {statistics.median(times):9.2f} "
                      f"{size / 1e6:7.2f} {images:7d}")
    print(f"{'all (best)':32} {total:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
