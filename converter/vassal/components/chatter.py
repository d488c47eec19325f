"""Chatter: The chat and report pane."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class Chatter(Component):
    """The chat and report pane."""

    TAG = "VASSAL.build.module.Chatter"
