"""PanelWidget: A panel laying out widgets or slots in columns."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class PanelWidget(Component):
    """A panel laying out widgets or slots in columns."""

    TAG = "VASSAL.build.widget.PanelWidget"
    ATTRS = attrs(("entryName", "entry_name"), ("fixed", "fixed", BOOL),
                  ("nColumns", "n_columns", INT), ("vert", "vert", BOOL))

    entry_name: str = ''
    fixed: bool = False
    n_columns: int = 3
    vert: bool = False
