"""Benchmark: decoding VASSAL saves and logs, next to pywargame and the floor (run by hand,
not by the test suite).

    .venv/bin/python bench/bench_decode.py [--steps 100000] [--pieces 20000] [--runs 3]

Files: every real save and log under tests/data/real/, a synthetic log of `--steps` steps
(moves with reports, flips, dice, chat) and a synthetic save of `--pieces` pieces.  On each,
in this one run, CPU seconds (the minimum of `--runs`), reading the file always inside the
timer, commands counted as VASSAL counts them (a LOG wrapper is not a command):

- ours:      read + decode every command + decode every piece's whole trait chain (its
             position taken from it) + apply the moves.
- pywargame: pywargame 0.8's `SaveIO.readSave` plus `WithTraits.decodeAdd2` on every AddPiece
             (its reader with the pieces' traits decoded), timed inside its own process.
- floor:     unzip + de-obfuscate only (`savefile.read_save`).

Targets: the synthetic log >= 200,000 commands/s; pywargame >= 20x our time on the save.
Every failure is printed, and the bench goes on.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pywargame_python import pywargame_python  # bench/, beside this script

from converter.vassal.commands import (
    AddPiece, ChangePiece, Chat, Command, LogEntry, MarkGameNotNew, MovePiece, NullCommand,
    PropertyChange, RemovePiece, SetBoards, SetupCommand, encode_command, read_record)
from converter.vassal.savefile import read_save, write_save
from converter.vassal.traits import decode_piece

ROOT = Path(__file__).resolve().parents[1]
PYWARGAME = Path(pywargame_python(ROOT))

PIECE_TYPE = ("emb2;;128;;Flip;128;;;128;;;;1;false;0;0;a.png,b.png;,+ (reduced);true;Step;;;"
              "false;;1;1;true;;70,130;;;1.0;;true\tpiece;;;a.png;{name}")
PIECE_STATE = "1\tMain Map;{x};{y};17;0"


def restored_game(pieces: int) -> list[Command]:
    adds: list[Command] = [
        AddPiece(str(1000 + i), PIECE_TYPE.format(name=f"Unit {i}"),
                 PIECE_STATE.format(x=50 * (i % 40), y=50 * (i // 40)))
        for i in range(pieces)]
    return [NullCommand(), NullCommand(children=adds), SetBoards("Main Map", ("Board", "0", "0")),
            MarkGameNotNew(("",)), SetupCommand(True)]


def synthetic_log(steps: int, pieces: int = 200) -> str:
    """A log shaped like real play: moves with reports, flips, dice, the odd delete."""
    children = restored_game(pieces)
    for n in range(steps):
        pid = str(1000 + n % pieces)
        kind = n % 10
        if kind < 6:
            x, y = 50 * (n % 37), 50 * (n % 23)
            step = LogEntry(MovePiece(pid, "Main Map", x, y, None, "Main Map", y, x, None,
                                      "password"),
                            children=[LogEntry(Chat(f"* Unit {pid} moves A{n % 9} -> B{n % 7} *"))])
        elif kind < 8:
            step = LogEntry(ChangePiece(pid, PIECE_STATE.format(x=n % 500, y=7).replace("1\t", "2\t"),
                                        PIECE_STATE.format(x=n % 500, y=7)),
                            children=[LogEntry(Chat(f"* Unit {pid} flips *"))])
        elif kind == 8:
            step = LogEntry(Chat(f"*** 2d6 = {n % 6 + 1},{n % 5 + 1} *** &lt;Alice&gt;"),
                            children=[LogEntry(PropertyChange(("2d6_result", "1,1",
                                                               f"{n % 6 + 1},{n % 5 + 1}",
                                                               "Module")))])
        else:
            step = LogEntry(Chat(f"&lt;Bob&gt; - turn {n}"))
        children.append(step)
    return encode_command(SetupCommand(False, children=children))


def decode(path: Path) -> int:
    """Read, decode every command and every piece's trait chain, and apply the moves: the
    work a dump or an audit does before naming places.  Returns the commands as VASSAL
    counts them (the restored ones and the logged ones, no LOG wrapper)."""
    record = read_record(read_save(path).text)
    where: dict[str, tuple[str | None, int, int]] = {}
    n = 0
    for c in record.restored():
        n += 1
        if isinstance(c, AddPiece) and c.type != "stack" and not c.type.startswith("deck;"):
            where[c.id] = decode_piece(c.type, c.state).position
    for step in record.steps:
        for c in step.logged():
            n += 1
            if isinstance(c, MovePiece):
                where[c.id] = (c.new_map, c.new_x, c.new_y)
            elif isinstance(c, AddPiece) and c.type != "stack" \
                    and not c.type.startswith("deck;"):
                where[c.id] = decode_piece(c.type, c.state).position
            elif isinstance(c, RemovePiece):
                where.pop(c.id, None)
    return n


_PYWARGAME_SCRIPT = """
import sys, time
import pywargame.common
from pywargame.vassal import SaveIO
from pywargame.vassal.withtraits import WithTraits
pywargame.common.Verbose().setVerbose(False)
best = None
for _ in range(int(sys.argv[2])):
    start = time.process_time()
    key, lines = SaveIO.readSave(sys.argv[1])
    for line in lines:
        line = line.replace('\\x1b', '')
        if line.startswith('+/'):
            WithTraits.decodeAdd2(line, False)
    spent = time.process_time() - start
    best = spent if best is None else min(best, spent)
print(best)
"""


def pywargame_cpu(path: Path, runs: int) -> float | str:
    """pywargame's reader on *path* (readSave, then every AddPiece's traits decoded), CPU
    seconds inside its process, file reading included; a text when it failed."""
    if not PYWARGAME.exists():
        return f"FAILED: no Python at {PYWARGAME} (set VCONV_PYWARGAME_PYTHON)"
    done = subprocess.run([str(PYWARGAME), "-c", _PYWARGAME_SCRIPT, str(path), str(runs)],
                          capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        return "FAILED: " + ((done.stderr.strip().splitlines() or ["?"])[-1])[:160]
    return float(done.stdout.split()[-1])


def cpu(fn: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def bench(path: Path, runs: int, target: str) -> None:
    """Ours, pywargame and the floor on one file, in one run of this bench."""
    try:
        n = decode(path)
        ours = cpu(lambda: decode(path), runs)
        floor = cpu(lambda: read_save(path), runs)
        theirs = pywargame_cpu(path, runs)
    except Exception as exc:  # a bench reports every failure and goes on
        print(f"{path.name}: FAILED ({type(exc).__name__}: {exc})")
        return
    line = (f"{path.name}: {path.stat().st_size / 1e6:.2f} MB, {n} commands; ours "
            f"{ours * 1000:.1f} ms CPU = {n / ours:,.0f} commands/s; floor (unzip + "
            f"de-obfuscate) {floor * 1000:.1f} ms, ours = {ours / floor:.1f}x floor")
    if isinstance(theirs, str):
        line += f"; pywargame {theirs}"
    else:
        line += f"; pywargame {theirs * 1000:.1f} ms = {theirs / ours:.1f}x ours"
    print(line + f"  [{target}]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--pieces", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    real = ROOT / "tests" / "data" / "real"
    for path in sorted(real.rglob("*.vsav")) + sorted(real.rglob("*.vlog")) \
            + sorted(real.rglob("*.log")):
        bench(path, args.runs, "real file")
    with tempfile.TemporaryDirectory() as tmp:
        log = write_save(Path(tmp) / f"synthetic-{args.steps}.vlog", synthetic_log(args.steps))
        bench(log, args.runs, "target >= 200,000 commands/s")
        save = write_save(Path(tmp) / f"synthetic-{args.pieces}.vsav", encode_command(
            SetupCommand(False, children=restored_game(args.pieces))))
        bench(save, args.runs, "target: pywargame >= 20x ours")
    return 0


if __name__ == "__main__":
    sys.exit(main())
