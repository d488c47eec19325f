"""DiceButton: A toolbar button rolling nDice dice of nSides; `name` names its result
properties."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class DiceButton(Component):
    """A toolbar button rolling nDice dice of nSides; `name` names its result properties."""

    TAG = "VASSAL.build.module.DiceButton"
    ATTRS = attrs(("name", "name"), ("text", "text"), ("tooltip", "tooltip"), ("icon", "icon"),
                  ("hotkey", "hotkey"), ("nDice", "n_dice", INT), ("nSides", "n_sides", INT),
                  ("plus", "plus", INT), ("addToTotal", "add_to_total", INT),
                  ("reportTotal", "report_total", BOOL), ("prompt", "prompt", BOOL),
                  ("sortDice", "sort_dice", BOOL), ("reportFormat", "report_format"))

    name: str = '1d6'
    text: str = '1d6'
    tooltip: str = ''
    icon: str = ''
    hotkey: str = ''
    n_dice: int = 1
    n_sides: int = 6
    plus: int = 0
    add_to_total: int = 0
    report_total: bool = False
    prompt: bool = False
    sort_dice: bool = False
    report_format: str = '** $name$ = $result$ *** &lt;$PlayerName$&gt;'
