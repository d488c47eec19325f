"""Cross-reference checks on a schema-valid game, one module per concern: ids and references
(`context`, `references`), boards and grids (`boards`), pieces, steps, cards and totals
(`pieces`), tables (`tables`), turns and setups (`turns`), setups against the stacking limits
(`stacking`).

Every check but provenance works on the model (`Context.game`, the rules typed by kind), and so
does the index of ids; the pointer of each item comes from its place in its list (the model
keeps the document's lists in order). Provenance walks every key of the merged JSON, where a
`provenance` or `missing` may stand on any object.
No check swallows an exception: a file that cannot be read is a problem naming it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from converter.load.document import GameDocument, Problem
from converter.validate.semantic.boards import check_boards
from converter.validate.semantic.context import Context, natural
from converter.validate.semantic.pieces import check_cards, check_pieces, check_totals
from converter.validate.semantic.references import (
    check_global_properties, check_provenance, check_rules, check_sides, check_terrain)
from converter.validate.semantic.stacking import check_setup_stacking
from converter.validate.semantic.tables import check_tables
from converter.validate.semantic.turns import check_scenarios, check_turns

if TYPE_CHECKING:
    from converter.model.game import Game

CHECKS = (check_provenance, check_sides, check_terrain, check_boards, check_pieces, check_cards,
          check_tables, check_rules, check_turns, check_global_properties, check_scenarios,
          check_setup_stacking, check_totals)


def check_semantics(doc: GameDocument) -> list[Problem]:
    """Every cross-reference problem of a schema-valid game, sorted by file and pointer."""
    return checked_model(doc)[0]


def checked_model(doc: GameDocument) -> tuple[list[Problem], Game | None]:
    """`check_semantics` and the game model the checks built on the way (one build)."""
    ctx = Context(doc)
    ctx.collect_ids()
    for check in CHECKS:
        check(ctx)
    problems = sorted(set(ctx.problems), key=lambda p: (p.file, natural(p.pointer), p.message))
    return problems, ctx.game
