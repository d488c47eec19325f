"""SubMenu (`submenu;`): groups menu commands under one title."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import fields


@dataclass
class SubMenu(Trait):
    """Puts the commands named in `commands` (a comma list text) under `title`."""

    ID = "submenu;"
    TYPE = fields("title", "commands", "description")

    title: str = ""
    commands: str = ""
    description: str = ""
