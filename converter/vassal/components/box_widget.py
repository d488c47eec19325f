"""BoxWidget: A drop-down selecting one child widget."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import INT


@dataclass
class BoxWidget(Component):
    """A drop-down selecting one child widget."""

    TAG = "VASSAL.build.widget.BoxWidget"
    ATTRS = attrs(("entryName", "entry_name"), ("width", "width", INT), ("height", "height", INT))

    entry_name: str = ''
    width: int = 0
    height: int = 0
