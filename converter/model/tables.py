"""Dice and the rules tables as data: CRT, fire, events, thresholds, DRMs, shifts, costs; and
the charts a game gives as pictures or pages."""

from __future__ import annotations

import re
from dataclasses import dataclass

from converter.model.common import Filter, Note, Provenance, Range, When, roll_matches


@dataclass
class DieFace:
    label: str
    value: int | None = None
    image: str | None = None


@dataclass
class Chart:
    """A player aid given as art, not as data: a picture or an HTML page of the game folder
    (a module's Chart or HtmlChart), filed under its window and tabs (`group`)."""

    id: str
    name: str
    image: str | None = None
    html: str | None = None
    group: list[str] | None = None
    description: str | None = None
    provenance: Provenance | None = None


@dataclass
class Die:
    id: str
    name: str
    count: int | None = None
    sides: int | None = None
    faces: list[DieFace] | None = None
    sum: bool | None = None
    physical: int | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None

    def face_labels(self) -> list[str] | None:
        """Every face of one die, or None when the faces are not all known."""
        if self.faces is not None:
            if self.sides is not None and len(self.faces) != self.sides:
                return None
            if self.missing and ("faces" in self.missing or "sides" in self.missing):
                return None
            return [f.label for f in self.faces]
        if self.sides:
            return [str(n) for n in range(1, self.sides + 1)]
        return None

    def possible_values(self) -> set[int] | None:
        """The totals a roll of this die (or dice) can give; None when the faces are unknown."""
        if self.faces is not None:
            labels = self.face_labels()
            if labels is None or any(f.value is None and not f.label.lstrip("-").isdecimal() for f in self.faces):
                return None
            one = {f.value if f.value is not None else int(f.label) for f in self.faces}
        elif self.sides:
            one = set(range(1, self.sides + 1))
        else:
            return None
        totals = set(one)
        for _ in range((self.count or 1) - 1):
            totals = {a + b for a in totals for b in one}
        return totals


@dataclass
class Column:
    label: str
    odds: list[int] | None = None
    range: Range | None = None
    when: When | None = None


@dataclass
class Row:
    label: str
    roll: int | Range | None = None


@dataclass
class Beyond:
    result: str | None = None
    column: str | None = None
    drm_per_level: int | None = None


@dataclass
class Rounding:
    favourable: str | None = None
    unfavourable: str | None = None


@dataclass
class ResultCode:
    code: str
    meaning: str


@dataclass
class TableEntry:
    label: str
    id: str | None = None
    roll: int | Range | None = None
    value: int | float | str | None = None
    result: str | None = None
    applies_to: str | None = None
    terrain: str | None = None
    pieces: Filter | None = None
    when: When | None = None
    note: str | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Table:
    id: str
    name: str
    kind: str
    die: str | None = None
    clamp: Range | None = None
    method: str | None = None
    rounding: Rounding | None = None
    columns: list[Column] | None = None
    rows: list[Row] | None = None
    cells: list[list[str | int | None]] | None = None
    below: Beyond | None = None
    above: Beyond | None = None
    result_pattern: str | None = None
    result_codes: list[ResultCode] | None = None
    entries: list[TableEntry] | None = None
    notes: list[Note] | None = None
    section: str | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None

    @property
    def is_matrix(self) -> bool:
        return bool(self.columns and self.rows)

    def column_index(self, label: str) -> int:
        for i, col in enumerate(self.columns or []):
            if col.label == label:
                return i
        raise KeyError(f"table {self.id!r} has no column {label!r}")

    def row_for_roll(self, roll: int) -> int | None:
        for i, row in enumerate(self.rows or []):
            if roll_matches(row.roll, roll):
                return i
        return None

    def cell(self, row: int, column: int) -> str | int | None:
        if self.cells is None:
            return None
        return self.cells[row][column]

    def lookup(self, column: str, roll: int) -> str | int | None:
        """The result for *roll* (after clamping) in *column*; None when the cell is missing."""
        if self.clamp is not None:
            if self.clamp.min is not None:
                roll = max(roll, self.clamp.min)
            if self.clamp.max is not None:
                roll = min(roll, self.clamp.max)
        r = self.row_for_roll(roll)
        if r is None:
            return None
        return self.cell(r, self.column_index(column))

    def parse_result(self, result: str) -> dict[str, str] | None:
        """The named groups of *result* under the table's result pattern."""
        if not self.result_pattern:
            return None
        m = re.fullmatch(self.result_pattern, result)
        return {k: v for k, v in m.groupdict().items() if v is not None} if m else None
