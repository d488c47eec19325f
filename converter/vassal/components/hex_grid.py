"""HexGrid: A hex grid: geometry in board pixels (see converter.vassal.grid)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, FLOAT, INT


@dataclass
class HexGridComponent(Component):
    """A hex grid: geometry in board pixels (see converter.vassal.grid)."""

    TAG = "VASSAL.build.module.map.boardPicker.board.HexGrid"
    ATTRS = attrs(("sideways", "sideways", BOOL), ("x0", "x0", INT), ("y0", "y0", INT),
                  ("dx", "dx", FLOAT), ("dy", "dy", FLOAT), ("snapTo", "snap_to", BOOL),
                  ("edgesLegal", "edges_legal", BOOL), ("cornersLegal", "corners_legal", BOOL),
                  ("visible", "visible", BOOL), ("dotsVisible", "dots_visible", BOOL),
                  ("color", "color"))

    sideways: bool = False
    x0: int = 0
    y0: int = 32
    dx: float = 55.4256
    dy: float = 64.0
    snap_to: bool = True
    edges_legal: bool = False
    corners_legal: bool = False
    visible: bool = False
    dots_visible: bool = False
    color: str = '0,0,0'
