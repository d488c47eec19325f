"""Reinforcements: a piece with an entry turn and place (piece.entry) comes onto the map on
that turn, at that place.  Entering means arriving on a non-box board from off-map, the
palette, a box or the display."""

from __future__ import annotations

from converter.audit.events import Event, PieceAdded, PieceMoved
from converter.audit.findings import Severity
from converter.audit.places import Place
from converter.audit.rules.base import Check, missing_text, section_of
from converter.audit.state import GameState
from converter.model.common import Location
from converter.model.pieces import Piece
from converter.model.rules import Rule


class ReinforcementCheck(Check):
    name = "reinforcement"
    handles = (PieceAdded, PieceMoved)

    def begin_game(self, state: GameState) -> None:
        self.rule: Rule | None
        self.rule, self.blocked, self.entering = self.chosen(state.module)
        # pieces that carry their own entry turn are judged even when a general
        # reinforcement rule is not checkable (it stays listed as such)
        self.enabled = bool(self.entering)
        self.run.rules = [self.rule.id if self.rule else "piece entry"] if self.enabled else []
        self.arrived: set[str] = set()

    def choose(self) -> tuple[Rule | None, list[Rule], list[Piece]]:
        """The general reinforcement rule, the ones marked unjudgeable, and the pieces with
        their own entry turn (once per module: `Check.chosen`)."""
        rules = self.rules(Rule, "reinforcement")
        rule = next((r for r in rules if r.checkable is not False and not r.when), None)
        blocked = [r for r in rules if r.checkable is False]
        entering = [p for p in self.game.pieces or [] if p.entry is not None
                    and p.entry.turn is not None]
        for r in blocked:
            self.skip(r.id, section_of(r), missing_text(r))
        return rule, blocked, entering

    def visit_event(self, state: GameState, event: Event) -> None:
        if not self.enabled or event.undo:
            return
        if isinstance(event, PieceAdded):
            if event.restored:
                if self._on_map(event.place):
                    self.arrived.add(event.piece.id)
                return
            origin, dest, piece = None, event.place, event.piece
        else:
            assert isinstance(event, PieceMoved)
            origin, dest, piece = event.origin, event.destination, event.piece
        gp = piece.game
        if gp is None or gp.entry is None or gp.entry.turn is None:
            return
        if not self._on_map(dest) or (origin is not None and self._on_map(origin)):
            return
        if piece.id in self.arrived:
            return
        self.arrived.add(piece.id)
        rule_id = self.rule.id if self.rule else "entry"
        entry = gp.entry
        sec = section_of(self.rule, entry.provenance.section if entry.provenance else None)
        self.run.applied += 1
        points = [(dest.map or "", piece.x, piece.y)]
        assert entry.turn is not None  # a piece entering on an event is checked elsewhere
        if state.turn is None:
            self.skip(rule_id, sec, "the turn is not known when the reinforcement enters",
                      event.pos)
        elif state.turn < entry.turn:
            self.find(state, event, rule_id, sec,
                      f"{piece.name} enters on turn {state.turn}, before its entry turn "
                      f"{entry.turn}", f"enters on turn {entry.turn}",
                      f"entered on turn {state.turn} at {dest.label()}",
                      pieces=[piece], places=[dest], points=points)
        elif state.turn > entry.turn:
            self.find(state, event, rule_id, sec,
                      f"{piece.name} enters on turn {state.turn}, after its entry turn "
                      f"{entry.turn}", f"enters on turn {entry.turn}",
                      f"entered on turn {state.turn} at {dest.label()}",
                      pieces=[piece], places=[dest], severity=Severity.WARNING, points=points)
        if entry.at is not None:
            ok = self._at(entry.at, dest)
            if ok is None:
                self.skip(rule_id, sec, "the entry place cannot be located on the map",
                          event.pos, f"{gp.id}: {entry.at.label()}")
            elif not ok:
                self.find(state, event, rule_id, sec,
                          f"{piece.name} enters at {dest.label()}, not at its entry place "
                          f"{entry.at.label()}", f"enters at {entry.at.label()}",
                          f"entered at {dest.label()}", pieces=[piece], places=[dest],
                          points=points)

    def _on_map(self, place: Place) -> bool:
        if place.game_board is None or (place.hex is None and place.space is None):
            return False
        board = self.game.board(place.game_board)
        return board is not None and board.kind_spec.on_map

    def _at(self, at: Location, dest: Place) -> bool | None:
        if at.any_of:
            results = [self._at(a, dest) for a in at.any_of]
            if any(r is True for r in results):
                return True
            return None if any(r is None for r in results) else False
        if at.hex is not None:
            return dest.hex == at.hex
        if at.space is not None:
            return dest.space == at.space
        if at.edge is not None:
            return self._on_edge(at.edge, at.board or dest.game_board, dest)
        return None

    def _on_edge(self, edge_id: str, board_id: str | None, dest: Place) -> bool | None:
        board = self.game.board(board_id or "")
        if board is None or board.grid is None or dest.hex is None:
            return None
        edge = next((e for e in board.edges or [] if e.id == edge_id), None)
        if edge is None:
            return None
        if edge.hexes:
            return dest.hex in edge.hexes
        grid = board.grid
        col, row = grid.parse(dest.hex)
        compass = edge.compass
        for axis, n, lo_dir, hi_dir in ((grid.columns, col, "west", "east"),
                                        (grid.rows, row, "north", "south")):
            if compass in (lo_dir, hi_dir):
                grows_hi = axis.increases == hi_dir
                want = axis.max if (compass == hi_dir) == grows_hi else axis.min
                return n == want
        return None
