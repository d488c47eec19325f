"""Movement costs on the game's boards as intervals: what a move costs at least and at most.

Where the game data gives a hex's terrain, the cost is known; where it does not (a partial
map), the cost lies between the cheapest and the dearest hex terrain of the game.  A move
whose cheapest path is over the allowance is a violation; one whose dearest path fits is
legal; between the two the check says "not checkable" and names the hexes lacking data.

Features (terrain entries with ``applies_to: "feature"`` listed in a place's ``features``,
such as a fort or a fortified zone) count like one more terrain of the place: the schema
gives ``cost`` one meaning, "movement points to enter", and never says a feature replaces
the place's terrain, so a feature's cost joins the place's own and the dearest governs (a
cheaper feature does not make a place cheaper).  A feature that is prohibited, or whose
``only``/``never`` filter excludes the piece, forbids entry; one with ``ends_move`` lets a
path end there but not pass through.  A feature with no movement data has no movement
effect (most features are cities and towns that only matter for combat or victory).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from converter.model.board import Board, Link, Terrain, TerrainMovement
from converter.model.common import When
from converter.model.game import Game
from converter.model.pieces import Piece

INF = math.inf


@dataclass(slots=True)
class PathCost:
    low: float             # the cheapest the move can cost under any missing data
    high: float            # the dearest shortest path (INF: maybe impossible)
    unknown: list[str] = field(default_factory=list)  # places whose data is missing
    path: list[str] = field(default_factory=list)      # the cheapest path found


class BoardCosts:
    """Entering and crossing costs for one piece on one board, learnt once per (board,
    piece): a path search asks again for every neighbour it comes from, and a long log
    moves the same pieces again and again.  Enemy-occupied places are the caller's
    (`hex_path`'s *blocked*): they change from move to move, these costs do not."""

    def __init__(self, game: Game, board: Board, piece: Piece, turn: int | None = None) -> None:
        self.game = game
        self.board = board
        self.piece = piece
        self.turn = turn  # a terrain's movement effect may hold on some turns only (`when`)
        hex_terrain = [t for t in game.terrain or [] if t.applies_to == "hex"]
        costs = [self._own_cost(t) for t in hex_terrain]
        known = [c for c in costs if c is not None]
        # the cheapest a hex of unknown terrain can cost (a whole-move terrain is dearer)
        self.unknown_low = min((c for c in known if 0 <= c < INF), default=0.0)
        self.unknown_high = INF if (not known or any(c == INF for c in known)
                                    or len(known) < len(costs)) else max(known)
        self._sides: dict[tuple[str, str], list[Terrain]] = {}  # both ways round
        self._entered: dict[tuple[str, float], tuple[float, float, bool]] = {}
        self._crossed: dict[tuple[str, str], tuple[float, float, bool]] = {}
        self._stops: dict[str, bool] = {}
        self._edges: dict[tuple[str, float], list[tuple[str, float, float]]] = {}
        for hs in board.hexsides or []:
            t = game.terrain_type(hs.terrain)
            if t is not None:
                pair = frozenset(hs.hexes)
                if len(pair) not in (1, 2):
                    continue  # no two hexes' border: no step crosses it
                a, b = (tuple(pair) * 2)[:2]
                self._sides.setdefault((a, b), []).append(t)
                if b != a:
                    self._sides.setdefault((b, a), []).append(t)

    def _own_cost(self, t: Terrain) -> float | None:
        """The cost of entering terrain *t* for this piece (INF prohibited, None unknown)."""
        m = t.movement
        if m is None:
            return None  # the game does not say what this terrain costs
        if m.when is not None and _effect_holds(m.when, self.turn) is not True:
            # off this turn, the game does not say what the terrain costs; when a condition
            # in words decides, it may cost either: unknown both ways
            return None
        if m.never is not None and self.game.matches(self.piece, m.never):
            return INF
        if m.only is not None and not self.game.matches(self.piece, m.only):
            return INF
        if m.prohibited:
            return INF
        if m.whole_move:
            return -1.0  # marker: the whole allowance
        return m.cost if m.cost is not None else (0.0 if m.added is not None else None)

    def enter_hex(self, hex_id: str, allowance: float) -> tuple[float, float, bool]:
        """(low, high, known) cost of entering a hex not occupied by the enemy."""
        key = (hex_id, allowance)
        found = self._entered.get(key)
        if found is None:
            found = self._entered[key] = self._enter_hex(hex_id, allowance)
        return found

    def _enter_hex(self, hex_id: str, allowance: float) -> tuple[float, float, bool]:
        h = self.board.hex(hex_id)
        terrain_ids = h.terrain if h is not None else None
        if not terrain_ids:
            return self.unknown_low, self.unknown_high, False
        values: list[float] = []
        for tid in terrain_ids:
            t = self.game.terrain_type(tid)
            if t is None or t.applies_to != "hex":
                continue
            c = self._own_cost(t)
            if c is None:
                return self.unknown_low, self.unknown_high, False
            values.append(allowance if c == -1.0 else c)
        extra, extra_high = feature_cost(self.game, h.features if h is not None else None,
                                         self.piece, allowance, self.turn)
        if extra == INF:
            return INF, INF, True  # a feature forbids entry whatever the terrain
        if not values:
            return max(self.unknown_low, extra), max(self.unknown_high, extra_high), False
        cost = max(values)
        return max(cost, extra), max(cost, extra_high), extra == extra_high

    def stops(self, hex_id: str) -> bool:
        """Whether entering *hex_id* ends this piece's move (hex terrain or a feature)."""
        found = self._stops.get(hex_id)
        if found is None:
            found = self._stops[hex_id] = stopping_place(self.game, self.board, hex_id, None,
                                                          self.turn)
        return found

    def hexside(self, a: str, b: str) -> tuple[float, float, bool]:
        """(low, high, known) cost added by the hexside between *a* and *b*."""
        key = (a, b)
        found = self._crossed.get(key)
        if found is None:
            found = self._crossed[key] = self._hexside(self._sides.get(key, []))
        return found

    def edges(self, hex_id: str, allowance: float, near: list[str]
              ) -> list[tuple[str, float, float]]:
        """(neighbour, low, high) cost of each step from *hex_id* to its neighbours *near*:
        entering the neighbour and crossing the hexside between."""
        key = (hex_id, allowance)
        found = self._edges.get(key)
        if found is None:
            found = []
            for b in near:
                e, c = self.enter_hex(b, allowance), self.hexside(hex_id, b)
                found.append((b, e[0] + c[0], e[1] + c[1]))
            self._edges[key] = found
        return found

    def _hexside(self, sides: list[Terrain]) -> tuple[float, float, bool]:
        low = high = 0.0
        known = True
        for t in sides:
            m = t.movement
            if m is None:  # the game does not say what crossing it costs
                known, high = False, INF
                continue
            holds = _effect_holds(m.when, self.turn) if m.when is not None else True
            if holds is False:
                continue  # the hexside's effect is off this turn: it adds nothing
            if holds is None:  # a condition in words decides: nothing, or the effect
                known = False
                high = INF if (m.prohibited or m.never is not None or m.only is not None) \
                    else high + (m.added or 0.0)
                continue
            if self._own_cost(t) == INF:
                return INF, INF, True
            if m.added:
                low += m.added
                high += m.added
        return low, high, known


class PathFinder:
    """Shortest paths on the game's hex boards, remembering neighbours, each piece's costs
    and results (a long log moves the same pieces between the same hexes again and again).

    A result is remembered by everything it is made of: the board, the piece (its costs),
    both ends, the allowance (a whole-move terrain costs it) and the enemy-occupied places,
    and the turn when a terrain's movement effect holds on some turns only (`when`)."""

    def __init__(self, game: Game,
                 neighbours: dict[str, dict[str, list[str]]] | None = None) -> None:
        self.game = game
        # board id → hex → its neighbours: pass the module's (`Derived.neighbours`) to keep
        # the tables for every log audited with it
        self._neighbours = neighbours if neighbours is not None else {}
        self._results: dict[tuple[object, ...], PathCost] = {}
        self._costs: dict[tuple[str, str, int | None], BoardCosts] = {}
        self._networks: dict[tuple[object, ...], NetworkEdges] = {}
        # whether a hex cost may depend on the turn: else one cache serves every turn
        self._timed = any(t.movement is not None and t.movement.when is not None
                          for t in game.terrain or [])

    def neighbours(self, board: Board) -> dict[str, list[str]]:
        table = self._neighbours.get(board.id)
        if table is None:
            assert board.grid is not None
            grid = board.grid
            table = self._neighbours[board.id] = {h: grid.neighbours(h)
                                                  for h in grid.all_ids()}
        return table

    def network(self, board: Board, piece: Piece, allowance: float, turn: int | None,
                cost_model: str | None) -> NetworkEdges:
        """The steps of an area or point-to-point board for this piece, learnt once."""
        key = (board.id, piece.id, allowance, turn, cost_model)
        found = self._networks.get(key)
        if found is None:
            if len(self._networks) > 1_000:
                self._networks.clear()
            found = self._networks[key] = NetworkEdges(self.game, board, piece, allowance,
                                                       turn, cost_model)
        return found

    def hex_path(self, board: Board, piece: Piece, origin: str, destination: str,
                 allowance: float, blocked: set[str], turn: int | None = None) -> PathCost:
        turn = turn if self._timed else None
        key = (board.id, piece.id, origin, destination, allowance, frozenset(blocked), turn)
        found = self._results.get(key)
        if found is None:
            if len(self._results) > 50_000:
                self._results.clear()
            costs = self._costs.get((board.id, piece.id, turn))
            if costs is None:
                costs = self._costs[(board.id, piece.id, turn)] = BoardCosts(
                    self.game, board, piece, turn)
            found = self._results[key] = hex_path(self.game, board, piece, origin,
                                                  destination, allowance, blocked,
                                                  self.neighbours(board), costs)
        return found


def hex_path(game: Game, board: Board, piece: Piece, origin: str, destination: str,
             allowance: float, blocked: set[str],
             table: dict[str, list[str]] | None = None,
             costs: BoardCosts | None = None) -> PathCost:
    """Cheapest and dearest shortest paths between two hexes of *board*, never through a
    *blocked* place (Dijkstra twice; once when every step the first search weighed costs
    as much at most as at least: the second would weigh the same steps the same way)."""
    assert board.grid is not None
    if costs is None:
        costs = BoardCosts(game, board, piece)
    if table is None:
        grid = board.grid
        table = {h: grid.neighbours(h) for h in grid.all_ids()}
    prefix = f"{board.id}:"
    barred = {k[len(prefix):] for k in blocked if k.startswith(prefix)}
    low, path, differs = _hex_search(origin, destination, table, costs, allowance, barred,
                                      False)
    if differs:
        high = _hex_search(origin, destination, table, costs, allowance, barred, True)[0]
    else:
        high = low
    enter, cross = costs.enter_hex, costs.hexside
    missing = [h for h in path if not enter(h, allowance)[2]] if path else []
    steps = list(zip([origin, *path], path))
    missing += [f"hexside {a}/{b}" for a, b in steps if not cross(a, b)[2]]
    if high == INF and low < INF and not missing:
        high = low
    return PathCost(low, high, missing, path)


def _hex_search(start: str, goal: str, table: dict[str, list[str]], costs: BoardCosts,
                allowance: float, barred: set[str], dearest: bool
                ) -> tuple[float, list[str], bool]:
    """`_dijkstra` on a hex board, each hex's steps learnt once by *costs*."""
    edges = costs.edges
    return _dijkstra(start, goal, lambda h: edges(h, allowance, table.get(h, [])),
                     costs.stops, dearest, barred)


def _dijkstra(start: str, goal: str,
              steps: Callable[[str], Iterable[tuple[str, float, float]]],
              stops: Callable[[str], bool], dearest: bool,
              barred: set[str] | frozenset[str] = frozenset()
              ) -> tuple[float, list[str], bool]:
    """Cheapest path from *start* to *goal* by the steps' low costs (high when *dearest*):
    (cost, path, whether a step it weighed costs more at most than at least).  *steps*
    gives (neighbour, low, high) for each step from a place; a place where *stops* holds
    may end the path but no path goes on from it (the start excepted: a piece may leave
    where it stood); a *barred* place is never entered."""
    best = {start: 0.0}
    prev: dict[str, str] = {}
    heap = [(0.0, start)]
    differs = False
    while heap:
        d, node = heapq.heappop(heap)
        if node == goal:
            path = [goal]
            while path[-1] != start:
                path.append(prev[path[-1]])
            return d, path[::-1][1:], differs
        if d > best.get(node, INF):
            continue
        if node != start and stops(node):
            continue
        for nxt, low, high in steps(node):
            if nxt in barred:
                continue
            if low != high:
                differs = True
            c = high if dearest else low
            if c == INF:
                continue
            nd = d + c
            if nd < best.get(nxt, INF):
                best[nxt] = nd
                prev[nxt] = node
                heapq.heappush(heap, (nd, nxt))
    return INF, [], differs


def network_path(game: Game, board: Board, piece: Piece, origin: str, destination: str,
                 allowance: float, turn: int | None, blocked: set[str],
                 cost_model: str | None, network: NetworkEdges | None = None) -> PathCost:
    """Cheapest and dearest shortest paths on an area or point-to-point board.

    *cost_model* is the rule's: "terrain" (the space entered), "link" (the link crossed) or
    "adjacent" (one per step).  A link whose restriction depends on a free-text condition,
    a space or link whose cost the game does not give, or a board given only in part (more
    connections may exist) widens the interval instead of being guessed.  *network*: the
    board's steps for this piece, allowance, turn and cost model when already learnt
    (`PathFinder.network`); enemy-occupied places (*blocked*) are never entered.
    """
    if network is None:
        network = NetworkEdges(game, board, piece, allowance, turn, cost_model)
    barred = {k[len("space:"):] for k in blocked if k.startswith("space:")}
    edges = network.edges

    def steps(space_id: str) -> list[tuple[str, float, float]]:
        return edges.get(space_id, [])

    def stops(space_id: str) -> bool:
        return stopping_place(game, board, None, space_id, turn)

    low, path, _ = _dijkstra(origin, destination, steps, stops, False, barred)
    high, _, _ = _dijkstra(origin, destination, steps, stops, True, barred)
    complete = bool(board.complete)
    # (entering the destination learns what a place no step reaches lacks)
    entered = network.enter(destination)[0][0] if not complete and destination not in barred \
        else INF
    unknown = network.links_unknown | {note for space_id, note in network.spaces_unknown.items()
                                       if space_id not in barred}
    notes = sorted(unknown)
    if entered < INF:
        # a connection the data lacks may be shorter: no lower bound can be proved
        notes.append(f"the connections of board {board.id!r} (the map is only partly given)")
        low = 0.0
    return PathCost(low, high, notes, path)


class NetworkEdges:
    """The steps of an area or point-to-point board for one piece, allowance, turn and cost
    model, learnt once (`network_path` had rebuilt them at every move): (neighbour, low,
    high) cost of each step from a space, and what the game does not say (a space's terrain,
    a link type's cost).  Enemy-occupied places change from move to move: the search bars
    them, these steps do not know them."""

    def __init__(self, game: Game, board: Board, piece: Piece, allowance: float,
                 turn: int | None, cost_model: str | None) -> None:
        self.game, self.piece, self.allowance, self.cost_model = game, piece, allowance, \
            cost_model
        self.turn = turn  # a terrain's movement effect may hold on some turns only (`when`)
        self.edges: dict[str, list[tuple[str, float, float]]] = {}
        self.spaces_unknown: dict[str, str] = {}  # space id → what its cost lacks
        self.links_unknown: set[str] = set()
        self._entered: dict[str, tuple[tuple[float, float], str | None]] = {}
        for space in board.spaces or []:
            for other in space.adjacent or []:
                for a, b in ((space.id, other), (other, space.id)):
                    e, c = self.enter(b)[0], self._crossing(None)
                    self._add(a, b, e[0] + c[0], e[1] + c[1])
        for link in board.links or []:
            ok = _link_open(game, link, piece, turn)
            if ok is False:
                continue
            a, b = link.between
            for x, y in ([(a, b)] if link.directed else [(a, b), (b, a)]):
                e, c = self.enter(y)[0], self._crossing(link)
                low, high = e[0] + c[0], e[1] + c[1]
                self._add(x, y, low, INF if ok is None else high)

    def _add(self, a: str, b: str, low: float, high: float) -> None:
        self.edges.setdefault(a, []).append((b, low, high))

    def enter(self, space_id: str) -> tuple[tuple[float, float], str | None]:
        """((low, high) cost of entering a space, what the game does not say of it)."""
        found = self._entered.get(space_id)
        if found is None:
            found = self._entered[space_id] = self._enter(space_id)
            if found[1] is not None:
                self.spaces_unknown[space_id] = found[1]
        return found

    def _enter(self, space_id: str) -> tuple[tuple[float, float], str | None]:
        game, piece, allowance, turn = self.game, self.piece, self.allowance, self.turn
        if self.cost_model == "adjacent":
            return (1.0, 1.0), None
        if self.cost_model != "terrain":
            return (0.0, 0.0), None
        found = game.space(space_id)
        space = found[1] if found is not None else None
        ids = (space.terrain or []) if space is not None else []
        values: list[float] = []
        for tid in ids:
            t = game.terrain_type(tid)
            if t is None or t.applies_to not in ("space", "hex"):
                continue
            c = _terrain_cost(game, t, piece, allowance, turn)
            if c is None:
                values = []
                break
            values.append(c)
        extra, extra_high = feature_cost(game, space.features if space is not None else None,
                                         piece, allowance, turn)
        if extra == INF:
            return (INF, INF), None
        if not values:
            return (extra, INF), f"terrain of {space_id}"
        cost = max(values)
        return (max(cost, extra), max(cost, extra_high)), \
            None if extra == extra_high else f"features of {space_id}"

    def _crossing(self, link: Link | None) -> tuple[float, float]:
        if self.cost_model != "link":
            return 0.0, 0.0
        if link is None:
            return 0.0, INF  # a border with no link type: its cost is not given
        t = self.game.terrain_type(link.type)
        c = _terrain_cost(self.game, t, self.piece, self.allowance, self.turn) \
            if t is not None else None
        if c is None:
            self.links_unknown.add(f"cost of {link.type} links")
            return 0.0, INF
        return c, c


def _terrain_cost(game: Game, t: Terrain, piece: Piece, allowance: float,
                  turn: int | None) -> float | None:
    """What entering (or crossing) terrain *t* costs this piece; None when the game does not
    say: no movement data, or an effect that is off this turn, or that a condition in words
    decides (`when`, read as a hex's own terrain reads it)."""
    m = t.movement
    if m is None or (m.when is not None and _effect_holds(m.when, turn) is not True):
        return None
    return _effect_cost(game, m, piece, allowance)


def _effect_cost(game: Game, m: TerrainMovement, piece: Piece, allowance: float
                 ) -> float | None:
    """What a movement effect costs this piece, whatever its `when`."""
    if (m.never is not None and game.matches(piece, m.never)) or \
            (m.only is not None and not game.matches(piece, m.only)) or m.prohibited:
        return INF
    if m.whole_move:
        return allowance
    return m.cost


def feature_cost(game: Game, feature_ids: list[str] | None, piece: Piece,
                 allowance: float, turn: int | None = None) -> tuple[float, float]:
    """(low, high) dearest entering cost among a place's features: INF when one forbids the
    piece, 0 when none gives a cost (a feature without movement data does not affect
    movement, nor does one whose `when` is off this turn); a feature whose `when` a
    condition in words decides adds nothing or its cost."""
    low = high = 0.0
    for fid in feature_ids or []:
        t = game.terrain_type(fid)
        if t is None or t.applies_to != "feature" or t.movement is None:
            continue
        m = t.movement
        holds = _effect_holds(m.when, turn) if m.when is not None else True
        if holds is False:
            continue
        c = _effect_cost(game, m, piece, allowance)
        if c is not None:
            high = max(high, c)
            if holds:
                low = max(low, c)
    return low, high


def ends_move(game: Game, terrain_ids: list[str] | None, feature_ids: list[str] | None,
              kinds: tuple[str, ...], turn: int | None = None) -> bool:
    """Whether a place's terrain (of the given kinds) or one of its features ends a move
    on *turn*: an effect limited by `when` ends it only when it surely holds (on a turn it
    is off, when the turn is not known or a condition in words decides, the move may go
    on: the audit does not guess a stop)."""
    for tid, wanted in [*((t, kinds) for t in terrain_ids or []),
                        *((f, ("feature",)) for f in feature_ids or [])]:
        t = game.terrain_type(tid)
        m = t.movement if t is not None and t.applies_to in wanted else None
        if m is not None and m.ends_move and \
                (m.when is None or _effect_holds(m.when, turn) is True):
            return True
    return False


def stopping_place(game: Game, board: Board, hex_id: str | None,
                   space_id: str | None, turn: int | None = None) -> bool:
    """Whether a piece entering this hex or space must end its move there on *turn*."""
    if hex_id is not None:
        h = board.hex(hex_id)
        return h is not None and ends_move(game, h.terrain, h.features, ("hex",), turn)
    if space_id is not None:
        found = game.space(space_id)
        space = found[1] if found is not None else None
        return space is not None and ends_move(game, space.terrain, space.features,
                                               ("space", "hex"), turn)
    return False


def _effect_holds(when: When, turn: int | None) -> bool | None:
    """Whether a movement effect limited by *when* holds on *turn* (None: a condition in
    words decides, or the turn is not known)."""
    return None if when.condition else when.applies(turn)


def _link_open(game: Game, link: Link, piece: Piece, turn: int | None) -> bool | None:
    if link.only is not None and not game.matches(piece, link.only):
        return False
    return _effect_holds(link.when, turn) if link.when is not None else True


