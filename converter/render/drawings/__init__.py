"""The ways a board is drawn, one module each (`Drawing` value → `BoardDrawing`): its picture
and the layout of its places, which the built module, the preview and the print kit read.

Each module defines ``DRAWING``; the package finds them by listing itself, so a board kind
drawn a new way adds its `Drawing` value and one module here, and no caller changes.

>>> from converter.validate import load_model
>>> game = load_model("tests/data/games/mini")
>>> layout = board_layout(game.board("main"), None, hex_px=80)
>>> "0101" in layout.hex_centres
True
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from converter.discovery import defined_in_modules
from converter.model.board import Board
from converter.model.boardkinds import Drawing
from converter.model.game import Game
from converter.render.boardlayout import BoardLayout
from converter.render.drawings.base import BoardDrawing
from converter.render.maps import DEFAULT_HEX_PX

__all__ = ["BoardDrawing", "DRAWINGS", "drawing_of", "board_image", "board_layout", "space_positions"]


DRAWINGS: dict[Drawing, BoardDrawing] = {
    d.drawing: d for d in defined_in_modules(__name__, __path__, "DRAWING", BoardDrawing,
                                             skip=frozenset({"base"}))}


def drawing_of(board: Board) -> BoardDrawing:
    """How *board* is drawn (its kind's `Drawing`)."""
    return DRAWINGS[board.drawing()]


def board_image(game: Game, board: Board, *, hex_px: float = DEFAULT_HEX_PX,
                width_px: int | None = None, theme: dict[str, Any] | None = None) -> Image.Image:
    """The picture of a board: the user's scan (grid laid over it) when the board names one,
    else a schematic.

    Raises:
        InputError: the scan exists but cannot be read or is unreasonably large.
    """
    return drawing_of(board).picture(game, board, hex_px=hex_px, width_px=width_px, theme=theme)


def board_layout(board: Board, image_size: tuple[int, int] | None, *, hex_px: float,
                 language: str | None = None) -> BoardLayout:
    """Where *board*'s places lie on its picture (the schematic's, drawn in the game's
    *language*, when *image_size* is None, else on the user's scan of that size).

    Raises:
        BuildError: the data cannot be laid out.
    """
    return drawing_of(board).layout(board, image_size, hex_px=hex_px, language=language)


def space_positions(board: Board, image_size: tuple[int, int], *, hex_px: float = DEFAULT_HEX_PX,
                    language: str | None = None) -> dict[str, tuple[float, float]]:
    """The pixel centre of each of *board*'s spaces on its picture of *image_size* (drawn in
    the game's *language*)."""
    return drawing_of(board).space_positions(board, image_size, hex_px=hex_px, language=language)
