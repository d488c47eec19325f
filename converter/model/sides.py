"""Sides (alliances) → factions (powers) → nationalities."""

from __future__ import annotations

from dataclasses import dataclass

from converter.model.common import Provenance


@dataclass
class Side:
    id: str
    name: str
    color: str | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Faction:
    id: str
    name: str
    side: str
    color: str | None = None
    color_name: str | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Nationality:
    id: str
    name: str
    abbreviation: str | None = None
    side: str | None = None
    faction: str | None = None
    color: str | None = None
    color_name: str | None = None
    text_color: str | None = None
    neutral: bool | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None
