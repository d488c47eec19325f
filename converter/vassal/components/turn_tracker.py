"""TurnTracker: The turn counter; levels (CounterTurnLevel, ListTurnLevel) nest."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.components.counter_turn_level import CounterTurnLevel
from converter.vassal.components.list_turn_level import ListTurnLevel
from converter.vassal.traits.spec import INT

TurnLevel = CounterTurnLevel | ListTurnLevel


def turn_levels(comp: Component) -> list[TurnLevel]:
    """The levels directly under a tracker or a level (its keys and other children aside)."""
    return [c for c in comp.children if isinstance(c, TurnLevel)]


@dataclass
class TurnTracker(Component):
    """The turn counter; levels (CounterTurnLevel, ListTurnLevel) nest."""

    TAG = "VASSAL.build.module.turn.TurnTracker"
    ATTRS = attrs(("name", "name"), ("buttonText", "button_text"), ("icon", "icon"),
                  ("hotkey", "hotkey"), ("nexthotkey", "nexthotkey"), ("prevhotkey", "prevhotkey"),
                  ("turnFormat", "turn_format"), ("reportFormat", "report_format"),
                  ("lengthStyle", "length_style"), ("length", "length", INT),
                  ("plusButtonSize", "plus_button_size", INT),
                  ("turnButtonHeight", "turn_button_height", INT))

    name: str = ''
    button_text: str = 'Turn'
    icon: str = ''
    hotkey: str = ''
    nexthotkey: str = ''
    prevhotkey: str = ''
    turn_format: str = '$level1$ $level2$ $level3$ $level4$'
    report_format: str = '* &lt;$PlayerId$&gt; Turn Updated from $oldTurn$ to $newTurn$'
    length_style: str = 'Maximum'
    length: int = -1
    plus_button_size: int = 22
    turn_button_height: int = 22
