"""PieceSlot: A palette slot: a piece definition (AddPiece text) with its unique gpid."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.piece import PieceTraits, decode_add_piece
from converter.vassal.traits.spec import INT


@dataclass
class SlotDefinition(Component):
    """What PieceSlot and CardSlot share: a piece definition (AddPiece text) with its gpid.

    Not registered itself (no TAG); the two slot classes stay distinct types, since a card
    is not a palette piece.
    """

    TEXT = True
    ATTRS = attrs(("entryName", "entry_name"), ("gpid", "gpid"), ("width", "width", INT),
                  ("height", "height", INT))

    entry_name: str = ''
    gpid: str = ''
    width: int = 64
    height: int = 64

    @property
    def piece(self) -> PieceTraits:
        """The piece this definition holds (its AddPiece text decoded into traits)."""
        return decode_add_piece(self.content)[1]

    @piece.setter
    def piece(self, value: PieceTraits) -> None:
        self.content = value.add_piece_text()


@dataclass
class PieceSlot(SlotDefinition):
    """A palette slot: a piece definition (AddPiece text) with its unique gpid."""

    TAG = "VASSAL.build.widget.PieceSlot"
