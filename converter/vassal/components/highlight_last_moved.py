"""HighlightLastMoved: Map helper: outlines the last moved piece."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class HighlightLastMoved(Component):
    """Map helper: outlines the last moved piece."""

    TAG = "VASSAL.build.module.map.HighlightLastMoved"
    ATTRS = attrs(("enabled", "enabled", BOOL), ("color", "color"),
                  ("thickness", "thickness", INT))

    enabled: bool = True
    color: str = '255,0,0'
    thickness: int = 2
