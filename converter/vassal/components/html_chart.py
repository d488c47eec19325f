"""HtmlChart: An HTML chart (`fileName` is a path in the archive)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs


@dataclass
class HtmlChart(Component):
    """An HTML chart (`fileName` is a path in the archive)."""

    TAG = "VASSAL.build.widget.HtmlChart"
    ATTRS = attrs(("chartName", "chart_name"), ("fileName", "file_name"),
                  ("description", "description"))

    chart_name: str = ''
    file_name: str = ''
    description: str = ''
