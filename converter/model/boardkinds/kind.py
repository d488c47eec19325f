"""The interface every board kind fills in: what the rest of vconv asks of a board's kind.

Validation, drawing, the built module, the print kit and the auditor never compare a board's
``kind`` string; they ask its `BoardKind` (``Board.kind_spec``), so a new kind is one module in
this package (plus its branch in ``schemas/maps.schema.json``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Drawing(enum.Enum):
    """The ways a board is laid out, drawn, built into a VASSAL board and printed; each has
    its module in ``converter/render/drawings/`` (its picture and the layout of its places)."""

    HEX_GRID = "hex grid"  # hexes on the numbered grid, the board's spaces in a panel below it
    NODES = "nodes"        # a label at each space's position (areas, network nodes): regions
    BOXES = "boxes"        # a box a stack of counters fits in, per space: zones


@dataclass(frozen=True)
class BoardKind:
    """One value of a board's ``kind``.

    Attributes:
        name: the value in the JSON.
        hex_grid: the board is a hex grid: ``grid``, ``hexes`` and ``hexsides`` belong to it,
            hex ids name its places and a move on it is a path of hexes.
        on_map: pieces on it stand on the map (False for off-map holding boxes: entry and
            reinforcement rules look at the map only).
        needs_spaces: a board of the kind without spaces is a mistake in the data.
        spaces: how its spaces are drawn, `Drawing.NODES` or `Drawing.BOXES` (a hex board's
            too when its grid is not given).
    """

    name: str
    hex_grid: bool
    on_map: bool
    needs_spaces: bool
    spaces: Drawing

    def drawing(self, has_grid: bool) -> Drawing:
        """How a board of the kind is drawn: a hex grid when it is one and its grid is given
        (a hex board whose grid the rulebook lacks is drawn by its spaces alone)."""
        if self.hex_grid and has_grid:
            return Drawing.HEX_GRID
        return self.spaces
