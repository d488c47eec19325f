"""ChartWindow: A toolbar window of charts and tables."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs


@dataclass
class ChartWindow(Component):
    """A toolbar window of charts and tables."""

    TAG = "VASSAL.build.module.ChartWindow"
    ATTRS = attrs(("name", "name"), ("text", "text"), ("tooltip", "tooltip"), ("icon", "icon"),
                  ("hotkey", "hotkey"))

    name: str = ''
    text: str = ''
    tooltip: str = ''
    icon: str = '/images/chart.gif'
    hotkey: str = ''
