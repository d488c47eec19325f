"""Load → validate → model, in one call for the exporters and the auditor."""

from __future__ import annotations

from pathlib import Path

from converter.errors import ModelError
from converter.model.game import Game


def load_model(path: str | Path) -> Game:
    """Load a game folder, validate it and build its model.

    Raises InputError for a missing or unreadable file and ModelError (listing the
    problems) when the game does not validate.
    """
    from converter.validate import validate_path

    doc, problems = validate_path(path)
    if problems:
        lines = "\n".join(p.line() for p in problems[:20])
        more = f"\n... and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise ModelError(f"{doc.folder}: the game has {len(problems)} problems (run vconv validate):\n{lines}{more}")
    game = Game.from_dict(doc.data)
    game.folder = doc.folder
    return game
