"""Spaces as labelled points (areas, network nodes, a hex board whose grid is not given): each
at its ``layout`` or placed round its parent, joined by its links; VASSAL regions."""

from __future__ import annotations

from typing import Any

from PIL import Image

from converter.model.board import Board
from converter.model.boardkinds import Drawing
from converter.model.game import Game
from converter.render.boardlayout import BoardLayout, Rect
from converter.render.drawings.base import BoardDrawing
from converter.render.maps import (load_scan, on_scan, space_anchors, space_image_size, space_plan,
                                   space_positions, space_schematic)


def points_layout(board: Board, image_size: tuple[int, int] | None, *,
                  min_box: tuple[float, float] = (0.0, 0.0),
                  language: str | None = None) -> BoardLayout:
    """Each space's centre, in whole pixels, where the schematic drawn with boxes of at least
    *min_box* puts it (or, when *image_size* gives the size of the designer's own picture,
    where the data's layout puts it on it); on the schematic, the box drawn round each
    (``drawn``)."""
    size = image_size or space_image_size(board)
    unit = 0.0
    drawn: dict[str, Rect] = {}
    if on_scan(board, size):
        positions = space_anchors(board, size)
    else:
        plan = space_plan(board, size, min_box=min_box, language=language)
        positions = {s.id: plan.position(s.id) for s in board.spaces or []}
        unit = plan.unit
        drawn = {sid: Rect(x0, y0, x1 - x0, y1 - y0)
                 for sid, (x0, y0, x1, y1) in {**plan.frames, **plan.boxes}.items()}
    centres: dict[str, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    for space in board.spaces or []:
        x, y = positions[space.id]
        pos = (round(x), round(y))
        while pos in taken:  # two spaces at one point would share a region snap point
            pos = (pos[0] + 3, pos[1] + 2)
        taken.add(pos)
        centres[space.id] = pos
    return BoardLayout(board, size, space_centres=centres, unit=unit, drawn=drawn)


class NodesDrawing(BoardDrawing):
    drawing = Drawing.NODES

    def picture(self, game: Game, board: Board, *, hex_px: float, width_px: int | None,
                theme: dict[str, Any] | None) -> Image.Image:
        scan = load_scan(game, board)
        return scan if scan is not None else space_schematic(game, board, width_px=width_px, theme=theme)

    def layout(self, board: Board, image_size: tuple[int, int] | None, *, hex_px: float,
               language: str | None = None) -> BoardLayout:
        return points_layout(board, image_size, language=language)

    def space_positions(self, board: Board, image_size: tuple[int, int], *,
                        hex_px: float, language: str | None = None) -> dict[str, tuple[float, float]]:
        return space_positions(board, image_size, language=language)


DRAWING = NodesDrawing()
