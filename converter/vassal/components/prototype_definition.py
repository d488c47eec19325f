"""PrototypeDefinition: A named set of traits; the text is an AddPiece piece definition (§3.7)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.piece import PieceTraits, decode_add_piece


@dataclass
class PrototypeDefinition(Component):
    """A named set of traits; the text is an AddPiece piece definition (§3.7)."""

    TAG = "VASSAL.build.module.PrototypeDefinition"
    TEXT = True
    ATTRS = attrs(("name", "name"), ("description", "description"))

    name: str = ''
    description: str = ''

    @property
    def piece(self) -> PieceTraits:
        """The piece this definition holds (its AddPiece text decoded into traits)."""
        return decode_add_piece(self.content)[1]

    @piece.setter
    def piece(self, value: PieceTraits) -> None:
        self.content = value.add_piece_text()
