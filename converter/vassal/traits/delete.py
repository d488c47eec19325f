"""Delete (`delete;`): a menu command that removes the piece."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import fields


@dataclass
class Delete(Trait):
    """Removes the piece; `key` is a NamedKeyStroke (default Ctrl+D)."""

    ID = "delete;"
    TYPE = fields("menu_text", "key", "description")

    menu_text: str = "Delete"
    key: str = "68,130"
    description: str = ""
