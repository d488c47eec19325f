"""MenuDisplayer: Map helper: right-click piece menus."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class MenuDisplayer(Component):
    """Map helper: right-click piece menus."""

    TAG = "VASSAL.build.module.map.MenuDisplayer"
