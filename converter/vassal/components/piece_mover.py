"""PieceMover: Map helper: drag and drop of pieces."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class PieceMover(Component):
    """Map helper: drag and drop of pieces."""

    TAG = "VASSAL.build.module.map.PieceMover"
