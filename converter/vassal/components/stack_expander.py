"""StackExpander: Map helper: expands stacks on double click."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class StackExpander(Component):
    """Map helper: expands stacks on double click."""

    TAG = "VASSAL.build.module.map.StackExpander"
