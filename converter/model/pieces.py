"""Unit types, printed factors, flags and pieces with their faces and step model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from converter.model.common import Location, Provenance


@dataclass
class UnitType:
    id: str
    name: str
    symbol: str
    provenance: Provenance | None = None


@dataclass
class Factor:
    id: str
    name: str
    abbreviation: str | None = None
    provenance: Provenance | None = None


@dataclass
class PieceFlag:
    id: str
    name: str
    mark: str | None = None
    provenance: Provenance | None = None


@dataclass
class Face:
    """One printed side of one counter of a piece."""

    counter: int
    side: str
    step: int | None = None
    role: str | None = None
    label: str | None = None
    label_joins: str | None = None
    factors: dict[str, int | str | None] | None = None
    printed: str | None = None
    flags: list[str] | None = None
    mark: str | None = None
    image: str | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None

    def shown_label(self, name: str) -> str | None:
        """The words the face shows: its label, or, for a label that adds to the piece's name
        (VASSAL's level '+ (x2)'), the name with it ('Cart (x2)')."""
        if not self.label or self.label_joins is None:
            return self.label
        return f"{name} {self.label}" if self.label_joins == "after" else f"{self.label} {name}"

    def factor_text(self, order: list[str] | None = None) -> str:
        """The factors as printed ('6-7-4'), '?' for missing values."""
        if self.printed:
            return self.printed
        if not self.factors:
            return ""
        keys = [k for k in (order or []) if k in self.factors] or list(self.factors)
        return "-".join("?" if self.factors[k] is None else str(self.factors[k]) for k in keys)


@dataclass
class Steps:
    model: str
    count: int | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Entry:
    turn: int | None = None
    code: str | None = None
    at: Location | None = None
    reduced: bool | None = None
    provenance: Provenance | None = None


@dataclass
class Carried:
    token: str
    max: int | None = None
    destroyed_at: int | None = None


@dataclass
class Piece:
    id: str
    name: str
    kind: str
    faces: list[Face]
    side: str | None = None
    faction: str | None = None
    nationality: str | list[str] | None = None
    color: str | None = None
    type: str | None = None
    size: str | None = None
    size_class: str | None = None
    designation: str | None = None
    formation: str | None = None
    count: int | None = None
    steps: Steps | None = None
    flags: list[str] | None = None
    printed_setup: Location | None = None
    entry: Entry | None = None
    hidden: bool | None = None
    carries: list[Carried] | None = None
    properties: dict[str, Any] | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None

    @property
    def copies(self) -> int:
        return self.count or 1

    @property
    def nationalities(self) -> list[str]:
        if self.nationality is None:
            return []
        return [self.nationality] if isinstance(self.nationality, str) else list(self.nationality)

    @property
    def step_count(self) -> int:
        """Known strength steps; a unit whose count is missing shows as many as it has faces for."""
        if self.steps is None:
            return 1
        if self.steps.count is not None:
            return self.steps.count
        return max([f.step or 1 for f in self.faces] + [1])

    def counters(self) -> list[int]:
        """The physical counters of this piece (1, or 1 and 2)."""
        return sorted({f.counter for f in self.faces})

    def face(self, counter: int, side: str) -> Face | None:
        for f in self.faces:
            if f.counter == counter and f.side == side:
                return f
        return None

    def face_for_step(self, step: int) -> Face | None:
        for f in self.faces:
            if f.step == step:
                return f
        return None

    def step_faces(self) -> list[Face]:
        """Faces that show a strength step, strongest first (the reduction chain)."""
        return sorted((f for f in self.faces if f.step is not None), key=lambda f: -(f.step or 0))
