"""Benchmark: `vconv print` time and peak memory, bundled games and synthetic scale-ups.

Run by hand:  .venv/bin/python bench/bench_print.py [--counters 500 1000 2000] [--games]

Each figure is one whole `vconv print` process (start-up, reading and validating the game,
every PDF written), timed by the kernel's accounting of that process: CPU seconds (user +
system) and peak resident memory.  The scale-ups are the small test game with its pieces
repeated (new ids) until it has about the asked number of counters (the raster limit
raised for them: see SCALED); the exponent is the
slope of log(time) and log(memory) against log(counters) between the smallest and the
largest run (1.0 = linear).  Beside each, the floor: a process that reads and validates
the same game and builds its model (what print does before drawing).  Every failure is
printed.

Targets (issue 12): every bundled game peaks under 300 MB; at 10,000 counters time and
memory grow with an exponent <= 1.05 and memory stays under 500 MB
(`--counters 1000 10000`, about a minute).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MINI = ROOT / "tests" / "data" / "games" / "mini"
VCONV = Path(sys.executable).parent / "vconv"


# as an installed vconv runs: compiled bytecode kept (a shell may turn that off)
INSTALLED = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
# a scale-up measures growth: its 10,000 counters pass the raster limit a hostile game
# meets (pages are streamed, so the limit bounds work, not memory)
SCALED = dict(INSTALLED, VCONV_MAX_PRINT_PIXELS=str(10**12))


def run(command: list[str], env: dict[str, str]) -> tuple[float, float, int, str]:
    """(CPU seconds, peak MB, exit code, last stderr line) of one process."""
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    assert proc.stderr is not None
    err = proc.stderr.read().decode("utf-8", "replace").strip().splitlines()
    _pid, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code, (err[-1] if err else "")


def run_print(game: Path, out: Path, env: dict[str, str] = INSTALLED) -> tuple[float, float, int, str]:
    """`vconv print game` (every PDF written)."""
    return run([str(VCONV), "print", str(game), "--out", str(out)], env)


def run_floor(game: Path) -> tuple[float, float, int, str]:
    """The floor: a process that reads and validates the game and builds its model, as
    print does first, and draws nothing."""
    return run([sys.executable, "-c", "import sys\nfrom converter.validate import load_model\n"
                "load_model(sys.argv[1])\n", str(game)], INSTALLED)


def counters_of(folder: Path) -> int:
    from converter.validate import load_model
    from converter.printkit.layout import PAPERS, layout_counter_sheets

    game = load_model(folder)
    pages = layout_counter_sheets(game, PAPERS["a4"])
    return sum(len(p.placements) for p in pages) // 2  # a counter has a front and a back


def scaled_mini(target: int, into: Path) -> Path:
    """The test game with its pieces repeated until about *target* counters."""
    folder = into / f"mini-{target}"
    shutil.copytree(MINI, folder)
    pieces_file = folder / "pieces.json"
    data = json.loads(pieces_file.read_text(encoding="utf-8"))
    base = data["pieces"]
    per_copy = max(1, counters_of(MINI))
    copies = max(1, round(target / per_copy))
    data["pieces"] = [dict(p, id=f"{p['id']}-{n}") if n else p
                      for n in range(copies) for p in base]
    pieces_file.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    game_file = folder / "game.json"
    game = json.loads(game_file.read_text(encoding="utf-8"))
    game.pop("totals", None)  # the rulebook's counts no longer hold for the copies
    game_file.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    return folder


def exponent(points: list[tuple[int, float]]) -> float | None:
    if len(points) < 2 or points[0][0] == points[-1][0]:
        return None
    (n0, v0), (n1, v1) = points[0], points[-1]
    return math.log(v1 / v0) / math.log(n1 / n0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counters", type=int, nargs="*", default=[500, 1000, 2000])
    parser.add_argument("--games", action="store_true", help="also print every bundled game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.games:
            print("bundled games (target: peak < 300 MB each):")
            for game in sorted(p for p in (ROOT / "modules").iterdir() if (p / "game.json").is_file()):
                cpu, peak, code, err = run_print(game, Path(tmp) / game.name)
                state = f"FAILED (exit {code}: {err[:120]})" if code else \
                    ("ok" if peak < 300 else "OVER")
                f_cpu, f_peak, f_code, f_err = run_floor(game)
                floor = f"FAILED (exit {f_code}: {f_err[:80]})" if f_code else \
                    f"{f_cpu:5.2f} s CPU  {f_peak:5.0f} MB"
                print(f"  {game.name:30s} {cpu:6.2f} s CPU  {peak:7.0f} MB  {state}"
                      f"   (floor, read + validate only: {floor})")
        times: list[tuple[int, float]] = []
        peaks: list[tuple[int, float]] = []
        print("synthetic scale-ups of the test game:")
        for target in args.counters:
            folder = scaled_mini(target, Path(tmp))
            count = counters_of(folder)
            cpu, peak, code, err = run_print(folder, Path(tmp) / f"out-{target}", SCALED)
            f_cpu, f_peak, _f_code, _f_err = run_floor(folder)
            if code:
                print(f"  {count:6d} counters  FAILED (exit {code}: {err[:120]})")
                continue
            times.append((count, cpu))
            peaks.append((count, peak))
            print(f"  {count:6d} counters  {cpu:7.2f} s CPU  {peak:7.0f} MB  "
                  f"{count / cpu:7.0f} counters/s   (floor, read + validate only: "
                  f"{f_cpu:5.2f} s CPU  {f_peak:5.0f} MB)")
        t, m = exponent(times), exponent(peaks)
        if t is not None and m is not None:
            print(f"  growth exponent: time {t:.2f}, memory {m:.2f} (target <= 1.05; memory "
                  "has a fixed start-up part, so its exponent reads low at small sizes)")


if __name__ == "__main__":
    main()
