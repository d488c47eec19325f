"""Stacking limits: pieces, units, steps, size weights or nationalities in one hex or space,
counted per stack, side or faction, with the rule's free pieces left out.

Players drag units through crowded hexes one at a time, so a limit is judged when the phase
(or turn) changes and at the end of the log; a log without any turn or phase information is
judged at the end of every step.  The finding points at the last step that added to the place.
"""

from __future__ import annotations

from converter.audit.events import Event, PieceAdded, PieceMoved, StepEnded, TurnChanged
from converter.audit.places import Place
from converter.audit.rules.base import MOBILE_KINDS, Check, missing_text, section_of
from converter.audit.rules.targets import TargetMatcher
from converter.audit.state import GameState, PieceState
from converter.model.rules import StackingRule

MEASURES = {"pieces", "units", "steps", "size-weight", "nationalities-per-space"}


class StackingCheck(Check):
    name = "stacking"
    handles = (PieceAdded, PieceMoved, TurnChanged, StepEnded)

    def begin_game(self, state: GameState) -> None:
        self.active: list[StackingRule] = []
        self.targets = TargetMatcher(self.game)
        for rule in self.rules(StackingRule):
            sec = section_of(rule)
            if rule.checkable is False:
                self.skip(rule.id, sec, missing_text(rule))
            elif rule.measure not in MEASURES:
                self.skip(rule.id, sec, f"stacking measure {rule.measure!r} is not one the "
                          "auditor can count")
            elif rule.limit is None and rule.enemy != "forbidden":
                continue  # no limit stated (e.g. unlimited stacking): nothing to judge
            elif rule.measure == "size-weight" and not rule.weights:
                self.skip(rule.id, sec, "size-weight stacking without weights")
            else:
                self.active.append(rule)
        self.run.rules = [r.id for r in self.active]
        self.touched: dict[str, Event] = {}
        self.touched_when: dict[str, tuple[int | None, str | None]] = {}
        self.saw_turns = False
        self._when: tuple[int | None, str | None] | None = None

    def visit_event(self, state: GameState, event: Event) -> None:
        if not self.active:
            return
        if isinstance(event, (PieceAdded, PieceMoved)):
            place = event.place if isinstance(event, PieceAdded) else event.destination
            if place.key is not None and not event.undo:
                self.touched[place.key] = event
                if event.pos.step > 0:  # the restored game is judged as it stands
                    self.touched_when[place.key] = (
                        state.turn, state.phase.name if state.phase is not None else None)
            elif event.undo and place.key is not None:
                self.touched.pop(place.key, None)
        elif isinstance(event, TurnChanged):
            self.saw_turns = True
            self._judge_touched(state)
        elif isinstance(event, StepEnded) and (event.pos.step == 0 or not self.saw_turns):
            self._judge_touched(state)

    def end_game(self, state: GameState) -> None:
        self._judge_touched(state)

    def _judge_touched(self, state: GameState) -> None:
        if not self.touched:
            return
        by_place: dict[str, list[PieceState]] = {}
        for p in state.pieces.values():
            key = p.place.key
            if p.on_board and key in self.touched:
                by_place.setdefault(key, []).append(p)
        for key, event in self.touched.items():
            pieces = by_place.get(key, [])
            if pieces:
                self._when = self.touched_when.get(key)
                for rule in self.active:
                    self._judge(rule, state, event, pieces)
        self.touched = {}
        self.touched_when = {}

    def _judge(self, rule: StackingRule, state: GameState, event: Event,
               pieces: list[PieceState]) -> None:
        place: Place = pieces[0].place
        if rule.scope == "hex" and place.hex is None:
            return
        if rule.scope == "space" and place.space is None and place.hex is None:
            return
        if rule.target is not None:  # a limit for some places only (forts, regions, terrain)
            board = self.game.board(place.game_board) if place.game_board else None
            inside = self.targets.in_target(rule.target, board, place) if board else False
            if inside is None:
                self.skip(rule.id, section_of(rule), f"the {self.targets.unknown} of the place "
                          "is not in the game data", event.pos, place.label())
                return
            if not inside:
                return
        if not self.applies_now(rule, state, event.pos):
            return
        counted = [p for p in pieces if p.game is not None
                   and (rule.pieces is None or self.game.matches(p.game, rule.pieces))
                   and (rule.free is None or not self.game.matches(p.game, rule.free))]
        if rule.pieces is None:
            counted = [p for p in counted if p.game is not None and
                       (p.game.kind in MOBILE_KINDS or rule.measure == "pieces")]
        self.run.applied += 1
        if rule.enemy == "forbidden":
            # other sides are enemies; with per: faction, so are allies of another faction
            by_owner: dict[str, list[PieceState]] = {}
            for p in counted:
                by_owner.setdefault(self._owner_key(rule, p), []).append(p)
            if len(by_owner) > 1:
                names = sorted(by_owner)
                who = " and ".join(self._owner_name(rule, g) for g in names)
                everyone = [p for g in names for p in by_owner[g]]
                owner = "faction" if rule.per == "faction" else "side"
                self.find(state, event, rule.id, section_of(rule),
                          f"{place.label()} holds pieces of {who}", f"pieces of one {owner} only",
                          ", ".join(p.name for p in everyone), pieces=everyone, places=[place],
                          points=[(place.map or "", everyone[-1].x, everyone[-1].y)],
                          when=self._when)
        groups: dict[str, list[PieceState]] = {}
        for p in counted:
            for key in self._group_keys(rule, p):
                groups.setdefault(key, []).append(p)
        if rule.limit is None:
            return
        for group, members in groups.items():
            total, unknown = self._measure(rule, state, members)
            if unknown:
                self.skip(rule.id, section_of(rule), f"the {rule.measure} of some pieces are "
                          "missing from the game data", event.pos)
                nc = self.not_checkable[(rule.id, f"the {rule.measure} of some pieces are "
                                                  "missing from the game data")]
                for name in unknown:
                    nc.add_detail(name)
                continue
            limit = rule.limit if rule.limit is not None else 0
            if total > limit:
                who = f" ({group})" if group else ""
                self.find(state, event, rule.id, section_of(rule),
                          f"{place.label()} holds {total:g} {rule.measure}{who}, over the limit "
                          f"of {limit:g}", f"at most {limit:g} {rule.measure}",
                          f"{total:g} {rule.measure}: " + ", ".join(p.name for p in members),
                          pieces=members, places=[place],
                          points=[(place.map or "", members[-1].x, members[-1].y)],
                          when=self._when)

    def _owner_key(self, rule: StackingRule, p: PieceState) -> str:
        if rule.per == "faction" and p.game is not None:
            f = self.game.faction_of(p.game)
            return f.id if f is not None else "?"
        return p.side or "?"

    def _owner_name(self, rule: StackingRule, key: str) -> str:
        item = self.game.faction(key) if rule.per == "faction" else self.game.side(key)
        return item.name if item is not None else key

    def _group_keys(self, rule: StackingRule, p: PieceState) -> list[str]:
        """The groups a piece counts in for the limit: its side, faction or nationalities."""
        if rule.per == "side":
            return [p.side or "?"]
        if rule.per == "faction" and p.game is not None:
            f = self.game.faction_of(p.game)
            return [f.id if f is not None else "?"]
        if rule.per == "nationality" and p.game is not None:
            return p.game.nationalities or ["?"]
        return [""]

    def _measure(self, rule: StackingRule, state: GameState, members: list[PieceState]
                 ) -> tuple[float, list[str]]:
        unknown: list[str] = []
        m = rule.measure
        if m in ("pieces", "units"):
            return float(len(members)), unknown
        if m == "nationalities-per-space":
            nats = {n for p in members if p.game is not None for n in p.game.nationalities}
            return float(len(nats)), unknown
        total = 0.0
        for p in members:
            if m == "steps":
                s = state.step_of(p)
                if s is None:
                    unknown.append(p.game_id or p.name)
                else:
                    total += s
            else:  # size-weight
                size = p.game.size if p.game is not None else None
                weights = rule.weights or {}
                if size is None or size not in weights:
                    unknown.append(p.game_id or p.name)
                else:
                    total += weights[size]
        return total, unknown
