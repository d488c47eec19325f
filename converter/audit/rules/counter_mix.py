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
        # the totals, and piece id → the totals it counts in: the same for every log of
        # the module (`Check.chosen`), the members filled as pieces first come into play
        self.totals: list[Total]
        self.members: dict[str, list[Total]]
        self.totals, self.members = self.chosen(state.module)
        self.run.rules = ["piece counts"] + [f"total {t.id}" for t in self.totals]
        self.in_play: dict[str, int] = {}
        self.reported: dict[str, int] = {}
        self.nowhere: set[str] = set()  # restored pieces VASSAL shows nowhere: not in play
        # each total's count in play, kept as pieces come and go (not recounted per event)
        self.in_total: dict[str, int] = {t.id: 0 for t in self.totals}

    def choose(self) -> tuple[list[Total], dict[str, list[Total]]]:
        return [t for t in self.game.totals or [] if t.pieces is not None and t.deck is None
                and not t.pieces.is_empty()], {}

    def _count(self, piece_id: str, new: int) -> None:
        """Set a piece's count in play, and every total it belongs to with it."""
        old = self.in_play.get(piece_id, 0)
        self.in_play[piece_id] = new
        totals = self.members.get(piece_id)
        if totals is None:
            p = self.game.piece(piece_id)
            totals = self.members[piece_id] = [] if p is None else [
                t for t in self.totals if self.game.matches(p, t.pieces)]
        for total in totals:
            self.in_total[total.id] += new - old

    def visit_event(self, state: GameState, event: Event) -> None:
        if isinstance(event, PieceRemoved):
            gp = event.piece.game
            if gp is not None and event.piece.id not in self.nowhere:
                self._count(gp.id, self.in_play.get(gp.id, 1) - 1)
            return
        assert isinstance(event, PieceAdded)
        gp = event.piece.game
        if gp is None:
            return
        if event.restored and event.piece.map is None:
            # a restored piece on no map and in no deck (a deck's card saved with map null
            # stands at its deck): VASSAL keeps it and shows it nowhere.  Almoravid's saves
            # hold such a stale copy of each command card beside the one in its deck
            self.nowhere.add(event.piece.id)
            return
        n = self.in_play.get(gp.id, 0) + 1
        self._count(gp.id, n)
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
        for total in self.members[gp.id]:
            have = self.in_total[total.id]
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
