"""The game model → a VASSAL module (VASSAL formats from converter.vassal, every image from
converter.render, so the module and the print kit show the same art).

What a built module holds, and what other tools (the auditor) may rely on, is written
once in `converter.builder.conventions`: map, space, track cell and phase names, the piece
and card markers, the Step/Side layers, the zone properties, where reinforcements wait, and
the embedded `vconv/game.json`.  Other packages import that module, never the builder's
internals.
"""

from converter.builder.conventions import map_names, read_game_from_vmod, space_names, track_cell_names
from converter.builder.module import BuiltModule, build_from_model, build_module, write_module

__all__ = ["BuiltModule", "build_from_model", "build_module", "map_names", "read_game_from_vmod",
           "space_names", "track_cell_names", "write_module"]
