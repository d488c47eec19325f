"""SpecialDie: One custom die of a SpecialDiceButton."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs


@dataclass
class SpecialDie(Component):
    """One custom die of a SpecialDiceButton."""

    TAG = "VASSAL.build.module.SpecialDie"
    ATTRS = attrs(("name", "name"), ("report", "report"))

    name: str = ''
    report: str = '$name$ = $result$'
