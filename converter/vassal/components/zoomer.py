"""Zoomer: Map helper: zoom levels and the starting zoom (1-based index)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import INT


@dataclass
class Zoomer(Component):
    """Map helper: zoom levels and the starting zoom (1-based index)."""

    TAG = "VASSAL.build.module.map.Zoomer"
    ATTRS = attrs(("zoomLevels", "zoom_levels"), ("zoomStart", "zoom_start", INT))

    zoom_levels: str = '1.5,1.0,0.75,0.5'
    zoom_start: int = 2
