"""Scroller: Map helper: scrolls with the arrow keys."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class Scroller(Component):
    """Map helper: scrolls with the arrow keys."""

    TAG = "VASSAL.build.module.map.Scroller"
