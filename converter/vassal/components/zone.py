"""Zone: A polygon zone (`path` = `x1,y1;x2,y2;...` in board pixels)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL


@dataclass
class ZoneComponent(Component):
    """A polygon zone (`path` = `x1,y1;x2,y2;...` in board pixels)."""

    TAG = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"
    ATTRS = attrs(("name", "name"), ("locationFormat", "location_format"), ("path", "path"),
                  ("useParentGrid", "use_parent_grid", BOOL),
                  ("useHighlight", "use_highlight", BOOL),
                  ("highlightProperty", "highlight_property"))

    name: str = ''
    location_format: str = '$name$'
    path: str = ''
    use_parent_grid: bool = False
    use_highlight: bool = False
    highlight_property: str = ''
