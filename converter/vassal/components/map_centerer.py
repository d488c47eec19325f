"""MapCenterer: Map helper: centres the view on a clicked point."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class MapCenterer(Component):
    """Map helper: centres the view on a clicked point."""

    TAG = "VASSAL.build.module.map.MapCenterer"
