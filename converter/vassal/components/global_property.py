"""GlobalProperty: A named global value (victory points, weather), optionally numeric and
bounded."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL


@dataclass
class GlobalProperty(Component):
    """A named global value (victory points, weather), optionally numeric and bounded."""

    TAG = "VASSAL.build.module.properties.GlobalProperty"
    ATTRS = attrs(("name", "name"), ("initialValue", "initial_value"),
                  ("description", "description"), ("isNumeric", "is_numeric", BOOL),
                  ("min", "min"), ("max", "max"), ("wrap", "wrap", BOOL))

    name: str = ''
    initial_value: str = ''
    description: str = ''
    is_numeric: bool = False
    min: str = ''
    max: str = ''
    wrap: bool = False
