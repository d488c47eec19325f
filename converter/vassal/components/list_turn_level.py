"""ListTurnLevel: A turn level cycling through named entries (phases)."""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, STR_LIST


@dataclass
class ListTurnLevel(Component):
    """A turn level cycling through named entries (phases)."""

    TAG = "VASSAL.build.module.turn.ListTurnLevel"
    ATTRS = attrs(("name", "name"), ("property", "property"), ("turnFormat", "turn_format"),
                  ("list", "items", STR_LIST), ("configList", "config_list", BOOL),
                  ("configFirst", "config_first", BOOL))

    name: str = ''
    property: str = ''
    turn_format: str = '$value$'
    items: list[str] = field(default_factory=list)
    config_list: bool = False
    config_first: bool = False
