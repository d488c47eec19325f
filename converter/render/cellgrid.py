"""A board whose spaces are the cells of a square grid (what `vconv import` makes of a VASSAL
SquareGrid), drawn as that grid: cells side by side, each named in its top edge.

Drawn as boxes, each sized to its name and pushed clear of its neighbours, Tour's 21 x 21
grid printed as 17 pages of boxes overlapping in rows; the cells of a grid touch, so the
grid is its own layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from converter.model.board import Board
from converter.model.game import Game
from converter.render.boardlayout import BoardLayout, Rect
from converter.render.maps import space_fill
from converter.render.text import color, fit_font, ink_on, put_text

CELL_PX = 100        # a cell's edge on the drawing
MARGIN_CELLS = 0.4   # paper round the grid, in cells
BAND_CELLS = 1.1     # the band above it for the SCHEMATIC notice and the title
NAME_CELLS = 0.17    # a cell's name is at most this high, in cells
ALIGNED = 0.15       # a centre this far (in pitches) from its row or column is no grid's


@dataclass(frozen=True)
class CellGrid:
    """Where each space's cell is: its column and row, counted from the top left."""

    cols: int
    rows: int
    cells: dict[str, tuple[int, int]]


def _indices(values: list[float]) -> dict[float, int] | None:
    """Each value's place on an evenly spaced line of them (gaps allowed), or None."""
    if len(values) == 1:
        return {values[0]: 0}
    pitch = min(b - a for a, b in zip(values, values[1:]))
    if pitch <= 0:
        return None
    out = {}
    for v in values:
        steps = (v - values[0]) / pitch
        if abs(steps - round(steps)) > ALIGNED:
            return None
        out[v] = round(steps)
    return out


def cell_grid(board: Board) -> CellGrid | None:
    """The square grid *board*'s spaces are the cells of, or None: every space a 'square'
    placed by its centre alone, the centres on evenly spaced rows and columns, one a cell."""
    spaces = board.spaces or []
    if len(spaces) < 2 or any(s.kind != "square" or s.layout is None or s.parent
                              or s.layout.w or s.layout.h for s in spaces):
        return None
    centres = {s.id: (round(s.layout.x, 4), round(s.layout.y, 4))
               for s in spaces if s.layout is not None}
    columns = _indices(sorted({x for x, _y in centres.values()}))
    rows = _indices(sorted({y for _x, y in centres.values()}))
    if columns is None or rows is None:
        return None
    cells = {sid: (columns[x], rows[y]) for sid, (x, y) in centres.items()}
    if len(set(cells.values())) != len(cells):
        return None
    return CellGrid(max(columns.values()) + 1, max(rows.values()) + 1, cells)


def grid_layout(board: Board, grid: CellGrid) -> BoardLayout:
    """Each cell's box and centre on the drawing `grid_picture` makes."""
    margin, band = round(MARGIN_CELLS * CELL_PX), round(BAND_CELLS * CELL_PX)
    size = (grid.cols * CELL_PX + 2 * margin, band + grid.rows * CELL_PX + margin)
    layout = BoardLayout(board, size, cell=CELL_PX)
    for sid, (col, row) in grid.cells.items():
        rect = Rect(margin + col * CELL_PX, band + row * CELL_PX, CELL_PX, CELL_PX)
        layout.boxes[sid] = rect
        layout.space_centres[sid] = rect.centre
    return layout


def grid_picture(game: Game, board: Board, grid: CellGrid, notice: str,
                 theme: dict[str, Any]) -> Image.Image:
    """The grid: a cell for each space in its fill, its name along its top edge, the notice
    and the board's title above."""
    layout = grid_layout(board, grid)
    img = Image.new("RGB", layout.size, color(theme["paper"]))
    draw = ImageDraw.Draw(img)
    ink = color(theme["ink"])
    line = max(1, CELL_PX // 40)
    size = max(6, int(CELL_PX * NAME_CELLS))
    for space in board.spaces or []:
        r = layout.boxes[space.id]
        fill = space_fill(game, space, theme)
        draw.rectangle((r.x, r.y, r.x + r.w, r.y + r.h), fill=fill,
                       outline=color(theme["notice"]) if space.missing else ink, width=line)
        fnt = fit_font(draw, space.name, "condensed", size, r.w * 0.9)
        put_text(draw, (r.x + r.w / 2, r.y + line + CELL_PX * 0.04), space.name, font=fnt,
                 fill=ink_on(fill), anchor="mt")
    # at the left, over the first column: a grid of several pages keeps them on its first
    band, left = BAND_CELLS * CELL_PX, MARGIN_CELLS * CELL_PX
    nf = fit_font(draw, notice, "bold", int(band * 0.3), img.width - 2 * left)
    put_text(draw, (left, band * 0.12), notice, font=nf, fill=color(theme["notice"]), anchor="lt")
    title = f"{game.title} — {board.name}"
    tf = fit_font(draw, title, "regular", int(band * 0.22), img.width - 2 * left)
    put_text(draw, (left, band * 0.12 + nf.size * 1.3), title, font=tf, fill=ink, anchor="lt")
    return img
