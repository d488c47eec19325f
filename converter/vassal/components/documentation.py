"""Documentation: The Help menu: holds HelpFile and AboutScreen entries."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class Documentation(Component):
    """The Help menu: holds HelpFile and AboutScreen entries."""

    TAG = "VASSAL.build.module.Documentation"
