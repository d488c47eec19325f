"""SquareGrid: A square grid: `x0`,`y0` is the centre of cell (0,0) in board pixels."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, FLOAT, INT


@dataclass
class SquareGrid(Component):
    """A square grid: `x0`,`y0` is the centre of cell (0,0) in board pixels."""

    TAG = "VASSAL.build.module.map.boardPicker.board.SquareGrid"
    ATTRS = attrs(("x0", "x0", INT), ("y0", "y0", INT), ("dx", "dx", FLOAT), ("dy", "dy", FLOAT),
                  ("snapTo", "snap_to", BOOL), ("edgesLegal", "edges_legal", BOOL),
                  ("cornersLegal", "corners_legal", BOOL), ("visible", "visible", BOOL),
                  ("dotsVisible", "dots_visible", BOOL), ("color", "color"))

    x0: int = 24
    y0: int = 24
    dx: float = 48.0
    dy: float = 48.0
    snap_to: bool = True
    edges_legal: bool = False
    corners_legal: bool = False
    visible: bool = False
    dots_visible: bool = False
    color: str = '0,0,0'
