"""Counter mix: no piece is in play more often than the game has counters of it, and no
group of pieces more often than a complete total of the game allows."""

from __future__ import annotations

from converter.audit.events import Event, PieceAdded, PieceRemoved
from converter.audit.rules.base import Check
from converter.audit.state import GameState
from converter.model.game import Total


class CounterMixCheck(Check):
    name = "counter-mix"
    handles = (PieceAdded, PieceRemoved)

    def begin_game(self, state: GameState) -> None:
        self.totals: list[Total] = [t for t in self.game.totals or []
                                    if t.pieces is not None and t.deck is None
                                    and not t.pieces.is_empty()]
        self.run.rules = ["piece counts"] + [f"total {t.id}" for t in self.totals]
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
        sec = gp.provenance.section if gp.provenance else None
        points = [(event.place.map or "", event.piece.x, event.piece.y)]
        own_excess = 0  # copies over the piece's own count: one cause, one finding
        if gp.count is None and gp.missing and "count" in gp.missing:
            if n > 1:
                self.skip(f"count:{gp.id}", sec, "the number of counters of a piece is "
                          "missing from the game data", event.pos, gp.id)
        elif n > gp.copies and self.reported.get(gp.id, 0) < n:
            self.reported[gp.id] = n
            own_excess = n - gp.copies
            self.find(state, event, f"count:{gp.id}", sec,
                      f"{n} copies of {gp.name} ({gp.id}) are in play; the game has "
                      f"{gp.copies}", f"at most {gp.copies}", f"{n} in play",
                      pieces=[event.piece], places=[event.place], points=points)
        for total in self.totals:
            if not self.game.matches(gp, total.pieces):
                continue
            have = sum(c for pid, c in self.in_play.items()
                       if (p := self.game.piece(pid)) is not None
                       and self.game.matches(p, total.pieces))
            key = f"total:{total.id}"
            if have > total.count and self.reported.get(key, 0) < have:
                self.reported[key] = have
                if have - total.count <= own_excess:
                    continue  # the piece's own count finding already says it
                tsec = total.provenance.section if total.provenance else None
                self.find(state, event, key, tsec,
                          f"{have} {total.what} are in play; the game has {total.count}",
                          f"at most {total.count}", f"{have} in play",
                          pieces=[event.piece], places=[event.place], points=points)
