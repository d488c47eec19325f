"""Shared small values: provenance, ranges, turn conditions, locations, piece filters."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Status(str, Enum):
    STATED = "stated"
    DEDUCED = "deduced"
    MISSING = "missing"
    ERRATA = "errata"


@dataclass
class Reading:
    reading: str
    section: str | None = None
    quote: str | None = None
    used: bool | None = None


@dataclass
class Provenance:
    """Where a datum comes from; 'missing' means the rulebook text lacks it."""

    status: str
    section: str | None = None
    source: str | None = None
    quote: str | None = None
    note: str | None = None
    readings: list[Reading] | None = None

    @property
    def is_missing(self) -> bool:
        return self.status == Status.MISSING.value

    def cite(self) -> str:
        """A short citation such as '§6.1 (deduced)' for cards and reports."""
        text = f"§{self.section}" if self.section else ""
        if self.status != Status.STATED.value:
            text = f"{text} ({self.status})".strip()
        return text


@dataclass
class Range:
    min: int | None = None
    max: int | None = None

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, int):
            return False
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)

    def label(self) -> str:
        if self.min is not None and self.max is not None:
            return str(self.min) if self.min == self.max else f"{self.min}-{self.max}"
        if self.min is not None:
            return f"≥{self.min}"
        return f"≤{self.max}"


def roll_matches(roll: int | Range | None, value: int) -> bool:
    if roll is None:
        return False
    if isinstance(roll, Range):
        return value in roll
    return roll == value


@dataclass
class When:
    """When something applies: listed turns or a range, excluded turns, a free condition."""

    turns: Range | list[int] | None = None
    not_turns: list[int] | None = None
    condition: str | None = None
    players: list[int] | None = None

    def applies(self, turn: int | None) -> bool | None:
        """True/False for a known turn; None when only a free-text condition decides."""
        if turn is None:
            return None
        if self.not_turns and turn in self.not_turns:
            return False
        if isinstance(self.turns, Range) and turn not in self.turns:
            return False
        if isinstance(self.turns, list) and turn not in self.turns:
            return False
        return True

    def label(self) -> str:
        parts = []
        if isinstance(self.turns, Range):
            parts.append(f"turns {self.turns.label()}")
        elif self.turns:
            parts.append("turns " + ", ".join(map(str, self.turns)))
        if self.not_turns:
            parts.append("not turn " + ", ".join(map(str, self.not_turns)))
        if self.condition:
            parts.append(self.condition)
        return "; ".join(parts)


@dataclass
class Location:
    """A place: a hex id, a space, a map edge, a track cell, or any of several."""

    board: str | None = None
    hex: str | None = None
    space: str | None = None
    edge: str | None = None
    track: str | None = None
    value: int | None = None
    any_of: list[Location] | None = None
    code: str | None = None
    # a pixel of the board, past its edge: where a VASSAL set-up left a piece beside it
    point: list[int] | None = None
    # the deck the piece lies in (a counter in a pool, a card); with a board place, where
    # the deck lies
    deck: str | None = None
    note: str | None = None
    provenance: Provenance | None = None

    def label(self) -> str:
        if self.deck:
            return f"deck {self.deck}"
        if self.hex:
            return self.hex
        if self.space:
            return self.space
        if self.edge:
            return f"edge {self.edge}"
        if self.track:
            return f"{self.track} {self.value}" if self.value is not None else self.track
        if self.any_of:
            return " or ".join(loc.label() for loc in self.any_of)
        if self.point and len(self.point) == 2:
            return f"off board {self.board or '?'} at ({self.point[0]},{self.point[1]})"
        return self.code or "?"


@dataclass
class Filter:
    """Which pieces something applies to; every given key must match."""

    sides: list[str] | None = None
    factions: list[str] | None = None
    nationalities: list[str] | None = None
    types: list[str] | None = None
    sizes: list[str] | None = None
    kinds: list[str] | None = None
    pieces: list[str] | None = None
    flags: list[str] | None = None
    size_classes: list[str] | None = None
    any_of: list[Filter] | None = None
    not_: Filter | None = field(default=None, metadata={"json": "not"})

    def is_empty(self) -> bool:
        return all(getattr(self, f) is None for f in
                   ("sides", "factions", "nationalities", "types", "sizes", "kinds", "pieces", "flags",
                    "size_classes", "any_of", "not_"))


@dataclass
class Note:
    text: str
    provenance: Provenance | None = None
