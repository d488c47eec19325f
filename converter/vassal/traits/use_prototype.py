"""UsePrototype (`prototype;`): stands for the traits of a named PrototypeDefinition."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal import sequence
from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import fields


@dataclass
class UsePrototype(Trait):
    """A reference to a prototype by name (case and spaces matter; no match adds nothing)."""

    ID = "prototype;"
    TYPE = fields("name", "parameters")

    name: str = ""
    parameters: str = ""

    def encode_type(self) -> str:
        # The editor writes only the name; legacy parameters follow only when present.
        if self._memo is None and not self.parameters:
            return self.ID + sequence.join([self.name], ";")
        return super().encode_type()
