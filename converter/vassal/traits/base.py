"""The trait base class: a decorator layer of a VASSAL piece, with a type and a state.

A subclass declares its `ID` (the prefix VASSAL's factory matches, e.g. `emb2;`), the field
specs `TYPE` and `STATE` and their delimiters, and dataclass attributes with VASSAL's defaults.
`decode` and `encode_type`/`encode_state` are generic and driven by those specs
(VASSAL.counters.Decorator, BasicCommandEncoder).  A `STATE_DELIM` of None means the state is
one unsplit text (Labeler, DynamicProperty: VASSAL writes the value as is).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, TypeVar

from converter.vassal import sequence
from converter.vassal.traits.spec import (Field, Memo, canonical_formatter, class_cache, format_from,
                                          parse_into)

T = TypeVar("T", bound="Trait")


@dataclass
class Trait:
    """One layer of a piece's decorator chain (outermost first in VASSAL strings)."""

    ID: ClassVar[str] = ""
    TYPE: ClassVar[tuple[Field, ...]] = ()
    STATE: ClassVar[tuple[Field, ...]] = ()
    TYPE_DELIM: ClassVar[str | None] = ";"
    STATE_DELIM: ClassVar[str | None] = ";"

    _memo: Memo | None = field(default=None, repr=False, compare=False, kw_only=True)

    @classmethod
    def decode(cls: type[T], type_text: str, state_text: str) -> T:
        """Build the trait from its own type and state text (the ID prefix included)."""
        obj = cls()
        memo = Memo.empty()
        obj._decode_type(type_text[len(cls.ID):], memo)
        obj._decode_state(state_text, memo)
        obj._memo = memo
        return obj

    def encode_type(self) -> str:
        return self.ID + self._join(self.TYPE, self.TYPE_DELIM, "type")

    def encode_state(self) -> str:
        return self._join(self.STATE, self.STATE_DELIM, "state")

    def properties(self) -> dict[str, str]:
        """The piece properties this trait defines (VASSAL's getProperty keys it answers)."""
        return {}

    def apply_name(self, inner_name: str) -> str:
        """The piece name as seen through this trait (most traits do not change it)."""
        return inner_name

    # -- generic spec machinery -------------------------------------------------------------

    def _decode_type(self, text: str, memo: Memo) -> None:
        parse_into(self, self.TYPE, _items(text, self.TYPE_DELIM), memo, "type")

    def _decode_state(self, text: str, memo: Memo) -> None:
        parse_into(self, self.STATE, _items(text, self.STATE_DELIM), memo, "state")

    def _texts(self, spec: tuple[Field, ...], part: str) -> list[str]:
        """The field texts by *spec* (`format_from`, faster for a trait built in Python)."""
        cls = type(self)
        if self._memo is None and spec is (cls.TYPE if part == "type" else cls.STATE):
            return _canonical(cls, part)(self)
        return format_from(self, spec, self._memo, part, defaults_of(cls))

    def _join(self, spec: tuple[Field, ...], delim: str | None, part: str) -> str:
        cls = type(self)
        if self._memo is None and spec is (cls.TYPE if part == "type" else cls.STATE):
            texts = _canonical(cls, part)(self)  # as _texts, one call less: it is hot
        else:
            texts = format_from(self, spec, self._memo, part, defaults_of(cls))
        if delim is None:
            return texts[0] if texts else ""
        return sequence.join_texts(texts, delim) if texts else ""


def trait_id_of(type_text: str) -> str:
    """The factory prefix of a trait's type text: up to and including the first `;`."""
    cut = type_text.find(";")
    return type_text if cut < 0 else type_text[:cut + 1]


def _items(text: str, delim: str | None) -> list[str]:
    if delim is None:
        return [text]
    return sequence.split(text, delim)


def _spec_of(cls: type[Trait], part: str) -> tuple[Field, ...]:
    return cls.TYPE if part == "type" else cls.STATE


@class_cache
def _canonical(cls: type[Trait], part: str) -> Callable[[Any], list[str]]:
    """The canonical formatter of a trait class's type or state spec (cached: specs are
    class constants)."""
    return canonical_formatter(_spec_of(cls, part))


@class_cache
def defaults_of(cls: type) -> dict[str, Any]:
    """The dataclass defaults of *cls* (cached: read-only, used to decide what to write)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            out[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            out[f.name] = f.default_factory()
    return out


@dataclass
class RawTrait(Trait):
    """A trait vconv does not model: its type and state are kept and re-emitted unchanged."""

    type_text: str = ""
    state_text: str = ""

    @classmethod
    def decode(cls, type_text: str, state_text: str) -> "RawTrait":
        return cls(type_text=type_text, state_text=state_text)

    @property
    def trait_id(self) -> str:
        """The factory prefix, e.g. `footprint;` (text up to and including the first `;`)."""
        cut = self.type_text.find(";")
        return self.type_text if cut < 0 else self.type_text[:cut + 1]

    def encode_type(self) -> str:
        return self.type_text

    def encode_state(self) -> str:
        return self.state_text
