"""The turn track, other tracks, and the sequence of play as nested phases."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from converter.model.common import Provenance, When


@dataclass
class TurnLabel:
    turn: int
    label: str
    provenance: Provenance | None = None


@dataclass
class TurnNote:
    turn: int
    text: str
    provenance: Provenance | None = None


@dataclass
class Turns:
    count: int | None = None
    first: int | None = None
    unit: str | None = None
    labels: list[TurnLabel] | None = None
    notes: list[TurnNote] | None = None
    level: str | None = None  # the tracker level counting turns, as a module names it
    property: str | None = None
    wrap: bool | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None

    def opening(self) -> int:
        """The first turn, also of a track the rules set no limit to (1 when unstated)."""
        return 1 if self.first is None else self.first

    def numbers(self) -> list[int]:
        """Every turn of the track; empty when the rules set no limit."""
        start = self.opening()
        return list(range(start, start + (self.count or 0)))

    def label(self, turn: int) -> str:
        for item in self.labels or []:
            if item.turn == turn:
                return item.label
        return str(turn)

    def notes_for(self, turn: int) -> list[str]:
        return [n.text for n in self.notes or [] if n.turn == turn]


@dataclass
class Track:
    id: str
    name: str
    kind: str | None = None
    min: int | None = None
    max: int | None = None
    per: str | None = None
    start: int | dict[str, int] | None = None
    labels: list[str] | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Phase:
    id: str
    name: str
    side: str | None = None
    when: When | None = None
    repeat: int | None = None
    order: list[str] | None = None
    actions: list[str] | None = None
    text: str | None = None
    section: str | None = None
    level: str | None = None  # the tracker level showing it (phases in a row: one list)
    property: str | None = None
    counted: bool | None = None  # a counter level of its own, `repeat` rounds from `first`
    first: int | None = None
    phases: list[Phase] | None = None
    provenance: Provenance | None = None

    def walk(self, depth: int = 0) -> Iterator[tuple[int, Phase]]:
        yield depth, self
        for child in self.phases or []:
            yield from child.walk(depth + 1)


@dataclass
class TrackerLevel:
    """One level of a turn tracker: a list of entries, or a counter (first, step, last)."""

    name: str
    property: str | None = None
    items: list[str] | None = None
    first: int | None = None
    step: int | None = None
    last: int | None = None
    levels: list[TrackerLevel] | None = None


@dataclass
class Tracker:
    """A turn tracker besides the game's turns and sequence of play (a state players step)."""

    id: str
    name: str
    levels: list[TrackerLevel]
    button: str | None = None
    provenance: Provenance | None = None
