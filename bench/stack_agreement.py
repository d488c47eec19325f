"""Where the audit's replay and VASSAL disagree on a log's pieces (run by hand).

VASSAL's own end state of a log (vassal-check36 --execute --save END.vsav) and the origin
VASSAL records in each MovePiece are the truth; this lists each piece the replay leaves
elsewhere, each deck whose cards (read from the end save's own deck states) differ, and each
move whose recorded origin is not where the replay had the piece.

    python bench/stack_agreement.py LOG MODULE END.vsav
"""

from __future__ import annotations

import sys
from pathlib import Path

from converter.audit.module import load_module
from converter.audit.replay import Replay
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game


class _Checked(Replay):
    """A replay that notes each MovePiece of a piece whose recorded origin differs."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.origins: list[tuple[int, str, object, object]] = []
        self._handlers[cmd.MovePiece] = self._checked_move

    def _checked_move(self, c: cmd.MovePiece, restored: bool = False) -> None:
        piece = self.state.pieces.get(c.id)
        if piece is not None and not restored and c.old_map is not None:
            was = (piece.map, piece.x, piece.y)
            if was != (c.old_map, c.old_x, c.old_y):
                self.origins.append((self._step, c.id, was, (c.old_map, c.old_x, c.old_y)))
        self._move(c, restored)


def disagreements(log: Path, module: Path, end: Path) -> tuple[list[str], list[str]]:
    """(pieces ending elsewhere than VASSAL leaves them, moves starting elsewhere)."""
    mod = load_module(module)
    _save, record = read_game(log)
    replay = _Checked(mod)
    replay.run(record, log.name)
    _save, end_record = read_game(end)
    vassal = Replay(load_module(module))
    vassal.run(end_record, end.name)
    ours = replay.state.pieces
    ends = []
    for pid, theirs in sorted(vassal.state.pieces.items()):
        mine = ours.get(pid)
        here = None if mine is None else (mine.map, mine.x, mine.y)
        there = (theirs.map, theirs.x, theirs.y)
        if theirs.map is None and mine is not None and mine.map not in mod.maps:
            continue  # on no map in VASSAL (a map the module lacks): no place to agree on
        if here != there:
            ends.append(f"{pid} {theirs.name_then()}: replay {here}, VASSAL {there}")
    for c in end_record.restored():  # (the save's own deck states, not as replayed)
        if type(c) is cmd.AddPiece and c.type.startswith("deck;"):
            cards = cmd.deck_place(c.state)[4]
            held = replay.state.stacks.get(c.id)
            if held != cards:
                ends.append(f"deck {cmd.deck_name(c.type)!r}: replay {held}, VASSAL {cards}"
                            + (" (the same cards)" if sorted(held or ()) == sorted(cards)
                               else ""))
    starts = [f"step {step} {pid}: replay {was}, VASSAL {old}"
              for step, pid, was, old in replay.origins]
    return ends, starts


def main() -> None:
    log, module, end = (Path(a) for a in sys.argv[1:4])
    ends, starts = disagreements(log, module, end)
    print(f"{log.name}: {len(ends)} pieces end elsewhere, {len(starts)} moves start elsewhere")
    for line in ends + starts:
        print("  " + line)


if __name__ == "__main__":
    main()
