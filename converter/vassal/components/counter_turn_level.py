"""CounterTurnLevel: A numeric turn level (start, increment, optional loop)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class CounterTurnLevel(Component):
    """A numeric turn level (start, increment, optional loop)."""

    TAG = "VASSAL.build.module.turn.CounterTurnLevel"
    ATTRS = attrs(("name", "name"), ("property", "property"), ("turnFormat", "turn_format"),
                  ("start", "start", INT), ("incr", "incr", INT), ("loop", "loop", BOOL),
                  ("loopLimit", "loop_limit", INT))

    name: str = ''
    property: str = ''
    turn_format: str = '$value$'
    start: int = 1
    incr: int = 1
    loop: bool = False
    loop_limit: int = -1
