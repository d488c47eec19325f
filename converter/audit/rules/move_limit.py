"""Move limits: at most so many units (or steps) of some pieces move in one player turn or
phase, per side (rail and strategic movement caps).

A piece counts once per period however often it moves, and only for moves between two places
of one game board made in the phases the rule lists; an undone move takes it off the count.
The finding points at the move that went over the limit, once per side and period.
"""

from __future__ import annotations

from converter.audit.events import Event, PieceMoved
from converter.audit.rules.base import Check, missing_text, piece_label, section_of
from converter.audit.state import GameState, PieceState
from converter.model.rules import MoveLimitRule

# (rule id, turn, phase id or "" for a whole turn, side) → the pieces moved, in order
Period = tuple[str, int, str, str]


class MoveLimitCheck(Check):
    name = "move-limit"
    handles = (PieceMoved,)

    def begin_game(self, state: GameState) -> None:
        self.active: list[MoveLimitRule] = self.chosen(state.module)
        self.run.rules = [r.id for r in self.active]
        self.moved: dict[Period, list[PieceState]] = {}
        self.reported: set[Period] = set()

    def choose(self) -> list[MoveLimitRule]:
        """The limits the game does not mark unjudgeable (once per module)."""
        active = []
        for rule in self.rules(MoveLimitRule):
            if rule.checkable is False:
                self.skip(rule.id, section_of(rule), missing_text(rule))
            else:
                active.append(rule)
        return active

    def visit_event(self, state: GameState, event: Event) -> None:
        if not self.active or not isinstance(event, PieceMoved) or event.pos.step == 0:
            return  # (step 0: the game a log restores, already played)
        piece = event.piece
        if piece.game is None:
            return
        if not event.on_one_board:
            return
        for rule in self.active:
            if not self.concerns(rule, piece.game):
                continue
            period = self._period(rule, state, event, piece)
            if period is None:
                continue
            moved = self.moved.setdefault(period, [])
            if event.undo:
                if piece in moved:
                    moved.remove(piece)
                continue
            if piece in moved or not self.applies_now(rule, state, event.pos):
                continue
            moved.append(piece)
            self.run.applied += 1
            self._judge(rule, state, event, period, moved)

    def _period(self, rule: MoveLimitRule, state: GameState, event: Event,
                piece: PieceState) -> Period | None:
        """The turn (or phase) and side a move counts in; None when it does not count or the
        log does not say when it was made."""
        phase = state.phase
        if rule.phases or rule.period == "phase":
            if phase is None:
                self.skip(rule.id, section_of(rule), "the phase is not known at this point of "
                          "the log", event.pos)
                return None
            if rule.phases and phase.id not in rule.phases:
                return None
        if state.turn is None:
            self.skip(rule.id, section_of(rule), "the turn is not known at this point of the log",
                      event.pos)
            return None
        side = piece.side or "?"
        in_phase = phase.id if rule.period == "phase" and phase is not None else ""
        return rule.id, state.turn, in_phase, side

    def _judge(self, rule: MoveLimitRule, state: GameState, event: Event, period: Period,
               moved: list[PieceState]) -> None:
        if period in self.reported:
            return
        if rule.counts == "steps":
            steps = [state.step_of(p) for p in moved]
            unknown = [piece_label(p) for p, s in zip(moved, steps) if s is None]
            if unknown:
                self.skip(rule.id, section_of(rule), "the steps of some pieces are missing "
                          "from the game data", event.pos, ", ".join(unknown))
                return
            total = float(sum(s for s in steps if s is not None))
        else:
            total = float(len(moved))
        if total <= rule.limit:
            return
        self.reported.add(period)
        side = self.game.side(period[3])
        who = side.name if side is not None else period[3]
        when = f"turn {period[1]}" + (f" ({state.phase.name})" if period[2] and state.phase else "")
        self.find(state, event, rule.id, section_of(rule),
                  f"{who} moved {total:g} {rule.counts} in {when}, over the limit of "
                  f"{rule.limit:g}", f"at most {rule.limit:g} {rule.counts} moved per {rule.period}",
                  ", ".join(p.name for p in moved), pieces=list(moved),
                  points=[(event.destination.map or "", event.piece.x, event.piece.y)]
                  if isinstance(event, PieceMoved) else None)
