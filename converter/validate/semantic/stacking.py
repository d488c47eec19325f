"""A scenario's setup against the game's own stacking limits: the pieces each scenario places
on one hex or space, judged by the rules the auditor judges a log with
(`converter.model.stacking`), so a setup the auditor would flag at its first step is refused
before a module is built.

Only a sure breach is a problem: a setup offering a choice of places, a rule that applies
on some condition or turn the setup cannot tell, or a piece whose measure the data lacks is
left alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from converter.model.board import Board
from converter.model.common import Location
from converter.model.game import Game
from converter.model.rules import StackingRule
from converter.model.scenario import Scenario
from converter.model.stacking import Stacked, in_scope, judge_stack, judged_rules, start_steps
from converter.model.targets import TargetMatcher
from converter.validate.semantic.context import Context


@dataclass
class _Stack:
    """The pieces one scenario starts at one place, with the setup entry of each copy."""

    board: Board
    at: Location
    label: str
    pieces: list[Stacked] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    entries: list[int] = field(default_factory=list)


def check_setup_stacking(ctx: Context) -> None:
    """Every place a scenario's setup fills beyond a stacking limit of the game, reported at
    the setup entry that fills it past the limit."""
    game = ctx.game
    rules = judged_rules(game)
    if not rules:
        return
    targets = TargetMatcher(game)
    for s, scen in enumerate(game.scenarios or []):
        turn = _first_turn(game, scen)
        applying = [r for r in rules if _applies(r, scen, turn)]
        for stack in _stacks(ctx, game, scen).values():
            for rule in applying:
                if not in_scope(rule, stack.at.hex, stack.at.space):
                    continue
                if rule.target is not None and \
                        targets.in_target(rule.target, stack.board, stack.at) is not True:
                    continue
                for breach in judge_stack(game, rule, stack.pieces).breaches:
                    listed: Counter[str] = Counter()
                    for i in breach.members:
                        share = breach.share(game, stack.pieces[i])
                        listed[stack.names[i] + ("" if share is None else f": {share}")] += 1
                    entry = max(stack.entries[i] for i in breach.members)
                    sec = rule.cited_section()
                    cited = f"rule {rule.id!r}" + (f" (section {sec})" if sec else "")
                    ctx.report(f"/scenarios/{s}/setup/{entry}",
                               f"at the start of scenario {scen.id!r}, {breach.message(stack.label)}"
                               ": " + "; ".join(f"{n} × {text}" if n > 1 else text
                                                for text, n in listed.items()),
                               f"{cited} allows {breach.expected()}: move a piece elsewhere, "
                               "or correct the rule if the rulebook allows this stack",
                               check="stacking")


def _stacks(ctx: Context, game: Game, scen: Scenario) -> dict[tuple[str, str], _Stack]:
    """The scenario's pieces by the single hex or space each entry names (entries offering a
    choice, naming a track or an edge, or a place that does not exist are left out)."""
    out: dict[tuple[str, str], _Stack] = {}
    for k, placement in enumerate(scen.setup or []):
        piece = game.piece(placement.piece)
        at = placement.at
        if piece is None or at.any_of:
            continue
        key: tuple[str, str] | None = None
        board: Board | None = None
        label = ""
        if at.hex is not None:
            board_id = at.board or _board_of_hex(ctx, at.hex)
            board = game.board(board_id) if board_id else None
            grid = ctx.index.grids.get(board_id or "")
            if board is not None and grid is not None and grid.contains(at.hex):
                key, label = (board.id, at.hex), board.hex_label(at.hex)
        elif at.space is not None:
            found = game.space(at.space)
            if found is not None:
                board, space = found
                key, label = ("", space.id), f"{space.name} ({space.id})"
        if key is None or board is None:
            continue
        stack = out.setdefault(key, _Stack(board, at, label))
        side = game.side_of(piece)
        for _ in range(placement.count or 1):
            stack.pieces.append(Stacked(piece, side.id if side is not None else None,
                                        start_steps(piece, placement)))
            stack.names.append(f"{piece.name} ({piece.id})")
            stack.entries.append(k)
    return out


def _board_of_hex(ctx: Context, hex_id: str) -> str | None:
    """The one hex board whose grid holds *hex_id* (None when none or several do)."""
    holding = [b for b, grid in ctx.index.grids.items() if grid.contains(hex_id)]
    return holding[0] if len(holding) == 1 else None


def _first_turn(game: Game, scen: Scenario) -> int:
    if scen.turns is not None and scen.turns.min is not None:
        return scen.turns.min
    if game.turns is not None and game.turns.first is not None:
        return game.turns.first
    return 1


def _applies(rule: StackingRule, scen: Scenario, turn: int) -> bool:
    """Whether the rule surely holds for the setup (its first turn, its numbers of players)."""
    when = rule.when
    if when is None:
        return True
    if when.condition or when.applies(turn) is not True:
        return False
    if when.players:
        return bool(scen.players) and all(n in when.players for n in scen.players or [])
    return True
