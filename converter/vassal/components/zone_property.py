"""ZoneProperty: A global property scoped to one zone."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL


@dataclass
class ZoneProperty(Component):
    """A global property scoped to one zone."""

    TAG = "VASSAL.build.module.properties.ZoneProperty"
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
