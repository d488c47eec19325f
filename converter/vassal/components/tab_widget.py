"""TabWidget: A tabbed group of widgets (palette or charts)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs


@dataclass
class TabWidget(Component):
    """A tabbed group of widgets (palette or charts)."""

    TAG = "VASSAL.build.widget.TabWidget"
    ATTRS = attrs(("entryName", "entry_name"))

    entry_name: str = ''
