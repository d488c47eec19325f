"""Benchmark: decoding VASSAL saves and logs (run by hand, not by the test suite).

    .venv/bin/python bench/bench_decode.py [--steps 100000] [--pieces 50000]

1. A large synthetic log written by our own writer (!VCSK): read + decode + a minimal replay
   (piece positions by id), in commands per second.  Target: >= 200,000 commands/s.
2. A large save read by us and by pywargame's SaveIO.readSave (its VASSAL save reader) on the
   same file in the same run.  Target: we are >= 20x faster.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from converter.vassal.commands import (
    AddPiece, ChangePiece, Chat, Command, LogEntry, MarkGameNotNew, MovePiece, NullCommand,
    PropertyChange, RemovePiece, SetBoards, SetupCommand, encode_command, read_record)
from converter.vassal.savefile import read_save, write_save

PYWARGAME = Path(__file__).resolve().parents[1] / ".venv312" / "bin" / "python"

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


def replay(path: Path) -> int:
    """Read, decode and apply: the work the auditor does before its rule checks."""
    record = read_record(read_save(path).text)
    where: dict[str, tuple[str | None, int, int]] = {}
    n = 0
    for c in record.restored():
        n += 1
        if isinstance(c, AddPiece):
            where[c.id] = ("Main Map", 0, 0)
    for step in record.steps:
        for entry in step.entries():
            n += 1
            c = entry.command
            if c is None:
                continue
            n += 1
            if isinstance(c, MovePiece):
                where[c.id] = (c.new_map, c.new_x, c.new_y)
            elif isinstance(c, AddPiece):
                where[c.id] = ("Main Map", 0, 0)
            elif isinstance(c, RemovePiece):
                where.pop(c.id, None)
    return n


def bench_log(tmp: Path, steps: int) -> None:
    path = write_save(tmp / "big.vlog", synthetic_log(steps))
    replay(path)  # warm up
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        n = replay(path)
        best = min(best, time.perf_counter() - start)
    rate = n / best
    verdict = "OK" if rate >= 200_000 else "BELOW TARGET"
    print(f"log: {path.stat().st_size / 1e6:.1f} MB, {n} commands (LOG wrappers included) "
          f"decoded+replayed in {best:.3f}s = {rate:,.0f} commands/s "
          f"(target 200,000) {verdict}")


_PYWARGAME_SCRIPT = """
import sys, time
from pywargame.vassal import SaveIO
start = time.perf_counter()
key, lines = SaveIO.readSave(sys.argv[1])
print(time.perf_counter() - start, len(lines))
"""


def bench_save(tmp: Path, pieces: int) -> None:
    text = encode_command(SetupCommand(False, children=restored_game(pieces)))
    path = write_save(tmp / "big.vsav", text)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        record = read_record(read_save(path).text)
        best = min(best, time.perf_counter() - start)
    adds = sum(1 for c in record.restored() if isinstance(c, AddPiece))
    print(f"save: {path.stat().st_size / 1e6:.1f} MB on disk, {adds} pieces: ours {best:.3f}s")
    if not PYWARGAME.exists():
        print(f"pywargame: {PYWARGAME} is absent; comparison skipped")
        return
    done = subprocess.run([str(PYWARGAME), "-c", _PYWARGAME_SCRIPT, str(path)],
                          capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        print("pywargame failed:", done.stderr.strip().splitlines()[-1:])
        return
    theirs = float(done.stdout.split()[0])
    ratio = theirs / best
    verdict = "OK" if ratio >= 20 else "BELOW TARGET"
    print(f"save: pywargame SaveIO.readSave {theirs:.3f}s (it only splits on ESC; we also type "
          f"every command): we are {ratio:.0f}x faster (target 20x) {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--pieces", type=int, default=50_000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        bench_log(Path(tmp), args.steps)
        bench_save(Path(tmp), args.pieces)
    return 0


if __name__ == "__main__":
    sys.exit(main())
