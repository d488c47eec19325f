"""SetupStack: An at-start stack: pieces placed on a new game, at board pixels or a grid
location."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class SetupStack(Component):
    """An at-start stack: pieces placed on a new game, at board pixels or a grid location."""

    TAG = "VASSAL.build.module.map.SetupStack"
    ATTRS = attrs(("name", "name"), ("owningBoard", "owning_board"), ("x", "x", INT),
                  ("y", "y", INT), ("useGridLocation", "use_grid_location", BOOL),
                  ("location", "location"))

    name: str = ''
    owning_board: str = ''
    x: int = 0
    y: int = 0
    use_grid_location: bool = False
    location: str = ''
