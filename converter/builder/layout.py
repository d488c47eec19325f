"""Where things lie on each VASSAL board, in board pixels.

One geometry serves the board image and the grids and at-start positions written into the
module, so a piece placed at a hex id lands on the hex drawn with that id.  A scan of the real
map (`board.image`) brings its own hex positions (origin and hex size in pixels).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from converter.builder.conventions import HEX_PX as HEX_PX  # (the module's hexes: a convention)
from converter.builder.conventions import event_box_label, event_reinforcements, track_values, turn_numbers
from converter.model.board import Board
from converter.model.game import Game
from converter.render import drawings
from converter.render.boardlayout import BoardLayout, Rect

TRACK_CELL = 72          # one cell of a track on the display board
TRACK_LABEL_W = 240
DECK_SIZE = (180, 240)
EVENT_BOX_SIZE = (320, 110)   # the box of reinforcements that enter on an event, not a turn


def board_layout(board: Board, image_size: tuple[int, int] | None = None,
                 language: str | None = None) -> BoardLayout:
    """Where *board*'s places lie on the module's board image (hexes ``HEX_PX`` across): the
    schematic's, drawn in the game's *language*, or on the user's scan when *image_size*
    gives its size.

    Raises:
        BuildError: a hex board without a grid.
    """
    return drawings.board_layout(board, image_size, hex_px=HEX_PX, language=language)


@dataclass
class TrackRow:
    id: str
    name: str
    values: list[int]
    labels: list[str]
    cells: dict[int, Rect]
    name_lines: list[str] = field(default_factory=list)          # the track's name, wrapped
    cell_lines: dict[int, list[str]] = field(default_factory=dict)  # each cell's label, wrapped
    numbers: dict[int, str] = field(default_factory=dict)  # a turn's number over a label that is not it


@dataclass
class DisplayLayout:
    """The generated display board: one row of cells per track, the box of reinforcements
    that enter on an event (when the game has any), then one pile per deck."""

    size: tuple[int, int]
    tracks: list[TrackRow]
    decks: dict[str, Rect]
    event_box: Rect | None = None
    label_w: int = TRACK_LABEL_W
    deck_lines: dict[str, list[str]] = field(default_factory=dict)


MAX_CELLS_PER_ROW = 20
# fonts of the display board's words (converter.builder.images draws them)
TRACK_NAME_FONT = ("bold", 15)
CELL_FONT = ("condensed", 12)
DECK_FONT = ("bold", 13)
CELL_PAD = 4


def _measure() -> Any:
    from PIL import Image, ImageDraw

    return ImageDraw.Draw(Image.new("L", (1, 1)))


def _wrapped(draw: Any, text: str, style: tuple[str, int], width: float) -> list[str]:
    from converter.render.placement import name_lines
    from converter.render.text import font

    return name_lines(draw, text, font(*style), width)


def _width(draw: Any, lines: list[str], style: tuple[str, int]) -> float:
    from converter.render.text import font

    return max((draw.textlength(line, font=font(*style)) for line in lines), default=0.0)


def display_layout(game: Game) -> DisplayLayout | None:
    """Tracks and decks on one generated board; None when the game has neither.

    Every word fits: the name column is as wide as the longest track name needs (wrapped),
    and a track's cells as wide as its longest cell label (wrapped onto up to three lines)."""
    tracks = game.tracks or []
    decks = game.decks or []
    if not tracks and not decks:
        return None
    draw = _measure()
    line_h = int(CELL_FONT[1] * 1.25)
    rows: list[TrackRow] = []
    name_w = TRACK_LABEL_W - 2 * 12
    names = {t.id: _wrapped(draw, t.name, TRACK_NAME_FONT, name_w) for t in tracks}
    label_w = int(max([TRACK_LABEL_W] + [_width(draw, n, TRACK_NAME_FONT) + 2 * 12 + 8 for n in names.values()]))
    if event_reinforcements(game):
        label_w = int(max(label_w, _width(draw, [event_box_label(game)], DECK_FONT) + 2 * 12 + 8))
    y = 20
    width = label_w + TRACK_CELL * 4
    for track in tracks:
        values, labels = track_values(game, track.id)
        cell_w = TRACK_CELL
        # a cell wide enough for its longest word, and for its label in three lines at most
        for label in labels:
            while True:
                lines = _wrapped(draw, label, CELL_FONT, cell_w - 2 * CELL_PAD)
                if len(lines) <= 3 and _width(draw, lines, CELL_FONT) <= cell_w - 2 * CELL_PAD:
                    break
                cell_w += 8
        cell_lines = {v: _wrapped(draw, lab, CELL_FONT, cell_w - 2 * CELL_PAD) for v, lab in zip(values, labels)}
        numbers = turn_numbers(game, track.id)
        cell_h = max([TRACK_CELL] + [(len(ls) + (v in numbers)) * line_h + 2 * CELL_PAD + 20
                                     for v, ls in cell_lines.items()])
        per_row = max(1, min(MAX_CELLS_PER_ROW, (MAX_CELLS_PER_ROW * TRACK_CELL) // cell_w))
        cells: dict[int, Rect] = {}
        for i, v in enumerate(values):
            line, col = divmod(i, per_row)
            cells[v] = Rect(label_w + col * cell_w, y + line * cell_h, cell_w, cell_h)
        lines_n = max(1, math.ceil(len(values) / per_row))
        width = max(width, label_w + min(len(values), per_row) * cell_w + 20)
        rows.append(TrackRow(track.id, track.name, values, labels, cells, names[track.id], cell_lines, numbers))
        y += max(lines_n * cell_h, len(names[track.id]) * 20) + 16
    event_box = None
    if event_reinforcements(game):
        y += 30
        event_box = Rect(label_w, y, EVENT_BOX_SIZE[0], EVENT_BOX_SIZE[1])
        width = max(width, event_box.x + event_box.w + 20)
        y += event_box.h
    piles: dict[str, Rect] = {}
    deck_lines = {d.id: _wrapped(draw, d.name, DECK_FONT, DECK_SIZE[0] + 20) for d in decks}
    dw, dh = DECK_SIZE
    label_h = max([1] + [len(v) for v in deck_lines.values()]) * 17
    x = 20
    y += 30
    for deck in decks:
        if x + dw > max(width, 900):
            x = 20
            y += dh + 30 + label_h
        piles[deck.id] = Rect(x, y, dw, dh)
        x += dw + 30
    width = max(width, x + 20) if decks else width
    height = y + (dh + 30 + label_h if decks else 20)
    return DisplayLayout((width, height), rows, piles, event_box, label_w, deck_lines)

