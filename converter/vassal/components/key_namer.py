"""KeyNamer: Gives named key commands their private key codes."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class KeyNamer(Component):
    """Gives named key commands their private key codes."""

    TAG = "VASSAL.build.module.KeyNamer"
