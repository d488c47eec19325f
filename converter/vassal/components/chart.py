"""Chart: An image chart (`fileName` in images/)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs


@dataclass
class Chart(Component):
    """An image chart (`fileName` in images/)."""

    TAG = "VASSAL.build.widget.Chart"
    ATTRS = attrs(("chartName", "chart_name"), ("fileName", "file_name"),
                  ("description", "description"))

    chart_name: str = ''
    file_name: str = ''
    description: str = ''
