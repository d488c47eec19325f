"""Immobilized (`immob;`, "Does not stack"): selection, movement and stacking restrictions.

VASSAL concatenates letter flags without the sequence codec, so the type text after the ID
is kept whole (e.g. `g;I` or `n;N;;`)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import fields


@dataclass
class Immobilized(Trait):
    """`options` is the raw flag text after `immob;` (empty: never stack, normal moves)."""

    ID = "immob;"
    TYPE_DELIM = None
    TYPE = fields("options")

    options: str = ""
