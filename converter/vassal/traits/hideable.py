"""Hideable (`hide;`, "Invisible"): hides the piece from other players entirely.

State: `null` when visible, otherwise the id of the player who hid it."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import BOOL, FLOAT, fields


@dataclass
class Hideable(Trait):
    """Invisibility; `hidden` tells whether someone hid the piece."""

    ID = "hide;"
    STATE_DELIM = None
    TYPE = fields("key", "menu_text", "background", "access", ("transparency", FLOAT),
                  "description", ("disable_auto_report_move", BOOL))
    STATE = fields("hidden_by")

    key: str = "73,130"
    menu_text: str = "Invisible"
    background: str = ""
    access: str = "player:"
    transparency: float = 0.3
    description: str = ""
    disable_auto_report_move: bool = False
    hidden_by: str = "null"

    @property
    def hidden(self) -> bool:
        return self.hidden_by not in ("", "null")
