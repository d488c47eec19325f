"""Counter mix: no piece is in play more often than the game has counters of it."""

from __future__ import annotations

from converter.audit.events import Event, PieceAdded, PieceRemoved
from converter.audit.rules.base import Check
from converter.audit.state import GameState


class CounterMixCheck(Check):
    name = "counter-mix"
    handles = (PieceAdded, PieceRemoved)

    def begin_game(self, state: GameState) -> None:
        self.run.rules = ["piece counts"]
        self.in_play: dict[str, int] = {}
        self.reported: dict[str, int] = {}

    def visit_event(self, state: GameState, event: Event) -> None:
        if isinstance(event, PieceRemoved):
            gp = event.piece.game
            if gp is not None:
                self.in_play[gp.id] = self.in_play.get(gp.id, 1) - 1
            return
        assert isinstance(event, PieceAdded)
        gp = event.piece.game
        if gp is None:
            return
        n = self.in_play[gp.id] = self.in_play.get(gp.id, 0) + 1
        if event.undo:
            return
        self.run.applied += 1
        if n > gp.copies and self.reported.get(gp.id, 0) < n:
            self.reported[gp.id] = n
            sec = gp.provenance.section if gp.provenance else None
            self.find(state, event, f"count:{gp.id}", sec,
                      f"{n} copies of {gp.name} ({gp.id}) are in play; the game has "
                      f"{gp.copies}", f"at most {gp.copies}", f"{n} in play",
                      pieces=[event.piece], places=[event.place],
                      points=[(event.place.map or "", event.piece.x, event.piece.y)])
