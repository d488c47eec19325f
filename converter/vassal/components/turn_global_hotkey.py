"""TurnGlobalHotkey: A key fired when the turn reaches a matching state."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs


@dataclass
class TurnGlobalHotkey(Component):
    """A key fired when the turn reaches a matching state."""

    TAG = "VASSAL.build.module.turn.TurnGlobalHotkey"
    ATTRS = attrs(("name", "name"), ("hotkey", "hotkey"), ("match", "match"),
                  ("reportFormat", "report_format"))

    name: str = ''
    hotkey: str = ''
    match: str = ''
    report_format: str = ''
