"""BasicName (`basicName;`, "Basic Name"): the piece's basic name, given by a trait (often
in a prototype) instead of the BasicPiece, whose own name is then left empty (Nevsky's and
Almoravid's Lords: `basicName;Aleksandr - Prince of Novgorod` over a nameless BasicPiece)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import fields


@dataclass
class BasicName(Trait):
    """VASSAL's BasicPiece asks the outermost trait for its basic name, so the outermost
    BasicName gives the name every trait then works on (`PieceTraits.name`), wherever the
    trait sits in the chain; the trait itself passes the name through unchanged."""

    ID = "basicName;"
    TYPE = fields("name")
    STATE_DELIM = None

    name: str = ""

    def properties(self) -> dict[str, str]:
        return {"BasicName": self.name}

    def apply_name(self, inner_name: str) -> str:
        """Unchanged (the name it gives is where the chain starts, `PieceTraits.name`);
        its own method marks it as a trait the name depends on, which a listing decodes."""
        return inner_name
