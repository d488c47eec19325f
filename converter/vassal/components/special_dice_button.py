"""SpecialDiceButton: A button rolling custom dice (SpecialDie children with SpecialDieFace
faces)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class SpecialDiceButton(Component):
    """A button rolling custom dice (SpecialDie children with SpecialDieFace faces)."""

    TAG = "VASSAL.build.module.SpecialDiceButton"
    ATTRS = attrs(("name", "name"), ("text", "text"), ("tooltip", "tooltip"), ("icon", "icon"),
                  ("hotkey", "hotkey"), ("resultChatter", "result_chatter", BOOL),
                  ("format", "format"), ("resultWindow", "result_window", BOOL),
                  ("windowTitleResultFormat", "window_title_result_format"),
                  ("resultButton", "result_button", BOOL), ("windowX", "window_x", INT),
                  ("windowY", "window_y", INT), ("backgroundColor", "background_color"))

    name: str = 'Dice'
    text: str = ''
    tooltip: str = 'Die roll'
    icon: str = ''
    hotkey: str = ''
    result_chatter: bool = True
    format: str = '** $name$ = $result1$ *** &lt;$PlayerName$&gt;'
    result_window: bool = False
    window_title_result_format: str = '$name$'
    result_button: bool = False
    window_x: int = 67
    window_y: int = 65
    background_color: str = '221,221,221'
