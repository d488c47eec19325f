"""ZonedGrid: Zones (polygons) with their own grids, over an optional background grid."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class ZonedGrid(Component):
    """Zones (polygons) with their own grids, over an optional background grid."""

    TAG = "VASSAL.build.module.map.boardPicker.board.ZonedGrid"
