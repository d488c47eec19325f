"""ListWidget: A list of named entries showing one child at a time."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import FLOAT, INT


@dataclass
class ListWidget(Component):
    """A list of named entries showing one child at a time."""

    TAG = "VASSAL.build.widget.ListWidget"
    ATTRS = attrs(("entryName", "entry_name"), ("width", "width", INT), ("height", "height", INT),
                  ("divider", "divider", INT), ("scale", "scale", FLOAT))

    entry_name: str = ''
    width: int = 300
    height: int = 300
    divider: int = 150
    scale: float = 1.0
