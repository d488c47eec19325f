"""PlayerSide: One side of the PlayerRoster; the side name is the element text."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class PlayerSide(Component):
    """One side of the PlayerRoster; the side name is the element text."""

    TAG = "entry"
    TEXT = True
