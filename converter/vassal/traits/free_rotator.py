"""FreeRotator (`rotate;`): facings.  The field layout depends on the facing count, so only
the count and the state are modelled; the remaining type fields are kept as text."""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.vassal import sequence
from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import Memo, fields


@dataclass
class FreeRotator(Trait):
    """N facings (`facings`); the state is the facing index, or the angle when N is 1."""

    ID = "rotate;"
    STATE_DELIM = None
    STATE = fields("facing")

    facings: str = "6"
    options: list[str] = field(default_factory=list)
    facing: str = "0"

    def _decode_type(self, text: str, memo: Memo) -> None:
        items = sequence.split(text, ";")
        self.facings, self.options = items[0], items[1:]

    def encode_type(self) -> str:
        return self.ID + sequence.join([self.facings, *self.options], ";")
