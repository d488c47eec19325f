"""KeyBufferer: Map helper: piece selection."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class KeyBufferer(Component):
    """Map helper: piece selection."""

    TAG = "VASSAL.build.module.map.KeyBufferer"
