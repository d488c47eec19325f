"""The VASSAL hex grid whose location names are a game's own hex ids.

The board image puts every hex centre somewhere (the renderer's schematic or a scan); VASSAL
lays an infinite lattice over the board and names hexes by its numbering settings.  Rather
than derive the settings case by case (flat or pointy hexes, axes growing east or west, which
lines are shifted), we fit the lattice to the drawn centres and then search the few numbering
choices VASSAL offers, accepting one only when every hex of the game gets its own id back,
computed with converter.vassal.grid's reproduction of VASSAL's arithmetic.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from converter.errors import BuildError
from converter.model.hexgrid import HexGridSpec
from converter.vassal.grid import GridNumbering, HexGeometry

Point = tuple[float, float]


def _split_id(grid: HexGridSpec, hex_id: str) -> tuple[int, int]:
    """The two numbers of an id in the order they are written (first part, second part)."""
    d = grid.digits
    return int(hex_id[:d]), int(hex_id[d:])


def fit_vassal_grid(grid: HexGridSpec, centres: dict[str, Point], *,
                    hex_width: float, hex_height: float, board_size: tuple[int, int],
                    board_name: str = "") -> HexGeometry:
    """VASSAL HexGrid settings naming each drawn hex centre with its id.

    *hex_width* and *hex_height* are the hex's corner-to-corner and flat-to-flat sizes in
    board pixels (for pointy hexes: flat-to-flat width and corner-to-corner height).

    Raises:
        BuildError: no VASSAL numbering reproduces the ids (the message names a hex that fails).
    """
    if not centres:
        raise BuildError(f"board {board_name!r}: the hex grid has no hexes")
    sideways = grid.orientation == "pointy"

    def rot(p: Point) -> Point:
        return (p[1], p[0]) if sideways else p

    if sideways:
        dx, dy = 0.75 * hex_height, hex_width  # rows are VASSAL's columns once transposed
    else:
        dx, dy = 0.75 * hex_width, hex_height
    rotated = {hid: rot(p) for hid, p in centres.items()}
    line0_x = min(p[0] for p in rotated.values())
    line0 = [p for p in rotated.values() if abs(p[0] - line0_x) < dx / 4]
    top_y = min(p[1] for p in line0)
    ids = sorted(centres)
    ref = ids[0]
    worst = ""
    for parity, first, stagger, h_desc, v_desc in itertools.product(
            (0, 1), ("H", "V"), (False, True), (False, True), (False, True)):
        x0 = line0_x - parity * dx
        y0 = top_y - parity * dy / 2
        while x0 < 0:
            x0 += 2 * dx
        while y0 < 0:
            y0 += dy
        numbering = GridNumbering(first=first, h_leading=grid.digits - 1,
                                  v_leading=grid.digits - 1, h_off=0, v_off=0,
                                  h_descend=h_desc, v_descend=v_desc, stagger=stagger)
        base = HexGeometry(x0=round(x0), y0=round(y0), dx=round(dx, 4), dy=round(dy, 4),
                       sideways=sideways, numbering=numbering, board_size=board_size)
        col, row = base.numbered(*base.raw_index(centres[ref]))
        a, b = _split_id(grid, ref)
        want_col, want_row = (a, b) if first == "H" else (b, a)
        candidate = replace(base, numbering=replace(numbering, h_off=want_col - col,
                                                     v_off=want_row - row))
        bad = next((h for h in ids if candidate.location_name(centres[h]) != h), None)
        if bad is None:
            return candidate
        worst = bad
    raise BuildError(f"board {board_name!r}: no VASSAL hex numbering reproduces the game's "
                     f"hex ids (hex {worst!r} keeps getting another name)")
