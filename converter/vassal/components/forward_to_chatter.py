"""ForwardToChatter: Map helper: typing on the map goes to the chat."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class ForwardToChatter(Component):
    """Map helper: typing on the map goes to the chat."""

    TAG = "VASSAL.build.module.map.ForwardToChatter"
