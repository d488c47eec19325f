"""The game model → a VASSAL module (uses converter.vassal for the format and
converter.render for every image)."""

from converter.builder.embedded import read_game_from_vmod
from converter.builder.module import BuiltModule, build_from_model, build_module, write_module

__all__ = ["BuiltModule", "build_from_model", "build_module", "read_game_from_vmod", "write_module"]
