"""PredefinedSetup: A scenario in File > New (`file` is a .vsav in the archive)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL


@dataclass
class PredefinedSetup(Component):
    """A scenario in File > New (`file` is a .vsav in the archive)."""

    TAG = "VASSAL.build.module.PredefinedSetup"
    ATTRS = attrs(("name", "name"), ("file", "file"), ("useFile", "use_file", BOOL),
                  ("isMenu", "is_menu", BOOL))

    name: str = ''
    file: str = ''
    use_file: bool = False
    is_menu: bool = False
