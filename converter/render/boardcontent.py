"""Whether a board draws anything: asked by the print kit (a map page) and the previews alike."""

from __future__ import annotations

from converter.model.board import Board
from converter.model.game import Game


def own_places(board: Board) -> bool:
    """Whether *board* has places of its own to draw: hexes or a hex grid, or spaces other
    than the board itself (what `vconv import` makes of a VASSAL board without zones)."""
    if board.hexes or (board.kind_spec.hex_grid and board.hex_grid() is not None):
        return True
    return any(space.kind != "board" for space in board.spaces or [])


def has_picture(game: Game, board: Board) -> bool:
    return board.image is not None and game.resource(board.image.file).is_file()


def printable(game: Game, board: Board) -> bool:
    """Whether a board prints anything: its picture, or its places drawn.  A board imported
    without its picture whose one place is the board itself (Nevsky's ten player aids in the
    image-less module) would print a page holding one empty box."""
    return has_picture(game, board) or own_places(board)
