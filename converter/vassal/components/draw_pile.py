"""DrawPile: A deck of cards (CardSlot children) at a place on the map."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import INT


@dataclass
class DrawPile(Component):
    """A deck of cards (CardSlot children) at a place on the map."""

    TAG = "VASSAL.build.module.map.DrawPile"
    ATTRS = attrs(("name", "name"), ("owningBoard", "owning_board"), ("x", "x", INT),
                  ("y", "y", INT), ("width", "width", INT), ("height", "height", INT))

    name: str = ''
    owning_board: str = ''
    x: int = 0
    y: int = 0
    width: int = 200
    height: int = 200
