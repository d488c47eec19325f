"""Which board of a map lies under a map point: one answer for import and audit.

`vconv import` places the pieces of a module's setup saves on the board under each piece, and
`vconv audit` names a piece's place by the board under it; when the two answered differently
(a board whose image is absent, so whose size is unknown), a module's own setup showed false
violations (Warmachine & Hordes' Ghost Town: 13 terrain pieces in the map's margin, placed on
the board by import and off it by the audit).  So both ask `board_under`.

VASSAL lays a map's boards after its margin (the map's edge width and height) and names any
point outside every board 'offboard'.  A board whose image is absent has a size no one can
tell: it is laid at the size it states (VASSAL's default 500x500 when it states none), and
also reaches right and down from its corner, the last such board first, but never into the
margin, which is off the boards whatever the image's size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class LaidBoard(NamedTuple):
    """A board as laid on its map: its corner in map pixels, its size, whether it is known."""

    left: int
    top: int
    width: int
    height: int
    size_known: bool = True


def board_under(x: int, y: int, boards: Sequence[LaidBoard]) -> int | None:
    """The index in *boards* of the board under map point (x, y); None: 'offboard'."""
    for i, b in enumerate(boards):
        if b.left <= x < b.left + b.width and b.top <= y < b.top + b.height:
            return i
    for i in range(len(boards) - 1, -1, -1):  # a board of unknown size reaches on
        b = boards[i]
        if not b.size_known and b.left <= x and b.top <= y:
            return i
    return None
