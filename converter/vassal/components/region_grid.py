"""RegionGrid: Named points (areas, boxes); a location is named by the nearest Region."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class RegionGrid(Component):
    """Named points (areas, boxes); a location is named by the nearest Region."""

    TAG = "VASSAL.build.module.map.boardPicker.board.RegionGrid"
    ATTRS = attrs(("snapto", "snapto", BOOL), ("visible", "visible", BOOL),
                  ("fontsize", "fontsize", INT))

    snapto: bool = True
    visible: bool = False
    fontsize: int = 9
