"""Grid arithmetic: board pixel ↔ raw (column, row) ↔ VASSAL location name, for hex, square,
region and zoned grids (`grid_of_board` builds it from a BoardComponent).  `HexGeometry`,
`SquareGeometry`, `RegionGeometry`, `ZonedGeometry` and `ZoneGeometry` hold only the numbers of
the components they compute for (`HexGridComponent`, ...), never XML; VASSAL's defaults are
read from those components, never restated here.

This reproduces VASSAL 3.6's HexGrid/SquareGrid and RegularGridNumbering arithmetic (§5 of the
format reference), including its quirks (descending counts use `height/dx` and `width/dy`;
Java truncation and `Math.round`), so that names computed here match the names VASSAL writes
in move reports.  `HexNumberingScheme` describes a game's own hex ids (e.g. XXYY) and
`hex_grid_for_scheme` finds the VASSAL settings that reproduce them.

>>> g = HexGeometry(x0=40, y0=36, dx=56.0, dy=64.0,
...                 numbering=GridNumbering(stagger=False))
>>> g.location_name((656, 1668)), g.center_of("1226")
('1226', (656, 1668))
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TypeVar

from converter.errors import VassalFormatError
from converter.vassal.javanum import unreadable_numbers
from converter.vassal.components.base import Component, RawElement
from converter.vassal.components.board import BoardComponent
from converter.vassal.components.hex_grid import HexGridComponent
from converter.vassal.components.hex_grid_numbering import HexGridNumbering
from converter.vassal.components.region import Region
from converter.vassal.components.region_grid import RegionGrid
from converter.vassal.components.square_grid import SquareGrid
from converter.vassal.components.square_grid_numbering import SquareGridNumbering
from converter.vassal.components.zone import ZoneComponent
from converter.vassal.components.zoned_grid import ZonedGrid

Point = tuple[int, int]
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def jround(value: float) -> int:
    """Java's Math.round: floor(v + 0.5) (Python's round() rounds halves to even)."""
    return math.floor(value + 0.5)


# VASSAL's defaults live in the components; the arithmetic takes them from there
_HEX_GRID = HexGridComponent()
_HEX_NUMBERING = HexGridNumbering()
_SQUARE_GRID = SquareGrid()


@dataclass(frozen=True)
class GridNumbering:
    """RegularGridNumbering settings (HexGridNumbering / SquareGridNumbering attributes),
    frozen for the arithmetic; the defaults are HexGridNumbering's."""

    first: str = _HEX_NUMBERING.first
    sep: str = _HEX_NUMBERING.sep
    h_type: str = _HEX_NUMBERING.h_type
    h_leading: int = _HEX_NUMBERING.h_leading
    h_off: int = _HEX_NUMBERING.h_off
    h_descend: bool = _HEX_NUMBERING.h_descend
    v_type: str = _HEX_NUMBERING.v_type
    v_leading: int = _HEX_NUMBERING.v_leading
    v_off: int = _HEX_NUMBERING.v_off
    v_descend: bool = _HEX_NUMBERING.v_descend
    stagger: bool = _HEX_NUMBERING.stagger
    location_format: str = _HEX_NUMBERING.location_format

    def part_name(self, value: int, kind: str, leading: int) -> str:
        """One coordinate as text: numeric zero-padded to leading+1 digits, or A..Z, AA, BB."""
        sign = "-" if value < 0 else ""
        value = abs(value)
        if kind.upper().startswith("A"):
            return sign + _ALPHABET[value % 26] * (value // 26 + 1)
        return sign + str(value).rjust(leading + 1, "0")

    def parse_part(self, text: str, kind: str, leading: int) -> int | None:
        """The inverse of part_name, or None when *text* is not a name it would write."""
        sign = -1 if text.startswith("-") else 1
        body = text[1:] if sign < 0 else text
        if not body:
            return None
        if kind.upper().startswith("A"):
            if body[0] not in _ALPHABET or body != body[0] * len(body):
                return None
            value = (len(body) - 1) * 26 + _ALPHABET.index(body[0])
        else:
            if not body.isdigit():
                return None
            value = int(body)
        value *= sign
        return value if self.part_name(value, kind, leading) == text else None

    def grid_location(self, column: int, row: int) -> tuple[str, str, str]:
        """(gridLocation, column name, row name) for numbered (not raw) column and row."""
        col_name = self.part_name(column + self.h_off, self.h_type, self.h_leading)
        row_name = self.part_name(row + self.v_off, self.v_type, self.v_leading)
        if self.first.upper().startswith("H"):
            return col_name + self.sep + row_name, col_name, row_name
        return row_name + self.sep + col_name, col_name, row_name

    def format(self, column: int, row: int) -> str:
        grid, col_name, row_name = self.grid_location(column, row)
        return (self.location_format.replace("$gridLocation$", grid)
                .replace("$row$", row_name).replace("$column$", col_name))

    def parse(self, name: str) -> tuple[int, int]:
        """Numbered (column, row) from a location name.

        Raises:
            VassalFormatError: the name does not fit this numbering, or fits it two ways.
        """
        candidates = set()
        for grid in self._grid_texts(name):
            for col_text, row_text in self._splits(grid):
                col = self.parse_part(col_text, self.h_type, self.h_leading)
                row = self.parse_part(row_text, self.v_type, self.v_leading)
                if col is not None and row is not None:
                    candidates.add((col - self.h_off, row - self.v_off))
        candidates = {c for c in candidates if self.format(*c) == name}
        if not candidates:
            raise VassalFormatError(f"location {name!r} does not fit the grid numbering "
                                    f"(format {self.location_format!r}, separator {self.sep!r})")
        if len(candidates) > 1:
            raise VassalFormatError(f"location {name!r} is ambiguous in this grid numbering: "
                                    f"it reads as {sorted(candidates)}")
        return candidates.pop()

    def _grid_texts(self, name: str) -> list[str]:
        fmt = self.location_format
        if "$gridLocation$" not in fmt:
            # Only $row$/$column$: rebuild a gridLocation from the two captured parts.
            pattern = re.escape(fmt).replace(re.escape("$row$"), "(?P<row>.+?)") \
                .replace(re.escape("$column$"), "(?P<column>.+?)")
            match = re.fullmatch(pattern, name)
            if not match:
                return []
            col, row = match.groupdict().get("column", ""), match.groupdict().get("row", "")
            first_col = self.first.upper().startswith("H")
            return [col + self.sep + row if first_col else row + self.sep + col]
        head, _, tail = fmt.partition("$gridLocation$")
        if not (name.startswith(head) and name.endswith(tail)) or len(name) < len(head + tail):
            return []
        return [name[len(head):len(name) - len(tail)]]

    def _splits(self, grid: str) -> list[tuple[str, str]]:
        out = []
        first_col = self.first.upper().startswith("H")
        for cut in range(1, len(grid)):
            left = grid[:cut]
            rest = grid[cut:]
            if not rest.startswith(self.sep):
                continue
            right = rest[len(self.sep):]
            if not right:
                continue
            out.append((left, right) if first_col else (right, left))
        return out


MIN_SPACING, MAX_SPACING = 1.0, 100_000.0  # board pixels between grid lines


def check_spacing(grid: G) -> G:
    """*grid* itself when its spacing locates anything.

    A spacing of 0, -0, 1e-320 or 1e308 divides by zero or overflows every position.  The
    importer notes such a grid and goes on (it needs no arithmetic); a reader that computes
    locations (the auditor) calls this where it reads the grid.

    Raises:
        VassalFormatError: dx or dy is not a finite number of pixels in the sensible range.
    """
    for name in ("dx", "dy"):
        value = getattr(grid, name)
        if not (isinstance(value, (int, float)) and math.isfinite(value)
                and MIN_SPACING <= value <= MAX_SPACING):
            element = "HexGrid" if isinstance(grid, HexGeometry) else "SquareGrid"  # as in the buildFile
            raise VassalFormatError(f"{element} {name}={value!r}: the spacing must "
                                    f"be a number of pixels from {MIN_SPACING:g} to "
                                    f"{MAX_SPACING:g}")
    return grid


G = TypeVar("G", bound="HexGeometry | SquareGeometry")


def check_board_spacing(grid: "BoardGrid | None") -> None:
    """`check_spacing` on every hex or square grid of a board: the grid itself or, for zones
    (named hexes are zones), the background grid and each zone's own.

    Raises:
        VassalFormatError: one of them has a spacing that locates nothing.
    """
    if isinstance(grid, (HexGeometry, SquareGeometry)):
        check_spacing(grid)
    elif isinstance(grid, ZonedGeometry):
        for part in (grid.background, *(zone.grid for zone in grid.zones)):
            check_board_spacing(part)


@dataclass(frozen=True)
class HexGeometry:
    """A VASSAL HexGrid with its numbering, in board pixels.

    `board_size` (width, height) is needed only when a numbering axis descends.
    """

    x0: int = _HEX_GRID.x0
    y0: int = _HEX_GRID.y0
    dx: float = _HEX_GRID.dx
    dy: float = _HEX_GRID.dy
    sideways: bool = _HEX_GRID.sideways
    numbering: GridNumbering = field(default_factory=GridNumbering)
    board_size: tuple[int, int] | None = None

    # -- geometry (HexGrid.getRawColumn/getRawRow, snap centres) ------------------------------

    def _rotate(self, point: tuple[float, float]) -> tuple[float, float]:
        return (point[1], point[0]) if self.sideways else point

    def raw_index(self, point: tuple[float, float]) -> tuple[int, int]:
        """The raw (column, row) of the hex containing *point* (VASSAL's rounding)."""
        x, y = self._rotate(point)
        col = math.floor((x - self.x0) / self.dx + 0.5)
        if col % 2 == 0:
            row = jround((y - self.y0) / self.dy)
        else:
            row = jround((y - self.y0 - self.dy / 2) / self.dy)
        return col, row

    def center(self, col: int, row: int) -> Point:
        """The snap centre of raw hex (col, row), as VASSAL's snapping computes it."""
        x = int(self.dx * col + self.x0)
        if col % 2 == 0:
            y = int(self.dy * row + self.y0)
        else:
            y = int(self.dy * row + int(self.dy / 2) + self.y0)
        return (y, x) if self.sideways else (x, y)

    def neighbours_raw(self, col: int, row: int) -> list[tuple[int, int]]:
        """The six raw neighbours of (col, row): odd columns sit half a hex lower."""
        if col % 2 == 0:
            sides = [(col - 1, row - 1), (col - 1, row), (col + 1, row - 1), (col + 1, row)]
        else:
            sides = [(col - 1, row), (col - 1, row + 1), (col + 1, row), (col + 1, row + 1)]
        return [(col, row - 1), (col, row + 1)] + sides

    # -- numbering (HexGridNumbering.getColumn/getRow/getLocation) ----------------------------

    def _max_rows(self) -> int:
        return math.floor(self._size()[1] / self.dx + 0.5)

    def _max_columns(self) -> int:
        return math.floor(self._size()[0] / self.dy + 0.5)

    def _size(self) -> tuple[int, int]:
        if self.board_size is None:
            raise ValueError("a descending hex numbering needs the board size")
        return self.board_size

    def numbered(self, col: int, row: int) -> tuple[int, int]:
        """Numbered (column, row), before offsets, for raw (col, row)."""
        n = self.numbering
        c, r = col, row
        if self.sideways:
            if n.v_descend:
                c = self._max_rows() - c
            if n.h_descend:
                r = self._max_columns() - r
            row_descends = n.h_descend
        else:
            if n.h_descend:
                c = self._max_columns() - c
            if n.v_descend:
                r = self._max_rows() - r
            row_descends = n.v_descend
        if n.stagger and col % 2 != 0:
            r += -1 if row_descends else 1
        return c, r

    def raw_of_numbered(self, c: int, r: int) -> tuple[int, int]:
        """The inverse of `numbered`."""
        n = self.numbering
        if self.sideways:
            col = self._max_rows() - c if n.v_descend else c
            row_descends = n.h_descend
        else:
            col = self._max_columns() - c if n.h_descend else c
            row_descends = n.v_descend
        if n.stagger and col % 2 != 0:
            r -= -1 if row_descends else 1
        if self.sideways:
            row = self._max_columns() - r if n.h_descend else r
        else:
            row = self._max_rows() - r if n.v_descend else r
        return col, row

    def name_of_raw(self, col: int, row: int) -> str:
        return self.numbering.format(*self.numbered(col, row))

    def location_name(self, point: tuple[float, float]) -> str:
        """The name VASSAL gives the board point (e.g. in `moves G7 -> H6` reports)."""
        return self.name_of_raw(*self.raw_index(point))

    def raw_of_name(self, name: str) -> tuple[int, int]:
        return self.raw_of_numbered(*self.numbering.parse(name))

    def center_of(self, name: str) -> Point:
        """The board point VASSAL places a piece at for a grid location name (getLocation).

        It may differ from the snap centre by 1 px when dy is fractional.

        Raises:
            VassalFormatError: the name does not fit the numbering.
        """
        col, row = self.raw_of_name(name)
        x = int(col * self.dx) + self.x0
        if col % 2 == 0:
            y = int(row * self.dy) + self.y0
        else:
            y = int(row * self.dy + self.dy / 2) + self.y0
        return (y, x) if self.sideways else (x, y)

    def neighbours(self, name: str) -> list[str]:
        """The names of the six hexes around *name* (off-board ones included)."""
        return [self.name_of_raw(c, r) for c, r in self.neighbours_raw(*self.raw_of_name(name))]

    # -- components ---------------------------------------------------------------------------

    @classmethod
    def from_components(cls, grid: HexGridComponent,
                        numbering: HexGridNumbering | SquareGridNumbering | None,
                        board_size: tuple[int, int] | None = None) -> HexGeometry:
        """From HexGrid and HexGridNumbering components (numbering None: VASSAL defaults)."""
        return cls(x0=grid.x0, y0=grid.y0, dx=grid.dx, dy=grid.dy, sideways=grid.sideways,
                   numbering=numbering_of(numbering), board_size=board_size)

    def to_components(self, **grid_attrs: object) -> tuple[HexGridComponent, HexGridNumbering]:
        """HexGrid and HexGridNumbering components with these settings (extra attributes,
        e.g. visible=True, go to the HexGrid)."""
        n = self.numbering
        grid = HexGridComponent(x0=self.x0, y0=self.y0, dx=float(self.dx), dy=float(self.dy),
                                sideways=self.sideways, **grid_attrs)  # type: ignore[arg-type]
        numbering = HexGridNumbering(
            first=n.first, sep=n.sep, h_type=n.h_type, h_leading=n.h_leading, h_off=n.h_off,
            h_descend=n.h_descend, v_type=n.v_type, v_leading=n.v_leading, v_off=n.v_off,
            v_descend=n.v_descend, stagger=n.stagger, location_format=n.location_format)
        grid.children.append(numbering)
        return grid, numbering


def numbering_of(component: HexGridNumbering | SquareGridNumbering | None) -> GridNumbering:
    """GridNumbering from a HexGridNumbering/SquareGridNumbering component (None: VASSAL's
    defaults; a square numbering never staggers)."""
    if component is None:
        return GridNumbering()
    return GridNumbering(
        first=component.first or _HEX_NUMBERING.first, sep=component.sep,
        h_type=component.h_type, h_leading=component.h_leading, h_off=component.h_off,
        h_descend=component.h_descend, v_type=component.v_type,
        v_leading=component.v_leading, v_off=component.v_off, v_descend=component.v_descend,
        stagger=component.stagger if isinstance(component, HexGridNumbering) else False,
        location_format=component.location_format)


@dataclass(frozen=True)
class SquareGeometry:
    """A VASSAL SquareGrid with its numbering; (x0, y0) is the centre of cell (0, 0)."""

    x0: int = _SQUARE_GRID.x0
    y0: int = _SQUARE_GRID.y0
    dx: float = _SQUARE_GRID.dx
    dy: float = _SQUARE_GRID.dy
    numbering: GridNumbering = field(default_factory=lambda: numbering_of(SquareGridNumbering()))
    board_size: tuple[int, int] | None = None

    def raw_index(self, point: tuple[float, float]) -> tuple[int, int]:
        col = math.floor((point[0] - self.x0) / self.dx + 0.5)
        row = int((point[1] - self.y0) / self.dy + 0.5)  # truncation, as VASSAL does
        return col, row

    def center(self, col: int, row: int) -> Point:
        return int(col * self.dx + self.x0), int(row * self.dy + self.y0)

    def _numbered(self, col: int, row: int) -> tuple[int, int]:
        n = self.numbering
        if n.h_descend or n.v_descend:
            if self.board_size is None:
                raise ValueError("a descending square numbering needs the board size")
            width, height = self.board_size
            if n.h_descend:
                col = int(width / self.dx + 0.5) - col
            if n.v_descend:
                row = int(height / self.dy + 0.5) - row
        return col, row

    def location_name(self, point: tuple[float, float]) -> str:
        return self.numbering.format(*self._numbered(*self.raw_index(point)))

    def center_of(self, name: str) -> Point:
        col, row = self._numbered(*self.numbering.parse(name))  # the flip is its own inverse
        return self.center(col, row)


@dataclass(frozen=True)
class HexNumberingScheme:
    """A game's own hex ids, e.g. XXYY, for flat-topped (columns) or pointy-topped (rows) hexes.

    `first` says which number comes first in an id ("column" or "row"); `digits` is the width
    of each number; `column_start`/`row_start` number the leftmost column and the top row;
    `columns_descend`/`rows_descend` count right-to-left / bottom-to-top.  The straight lines
    are columns for "flat" and rows for "pointy"; `first_line_back` says whether the first
    line (leftmost column, top row) sits half a hex back (higher for columns, further left for
    rows) than the next line: the common "0101 above 0201" layout for flat hexes.
    """

    orientation: str = "flat"
    first: str = "column"
    digits: int = 2
    separator: str = ""
    column_start: int = 1
    row_start: int = 1
    columns_descend: bool = False
    rows_descend: bool = False
    first_line_back: bool = True

    def hex_id(self, column_index: int, row_index: int) -> str:
        """The id of the hex in the column_index-th column from the left and the row_index-th
        row from the top (for flat hexes, the row_index-th hex down its column)."""
        col = self.column_start + (-column_index if self.columns_descend else column_index)
        row = self.row_start + (-row_index if self.rows_descend else row_index)
        col_text = str(col).rjust(self.digits, "0")
        row_text = str(row).rjust(self.digits, "0")
        if self.first == "column":
            return col_text + self.separator + row_text
        return row_text + self.separator + col_text


def hex_grid_for_scheme(scheme: HexNumberingScheme, *, first_hex: Point, dx: float, dy: float,
                        board_size: tuple[int, int]) -> HexGeometry:
    """The VASSAL hex grid whose location names are *scheme*'s hex ids.

    *first_hex* is the board-pixel centre of the first hex (top of the leftmost column for
    flat hexes, left end of the top row for pointy ones); *dx* is the distance between
    neighbouring lines (columns, or rows), *dy* between neighbouring hexes along a line.
    Pointy hexes use VASSAL's sideways grid, where the numbering's "column" part counts the
    screen rows.  A first line set forward is expressed with `stagger`; descending axes with
    hDescend/vDescend and offsets computed from VASSAL's own maxColumns/maxRows.

    >>> s = HexNumberingScheme(first_line_back=False)
    >>> g = hex_grid_for_scheme(s, first_hex=(40, 68), dx=56.0, dy=64.0, board_size=(900, 700))
    >>> g.location_name((96, 36)), g.location_name((40, 68))
    ('0201', '0101')

    Raises:
        ValueError: an unknown orientation or `first`.
    """
    if scheme.first not in ("column", "row"):
        raise ValueError(f"scheme.first must be 'column' or 'row', not {scheme.first!r}")
    if scheme.orientation not in ("flat", "pointy"):
        raise ValueError(f"scheme.orientation must be 'flat' or 'pointy', "
                         f"not {scheme.orientation!r}")
    sideways = scheme.orientation == "pointy"
    # VASSAL's numbering "column" (h*) counts lines: game columns when flat, game rows when
    # pointy; its "row" (v*) counts hexes along a line.
    line_first = (scheme.first == "column") != sideways
    line_start, along_start = ((scheme.row_start, scheme.column_start) if sideways
                               else (scheme.column_start, scheme.row_start))
    line_descends, along_descends = ((scheme.rows_descend, scheme.columns_descend) if sideways
                                     else (scheme.columns_descend, scheme.rows_descend))
    x0, y0 = (first_hex[1], first_hex[0]) if sideways else first_hex
    numbering = GridNumbering(
        first="H" if line_first else "V", sep=scheme.separator,
        h_leading=scheme.digits - 1, v_leading=scheme.digits - 1,
        # Sideways, vDescend reverses the lines and hDescend the hexes along them (§5.3).
        h_descend=along_descends if sideways else line_descends,
        v_descend=line_descends if sideways else along_descends,
        stagger=not scheme.first_line_back)
    grid = HexGeometry(x0=x0, y0=y0, dx=dx, dy=dy, sideways=sideways, numbering=numbering,
                   board_size=board_size)
    # A descending part names index i as (max - i) + offset, so offset = start - max.
    line_max = grid._max_rows() if sideways else grid._max_columns()
    along_max = grid._max_columns() if sideways else grid._max_rows()
    h_off = line_start - (line_max if line_descends else 0)
    v_off = along_start - (along_max if along_descends else 0)
    return replace(grid, numbering=replace(numbering, h_off=h_off, v_off=v_off))


@dataclass(frozen=True)
class RegionGeometry:
    """Named points; a board point is named by the nearest region origin (§5.4)."""

    regions: tuple[tuple[str, Point], ...] = ()

    def location_name(self, point: tuple[float, float]) -> str:
        best, best_d = "", math.inf
        for name, (x, y) in self.regions:
            d = (point[0] - x) ** 2 + (point[1] - y) ** 2
            if d < best_d:
                best, best_d = name, d
        return best

    def center_of(self, name: str) -> Point:
        for region, origin in self.regions:
            if region == name:
                return origin
        raise VassalFormatError(f"no region named {name!r}")


def has_numbering(grid: Component) -> bool:
    """Whether a HexGrid or SquareGrid states a numbering: without one VASSAL names none of
    its cells (its reports say 'offboard')."""
    return any(isinstance(c, (HexGridNumbering, SquareGridNumbering)) for c in grid.children)


def zone_names_no_cell(location_format: str, own_grid_names: bool | None,
                       use_parent_grid: bool, background_names: bool | None) -> bool:
    """Whether VASSAL leaves a zone's `$gridLocation$` empty at every point ('West ' for
    '$name$ $gridLocation$'): the grid it reads (the board's own grid behind the zones when
    the zone uses its parent's, else its own) is absent or a hex or square grid without
    numbering, both of which name no cell (Zone.locationName sets the property to null).

    `own_grid_names` and `background_names`: None for no grid, False for a grid without
    numbering, True for one that names its cells (a numbered grid, regions).

    >>> zone_names_no_cell("$name$ $gridLocation$", None, False, True)
    True
    >>> zone_names_no_cell("$gridLocation$", None, True, True)
    False
    """
    if "$gridLocation$" not in location_format:
        return False
    names = background_names if use_parent_grid else own_grid_names
    return not names


@dataclass(frozen=True)
class ZoneGeometry:
    """A polygon zone of a ZonedGrid, in board pixels, with its own grid or the parent's."""

    name: str
    polygon: tuple[Point, ...]
    location_format: str = "$name$"
    grid: "BoardGrid | None" = None
    use_parent_grid: bool = False

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) of the polygon: most points are outside it, and the
        box tells so without walking every edge."""
        if not self.polygon:
            return (0.0, 0.0, -1.0, -1.0)
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return (min(xs), min(ys), max(xs), max(ys))

    def contains(self, point: tuple[float, float]) -> bool:
        """Even-odd point-in-polygon test, as java.awt.Polygon.contains."""
        x, y = point
        left, top, right, bottom = self.bounds
        if not (left <= x <= right and top <= y <= bottom):
            return False
        inside = False
        n = len(self.polygon)
        for i in range(n):
            x1, y1 = self.polygon[i]
            x2, y2 = self.polygon[(i + 1) % n]
            if (y1 <= y < y2) or (y2 <= y < y1):
                cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                if x < cross:
                    inside = not inside
        return inside


@dataclass(frozen=True)
class ZonedGeometry:
    """Zones checked in file order, then the background grid (§5.1)."""

    zones: tuple[ZoneGeometry, ...] = ()
    background: "BoardGrid | None" = None

    def location_name(self, point: tuple[float, float]) -> str:
        for zone in self.zones:
            if zone.contains(point):
                grid = self.background if zone.use_parent_grid else zone.grid
                location = grid.location_name(point) if grid is not None else ""
                return (zone.location_format.replace("$name$", zone.name)
                        .replace("$gridLocation$", location))
        return self.background.location_name(point) if self.background is not None else ""


BoardGrid = HexGeometry | SquareGeometry | RegionGeometry | ZonedGeometry


def grid_of_board(board: BoardComponent, board_size: tuple[int, int] | None = None
                  ) -> BoardGrid | None:
    """The grid arithmetic of a Board component (None when the board has no grid).

    *board_size* is needed for descending numberings; a board without an image has its
    own width and height.
    """
    if board_size is None and not board.image:
        board_size = (board.width, board.height)
    for child in board.children:
        grid = _grid_of(child, board_size)
        if grid is not None:
            return grid
    return None


def _numbering_child(component: Component) -> HexGridNumbering | SquareGridNumbering | None:
    for child in component.children:  # by class: a foreign `x.HexGridNumbering` is raw
        if isinstance(child, (HexGridNumbering, SquareGridNumbering)):
            # a number VASSAL cannot read: it builds no numbering (the grid names no cell)
            return None if unreadable_numbers(child) else child
    return None


def _grid_of(comp: Component, size: tuple[int, int] | None) -> BoardGrid | None:
    # by class, not by tag ending: an unknown element named `foo.Region` or `foo.HexGrid` is
    # kept raw and has none of the attributes of VASSAL's own
    if isinstance(comp, RawElement) or unreadable_numbers(comp):
        return None  # a grid number VASSAL cannot read: it builds no grid there
    if isinstance(comp, HexGridComponent):
        return HexGeometry.from_components(comp, _numbering_child(comp), size)
    if isinstance(comp, SquareGrid):
        numbering = _numbering_child(comp)
        return SquareGeometry(x0=comp.x0, y0=comp.y0, dx=comp.dx, dy=comp.dy,
                              numbering=numbering_of(numbering) if numbering is not None
                              else GridNumbering(stagger=False), board_size=size)
    if isinstance(comp, RegionGrid):
        return RegionGeometry(tuple((r.name, (r.originx, r.originy)) for r in comp.children
                                    if isinstance(r, Region) and not unreadable_numbers(r)))
    if isinstance(comp, ZonedGrid):
        zones, background = [], None
        for child in comp.children:
            if isinstance(child, ZoneComponent):
                polygon = _polygon(child.path)
                inner_size = _bounds_size(polygon) or size  # (VASSAL: the zone's size)
                inner = next((g for g in (_grid_of(c, inner_size) for c in child.children)
                              if g is not None), None)
                zones.append(ZoneGeometry(child.name, polygon, child.location_format,
                                          inner, child.use_parent_grid))
            elif background is None:
                background = _grid_of(child, size)
        return ZonedGeometry(tuple(zones), background)
    return None


def _bounds_size(polygon: tuple[Point, ...]) -> tuple[int, int] | None:
    """A zone's bounding box size: a grid in a zone counts a descending numbering from it
    (the grid's container is the zone, `Zone.getSize`), not from the board."""
    if not polygon:
        return None
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    return max(xs) - min(xs), max(ys) - min(ys)


def _polygon(path: str) -> tuple[Point, ...]:
    points = []
    for pair in path.split(";"):
        x, _, y = pair.partition(",")
        x, y = x.strip(), y.strip()
        if x.lstrip("-").isdigit() and y.lstrip("-").isdigit() and len(x + y) < 20:
            points.append((int(x), int(y)))
    return tuple(points)
