"""Movement: adjacency or links, the path cost within the allowance under the terrain table,
forbidden terrain, restricted links, and no entry into enemy-occupied places.

Moves within one phase add up per piece (a unit dragged hex by hex spends its allowance
once); an undone move gives its cost back.  Only moves between two places of the same game
board count: entering from a box, the palette or off-map is a placement, not a move.
A piece that enters a place whose terrain or feature ends movement (``ends_move``) may not
pass through it, nor move on from it later in the same phase.
"""

from __future__ import annotations

from converter.audit.events import Event, PieceMoved, TurnChanged
from converter.audit.rules.base import Check, missing_text, section_of
from converter.audit.rules.paths import INF, PathFinder, network_path, stopping_place
from converter.audit.state import GameState, PieceState
from converter.model.rules import MovementRule
from converter.model.stacking import MOBILE_KINDS

SUPPORTED_COSTS = {"terrain", "link", "adjacent", None}
UNKNOWN_ALLOWANCE = 1e9  # a whole-move terrain then costs "a lot", not "impossible"


class MovementCheck(Check):
    name = "movement"
    handles = (PieceMoved, TurnChanged)

    def begin_game(self, state: GameState) -> None:
        self.active: list[MovementRule] = self.chosen(state.module)
        self.run.rules = [r.id for r in self.active]
        self.spent: dict[str, list[tuple[int, float]]] = {}
        # per piece, one entry per judged move this phase: the place it had to stop in
        self.halted: dict[str, list[str | None]] = {}
        derived = state.module.derived  # the searches' costs and results serve every log
        if derived.paths is None or derived.paths.game is not self.game:
            derived.paths = PathFinder(self.game, derived.neighbours)
        self.paths = derived.paths

    def choose(self) -> list[MovementRule]:
        """The movement rules with an allowance or cost to apply (once per module)."""
        active = []
        for rule in self.rules(MovementRule):
            sec = section_of(rule)
            if rule.checkable is False:
                self.skip(rule.id, sec, missing_text(rule))
            elif rule.allowance is None and rule.cost is None:
                self.skip(rule.id, sec, "the rule gives no movement allowance or cost to "
                          "check against (a special case stated in text only)")
            elif rule.cost not in SUPPORTED_COSTS:
                self.skip(rule.id, sec, f"movement cost model {rule.cost!r} has no data the "
                          "auditor can apply")
            else:
                active.append(rule)
        return active

    def visit_event(self, state: GameState, event: Event) -> None:
        if isinstance(event, TurnChanged):
            self.spent.clear()  # a new phase or turn: allowances start afresh
            self.halted.clear()
            return
        assert isinstance(event, PieceMoved)
        piece = event.piece
        if event.undo:
            costs = self.spent.get(piece.id)
            if costs:
                costs.pop()
            halts = self.halted.get(piece.id)
            if halts:
                halts.pop()
            return
        if piece.game is None or piece.game.kind not in MOBILE_KINDS:
            return
        if not event.on_one_board:
            return
        judged = False
        for rule in self.active:
            if rule.pieces is not None and not self.game.matches(piece.game, rule.pieces):
                continue
            if not self.applies_now(rule, state, event.pos):
                continue
            self._judge(rule, state, event)
            judged = True
        if judged:
            d = event.destination
            board = self.game.board(d.game_board or "")
            stops = board is not None and stopping_place(self.game, board, d.hex, d.space,
                                                         state.turn)
            self.halted.setdefault(piece.id, []).append(d.key if stops else None)

    def _judge(self, rule: MovementRule, state: GameState, event: PieceMoved) -> None:
        piece, o, d = event.piece, event.origin, event.destination
        sec = section_of(rule)
        board = self.game.board(o.game_board or "")
        if board is None:
            return
        self.run.applied += 1
        blocked = self._enemy_places(state, piece) if rule.enemy == "forbidden" else set()
        points = [(o.map or "", *_xy(event, True)), (d.map or "", *_xy(event, False))]
        if d.key in blocked:
            self.find(state, event, rule.id, sec,
                      f"{piece.name} enters {d.label()}, occupied by the enemy",
                      "no entry into enemy-occupied places", f"entered {d.label()}",
                      pieces=[piece], places=[o, d], points=points)
            return
        halts = self.halted.get(piece.id)
        if halts and halts[-1] is not None and halts[-1] == o.key:
            self.find(state, event, rule.id, sec,
                      f"{piece.name} moves on from {o.label()}, where its move had to end "
                      "(terrain or feature that ends movement)",
                      f"no further move from {o.label()} this phase",
                      f"moved {o.label()} → {d.label()}", pieces=[piece], places=[o, d],
                      points=points)
            return
        allowance = self._allowance(rule, state, piece)
        if board.kind_spec.hex_grid and o.hex is not None and d.hex is not None:
            cap = allowance if allowance is not None else UNKNOWN_ALLOWANCE
            cost = self.paths.hex_path(board, piece.game, o.hex, d.hex, cap,  # type: ignore[arg-type]
                                       blocked, state.turn)
            low, high, hops = cost.low, cost.high, len(cost.path)
            path_text = "-".join([o.hex, *cost.path])
            unknown = cost.unknown
        elif o.space is not None and d.space is not None:
            cap = allowance if allowance is not None else UNKNOWN_ALLOWANCE
            network = self.paths.network(board, piece.game, cap, state.turn,  # type: ignore[arg-type]
                                         rule.cost)
            cost = network_path(self.game, board, piece.game, o.space, d.space, cap,  # type: ignore[arg-type]
                                state.turn, blocked, rule.cost, network)
            low, high, hops, unknown = cost.low, cost.high, len(cost.path), cost.unknown
            path_text = " - ".join([o.space, *cost.path])
        else:
            return
        if low == INF:
            self.find(state, event, rule.id, sec,
                      f"{piece.name} cannot reach {d.label()} from {o.label()}: no path it may "
                      "use (forbidden terrain, enemy-occupied or missing connection)",
                      "a path of places the piece may enter", f"moved {o.label()} → {d.label()}",
                      pieces=[piece], places=[o, d], points=points)
            return
        if allowance is None:
            if rule.allowance is not None:
                self.skip(rule.id, sec, f"the movement allowance ({rule.allowance!r}) is "
                          "missing from the piece's face", event.pos,
                          piece.game.id if piece.game else piece.name)
            return
        history = self.spent.setdefault(piece.id, [])
        before = sum(c for _, c in history)
        if rule.minimum_move and not history and hops == 1:
            history.append((event.pos.step, min(low, allowance)))
            return  # one hex is always allowed (minimum move)
        history.append((event.pos.step, low))
        if before + low > allowance and o.hex is not None:
            points = [points[0]] + [
                (o.map or "", *xy) for h in path_text.split("-")[1:]
                if (xy := state.locator.centre(o.map, o.board, h)) is not None] or points
        if before + low > allowance:
            spent_text = f"{before:g} earlier this phase + " if before else ""
            self.find(state, event, rule.id, sec,
                      f"{piece.name} moves {o.label()} → {d.label()} costing at least "
                      f"{spent_text}{low:g} MP, over its allowance of {allowance:g}",
                      f"at most {allowance:g} movement points", f"at least {before + low:g} "
                      f"(path {path_text})", pieces=[piece], places=[o, d], points=points)
        elif before + high > allowance:
            self.skip(rule.id, sec, "the movement cost depends on terrain or connections "
                      "missing from the game data", event.pos)
            nc = self.not_checkable[(rule.id, "the movement cost depends on terrain or "
                                              "connections missing from the game data")]
            for what in unknown or ["terrain along the path"]:
                nc.add_detail(what)

    def _allowance(self, rule: MovementRule, state: GameState, piece: PieceState) -> float | None:
        if rule.allowance is None:
            return None
        face = state.face_of(piece)
        if face is None or not face.factors:
            return None
        value = face.factors.get(rule.allowance)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str):
            try:
                return float(value.strip("()[]"))
            except ValueError:
                return None
        return None

    def _enemy_places(self, state: GameState, piece: PieceState) -> set[str]:
        if piece.side is None:
            return set()
        out = set()
        for other in state.pieces.values():
            if (other.on_board and other.side is not None and other.side != piece.side
                    and other.game is not None and other.game.kind in MOBILE_KINDS):
                key = other.place.key
                if key is not None:
                    out.add(key)
        return out


def _xy(event: PieceMoved, origin: bool) -> tuple[int, int]:
    """Pixel positions for the HTML drawing of the move."""
    return event.from_xy if origin else event.to_xy
