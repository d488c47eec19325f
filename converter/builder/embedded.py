"""The canonical game description carried inside a module, and reading it back.

An auditor given only a .vmod can rebuild the game model from `vconv/game.json`: the merged
document (game.json with its includes), validated again on the way in.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from converter.errors import ModelError, VassalFormatError
from converter.load import GameDocument
from converter.model.game import Game
from converter.vassal.vmod_reader import read_vmod

GAME_ENTRY = "vconv/game.json"
MAX_GAME_BYTES = 32 * 1024 * 1024


def read_game_from_vmod(path: str | os.PathLike[str]) -> Game:
    """The game model a vconv-built module carries.

    >>> from converter.builder.module import build_module, write_module
    >>> import tempfile
    >>> out = write_module(build_module("tests/data/games/mini"), tempfile.mkdtemp())
    >>> read_game_from_vmod(out).title
    'Mini Battle; a "test" game, à la 1914'

    Raises:
        InputError: the file does not exist.
        VassalFormatError: not a module, or a module without a vconv game description.
        ModelError: the description inside does not validate.
    """
    module = read_vmod(path)
    if GAME_ENTRY not in module.entry_names:
        raise VassalFormatError(f"{path}: the module holds no {GAME_ENTRY} (not built by vconv?)")
    raw = module.read_member(GAME_ENTRY, MAX_GAME_BYTES)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise VassalFormatError(f"{path}!{GAME_ENTRY}: not JSON text ({exc})") from None
    if not isinstance(data, dict):
        raise VassalFormatError(f"{path}!{GAME_ENTRY}: expected a JSON object at the top level")
    from converter.validate import validate_document

    doc = GameDocument(folder=Path(path), data=data)
    problems = validate_document(doc)
    if problems:
        lines = "\n".join(p.line() for p in problems[:20])
        raise ModelError(f"{path}!{GAME_ENTRY}: the game has {len(problems)} problems:\n{lines}")
    return Game.from_dict(data)

