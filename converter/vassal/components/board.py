"""Board: One board: an image (or a plain size and colour) and at most one grid."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class BoardComponent(Component):
    """One board: an image (or a plain size and colour) and at most one grid."""

    TAG = "VASSAL.build.module.map.boardPicker.Board"
    ATTRS = attrs(("name", "name"), ("image", "image"), ("reversible", "reversible", BOOL),
                  ("width", "width", INT), ("height", "height", INT), ("color", "color"))

    name: str = ''
    image: str = ''
    reversible: bool = False
    width: int = 500
    height: int = 500
    color: str = '255,255,255'
