"""Rules as data, checked by the auditor's generic checkers."""

from __future__ import annotations

from dataclasses import dataclass

from converter.model.common import Filter, Provenance, When


@dataclass
class Target:
    board: str | None = None
    spaces: list[str] | None = None
    hexes: list[str] | None = None
    groups: list[str] | None = None
    terrain: list[str] | None = None
    links: list[str] | None = None


@dataclass
class Rule:
    id: str
    kind: str
    name: str
    section: str | None = None
    text: str | None = None
    pieces: Filter | None = None
    when: When | None = None
    scope: str | None = None
    limit: float | None = None
    measure: str | None = None
    weights: dict[str, float] | None = None
    free: Filter | None = None
    per: str | None = None
    enemy: str | None = None
    allowance: str | None = None
    cost: str | None = None
    minimum_move: bool | None = None
    same_group: str | None = None
    target: Target | None = None
    table: str | None = None
    attack: str | None = None
    defence: str | None = None
    die: str | None = None
    modifiers: list[str] | None = None
    value: int | float | str | None = None
    checkable: bool | None = None
    optional: bool | None = None
    unlimited: bool | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None
