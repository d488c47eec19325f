"""Decks (per side or power, with sub-decks) and cards."""

from __future__ import annotations

from dataclasses import dataclass

from converter.model.common import Provenance, When


@dataclass
class Subdeck:
    id: str
    name: str
    count: int | None = None
    when: When | None = None
    provenance: Provenance | None = None


@dataclass
class Deck:
    id: str
    name: str
    owner: str | None = None
    count: int | None = None
    hand_size: int | None = None
    subdecks: list[Subdeck] | None = None
    card_fields: list[str] | None = None
    color: str | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Card:
    id: str
    deck: str
    title: str
    subdeck: str | None = None
    number: int | None = None
    type: str | None = None
    nationality: str | None = None
    values: dict[str, int | str | None] | None = None
    symbols: list[str] | None = None
    flags: list[str] | None = None
    text: str | None = None
    image: str | None = None       # the face as a picture of the game's folder
    back_image: str | None = None  # the back as a picture, in place of the deck's drawn back
    count: int | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None
