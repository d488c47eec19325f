"""Where things lie on each VASSAL board, in board pixels.

One geometry serves the board image and the grids and at-start positions written into the
module, so a piece placed at a hex id lands on the hex drawn with that id.  A scan of the real
map (`board.image`) brings its own hex positions (origin and hex size in pixels).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from converter.errors import BuildError
from converter.model.board import Board
from converter.model.game import Game

HEX_SIZE = 72.0          # corner-to-corner diameter of a schematic hex, pixels
HEX_MARGIN = 80          # blank border around a schematic hex map, pixels
AREA_SIZE = (1600, 1200)  # schematic area/network board
AREA_MARGIN = 90
BOX_SIZE = (220, 150)    # one off-map box
BOX_GAP = 24
BOXES_PER_ROW = 4
TRACK_CELL = 72          # one cell of a track on the display board
TRACK_LABEL_W = 240
DECK_SIZE = (180, 240)


@dataclass
class Rect:
    x: int
    y: int
    w: int
    h: int

    @property
    def centre(self) -> tuple[int, int]:
        return self.x + self.w // 2, self.y + self.h // 2

    def path(self) -> str:
        """The polygon `x1,y1;x2,y2;…` a VASSAL Zone takes."""
        x2, y2 = self.x + self.w, self.y + self.h
        return f"{self.x},{self.y};{x2},{self.y};{x2},{y2};{self.x},{y2}"


@dataclass
class BoardLayout:
    """A board's size and the pixel positions of its hexes, spaces and boxes."""

    board: Board
    size: tuple[int, int]
    hex_centres: dict[str, tuple[float, float]] = field(default_factory=dict)
    hex_width: float = 0.0
    hex_height: float = 0.0
    space_centres: dict[str, tuple[int, int]] = field(default_factory=dict)
    boxes: dict[str, Rect] = field(default_factory=dict)
    scan: str | None = None  # file name of the user's scan, when the board uses one


def hex_layout(board: Board, image_size: tuple[int, int] | None = None) -> BoardLayout:
    """Hex centres of a hex board: the schematic drawing's, or the scan's when given."""
    grid = board.grid
    if grid is None:
        raise BuildError(f"board {board.id!r} is a hex board without a grid")
    ids = grid.all_ids()
    unit_w, unit_h = grid.hex_size(HEX_SIZE)
    raw = {hid: grid.center(hid, HEX_SIZE) for hid in ids}
    if board.image is not None and image_size is not None:
        img = board.image
        sx = (img.hex_width_px / unit_w) if img.hex_width_px else 1.0
        sy = (img.hex_height_px / unit_h) if img.hex_height_px else sx
        first = grid.format(grid.columns.min, grid.rows.min)
        ox, oy = img.origin if img.origin else raw[first]
        fx, fy = raw[first]
        centres = {hid: (ox + (x - fx) * sx, oy + (y - fy) * sy) for hid, (x, y) in raw.items()}
        return BoardLayout(board, image_size, centres, unit_w * sx, unit_h * sy,
                           scan=img.file)
    w, h = grid.drawing_size(HEX_SIZE)
    centres = {hid: (x + HEX_MARGIN, y + HEX_MARGIN) for hid, (x, y) in raw.items()}
    size = (math.ceil(w) + 2 * HEX_MARGIN, math.ceil(h) + 2 * HEX_MARGIN)
    return BoardLayout(board, size, centres, unit_w, unit_h)


def space_layout(board: Board) -> BoardLayout:
    """Spaces of an area or network board: at their layout hints, else on a regular grid."""
    spaces = board.spaces or []
    w, h = AREA_SIZE
    inner_w, inner_h = w - 2 * AREA_MARGIN, h - 2 * AREA_MARGIN
    unplaced = [s for s in spaces if s.layout is None]
    cols = max(1, math.ceil(math.sqrt(len(unplaced) * inner_w / inner_h))) if unplaced else 1
    rows = max(1, math.ceil(len(unplaced) / cols))
    centres: dict[str, tuple[int, int]] = {}
    k = 0
    taken: set[tuple[int, int]] = set()
    for space in spaces:
        if space.layout is not None:
            pos = (AREA_MARGIN + round(space.layout.x * inner_w),
                   AREA_MARGIN + round(space.layout.y * inner_h))
        else:
            c, r = k % cols, k // cols
            k += 1
            pos = (AREA_MARGIN + round((c + 0.5) * inner_w / cols),
                   AREA_MARGIN + round((r + 0.5) * inner_h / rows))
        while pos in taken:  # two spaces at one point would share a region snap point
            pos = (pos[0] + 7, pos[1] + 5)
        taken.add(pos)
        centres[space.id] = pos
    return BoardLayout(board, (w, h), space_centres=centres)


def box_layout(board: Board) -> BoardLayout:
    """Off-map boxes laid out in rows; each box becomes a VASSAL Zone."""
    spaces = board.spaces or []
    bw, bh = BOX_SIZE
    boxes: dict[str, Rect] = {}
    for i, space in enumerate(spaces):
        c, r = i % BOXES_PER_ROW, i // BOXES_PER_ROW
        boxes[space.id] = Rect(BOX_GAP + c * (bw + BOX_GAP), BOX_GAP + 40 + r * (bh + BOX_GAP), bw, bh)
    cols = min(BOXES_PER_ROW, max(1, len(spaces)))
    rows = max(1, math.ceil(len(spaces) / BOXES_PER_ROW))
    size = (BOX_GAP + cols * (bw + BOX_GAP), BOX_GAP + 40 + rows * (bh + BOX_GAP))
    centres = {sid: r.centre for sid, r in boxes.items()}
    return BoardLayout(board, size, space_centres=centres, boxes=boxes)


@dataclass
class TrackRow:
    id: str
    name: str
    values: list[int]
    labels: list[str]
    cells: dict[int, Rect]


@dataclass
class DisplayLayout:
    """The generated display board: one row of cells per track, then one pile per deck."""

    size: tuple[int, int]
    tracks: list[TrackRow]
    decks: dict[str, Rect]


def track_values(game: Game, track_id: str) -> tuple[list[int], list[str]]:
    track = game.track(track_id)
    if track is None:
        return [], []
    if track.kind == "turn" and game.turns is not None and track.min is None:
        values = game.turns.numbers()
    else:
        lo = track.min if track.min is not None else 0
        if track.max is not None:
            hi = track.max
        elif track.labels:
            hi = lo + len(track.labels) - 1
        else:  # an open-ended track: room past every value the game mentions
            hi = max([lo + OPEN_TRACK_CELLS - 1] + [v + 10 for v in _mentioned(game, track_id)])
        values = list(range(lo, hi + 1))
    labels = []
    for i, v in enumerate(values):
        if track.labels and i < len(track.labels):
            labels.append(track.labels[i])
        elif track.kind == "turn" and game.turns is not None:
            labels.append(game.turns.label(v))
        else:
            labels.append(str(v))
    return values, labels


MAX_CELLS_PER_ROW = 20
OPEN_TRACK_CELLS = 31


def _mentioned(game: Game, track_id: str) -> list[int]:
    """Values of a track that setups, starts or victory conditions name."""
    track = game.track(track_id)
    out: list[int] = []
    if track is not None and isinstance(track.start, int):
        out.append(track.start)
    elif track is not None and isinstance(track.start, dict):
        out.extend(track.start.values())
    for scenario in game.scenarios or []:
        out.extend(p.at.value for p in scenario.setup or []
                   if p.at.track == track_id and p.at.value is not None)
        out.extend(t.value for t in scenario.track_start or [] if t.track == track_id)
        for v in scenario.victory or []:
            if v.track == track_id:
                out.extend(x for x in (v.at_least, v.at_most) if x is not None)
    return out


def display_layout(game: Game) -> DisplayLayout | None:
    """Tracks and decks on one generated board; None when the game has neither."""
    tracks = game.tracks or []
    decks = game.decks or []
    if not tracks and not decks:
        return None
    rows: list[TrackRow] = []
    y = 20
    width = TRACK_LABEL_W + TRACK_CELL * 4
    for track in tracks:
        values, labels = track_values(game, track.id)
        cells: dict[int, Rect] = {}
        for i, v in enumerate(values):
            line, col = divmod(i, MAX_CELLS_PER_ROW)
            cells[v] = Rect(TRACK_LABEL_W + col * TRACK_CELL, y + line * TRACK_CELL,
                            TRACK_CELL, TRACK_CELL)
        lines = max(1, math.ceil(len(values) / MAX_CELLS_PER_ROW))
        width = max(width, TRACK_LABEL_W + min(len(values), MAX_CELLS_PER_ROW) * TRACK_CELL + 20)
        rows.append(TrackRow(track.id, track.name, values, labels, cells))
        y += lines * TRACK_CELL + 16
    piles: dict[str, Rect] = {}
    dw, dh = DECK_SIZE
    x = 20
    y += 30
    for deck in decks:
        if x + dw > max(width, 900):
            x = 20
            y += dh + 50
        piles[deck.id] = Rect(x, y, dw, dh)
        x += dw + 30
    width = max(width, x + 20) if decks else width
    height = y + (dh + 50 if decks else 20)
    return DisplayLayout((width, height), rows, piles)
