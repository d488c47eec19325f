"""Benchmark: decode + replay of a large synthetic log against the mini game's module (run by
hand, not by the test suite).

    .venv/bin/python bench/bench_audit.py [--steps 100000]

The log is written by the scripted-game writer: moves with their chat reports (most steps),
step losses, dice rolls and turn/phase changes, as a long PBEM game would hold.  Reported:
commands per second for read + decode + replay (every command applied to the game state and
every position named as VASSAL would), and for the whole audit with every rule check; then
the same on the real logs under tests/data/real/ against the real module there.

Honest units: commands are counted as VASSAL counts them (the LOG wrapper of a logged
command is not a command of its own), and reading the file is inside every timer.  The
floor is decode + replay in-process; the figure is the full audit, module reading included.
Target (issue 12): the full audit >= 100,000 commands/s.  Every failure is printed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from converter.audit.auditor import audit_files
from converter.audit.module import load_module
from converter.audit.replay import Replay
from converter.builder.scripted import ScriptedGame
from converter.builder import build_module, write_module
from converter.vassal.commands import read_record
from converter.vassal.savefile import read_save

ROOT = Path(__file__).resolve().parents[1]
HEXES = [f"{c:02d}{r:02d}" for c in range(1, 9) for r in range(1, 7) if (c, r) != (6, 6)]
PHASES = ["blue-move", "blue-combat", "red-move", "red-combat"]


def synthetic_log(steps: int) -> bytes:
    built = build_module(ROOT / "tests" / "data" / "games" / "mini")
    s = ScriptedGame(built)
    s.place("na-1", hex="0203", restored=True)
    s.place("na-2", hex="0404", restored=True)
    s.place("sa-1", hex="0801", restored=True)
    movers = ["na-1", "na-2", "sa-1"]
    turn = 1
    for n in range(steps):
        kind = n % 20
        if kind == 0:
            s.turn(turn, PHASES[(n // 20) % 4])
            if (n // 20) % 4 == 3:
                turn = turn % 6 + 1
        elif kind == 7:
            s.roll("d6", n % 6 + 1)
        elif kind == 13:
            s.set_level("na-1", n % 4 + 1)
        else:
            s.move(movers[n % 3], hex=HEXES[(n * 7) % len(HEXES)])
    return s.log_bytes()


def timed_replay(log: Path, module_path: Path) -> tuple[float, int, int]:
    """(seconds, commands, LOG wrappers) for read + decode + replay of one log file."""
    module = load_module(module_path)  # the floor: the module is read outside the timer
    start = time.perf_counter()
    record = read_record(read_save(log).text)
    r = Replay(module)
    r.run(record, log.name)
    seconds = time.perf_counter() - start
    return seconds, vassal_commands(record), sum(1 for _ in record.log_entries())


def vassal_commands(record) -> int:  # type: ignore[no-untyped-def]
    """Commands as VASSAL counts them: the restored ones and the logged ones, no wrappers."""
    return sum(1 for _ in record.restored()) + sum(
        1 for step in record.steps for _ in step.logged())


def report(log: Path, vmod: Path, runs: int) -> None:
    try:
        best, n, wrappers = min(timed_replay(log, vmod) for _ in range(runs))
        print(f"{log.name}: {log.stat().st_size / 1e6:.2f} MB, {n} commands ({wrappers} LOG "
              f"wrappers not counted)")
        print(f"  floor, read + decode + replay: {best:.3f} s = {n / best:,.0f} commands/s")
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            result = audit_files([log], vmod)
            times.append(time.perf_counter() - start)
        seconds = min(times)
        verdict = "OK" if n / seconds >= 100_000 else "BELOW TARGET"
        print(f"  full audit (module read, every check, {len(result.findings)} findings): "
              f"{seconds:.3f} s = {n / seconds:,.0f} commands/s (target 100,000) {verdict}")
    except Exception as exc:  # a bench reports every failure
        print(f"{log.name}: FAILED ({type(exc).__name__}: {exc})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        vmod = write_module(build_module(ROOT / "tests" / "data" / "games" / "mini"), tmp)
        log = Path(tmp) / "big.vlog"
        log.write_bytes(synthetic_log(args.steps))
        report(log, vmod, 3)
    real = ROOT / "tests" / "data" / "real"
    for log in sorted(real.glob("*.vlog")):
        report(log, real / "tour.vmod", 3)
    return 0


if __name__ == "__main__":
    sys.exit(main())
