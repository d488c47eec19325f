"""The game's global properties: named values pieces and buttons read and change in play."""

from __future__ import annotations

from dataclasses import dataclass

from converter.model.common import Provenance


@dataclass
class GlobalProperty:
    """A named value (a VP total, the event in play) with its start and, for a number, its
    limits; `board` names the board whose map keeps it, None for the whole game."""

    id: str
    name: str
    initial: str | None = None
    numeric: bool | None = None
    min: int | None = None
    max: int | None = None
    wrap: bool | None = None
    board: str | None = None
    description: str | None = None
    provenance: Provenance | None = None
