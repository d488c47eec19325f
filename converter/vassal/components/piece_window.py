"""PieceWindow: A palette window of piece slots, organised by widgets."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, FLOAT


@dataclass
class PieceWindow(Component):
    """A palette window of piece slots, organised by widgets."""

    TAG = "VASSAL.build.module.PieceWindow"
    ATTRS = attrs(("name", "name"), ("hidden", "hidden", BOOL), ("text", "text"),
                  ("tooltip", "tooltip"), ("icon", "icon"), ("hotkey", "hotkey"),
                  ("scale", "scale", FLOAT))

    name: str = ''
    hidden: bool = False
    text: str = ''
    tooltip: str = 'Show/hide piece window'
    icon: str = '/images/counter.gif'
    hotkey: str = ''
    scale: float = 1.0
