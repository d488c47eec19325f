"""Movement costs on the game's boards as intervals: what a move costs at least and at most.

Where the game data gives a hex's terrain, the cost is known; where it does not (a partial
map), the cost lies between the cheapest and the dearest hex terrain of the game.  A move
whose cheapest path is over the allowance is a violation; one whose dearest path fits is
legal; between the two the check says "not checkable" and names the hexes lacking data.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field

from converter.model.board import Board, Link, Terrain
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
    """Entering costs for one piece on one board, learnt once per (board, piece)."""

    def __init__(self, game: Game, board: Board, piece: Piece, turn: int | None,
                 blocked: set[str]) -> None:
        self.game = game
        self.board = board
        self.piece = piece
        self.turn = turn
        self.blocked = blocked  # enemy-occupied places, never entered (enemy: forbidden)
        hex_terrain = [t for t in game.terrain or [] if t.applies_to == "hex"]
        costs = [self._own_cost(t) for t in hex_terrain]
        known = [c for c in costs if c is not None]
        self.unknown_low = min((c for c in known if c < INF), default=1.0)
        self.unknown_high = INF if (not known or any(c == INF for c in known)
                                    or len(known) < len(costs)) else max(known)
        self._sides: dict[frozenset[str], list[Terrain]] = {}
        for hs in board.hexsides or []:
            t = game.terrain_type(hs.terrain)
            if t is not None:
                self._sides.setdefault(frozenset(hs.hexes), []).append(t)

    def _own_cost(self, t: Terrain) -> float | None:
        """The cost of entering terrain *t* for this piece (INF prohibited, None unknown)."""
        m = t.movement
        if m is None:
            return None  # the game does not say what this terrain costs
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
        """(low, high, known) cost of entering a hex."""
        if f"{self.board.id}:{hex_id}" in self.blocked:
            return INF, INF, True
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
        if not values:
            return self.unknown_low, self.unknown_high, False
        cost = max(values)
        return cost, cost, True

    def hexside(self, a: str, b: str) -> float:
        extra = 0.0
        for t in self._sides.get(frozenset((a, b)), []):
            c = self._own_cost(t)
            m = t.movement
            if c == INF:
                return INF
            if m is not None and m.added:
                extra += m.added
        return extra


class PathFinder:
    """Shortest paths on the game's hex boards, remembering neighbours and results (a long
    log moves the same pieces between the same hexes again and again)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._neighbours: dict[str, dict[str, list[str]]] = {}
        self._results: dict[tuple[object, ...], PathCost] = {}

    def neighbours(self, board: Board) -> dict[str, list[str]]:
        table = self._neighbours.get(board.id)
        if table is None:
            assert board.grid is not None
            grid = board.grid
            table = self._neighbours[board.id] = {h: grid.neighbours(h)
                                                  for h in grid.all_ids()}
        return table

    def hex_path(self, board: Board, piece: Piece, origin: str, destination: str,
                 allowance: float, turn: int | None, blocked: set[str]) -> PathCost:
        key = (board.id, piece.id, origin, destination, allowance, frozenset(blocked))
        found = self._results.get(key)
        if found is None:
            if len(self._results) > 50_000:
                self._results.clear()
            found = self._results[key] = hex_path(self.game, board, piece, origin,
                                                  destination, allowance, turn, blocked,
                                                  self.neighbours(board))
        return found


def hex_path(game: Game, board: Board, piece: Piece, origin: str, destination: str,
             allowance: float, turn: int | None, blocked: set[str],
             table: dict[str, list[str]] | None = None) -> PathCost:
    """Cheapest and dearest shortest paths between two hexes of *board* (Dijkstra twice)."""
    assert board.grid is not None
    costs = BoardCosts(game, board, piece, turn, blocked)
    grid = board.grid
    near = (lambda h: table.get(h, [])) if table is not None else grid.neighbours
    low, path, unknown = _dijkstra(origin, destination, near,
                                   lambda a, b: _step(costs, a, b, allowance, 0))
    high, _, _ = _dijkstra(origin, destination, near,
                           lambda a, b: _step(costs, a, b, allowance, 1))
    missing = [h for h in path if not costs.enter_hex(h, allowance)[2]] if path else []
    if high == INF and low < INF and not missing:
        high = low
    return PathCost(low, high, missing or unknown, path)


def _step(costs: BoardCosts, a: str, b: str, allowance: float, which: int) -> float:
    entry = costs.enter_hex(b, allowance)
    side = costs.hexside(a, b)
    return entry[which] + side


def _dijkstra(start: str, goal: str, neighbours, cost) -> tuple[float, list[str], list[str]]:
    best = {start: 0.0}
    prev: dict[str, str] = {}
    heap = [(0.0, start)]
    while heap:
        d, node = heapq.heappop(heap)
        if node == goal:
            path = [goal]
            while path[-1] != start:
                path.append(prev[path[-1]])
            return d, path[::-1][1:], []
        if d > best.get(node, INF):
            continue
        for nxt in neighbours(node):
            c = cost(node, nxt)
            if c == INF:
                continue
            nd = d + c
            if nd < best.get(nxt, INF):
                best[nxt] = nd
                prev[nxt] = node
                heapq.heappush(heap, (nd, nxt))
    return INF, [], []


def usable_links(game: Game, board: Board, piece: Piece, turn: int | None
                 ) -> tuple[dict[str, list[tuple[str, float]]], bool]:
    """Space → [(next space, cost)] the piece may use now, and whether every link's
    restriction could be decided (False when a turn-limited link meets an unknown turn)."""
    graph: dict[str, list[tuple[str, float]]] = {}
    decided = True

    def add(a: str, b: str, c: float) -> None:
        graph.setdefault(a, []).append((b, c))

    for space in board.spaces or []:
        for other in space.adjacent or []:
            add(space.id, other, 1.0)
            add(other, space.id, 1.0)
    for link in board.links or []:
        ok = _link_open(game, link, piece, turn)
        if ok is None:
            decided = False
            continue
        if not ok:
            continue
        c = _link_cost(game, link)
        a, b = link.between
        add(a, b, c)
        if not link.directed:
            add(b, a, c)
    return graph, decided


def _link_open(game: Game, link: Link, piece: Piece, turn: int | None) -> bool | None:
    if link.only is not None and not game.matches(piece, link.only):
        return False
    if link.when is not None:
        if link.when.condition:
            return None
        return link.when.applies(turn)
    return True


def _link_cost(game: Game, link: Link) -> float:
    t = game.terrain_type(link.type)
    if t is not None and t.movement is not None and t.movement.cost is not None:
        return t.movement.cost
    return 1.0


def space_path(graph: dict[str, list[tuple[str, float]]], origin: str, destination: str,
               blocked: set[str]) -> tuple[float, list[str]]:
    def neighbours(node: str) -> list[str]:
        return [n for n, _ in graph.get(node, [])]

    def cost(a: str, b: str) -> float:
        if f"space:{b}" in blocked:
            return INF
        return min((c for n, c in graph.get(a, []) if n == b), default=INF)

    d, path, _ = _dijkstra(origin, destination, neighbours, cost)
    return d, path
