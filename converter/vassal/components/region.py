"""Region: One named point of a RegionGrid, in board pixels."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import INT


@dataclass
class Region(Component):
    """One named point of a RegionGrid, in board pixels."""

    TAG = "VASSAL.build.module.map.boardPicker.board.Region"
    ATTRS = attrs(("name", "name"), ("originx", "originx", INT), ("originy", "originy", INT))

    name: str = ''
    originx: int = 0
    originy: int = 0
