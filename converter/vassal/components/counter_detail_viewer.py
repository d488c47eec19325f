"""CounterDetailViewer: Map helper: the mouse-over stack viewer."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, FLOAT, INT


@dataclass
class CounterDetailViewer(Component):
    """Map helper: the mouse-over stack viewer."""

    TAG = "VASSAL.build.module.map.CounterDetailViewer"
    ATTRS = attrs(("version", "version", INT), ("delay", "delay", INT),
                  ("minDisplayPieces", "min_display_pieces", INT), ("display", "display"),
                  ("showgraph", "showgraph", BOOL), ("showtext", "showtext", BOOL),
                  ("zoomlevel", "zoomlevel", FLOAT),
                  ("summaryReportFormat", "summary_report_format"),
                  ("counterReportFormat", "counter_report_format"),
                  ("centerText", "center_text", BOOL))

    version: int = 4
    delay: int = 700
    min_display_pieces: int = 2
    display: str = 'from top-most layer only'
    showgraph: bool = True
    showtext: bool = False
    zoomlevel: float = 1.0
    summary_report_format: str = '$LocationName$'  # the text above the pieces
    counter_report_format: str = ''  # the text below each piece (showtext)
    center_text: bool = False
