"""Sequence of play: a side's pieces move in that side's phases (when the log shows the
phase, from the turn tracker), and the tracker does not go back except by an undo.  Moves in
a phase with combat by the other side are "not checkable": defenders retreat there.  A phase
may name a side or a faction; the piece's side or faction is compared with it."""

from __future__ import annotations

from converter.audit.events import Event, PieceMoved, TurnChanged
from converter.audit.findings import Severity
from converter.audit.rules.base import Check
from converter.audit.state import GameState, PieceState
from converter.model.stacking import MOBILE_KINDS

COMBAT_WORDS = ("combat", "combatt", "battle", "battagl", "attack", "attacc", "retreat",
                "ritirat", "assault", "assalt")
RULE = "sequence"


class SequenceCheck(Check):
    name = "sequence"
    handles = (PieceMoved, TurnChanged)

    def begin_game(self, state: GameState) -> None:
        leaves = state.phases
        sided = any(info.side for info, _ in leaves)
        self.enabled = bool(self.game.sequence) and sided
        if self.game.sequence and not sided:
            self.skip(RULE, None, "no phase of the sequence of play names the side that "
                      "plays it")
        self.run.rules = ["sequence of play"] if self.game.sequence else []
        self.order = {info.id: i for i, (info, _) in enumerate(leaves)}
        self.last: tuple[int, int] | None = None

    def visit_event(self, state: GameState, event: Event) -> None:
        if isinstance(event, TurnChanged):
            self._tracker(state, event)
        elif self.enabled and not event.undo:
            assert isinstance(event, PieceMoved)
            self._move(state, event)

    def _tracker(self, state: GameState, event: TurnChanged) -> None:
        """A tracker moved back (not by an undo) is worth a referee's look."""
        if state.turn is None:
            return
        if state.phase is None and self.last is not None and state.turn == self.last[0]:
            return  # past the turn's last phase that happens: not a step back
        now = (state.turn, self.order.get(state.phase.id, -1) if state.phase else -1)
        before, self.last = self.last, now
        if event.undo or event.pos.step == 0 or before is None or now >= before:
            return
        self.run.applied += 1
        phase = f", {state.phase.name}" if state.phase else ""
        self.find(state, event, RULE, None,
                  f"the turn tracker goes back to turn {state.turn}{phase} (not by an undo)",
                  "turns and phases in order",
                  f"from turn {before[0]} back to turn {now[0]}{phase}",
                  severity=Severity.WARNING)

    def _move(self, state: GameState, event: PieceMoved) -> None:
        piece = event.piece
        if piece.game is None or piece.side is None or piece.game.kind not in MOBILE_KINDS:
            return
        if event.origin.key is None or event.destination.key is None:
            return
        phase = state.phase
        if phase is None:
            self.skip(RULE, None, "the phase is not known at this point of the log (no turn "
                      "tracker change yet)", event.pos)
            return
        if phase.side is None:
            return
        owner_id, mover_id, owner, mover = self._owners(piece, phase.side)
        if owner_id is None:
            self.skip(RULE, phase.section, f"phase {phase.name!r} names {phase.side!r}, which "
                      "is neither a side nor a faction of the game", event.pos)
            return
        text = f"{phase.id} {phase.name}".lower()
        if mover_id != owner_id and any(w in text for w in COMBAT_WORDS):
            # the other side's pieces retreat after combat: a retreat cannot be told from
            # an illegal move, so it is not checkable rather than passed
            self.skip(RULE, phase.section, "a move by the non-phasing side in a phase with "
                      "combat (a retreat, or an illegal move: the log cannot tell)", event.pos)
            return
        self.run.applied += 1
        if mover_id != owner_id:
            self.find(state, event, RULE, phase.section,
                      f"{piece.name} ({mover}) moves during {phase.name} of {owner}",
                      f"only {owner} pieces move in this phase",
                      f"{mover} piece moved {event.origin.label()} → "
                      f"{event.destination.label()}",
                      pieces=[piece], places=[event.origin, event.destination],
                      points=[(event.origin.map or "", *event.from_xy),
                              (event.destination.map or "", *event.to_xy)])

    def _owners(self, piece: PieceState, phasing: str
                ) -> tuple[str | None, str | None, str, str]:
        """Who plays the phase and who owns the piece, compared at the phase's level: a
        phase of a side against the piece's side, a phase of a faction against its faction."""
        game = self.game
        side = game.side(phasing)
        if side is not None:
            mine = game.side(piece.side) if piece.side else None
            return side.id, piece.side, side.name, mine.name if mine else str(piece.side)
        faction = game.faction(phasing)
        if faction is None:
            return None, None, phasing, ""
        mine_f = game.faction_of(piece.game) if piece.game is not None else None
        if mine_f is None:
            return None, None, phasing, ""
        return faction.id, mine_f.id, faction.name, mine_f.name
