"""ForwardToKeyBuffer: Map helper: sends key presses to the selected pieces."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class ForwardToKeyBuffer(Component):
    """Map helper: sends key presses to the selected pieces."""

    TAG = "VASSAL.build.module.map.ForwardToKeyBuffer"
