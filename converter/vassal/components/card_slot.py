"""CardSlot: A card definition inside a DrawPile (same format as a PieceSlot)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.piece_slot import SlotDefinition


@dataclass
class CardSlot(SlotDefinition):
    """A card definition inside a DrawPile (same format as a PieceSlot)."""

    TAG = "VASSAL.build.widget.CardSlot"
