"""ReturnToDeck (`return;`): puts the piece (a card, a chit) back into a deck."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import fields


@dataclass
class ReturnToDeck(Trait):
    """Returns the piece to the deck `deck_id`, or asks with `prompt` when it is empty."""

    ID = "return;"
    TYPE = fields("menu_text", "key", "deck_id", "prompt")

    menu_text: str = "Return to Deck"
    key: str = "R"
    deck_id: str = ""
    prompt: str = "Select destination"
