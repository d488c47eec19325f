"""GameModule: The root element: module name (its identity in saves), version and the next free
gpid."""

from __future__ import annotations

from dataclasses import dataclass

from converter.errors import VassalFormatError
from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.place_marker import PlaceMarker
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

    def used_gpids(self) -> list[int]:
        """Every numeric gpid in the module: piece/card slots and PlaceMarker traits."""
        found: list[int] = []
        for comp in self.walk():
            gpid = getattr(comp, "gpid", None)
            if isinstance(gpid, str) and gpid.isdecimal():
                found.append(int(gpid))
            if comp.TEXT and comp.content.startswith("+/"):
                try:
                    piece = comp.piece  # type: ignore[attr-defined]
                except (VassalFormatError, AttributeError):
                    continue
                found.extend(int(t.gpid) for t in piece.traits_of(PlaceMarker)
                             if t.gpid.isdecimal())
        return found

    def refresh_next_piece_slot_id(self) -> int:
        """Set nextPieceSlotId to one more than the largest gpid in use (§3.8) and return it.

        The id is derived from the slots, so it is computed on write, not trusted on read.
        """
        self.next_piece_slot_id = max(self.used_gpids(), default=0) + 1
        return self.next_piece_slot_id


@dataclass
class BasicModule(GameModule):
    """The root element as modules of VASSAL 3.0–3.1 name it (VASSAL.launch.BasicModule)."""

    TAG = "VASSAL.launch.BasicModule"
