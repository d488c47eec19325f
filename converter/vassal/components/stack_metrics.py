"""StackMetrics: How stacks are drawn, open and closed."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class StackMetrics(Component):
    """How stacks are drawn, open and closed."""

    TAG = "VASSAL.build.module.map.StackMetrics"
    ATTRS = attrs(("disabled", "disabled", BOOL), ("exSepX", "ex_sep_x", INT),
                  ("exSepY", "ex_sep_y", INT), ("unexSepX", "unex_sep_x", INT),
                  ("unexSepY", "unex_sep_y", INT))

    disabled: bool = False
    ex_sep_x: int = 6
    ex_sep_y: int = 18
    unex_sep_x: int = 2
    unex_sep_y: int = 4
