"""What each way of drawing a board answers: its picture and where its places lie on it."""

from __future__ import annotations

from typing import Any

from PIL import Image

from converter.model.board import Board
from converter.model.boardkinds import Drawing
from converter.model.game import Game
from converter.render.boardlayout import BoardLayout


class BoardDrawing:
    """One `Drawing`: how a board drawn that way is pictured and laid out.

    The picture and the layout agree: a place the layout puts at a pixel is drawn there, so
    the VASSAL board built on the layout, its preview and its printed pages need no other
    knowledge of the drawing (they read the layout's hexes, boxes and points).
    """

    drawing: Drawing
    # the smallest box of a space on the schematic, in hundredths of its width (none: a label)
    min_box: tuple[float, float] = (0.0, 0.0)

    def picture(self, game: Game, board: Board, *, hex_px: float, width_px: int | None,
                theme: dict[str, Any] | None) -> Image.Image:
        """The board's picture: the user's scan (``board.image``) when it is there, else a
        schematic; a hex is *hex_px* across on a hex schematic, *width_px* is a schematic's
        width.

        Raises:
            InputError: the scan exists but cannot be read or is unreasonably large.
        """
        raise NotImplementedError

    def layout(self, board: Board, image_size: tuple[int, int] | None, *, hex_px: float,
               language: str | None = None) -> BoardLayout:
        """Where the board's places lie on its picture: the schematic's when *image_size* is
        None, else on the user's scan of that size.  The schematic is drawn in the game's
        *language*, and its boxes are sized to that wording.

        Raises:
            BuildError: the data cannot be laid out (a hex board without a grid).
        """
        raise NotImplementedError

    def space_positions(self, board: Board, image_size: tuple[int, int], *,
                        hex_px: float, language: str | None = None) -> dict[str, tuple[float, float]]:
        """The pixel centre of each of the board's spaces on its picture of *image_size*."""
        raise NotImplementedError
