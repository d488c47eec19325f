"""Cross-reference checks (placeholder until written)."""

from __future__ import annotations

from converter.load import GameDocument, Problem


def check_semantics(doc: GameDocument) -> list[Problem]:
    return []
