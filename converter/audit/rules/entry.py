"""Where pieces may go: may-not-enter and may-only-enter targets (boards, spaces, hexes,
groups, terrain) for the pieces a rule names, and the `allowed`/`forbidden` filters of
groups and spaces (e.g. which nationalities may stand on a front)."""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.audit.events import Event, PieceAdded, PieceMoved
from converter.audit.places import Place
from converter.audit.rules.base import Check, missing_text, section_of
from converter.audit.state import GameState, PieceState
from converter.model.board import Board, Group
from converter.model.common import Filter
from converter.model.rules import EntryRule, Target
from converter.model.stacking import MOBILE_KINDS
from converter.model.targets import TargetMatcher


@dataclass
class _EntryRules:
    """What the entry check reads from the game's rules, the same for every log."""

    active: list[EntryRule] = field(default_factory=list)
    # space id → the rule its filter states
    filter_rules: dict[str, EntryRule] = field(default_factory=dict)
    # a group whose filter a judged rule restates is judged by that rule, with the
    # rule's exceptions and conditions (a group filter has neither)
    restated_groups: set[str] = field(default_factory=set)
    filters: bool = False  # whether any group or space has an allowed/forbidden filter


class EntryCheck(Check):
    name = "entry"
    handles = (PieceAdded, PieceMoved)

    def begin_game(self, state: GameState) -> None:
        chosen = self.chosen(state.module)
        self.active: list[EntryRule] = chosen.active
        self.filter_rules: dict[str, EntryRule] = chosen.filter_rules
        self.restated_groups: set[str] = chosen.restated_groups
        self.filters = chosen.filters
        self.targets = TargetMatcher(self.game)
        self.run.rules = [r.id for r in self.active] + sorted(
            {r.id for r in self.filter_rules.values()}) + (["group and space filters"]
                                                         if self.filters else [])

    def choose(self) -> _EntryRules:
        """The rules and filters to judge (once per module: `Check.chosen`)."""
        chosen = _EntryRules()
        for rule in self.rules(EntryRule):
            sec = section_of(rule)
            if rule.target is not None and rule.checkable is not False:
                chosen.restated_groups.update(rule.target.groups or [])
            if rule.checkable is False:
                self.skip(rule.id, sec, missing_text(rule))
            elif rule.target is None:
                self.skip(rule.id, sec, "the rule names no target places")
            elif rule.optional:
                self.skip(rule.id, sec, "optional rule: the log does not say whether it is "
                          "in use")
            elif self._is_filter_rule(rule):
                for sid in rule.target.spaces or []:
                    chosen.filter_rules.setdefault(sid, rule)
            else:
                chosen.active.append(rule)
        chosen.filters = any(g.allowed or g.forbidden for b in self.game.boards or []
                             for g in b.groups or []) or any(
            s.allowed or s.forbidden for b in self.game.boards or [] for s in b.spaces or [])
        return chosen

    def visit_event(self, state: GameState, event: Event) -> None:
        if event.undo:
            return
        if isinstance(event, PieceMoved):
            place, piece = event.destination, event.piece
            points = [(place.map or "", *event.to_xy)]
        else:
            assert isinstance(event, PieceAdded)
            place, piece = event.place, event.piece
            points = [(place.map or "", piece.x, piece.y)]
        if piece.game is None or place.game_board is None:
            return
        board = self.game.board(place.game_board)
        if board is None or (place.hex is None and place.space is None):
            return
        for rule in self.active:
            if not self.concerns(rule, piece.game):
                continue
            assert rule.target is not None
            if rule.kind == "may-only-enter" and not self._on_target_board(rule.target, board):
                continue
            inside = self.targets.in_target(rule.target, board, place)
            if inside is not None and inside == (rule.kind == "may-only-enter"):
                self.run.applied += 1  # obeyed whatever the rule's condition: judged
                continue
            if not self.applies_now(rule, state, event.pos):
                continue
            self.run.applied += 1
            if inside is None:
                verb = "is" if self.targets.unknown == "terrain" else "are"
                self.skip(rule.id, section_of(rule), f"the {self.targets.unknown} of the place "
                          f"entered {verb} not in the game data", event.pos, place.label())
                continue
            if rule.kind == "may-not-enter" and inside:
                self.find(state, event, rule.id, section_of(rule),
                          f"{piece.name} enters {place.label()}, where the rule forbids it",
                          f"not in {_target_text(rule.target)}", f"in {place.label()}",
                          pieces=[piece], places=[place], points=points)
            elif rule.kind == "may-only-enter" and not inside:
                self.find(state, event, rule.id, section_of(rule),
                          f"{piece.name} enters {place.label()}, outside the places it may "
                          "enter", f"only {_target_text(rule.target)}", f"in {place.label()}",
                          pieces=[piece], places=[place], points=points)
        if self.filters and piece.side is not None and piece.game.kind in MOBILE_KINDS:
            self._filters(state, event, piece, board, place, points)

    def _is_filter_rule(self, rule: EntryRule) -> bool:
        """A may-only-enter rule whose target spaces each carry an allowed/forbidden filter
        states those filters ("only the armies listed on the front"): judged by them."""
        t = rule.target
        if rule.kind != "may-only-enter" or t is None or not t.spaces or t.hexes or t.groups \
                or t.terrain:
            return False
        for sid in t.spaces:
            found = self.game.space(sid)
            if found is None or not (found[1].allowed or found[1].forbidden):
                return False
        return True

    def _on_target_board(self, target: Target, board: Board) -> bool:
        if target.board is not None:
            return target.board == board.id
        return board.kind_spec.on_map

    def _filters(self, state: GameState, event: Event, piece: PieceState, board: Board,
                 place: Place, points: list[tuple[str, int, int]]) -> None:
        assert piece.game is not None
        holders: list[tuple[str, str | None, Filter | None, Filter | None]] = []
        groups = {g.id: g for g in board.groups or []}
        for gid in sorted(self.targets.groups(board, place)):
            g: Group | None = groups.get(gid)
            if g is not None and (g.allowed or g.forbidden) and gid not in self.restated_groups:
                holders.append((f"group {g.name} ({g.id})", _prov(g), g.allowed, g.forbidden))
        if place.space is not None:
            found = self.game.space(place.space)
            if found is not None and (found[1].allowed or found[1].forbidden):
                s = found[1]
                holders.append((f"space {s.name} ({s.id})", _prov(s), s.allowed, s.forbidden))
        for what, sec, allowed, forbidden in holders:
            self.run.applied += 1
            rule_id = what.split(" (")[-1].rstrip(")")
            stated = self.filter_rules.get(rule_id) if what.startswith("space ") else None
            if stated is not None:
                if stated.pieces is not None and not self.game.matches(piece.game,
                                                                       stated.pieces):
                    continue
                sec = section_of(stated, sec)
            allowed_id = stated.id if stated is not None else f"allowed:{rule_id}"
            forbidden_id = stated.id if stated is not None else f"forbidden:{rule_id}"
            if allowed is not None and not self.game.matches(piece.game, allowed):
                self.find(state, event, allowed_id, sec,
                          f"{piece.name} stands in {place.label()}, but {what} admits only "
                          f"{_filter_text(allowed)}", f"only {_filter_text(allowed)}",
                          f"{piece.name} ({', '.join(piece.game.nationalities) or piece.side})",
                          pieces=[piece], places=[place], points=points)
            if forbidden is not None and self.game.matches(piece.game, forbidden):
                self.find(state, event, forbidden_id, sec,
                          f"{piece.name} stands in {place.label()}, which {what} forbids to "
                          f"{_filter_text(forbidden)}", f"no {_filter_text(forbidden)}",
                          f"{piece.name} ({', '.join(piece.game.nationalities) or piece.side})",
                          pieces=[piece], places=[place], points=points)


def _prov(item: object) -> str | None:
    prov = getattr(item, "provenance", None)
    return prov.section if prov is not None else None


def _filter_text(f: Filter) -> str:
    parts = []
    for key in ("sides", "factions", "nationalities", "types", "sizes", "kinds", "pieces",
                "flags"):
        values = getattr(f, key)
        if values:
            parts.append(f"{key} {', '.join(values)}")
    if f.not_ is not None:
        parts.append(f"not ({_filter_text(f.not_)})")
    return "; ".join(parts) or "any piece"


def _target_text(t: Target) -> str:
    parts = []
    for key in ("hexes", "spaces", "groups", "terrain"):
        values = getattr(t, key)
        if values:
            parts.append(f"{key} {', '.join(values[:8])}" + ("…" if len(values) > 8 else ""))
    if t.board:
        parts.append(f"on board {t.board}")
    return "; ".join(parts)
