"""Obscurable (`obs;`, "Mask"): hides a piece's face from other players (hidden units,
dummies).  State: `null;` when unmasked, otherwise `<playerId>;<options>`."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import BOOL, fields


@dataclass
class Obscurable(Trait):
    """A mask; `masked` tells whether the piece is currently hidden from others."""

    ID = "obs;"
    TYPE = fields("key", "mask_image", "menu_text", "display_style", "mask_name", "access",
                  "peek_text", "description", ("auto_peek", BOOL), "deal_key", "deal_expression")
    STATE = fields("obscured_by", "options")

    key: str = ""
    mask_image: str = ""
    menu_text: str = "Mask"
    display_style: str = "I"
    mask_name: str = "?"
    access: str = "player:"
    peek_text: str = ""
    description: str = ""
    auto_peek: bool = True
    deal_key: str = ""
    deal_expression: str = ""
    obscured_by: str = "null"
    options: str = ""

    @property
    def masked(self) -> bool:
        return self.obscured_by not in ("", "null")

    def properties(self) -> dict[str, str]:
        return {"ObscuredToOthers": "true" if self.masked else "false"}
