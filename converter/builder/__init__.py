"""The game model → a VASSAL module (VASSAL formats from converter.vassal, every image from
converter.render, so the module and the print kit show the same art).

What a built module holds, and what other tools (the auditor) may rely on, is written
once in `converter.builder.conventions`: map, space, track cell and phase names, the piece
and card markers, the Step/Side layers, the zone properties, where reinforcements wait, and
the embedded `vconv/game.json`.  Other packages import that module, never the builder's
internals.

The names below are loaded when first asked for: the importer and the auditor import
`converter.builder.conventions`, and a package that loaded the whole builder (rendering,
Pillow, every chart) before it would make each of their runs wait for it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from converter.builder.conventions import (map_names, read_game_from_vmod, space_names,
                                               track_cell_names)
    from converter.builder.module import (BuiltModule, build_from_model, build_module,
                                          write_module)

_HOME = {"map_names": "conventions", "read_game_from_vmod": "conventions",
         "space_names": "conventions", "track_cell_names": "conventions",
         "BuiltModule": "module", "build_from_model": "module", "build_module": "module",
         "write_module": "module"}

__all__ = ["BuiltModule", "build_from_model", "build_module", "map_names", "read_game_from_vmod",
           "space_names", "track_cell_names", "write_module"]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
