"""Marker (`mark;`): fixed piece properties.  Names are joined with `,` in the type, the
values with `,` in the state, in the same order."""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.vassal import sequence
from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import Memo


@dataclass
class Marker(Trait):
    """Constant properties, e.g. `{"Side": "Entente", "Type": "Infantry"}`."""

    ID = "mark;"

    names: list[str] = field(default_factory=list)
    values: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, props: dict[str, str]) -> "Marker":
        return cls(names=list(props), values=list(props.values()))

    def _decode_type(self, text: str, memo: Memo) -> None:
        self.names = sequence.split(text, ",")

    def _decode_state(self, text: str, memo: Memo) -> None:
        self.values = sequence.split(text, ",")

    def encode_type(self) -> str:
        return self.ID + sequence.join(self.names, ",")

    def encode_state(self) -> str:
        return sequence.join(self.values, ",")

    def properties(self) -> dict[str, str]:
        return marker_properties(self.names, self.values)


def marker_properties(names: list[str], values: list[str]) -> dict[str, str]:
    """A Marker's properties from its names and values (what `Marker.properties` says; for
    a reader that has the names of a decoded type and splits a state's values itself)."""
    if len(values) >= len(names) and all(names):  # (every name valued: made at C level)
        return dict(zip(names, values))
    return {name: (values[i] if i < len(values) else "") for i, name in enumerate(names) if name}
