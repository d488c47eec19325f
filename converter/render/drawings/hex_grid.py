"""A hex grid: every hex at its numbered place, the board's spaces (forts, boxes off the grid)
in a panel under it; on the user's scan the grid lies where the calibration puts it."""

from __future__ import annotations

from typing import Any

from PIL import Image

from converter.errors import BuildError
from converter.model.board import Board
from converter.model.boardkinds import Drawing
from converter.model.game import Game
from converter.render.boardlayout import BoardLayout, Rect
from converter.render.drawings.base import BoardDrawing
from converter.render.maps import grid_on_scan, hex_board_geometry, hex_schematic, load_scan


class HexGridDrawing(BoardDrawing):
    drawing = Drawing.HEX_GRID

    def picture(self, game: Game, board: Board, *, hex_px: float, width_px: int | None,
                theme: dict[str, Any] | None) -> Image.Image:
        scan = load_scan(game, board)
        if scan is not None:
            grid_on_scan(scan, board, theme)
            return scan
        return hex_schematic(game, board, hex_px=hex_px, theme=theme)

    def layout(self, board: Board, image_size: tuple[int, int] | None, *, hex_px: float,
               language: str | None = None) -> BoardLayout:
        """Hex centres as the schematic draws them (or on the user's scan, when *image_size*
        gives the scan's size); the panel's spaces as boxes."""
        if board.grid is None:
            raise BuildError(f"board {board.id!r} is a hex board without a grid")
        geo = hex_board_geometry(board, hex_px, image_size=image_size)
        centres = {hid: geo.center(hid) for hid in board.grid.all_ids()}
        size = image_size if image_size is not None else geo.image_size
        layout = BoardLayout(board, size, centres, geo.hex_width_px, geo.hex_height_px,
                             scan=board.image.file if board.image is not None and image_size else None)
        bw, bh = geo.space_box
        for sid, (x, y) in geo.spaces.items():
            rect = Rect(round(x - bw / 2), round(y - bh / 2), round(bw), round(bh))
            layout.boxes[sid] = rect
            layout.space_centres[sid] = rect.centre
        return layout

    def space_positions(self, board: Board, image_size: tuple[int, int], *,
                        hex_px: float, language: str | None = None) -> dict[str, tuple[float, float]]:
        return dict(hex_board_geometry(board, hex_px).spaces)


DRAWING = HexGridDrawing()
