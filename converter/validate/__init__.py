"""Validation: the JSON Schema first, then cross-references (ids, references, grids, steps,
counts). Every problem is reported, each with its file and JSON pointer."""

from __future__ import annotations

from pathlib import Path

from converter.load import GameDocument, Problem, load_game
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


__all__ = ["validate_document", "validate_path", "Problem"]
