"""BoardSetup: The BoardPicker's default layout: an encoded SetBoards command as text."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class BoardSetup(Component):
    """The BoardPicker's default layout: an encoded SetBoards command as text."""

    TAG = "setup"
    TEXT = True
