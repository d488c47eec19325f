"""Scenarios: turns, setup placements, starting track values, victory conditions."""

from __future__ import annotations

from dataclasses import dataclass

from converter.model.common import Location, Provenance, Range, When


@dataclass
class Placement:
    piece: str
    at: Location
    steps: int | None = None
    count: int | None = None
    hidden: bool | None = None
    face: int | None = None
    note: str | None = None
    provenance: Provenance | None = None


@dataclass
class TrackStart:
    track: str
    value: int
    owner: str | None = None
    provenance: Provenance | None = None


@dataclass
class Victory:
    id: str
    kind: str
    text: str
    side: str | None = None
    track: str | None = None
    at_least: int | None = None
    at_most: int | None = None
    lead: int | None = None
    when: When | None = None
    section: str | None = None
    provenance: Provenance | None = None


@dataclass
class Scenario:
    id: str
    name: str
    section: str | None = None
    description: str | None = None
    optional: bool | None = None
    players: list[int] | None = None
    turns: Range | None = None
    setup: list[Placement] | None = None
    track_start: list[TrackStart] | None = None
    victory: list[Victory] | None = None
    complete: bool | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None
