"""Sequence of play: a side's pieces move in that side's phases (when the log shows the
phase, from the turn tracker).  Moves in a combat phase are left alone: defenders retreat
there."""

from __future__ import annotations

from converter.audit.events import Event, PieceMoved
from converter.audit.rules.base import MOBILE_KINDS, Check, section_of
from converter.audit.state import GameState

COMBAT_WORDS = ("combat", "combatt", "battle", "battagl", "attack", "attacc", "retreat",
                "ritirat", "assault", "assalt")


class SequenceCheck(Check):
    name = "sequence"
    handles = (PieceMoved,)

    def begin_game(self, state: GameState) -> None:
        self.rule = None  # the sequence of play itself is the rule: cite the phase
        sided = any(info.side for info, _ in _leaves(state))
        self.enabled = bool(self.game.sequence) and sided
        if self.game.sequence and not sided:
            self.skip(self.rule.id if self.rule else "sequence", section_of(self.rule),
                      "no phase of the sequence of play names the side that plays it")
        self.run.rules = [self.rule.id if self.rule else "sequence of play"] \
            if self.enabled else []
        self.unknown_noted = False

    def visit_event(self, state: GameState, event: Event) -> None:
        if not self.enabled or event.undo:
            return
        assert isinstance(event, PieceMoved)
        piece = event.piece
        if piece.game is None or piece.side is None or piece.game.kind not in MOBILE_KINDS:
            return
        if event.origin.key is None or event.destination.key is None:
            return
        rule_id = self.rule.id if self.rule else "sequence"
        phase = state.phase
        if phase is None:
            self.skip(rule_id, section_of(self.rule), "the phase is not known at this point "
                      "of the log (no turn tracker change yet)", event.pos)
            return
        if phase.side is None:
            return
        text = f"{phase.id} {phase.name}".lower()
        if any(w in text for w in COMBAT_WORDS):
            return
        self.run.applied += 1
        if piece.side != phase.side:
            side = self.game.side(piece.side)
            phasing = self.game.side(phase.side)
            self.find(state, event, rule_id, section_of(self.rule, phase.section),
                      f"{piece.name} ({side.name if side else piece.side}) moves during "
                      f"{phase.name} of {phasing.name if phasing else phase.side}",
                      f"only {phasing.name if phasing else phase.side} pieces move in this "
                      "phase", f"{side.name if side else piece.side} piece moved "
                      f"{event.origin.label()} → {event.destination.label()}",
                      pieces=[piece], places=[event.origin, event.destination],
                      points=[(event.origin.map or "", *event.from_xy),
                              (event.destination.map or "", *event.to_xy)])


def _leaves(state: GameState):  # type: ignore[no-untyped-def]
    from converter.audit.state import phase_leaves

    return phase_leaves(state.game)
