"""The canonical game description carried inside a module, and reading it back.

An auditor given only a .vmod can rebuild the game model from `vconv/game.json`: the merged
document (game.json with its includes), validated again on the way in.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from converter.errors import InputError, ModelError, VassalFormatError
from converter.load import GameDocument
from converter.load.document import parse_json_bytes
from converter.model.game import Game
from converter.vassal.vmod_reader import ModuleFile, read_vmod

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
    return game_from_module(read_vmod(path))


def embedded_document(module: ModuleFile) -> dict[str, Any] | None:
    """The merged game document a vconv-built module carries, or None when it has none.

    Raises VassalFormatError when the entry is there but is not a JSON object.
    """
    if GAME_ENTRY not in module.entry_names:
        return None
    raw = module.read_member(GAME_ENTRY, MAX_GAME_BYTES)
    try:  # the same checks as a game folder's files: nesting, numbers, lone surrogates
        data = parse_json_bytes(raw, f"{module.path}!{GAME_ENTRY}")
    except InputError as exc:
        where = exc.path + (f":{exc.line}" if exc.line is not None else "") + \
            (f":{exc.pointer or '/'}" if exc.pointer is not None else "")
        raise VassalFormatError(f"{where}: not JSON text vconv accepts: {exc.message}") from None
    if not isinstance(data, dict):
        raise VassalFormatError(f"{module.path}!{GAME_ENTRY}: expected a JSON object at the top level")
    return data


def game_from_module(module: ModuleFile) -> Game:
    """The game model inside an opened module, validated again on the way in."""
    data = embedded_document(module)
    if data is None:
        raise VassalFormatError(f"{module.path}: the module holds no {GAME_ENTRY} (not built by vconv?)")
    from converter.validate import validate_document

    doc = GameDocument(folder=Path(module.path), data=data)
    problems = validate_document(doc)
    if problems:
        lines = "\n".join(p.line() for p in problems[:20])
        raise ModelError(f"{module.path}!{GAME_ENTRY}: the game has {len(problems)} problems:\n{lines}")
    return Game.from_dict(data)

