"""MovementMarkable (`markmoved;`, "Mark When Moved"): the moved flag."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import BOOL, INT, fields


@dataclass
class MovementMarkable(Trait):
    """Shows `image` once the piece has moved; the state is `true`/`false`."""

    ID = "markmoved;"
    STATE_DELIM = None
    TYPE = fields("image", ("x_offset", INT), ("y_offset", INT), "menu_text", "key",
                  "description", ("ignore_same_location", BOOL), "mark_text", "mark_key",
                  "unmark_text", "unmark_key")
    STATE = fields(("moved", BOOL))

    image: str = "/images/moved.gif"
    x_offset: int = 0
    y_offset: int = 0
    menu_text: str = "Mark Moved"
    key: str = "77,130"
    description: str = ""
    ignore_same_location: bool = False
    mark_text: str = ""
    mark_key: str = ""
    unmark_text: str = ""
    unmark_key: str = ""
    moved: bool = False
