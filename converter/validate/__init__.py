"""Validation: the JSON Schema first, then cross-references (ids, references, grids, steps,
counts). Every problem is reported, each with its file and JSON pointer."""

from __future__ import annotations

from pathlib import Path

from converter.errors import ModelError
from converter.load import GameDocument, Problem, load_game
from converter.model.game import Game
from converter.validate.schema import check_schema


def validate_document(doc: GameDocument) -> list[Problem]:
    """All problems of a loaded game: include problems, schema errors, then semantic ones.

    Semantic checks run only when the schema passed, since they rely on its shapes.
    """
    problems = list(doc.problems)
    schema_problems = check_schema(doc)
    problems.extend(schema_problems)
    if not schema_problems:
        from converter.validate.semantic import check_semantics
        problems.extend(check_semantics(doc))
    return problems


def validate_path(path: str | Path) -> tuple[GameDocument, list[Problem]]:
    doc = load_game(path)
    return doc, validate_document(doc)


def load_model(path: str | Path) -> Game:
    """Load a game folder, validate it and build its model: one call for the exporters and
    the auditor.

    Raises InputError for a missing or unreadable file and ModelError (listing the
    problems) when the game does not validate.
    """
    doc, problems = validate_path(path)
    if problems:
        lines = "\n".join(p.line() for p in problems[:20])
        more = f"\n... and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise ModelError(f"{doc.folder}: the game has {len(problems)} problems (run vconv validate):\n{lines}{more}")
    game = Game.from_dict(doc.data)
    game.folder = doc.folder
    return game


__all__ = ["load_model", "validate_document", "validate_path", "Problem"]
