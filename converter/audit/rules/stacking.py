"""Stacking limits: pieces, units, steps, size weights or nationalities in one hex or space,
counted per stack, side or faction, with the rule's free pieces left out.

Players drag units through crowded hexes one at a time, so a limit is judged when the phase
(or turn) changes and at the end of the log; a log without any turn or phase information is
judged at the end of every step.  The finding points at the last step that added to the place.
"""

from __future__ import annotations

from converter.audit.events import Event, PieceAdded, PieceMoved, StepEnded, TurnChanged
from converter.audit.places import Place
from converter.audit.rules.base import Check, missing_text, section_of
from converter.audit.state import GameState, PieceState
from converter.model.rules import StackingRule
from converter.model.stacking import MEASURES, Stacked, in_scope, judge_stack
from converter.model.targets import TargetMatcher


class StackingCheck(Check):
    name = "stacking"
    handles = (PieceAdded, PieceMoved, TurnChanged, StepEnded)

    def begin_game(self, state: GameState) -> None:
        self.active: list[StackingRule] = self.chosen(state.module)
        self.targets = TargetMatcher(self.game)
        self.run.rules = [r.id for r in self.active]
        self.touched: dict[str, Event] = {}
        self.touched_when: dict[str, tuple[int | None, str | None]] = {}
        self.saw_turns = False
        self._when: tuple[int | None, str | None] | None = None

    def choose(self) -> list[StackingRule]:
        """The stacking rules the check can count (once per module: `Check.chosen`)."""
        active = []
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
                active.append(rule)
        return active

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
            key = p.place_key
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
        if not in_scope(rule, place.hex, place.space):
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
        self.run.applied += 1
        judged = judge_stack(self.game, rule, [Stacked(p.game, p.side, state.step_of(p)
                                                       if rule.measure == "steps" else None)
                                               for p in pieces])
        for breach in judged.breaches:
            members = [pieces[i] for i in breach.members]
            self.find(state, event, rule.id, section_of(rule), breach.message(place.label()),
                      breach.expected(), breach.happened([p.name for p in members]),
                      pieces=members, places=[place],
                      points=[(place.map or "", members[-1].x, members[-1].y)], when=self._when)
        if judged.unknown:
            reason = f"the {rule.measure} of some pieces are missing from the game data"
            self.skip(rule.id, section_of(rule), reason, event.pos)
            nc = self.not_checkable[(rule.id, reason)]
            for i in judged.unknown:
                nc.add_detail(pieces[i].game_id or pieces[i].name)
