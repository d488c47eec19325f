"""Spaces as boxes a stack of counters fits in (holding boxes, a front's sectors): VASSAL
zones, each exactly the box drawn, so a piece dropped on a drawn box lands in it."""

from __future__ import annotations

from typing import Any

from PIL import Image

from converter.model.board import Board
from converter.model.boardkinds import Drawing
from converter.model.game import Game
from converter.render.boardlayout import BoardLayout, Rect
from converter.render.drawings.base import BoardDrawing
from converter.render.drawings.nodes import points_layout
from converter.render.cellgrid import cell_grid, grid_layout, grid_picture
from converter.render.maps import (DEFAULT_THEME, load_scan, schematic_notice,
                                   space_positions, space_schematic)

# the smallest box, in hundredths of the picture's width: on the schematic, and on the
# designer's own picture for a box whose layout gives no size
MIN_BOX = (12.0, 5.5)


class BoxesDrawing(BoardDrawing):
    drawing = Drawing.BOXES
    min_box = MIN_BOX

    def picture(self, game: Game, board: Board, *, hex_px: float, width_px: int | None,
                theme: dict[str, Any] | None) -> Image.Image:
        scan = load_scan(game, board)
        if scan is not None:
            return scan
        grid = cell_grid(board)
        if grid is not None:  # a square grid's cells: drawn as the grid
            return grid_picture(game, board, grid, schematic_notice(board, game.language),
                                {**DEFAULT_THEME, **(theme or {})})
        return space_schematic(game, board, width_px=width_px, theme=theme, min_box=self.min_box)

    def layout(self, board: Board, image_size: tuple[int, int] | None, *, hex_px: float,
               language: str | None = None) -> BoardLayout:
        """Boxes where the schematic draws them (``converter.render.maps.space_plan``).

        On the designer's own picture (*image_size* is its size) the art draws the boxes:
        each zone is the rectangle the box's ``layout`` gives (centre x, y and size w, h as
        fractions of the picture), kept inside the picture."""
        if image_size is not None and board.image is not None:
            return _boxes_on_art(board, image_size)
        grid = cell_grid(board)
        if grid is not None:
            return grid_layout(board, grid)
        layout = points_layout(board, None, min_box=self.min_box, language=language)
        layout.boxes, layout.drawn = layout.drawn, {}  # each box drawn is a zone
        return layout

    def space_positions(self, board: Board, image_size: tuple[int, int], *,
                        hex_px: float, language: str | None = None) -> dict[str, tuple[float, float]]:
        grid = cell_grid(board)
        if grid is not None and (board.image is None or image_size == grid_layout(board, grid).size):
            layout = grid_layout(board, grid)
            return {sid: (float(x), float(y)) for sid, (x, y) in layout.space_centres.items()}
        return space_positions(board, image_size, min_box=self.min_box, language=language)


def _boxes_on_art(board: Board, image_size: tuple[int, int]) -> BoardLayout:
    layout = points_layout(board, image_size, min_box=MIN_BOX)
    width, height = image_size
    for space in board.spaces or []:
        cx, cy = layout.space_centres[space.id]
        fw = space.layout.w if space.layout is not None and space.layout.w else None
        fh = space.layout.h if space.layout is not None and space.layout.h else None
        w = min(width, max(1, round(fw * width if fw else MIN_BOX[0] * width / 100)))
        h = min(height, max(1, round(fh * height if fh else MIN_BOX[1] * width / 100)))
        x = min(max(0, round(cx - w / 2)), width - w)
        y = min(max(0, round(cy - h / 2)), height - h)
        rect = Rect(x, y, w, h)
        layout.boxes[space.id] = rect
        layout.space_centres[space.id] = rect.centre
    return layout


DRAWING = BoxesDrawing()
