"""VASSAL module → canonical JSON: `import_module` reads, `write_folder` writes the game."""

from converter.importer.module import ImportedGame, import_module
from converter.importer.writer import check_target, write_folder

__all__ = ["ImportedGame", "check_target", "import_module", "write_folder"]
