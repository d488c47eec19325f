"""Restricted (`restrict;`, "Restricted Access"): only some sides may move or use the piece."""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import BOOL, STR_LIST, fields


@dataclass
class Restricted(Trait):
    """Access limited to `sides`; the state is the owning player's id."""

    ID = "restrict;"
    STATE_DELIM = None
    TYPE = fields(("sides", STR_LIST), ("restrict_by_player", BOOL),
                  ("restrict_movement", BOOL), "description")
    STATE = fields("owner")

    sides: list[str] = field(default_factory=list)
    restrict_by_player: bool = False
    restrict_movement: bool = True
    description: str = ""
    owner: str = ""
