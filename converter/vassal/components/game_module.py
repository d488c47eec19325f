"""GameModule: The root element: module name (its identity in saves), version and the next free
gpid."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import INT


@dataclass
class GameModule(Component):
    """The root element: module name (its identity in saves), version and the next free gpid."""

    TAG = "VASSAL.build.GameModule"
    ATTRS = attrs(("name", "name"), ("version", "version"), ("description", "description"),
                  ("ModuleOther1", "module_other1"), ("ModuleOther2", "module_other2"),
                  ("VassalVersion", "vassal_version"),
                  ("nextPieceSlotId", "next_piece_slot_id", INT))

    name: str = ''
    version: str = '0.0'
    description: str = ''
    module_other1: str = ''
    module_other2: str = ''
    vassal_version: str = '3.6.0'
    next_piece_slot_id: int = 1
