"""SpecialDieFace: One face of a SpecialDie: text, numeric value, optional icon."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import INT


@dataclass
class SpecialDieFace(Component):
    """One face of a SpecialDie: text, numeric value, optional icon."""

    TAG = "VASSAL.build.module.SpecialDieFace"
    ATTRS = attrs(("text", "text"), ("value", "value", INT), ("icon", "icon"))

    text: str = ''
    value: int = 0
    icon: str = ''
