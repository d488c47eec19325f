"""Validation: the JSON Schema first, then cross-references (ids, references, grids, steps,
counts). Every problem is reported, each with its file and JSON pointer."""

from __future__ import annotations

from pathlib import Path

from converter.count import counted
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


def validated_model(doc: GameDocument) -> tuple[list[Problem], Game | None]:
    """`validate_document` and the document's game model, built once: the semantic checks
    build it anyway (None when the schema stage failed, so no model can be built)."""
    problems = list(doc.problems)
    schema_problems = check_schema(doc)
    problems.extend(schema_problems)
    if schema_problems:
        return problems, None
    from converter.validate.semantic import checked_model

    found, game = checked_model(doc)
    problems.extend(found)
    return problems, game if game is not None else Game.from_dict(doc.data)


def validate_path(path: str | Path) -> tuple[GameDocument, list[Problem]]:
    doc = load_game(path)
    return doc, validate_document(doc)


def load_model(path: str | Path) -> Game:
    """Load a game folder, validate it and build its model: one call for the exporters and
    the auditor.

    Raises InputError for a missing or unreadable file and ModelError (listing the
    problems) when the game does not validate.
    """
    doc = load_game(path)
    problems, game = validated_model(doc)
    if problems or game is None:
        lines = "\n".join(p.line() for p in problems[:20])
        more = f"\n... and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise ModelError(f"{doc.folder}: the game has {counted(len(problems), 'problems')} (run vconv "
                         f"validate):\n{lines}{more}")
    game.folder = doc.folder
    return game


__all__ = ["load_model", "validate_document", "validate_path", "validated_model", "Problem"]
