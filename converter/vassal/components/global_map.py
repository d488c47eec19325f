"""GlobalMap: Map helper: the overview window."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import FLOAT


@dataclass
class GlobalMap(Component):
    """Map helper: the overview window."""

    TAG = "VASSAL.build.module.map.GlobalMap"
    ATTRS = attrs(("scale", "scale", FLOAT), ("buttonText", "button_text"), ("tooltip", "tooltip"),
                  ("icon", "icon"), ("hotkey", "hotkey"), ("color", "color"))

    scale: float = 0.2
    button_text: str = ''
    tooltip: str = 'Show/Hide overview window'
    icon: str = '/images/overview.gif'
    hotkey: str = ''
    color: str = '255,0,0'
