"""Clone (`clone;`): a menu command that duplicates the piece."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import fields


@dataclass
class Clone(Trait):
    """Duplicates the piece; `key` is a NamedKeyStroke (default Ctrl+C)."""

    ID = "clone;"
    TYPE = fields("menu_text", "key", "description")

    menu_text: str = "Clone"
    key: str = "67,130"
    description: str = ""
