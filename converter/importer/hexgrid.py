"""A VASSAL hex grid and its numbering → the format's `grid` (and the board image geometry).

VASSAL numbers raw lattice cells (columns of hexes, or rows once `sideways`) with
HexGridNumbering; the format writes ids as two numbers.  The grid is read off the hexes
whose centres lie on the board (edges included, so a map's half hexes count):

- orientation: `sideways` grids have straight rows (pointy-topped hexes), others columns;
- hexes numbered below 0 (a margin around the game's map) stay off the grid: ids have no sign;
- the numbering's first part counts VASSAL's lines: columns when flat, rows when pointy;
- the axes grow east/south unless the numbering descends (then west/north);
- stagger: the hexes of raw line 0 touch n-1 and n in the lines beside them when the
  numbering's stagger flag equals the along-line descend flag, otherwise n and n+1.

The canonical id equals VASSAL's location name when both parts are numbers written with the
same number of digits, without separator or extra text.  Otherwise (letters for columns, as
ASL's "GG10", or a separator) the numbers still make a grid, letter columns counting A=1, and
each hex is listed with VASSAL's name as its `name`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from converter.vassal.grid import BoardGrid, GridNumbering, HexGeometry, SquareGeometry, ZonedGeometry
from converter.vassal.grid import MAX_SPACING, MIN_SPACING

MAX_DIGITS = 3
MAX_HEXES = 250_000
MAX_LEADING = 8
MAX_OFFSET = 100_000


@dataclass
class ImportedGrid:
    """The format's grid, image geometry and, when ids differ from names, the hex names."""

    grid: dict[str, Any]
    origin: tuple[float, float]
    hex_width_px: float
    hex_height_px: float
    names: dict[str, str] = field(default_factory=dict)  # canonical id → VASSAL name, on board
    same_names: bool = True
    left_out: list[str] = field(default_factory=list)  # on-board hexes with negative numbers


def on_board_hexes(vgrid: HexGeometry, size: tuple[int, int]) -> list[tuple[int, int]]:
    """Raw (column, row) of every hex whose snap centre lies on the board, edges included.

    Raises:
        ValueError: the spacing is not a positive number, or the board would hold more than
            MAX_HEXES hexes (a damaged or hostile module).
    """
    width, height = size
    if not (MIN_SPACING <= vgrid.dx <= MAX_SPACING and MIN_SPACING <= vgrid.dy <= MAX_SPACING):
        raise ValueError(f"the hex spacing {vgrid.dx} × {vgrid.dy} is not positive or out of "
                         f"range ({MIN_SPACING:g} to {MAX_SPACING:g} pixels)")
    line_len, along_len = (height, width) if vgrid.sideways else (width, height)
    c_lo = math.floor(-vgrid.x0 / vgrid.dx) - 1
    c_hi = math.ceil((line_len - vgrid.x0) / vgrid.dx) + 1
    r_lo = math.floor(-vgrid.y0 / vgrid.dy) - 2
    r_hi = math.ceil((along_len - vgrid.y0) / vgrid.dy) + 2
    if (c_hi - c_lo + 1) * (r_hi - r_lo + 1) > MAX_HEXES:
        raise ValueError(f"the board would hold more than {MAX_HEXES} hexes")
    out = []
    for c in range(c_lo, c_hi + 1):
        for r in range(r_lo, r_hi + 1):
            x, y = vgrid.center(c, r)
            if 0 <= x <= width and 0 <= y <= height:
                out.append((c, r))
    return out


def sane_numbering(numbering: GridNumbering) -> bool:
    """Whether naming a cell stays small: VASSAL pads to `leading + 1` digits and repeats a
    letter once per 26, so a damaged module could ask for names gigabytes long."""
    return (0 <= numbering.h_leading <= MAX_LEADING and 0 <= numbering.v_leading <= MAX_LEADING
            and abs(numbering.h_off) <= MAX_OFFSET and abs(numbering.v_off) <= MAX_OFFSET)


def sane_grid(grid: BoardGrid | None) -> bool:
    """`sane_numbering` for a board grid and every grid inside it."""
    if isinstance(grid, (HexGeometry, SquareGeometry)):
        return sane_numbering(grid.numbering)
    if isinstance(grid, ZonedGeometry):
        return sane_grid(grid.background) and all(sane_grid(z.grid) for z in grid.zones)
    return True


def _is_letters(kind: str) -> bool:
    return kind.upper().startswith("A")


def import_hex_grid(vgrid: HexGeometry, size: tuple[int, int]) -> tuple[ImportedGrid | None, str]:
    """The canonical grid of *vgrid* on a board of *size* pixels, or (None, why not)."""
    n = vgrid.numbering
    if not sane_numbering(n):
        return None, (f"the numbering's padding ({n.h_leading}, {n.v_leading}) or offsets "
                      f"({n.h_off}, {n.v_off}) are out of any sensible range")
    try:
        hexes = on_board_hexes(vgrid, size)
    except ValueError as exc:
        return None, str(exc)
    if not hexes:
        return None, "no hex centre lies on the board"
    # the numbering's parts: h counts lines (VASSAL columns), v counts hexes along a line
    h_letters, v_letters = _is_letters(n.h_type), _is_letters(n.v_type)

    def canonical(raw: tuple[int, int]) -> tuple[int, int]:
        c, r = vgrid.numbered(*raw)
        h, v = c + n.h_off, r + n.v_off
        return (h + 1 if h_letters else h), (v + 1 if v_letters else v)

    numbers: dict[tuple[int, int], tuple[int, int]] = {}
    seen: dict[tuple[int, int], tuple[int, int]] = {}
    negative: list[str] = []
    for raw in hexes:
        hv = canonical(raw)
        if min(hv) < 0:
            negative.append(vgrid.name_of_raw(*raw))
            continue
        if hv in seen:
            return None, (f"two hexes are both named {vgrid.name_of_raw(*raw)!r}")
        seen[hv] = raw
        numbers[raw] = hv
    if not numbers:
        return None, (f"every hex on the board has a negative number (e.g. {negative[0]!r}), "
                      "which the format's ids cannot write")
    widest = max(len(str(x)) for hv in numbers.values() for x in hv)
    pads = [n.h_leading + 1 if not h_letters else 1, n.v_leading + 1 if not v_letters else 1]
    digits = max(widest, *pads)
    if digits > MAX_DIGITS:
        return None, f"hex numbers need {digits} digits; the format allows {MAX_DIGITS}"
    sideways = vgrid.sideways
    lines_key, along_key = ("rows", "columns") if sideways else ("columns", "rows")
    line_values = [hv[0] for hv in numbers.values()]
    along_values = [hv[1] for hv in numbers.values()]
    if sideways:
        line_dir = "north" if n.v_descend else "south"
        along_dir = "west" if n.h_descend else "east"
        along_descends = n.h_descend
    else:
        line_dir = "west" if n.h_descend else "east"
        along_dir = "north" if n.v_descend else "south"
        along_descends = n.v_descend
    first_h = n.first.upper().startswith("H")
    first = ("row" if first_h else "column") if sideways else ("column" if first_h else "row")
    line0 = canonical((0, 0))[0]
    grid: dict[str, Any] = {
        "orientation": "pointy" if sideways else "flat",
        "first": first,
        "digits": digits,
        lines_key: {"min": min(line_values), "max": max(line_values), "increases": line_dir},
        along_key: {"min": min(along_values), "max": max(along_values), "increases": along_dir},
        "stagger": {"lines": "even" if line0 % 2 == 0 else "odd",
                    "toward": "lower" if n.stagger == along_descends else "higher"},
    }
    grid = {k: grid[k] for k in ("orientation", "first", "digits", "columns", "rows", "stagger")}

    def ident(hv: tuple[int, int]) -> str:
        col, row = (hv[1], hv[0]) if sideways else hv
        a, b = (col, row) if first == "column" else (row, col)
        return f"{a:0{digits}d}{b:0{digits}d}"

    names = {ident(hv): vgrid.name_of_raw(*raw) for raw, hv in numbers.items()}
    same = all(k == v for k, v in names.items())
    origin = _origin(vgrid, grid, sideways, h_letters, v_letters)
    if sideways:
        width_px, height_px = vgrid.dy, vgrid.dx / 0.75
    else:
        width_px, height_px = vgrid.dx / 0.75, vgrid.dy
    return ImportedGrid(grid, origin, round(width_px, 6), round(height_px, 6),
                        dict(sorted(names.items())), same, negative), ""


def _origin(vgrid: HexGeometry, grid: dict[str, Any], sideways: bool, h_letters: bool,
            v_letters: bool) -> tuple[float, float]:
    """The exact pixel centre of the first hex (lowest column and row), on the board or not."""
    n = vgrid.numbering
    col, row = grid["columns"]["min"], grid["rows"]["min"]
    h, v = (row, col) if sideways else (col, row)
    h -= 1 if h_letters else 0
    v -= 1 if v_letters else 0
    c, r = vgrid.raw_of_numbered(h - n.h_off, v - n.v_off)
    x = vgrid.x0 + c * vgrid.dx
    y = vgrid.y0 + r * vgrid.dy + (vgrid.dy / 2 if c % 2 else 0)
    return (round(y, 6), round(x, 6)) if sideways else (round(x, 6), round(y, 6))
