"""SelectionHighlighters: Map helper: selection highlight styles."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class SelectionHighlighters(Component):
    """Map helper: selection highlight styles."""

    TAG = "VASSAL.build.module.map.SelectionHighlighters"
