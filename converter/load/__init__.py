"""Load a game folder: game.json plus the files it includes, merged into one document
that remembers which file and JSON pointer each part came from."""

from converter.load.document import GameDocument, Problem, find_game_file, load_game

__all__ = ["GameDocument", "Problem", "load_game", "find_game_file"]
