"""Benchmark: `vconv audit` on real logs, on the bundled games' VASSAL-written logs and on a
synthetic scale-up (run by hand, not by the test suite).

    .venv/bin/python bench/bench_audit.py [--steps 20000] [--runs 3]

Logs: the real logs under tests/data/real/ against the real modules beside them (The Longest
Day's 2006 play-by-email logs, VASSAL's tour, a 3.2-era capture), every log under
tests/data/vlogs/ (written by the VASSAL engine itself) against the module `vconv build`
makes of its game, and a synthetic log of `--steps` steps on the mini game.

For each log, CPU seconds (`time.process_time`, the minimum of `--runs`), file reading
always inside the timer, commands counted as VASSAL counts them (the restored game's
commands and the logged ones; a LOG wrapper is not a command of its own):

- floor:      read + decode + replay, no check and no report, the module loaded and its
              tables derived before the timer, fresh for each run (as the audit's).
- audit:      the full audit with every rule check as `vconv audit` runs it for a text or
              JSON report, and an archive for its summary (`audit_files(steps=False)`: no
              step list), the module loaded and its derived tables built before the timer,
              fresh for each run (its caches of decoded pieces empty), as an archive's
              workers judge each log.
- with steps: the same with the step list the HTML report shows (`audit_files`), the
              report itself not rendered.
- archive:    the same with one module shared by the logs of its game, as `vconv audit
              --archive`'s workers keep it: each run prepares the module once, then audits
              the game's logs in the order listed, each timed (the first pays the empty
              caches, the others find what the earlier logs decoded).  Not the target's
              measure (a single log, `audit`), but what a league's referee meets.
- first log:  the same in a new process (every cache empty, the derived tables built
              inside the timer), the first log a user audits.
- module:     reading the module (buildFile, the game description validated, boards) and
              deriving its tables (place names, phases, hex neighbours: `derive_tables`).

Target (issue 12): the full audit >= 100,000 commands/s on a real log and on the bundled
games' logs.  Every failure is printed, and the bench goes on.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from converter.audit.auditor import audit_files  # noqa: E402
from converter.audit.module import AuditModule, load_module  # noqa: E402
from converter.audit.replay import Replay  # noqa: E402
from converter.audit.rules import choose_rules  # noqa: E402
from converter.audit.state import derive_tables  # noqa: E402
from converter.builder import build_module, write_module  # noqa: E402
from converter.builder.scripted import ScriptedGame  # noqa: E402
from converter.vassal.commands import GameRecord, read_record  # noqa: E402
from converter.vassal.savefile import read_save  # noqa: E402

HEXES = [f"{c:02d}{r:02d}" for c in range(1, 9) for r in range(1, 7) if (c, r) != (6, 6)]
PHASES = ["blue-move", "blue-combat", "red-move", "red-combat"]
TARGET = 100_000
# as an installed vconv runs: compiled bytecode kept (a shell may turn that off)
INSTALLED = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

FIRST_LOG = """
import sys, time
from converter.audit.auditor import audit_files
from converter.audit.module import load_module
module = load_module(sys.argv[2])
start = time.process_time()
audit_files([sys.argv[1]], sys.argv[2], module=module, steps=False)
print(time.process_time() - start)
"""


def synthetic_log(steps: int) -> bytes:
    """Moves with their chat reports (most steps), step losses, dice rolls and turn/phase
    changes, as a long PBEM game holds, written by the scripted-game writer."""
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


def vassal_commands(record: GameRecord) -> int:
    """Commands as VASSAL counts them: the restored ones and the logged ones, no wrappers."""
    return sum(1 for _ in record.restored()) + sum(
        1 for step in record.steps for _ in step.logged())


def cpu(fn: object, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        fn()  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return best


def rate(n: int, seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms {n / seconds:>9,.0f}/s" if seconds > 0 else "   (0 ms)"


def prepared(vmod: Path) -> AuditModule:
    """The module as an archive's workers get it: read, its tables derived."""
    module = load_module(vmod)
    derive_tables(module)
    choose_rules(module)
    return module


def archive_times(pairs: list[tuple[Path, Path]], runs: int) -> dict[Path, float]:
    """Each log's CPU seconds (the minimum of *runs*) audited with the module shared by
    the logs of its game (the same .vmod), in the order given: an archive's worker."""
    best: dict[Path, float] = {}
    modules: dict[Path, AuditModule] = {}
    for _ in range(runs):
        modules.clear()
        gc.collect()  # (the last run's modules: see `fresh_module`)
        for log, vmod in pairs:
            try:
                module = modules.get(vmod)
                if module is None:
                    module = modules[vmod] = prepared(vmod)
                start = time.process_time()
                audit_files([log], vmod, module=module, steps=False)
                best[log] = min(best.get(log, float("inf")), time.process_time() - start)
            except Exception as exc:  # a bench reports every failure and goes on
                print(f"{log.parent.name}/{log.name}: archive FAILED ({type(exc).__name__}: "
                      f"{exc})")
    return best


def fresh_module(vmod: Path) -> AuditModule:
    """`prepared`, after the collector has freed the modules of the runs before: a user's
    `vconv audit` starts with no such garbage, and a collection of it set off inside the
    timer would be charged to the log's audit."""
    gc.collect()
    return prepared(vmod)


def report(log: Path, vmod: Path, runs: int, totals: dict[str, float],
           archive_s: float | None = None) -> None:
    try:
        n = vassal_commands(read_record(read_save(log).text))
        module_s = cpu(lambda: prepared(vmod), runs)
        floor_s = audit_s = steps_s = float("inf")
        findings = 0
        for _ in range(runs):
            # each timed run gets a fresh module (its caches of decoded pieces empty), the
            # floor as the audit: a module reused across the floor's runs would time decoding
            # only once and make the floor a warm-cache figure the audit cannot be held to
            fresh = fresh_module(vmod)
            start = time.process_time()
            Replay(fresh).run(read_record(read_save(log).text), log.name)
            floor_s = min(floor_s, time.process_time() - start)
            del fresh  # (so the next `fresh_module` frees it)
            fresh = fresh_module(vmod)
            start = time.process_time()
            result = audit_files([log], vmod, module=fresh, steps=False)
            audit_s = min(audit_s, time.process_time() - start)
            findings = len(result.findings)
            del fresh, result
            fresh = fresh_module(vmod)
            start = time.process_time()
            audit_files([log], vmod, module=fresh)
            steps_s = min(steps_s, time.process_time() - start)
            del fresh
        done = subprocess.run([sys.executable, "-c", FIRST_LOG, str(log), str(vmod)],
                              capture_output=True, text=True, cwd=ROOT, timeout=600,
                              env=INSTALLED)
        if done.returncode != 0:
            first = f"FAILED ({(done.stderr.strip().splitlines() or ['?'])[-1][:120]})"
        else:
            first_s = float(done.stdout.split()[-1])
            first = rate(n, first_s)
            totals["first"] += first_s
        verdict = "OK" if n / audit_s >= TARGET else "below target"
        archive = rate(n, archive_s) if archive_s is not None else "not run"
        print(f"{log.parent.name + '/' + log.name:44s} {n:6d} cmds, "
              f"{findings} findings\n    floor {rate(n, floor_s)} | audit {rate(n, audit_s)} "
              f"{verdict} | with steps {rate(n, steps_s)} | archive {archive} | first log "
              f"{first} | module {module_s * 1000:.0f} ms")
        if archive_s is not None:
            totals["archive"] += archive_s
        totals["n"] += n
        totals["floor"] += floor_s
        totals["audit"] += audit_s
        totals["steps"] += steps_s
        totals["module"] += module_s
    except Exception as exc:  # a bench reports every failure and goes on
        print(f"{log.parent.name}/{log.name}: FAILED ({type(exc).__name__}: {exc})")


def summary(name: str, totals: dict[str, float]) -> None:
    n = totals["n"]
    if not n:
        return
    parts = [f"{key.replace('steps', 'with steps')} {n / totals[key]:,.0f}/s"
             for key in ("floor", "audit", "steps", "archive", "first") if totals[key]]
    print(f"== {name}: {int(n)} commands; " + ", ".join(parts)
          + f"; modules {totals['module'] * 1000:.0f} ms\n")


def empty() -> dict[str, float]:
    return {"n": 0, "floor": 0.0, "audit": 0.0, "steps": 0.0, "archive": 0.0, "first": 0.0,
            "module": 0.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"CPU ms (min of {args.runs}) and commands/s as VASSAL counts them; target "
          f"{TARGET:,}/s for the audit\n")
    real = ROOT / "tests" / "data" / "real"
    totals = empty()
    pairs = [(real / "longest-day" / "0606-1.log",
              real / "longest-day" / "TheLongestDay-noimages.vmod"),
             (real / "longest-day" / "0611-1.log",
              real / "longest-day" / "TheLongestDay-noimages.vmod"),
             (real / "tour.vlog", real / "tour.vmod"),
             (real / "tour-vassal36.vlog", real / "tour.vmod"),
             (real / "zxvt-capture" / "5x5_startup.vlog",
              real / "zxvt-capture" / "zxvt-0.3.0.vmod")]
    shared = archive_times(pairs, args.runs)
    for log, vmod in pairs:
        report(log, vmod, args.runs, totals, shared.get(log))
    summary("real logs (no game description: replay-level checks)", totals)
    vlogs = ROOT / "tests" / "data" / "vlogs"
    manifest = json.loads((vlogs / "manifest.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        built: dict[str, Path] = {}
        totals = empty()
        bundled: list[tuple[Path, Path]] = []
        for entry in manifest["logs"]:
            game = entry["game"]
            try:
                if game not in built:
                    built[game] = write_module(build_module(ROOT / game), tmp)
            except Exception as exc:
                print(f"{game}: FAILED to build ({type(exc).__name__}: {exc})")
                continue
            bundled.append((vlogs / entry["log"], built[game]))
        shared = archive_times(bundled, args.runs)
        for log, vmod in bundled:
            report(log, vmod, args.runs, totals, shared.get(log))
        summary("bundled games' VASSAL-written logs (every rule check)", totals)
        if args.steps:
            totals = empty()
            log = Path(tmp) / f"synthetic-{args.steps}.vlog"
            try:
                log.write_bytes(synthetic_log(args.steps))
                mini = built.get("tests/data/games/mini") or write_module(
                    build_module(ROOT / "tests" / "data" / "games" / "mini"), tmp)
                report(log, mini, args.runs, totals)
            except Exception as exc:
                print(f"synthetic log: FAILED ({type(exc).__name__}: {exc})")
            summary("synthetic scale-up", totals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
