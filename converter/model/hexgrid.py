"""A hex grid in the game's own numbering: ids ↔ (column, row), neighbours, drawing positions.

The ids are the column and row numbers, each written with `digits` digits, in the order
`first` says (GE: row then column; WEF: column then row).  `stagger` says which straight
lines are shifted: a hex in a line of that parity touches, in each neighbouring line, the
hexes numbered n-1 and n ('lower') or n and n+1 ('higher').
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from converter.model.common import Provenance

SQRT3 = math.sqrt(3.0)


@dataclass
class Axis:
    min: int
    max: int
    increases: str
    provenance: Provenance | None = None

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and self.min <= n <= self.max

    @property
    def count(self) -> int:
        return self.max - self.min + 1


@dataclass
class Stagger:
    lines: str
    toward: str


@dataclass
class HexGridSpec:
    orientation: str
    first: str
    digits: int
    columns: Axis
    rows: Axis
    stagger: Stagger
    provenance: Provenance | None = None

    # --- ids -------------------------------------------------------------------------
    def parse(self, hex_id: str) -> tuple[int, int]:
        """(column, row) of a hex id; ValueError when it is not of this grid's form."""
        d = self.digits
        if len(hex_id) != 2 * d or not hex_id.isdecimal():
            raise ValueError(f"hex id {hex_id!r} is not {2 * d} digits")
        a, b = int(hex_id[:d]), int(hex_id[d:])
        return (a, b) if self.first == "column" else (b, a)

    def format(self, column: int, row: int) -> str:
        d = self.digits
        a, b = (column, row) if self.first == "column" else (row, column)
        return f"{a:0{d}d}{b:0{d}d}"

    def contains(self, hex_id: str) -> bool:
        try:
            col, row = self.parse(hex_id)
        except ValueError:
            return False
        return col in self.columns and row in self.rows

    def all_ids(self) -> list[str]:
        return [self.format(c, r) for c in range(self.columns.min, self.columns.max + 1)
                for r in range(self.rows.min, self.rows.max + 1)]

    # --- adjacency -------------------------------------------------------------------
    def neighbours(self, hex_id: str) -> list[str]:
        """The ids of the (up to six) hexes touching *hex_id*, inside the grid."""
        col, row = self.parse(hex_id)
        if self.orientation == "flat":  # straight columns
            line, along = col, row
        else:
            line, along = row, col
        shifted = (line % 2 == 0) == (self.stagger.lines == "even")
        low = (self.stagger.toward == "lower") == shifted
        side = (along - 1, along) if low else (along, along + 1)
        cells = [(line, along - 1), (line, along + 1)]
        for other in (line - 1, line + 1):
            cells.extend((other, a) for a in side)
        out = []
        for ln, al in cells:
            c, r = (ln, al) if self.orientation == "flat" else (al, ln)
            if c in self.columns and r in self.rows:
                out.append(self.format(c, r))
        return out

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours(a)

    # --- drawing ---------------------------------------------------------------------
    def hex_size(self, width: float) -> tuple[float, float]:
        """(width, height) of one hex whose flat-to-flat width across the straight lines is *width*.

        For flat-topped hexes *width* is the corner-to-corner width; the height is the
        flat-to-flat distance.  For pointy-topped hexes it is the other way round.
        """
        if self.orientation == "flat":
            return width, width * SQRT3 / 2
        return width * SQRT3 / 2, width

    def center(self, hex_id: str, size: float) -> tuple[float, float]:
        """Centre of a hex in a drawing whose top-left corner is (0, 0), y down.

        *size* is the corner-to-corner diameter of a hex.  The map is laid out so that
        the numbers grow in the compass directions the axes give (north is up).
        """
        col, row = self.parse(hex_id)
        return self._center(col, row, size)

    def _index(self, axis: Axis, n: int, forward: str, backward: str) -> int:
        if axis.increases == forward:
            return n - axis.min
        if axis.increases == backward:
            return axis.max - n
        raise ValueError(f"axis grows {axis.increases!r}; expected {forward} or {backward}")

    def _line_shift(self, line: int, along_axis: Axis, along_forward: str) -> float:
        """-0.5, 0 or +0.5: how far the line of *line* sits from the unshifted lines."""
        shifted = (line % 2 == 0) == (self.stagger.lines == "even")
        if not shifted:
            return 0.0
        toward_lower = self.stagger.toward == "lower"
        grows_forward = along_axis.increases == along_forward
        # moving toward lower numbers is moving backward on the drawing when numbers grow forward
        return -0.5 if toward_lower == grows_forward else 0.5

    def _center(self, col: int, row: int, size: float) -> tuple[float, float]:
        w, h = self.hex_size(size)
        if self.orientation == "flat":
            i = self._index(self.columns, col, "east", "west")
            j = self._index(self.rows, row, "south", "north")
            x = size / 2 + i * 0.75 * size
            y = h / 2 + (j + self._line_shift(col, self.rows, "south") + self._min_shift()) * h
            return x, y
        j = self._index(self.rows, row, "south", "north")
        i = self._index(self.columns, col, "east", "west")
        y = size / 2 + j * 0.75 * size
        x = w / 2 + (i + self._line_shift(row, self.columns, "east") + self._min_shift()) * w
        return x, y

    def _min_shift(self) -> float:
        """Offset that keeps every hex inside the drawing when some lines shift backward."""
        if self.orientation == "flat":
            shifts = {self._line_shift(c, self.rows, "south") for c in (self.columns.min, self.columns.min + 1)}
        else:
            shifts = {self._line_shift(r, self.columns, "east") for r in (self.rows.min, self.rows.min + 1)}
        return 0.5 if min(shifts) < 0 else 0.0

    def drawing_size(self, size: float) -> tuple[float, float]:
        """(width, height) of a drawing holding every hex of the grid."""
        w, h = self.hex_size(size)
        if self.orientation == "flat":
            extra = 0.5 if self._has_shift() else 0.0
            return size + (self.columns.count - 1) * 0.75 * size, (self.rows.count + extra) * h
        extra = 0.5 if self._has_shift() else 0.0
        return (self.columns.count + extra) * w, size + (self.rows.count - 1) * 0.75 * size

    def _has_shift(self) -> bool:
        return True
