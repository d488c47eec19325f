"""PrototypesContainer: Holds the PrototypeDefinitions (only the first container is consulted)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class PrototypesContainer(Component):
    """Holds the PrototypeDefinitions (only the first container is consulted)."""

    TAG = "VASSAL.build.module.PrototypesContainer"
