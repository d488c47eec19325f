"""Where a board's places lie on its picture, in pixels: the one geometry the picture, the
VASSAL board built on it, its preview and its printed scale share.

A board's drawing (``converter.render.drawings``) makes it; a layout holds hexes (a hex grid),
boxes (zones a stack fits in) or points (region snap points) and says nothing of the kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.model.board import Board


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
    """A board's size and the pixel positions of its hexes, spaces and boxes (the renderer's)."""

    board: Board
    size: tuple[int, int]
    hex_centres: dict[str, tuple[float, float]] = field(default_factory=dict)
    hex_width: float = 0.0
    hex_height: float = 0.0
    space_centres: dict[str, tuple[int, int]] = field(default_factory=dict)
    boxes: dict[str, Rect] = field(default_factory=dict)
    scan: str | None = None  # file name of the user's scan, when the board uses one
    cell: int = 0  # a cell's edge, when the boxes are the cells of a square grid
    # a schematic's unit (``SpacePlan.unit``): its names are NAME_UNITS of it high; smaller
    # than a hundredth of the width on a crowded map (0: no schematic of spaces)
    unit: float = 0.0
    # the box a schematic draws round a space that is a point (a region: a piece snaps to
    # the point, so no zone is made of it); a parent's frame round its children included
    drawn: dict[str, Rect] = field(default_factory=dict)

    def box_round(self, x: float, y: float) -> Rect | None:
        """The smallest box or frame the picture draws that holds board point (x, y): the
        place as a player sees it (a child's box inside its parent's frame), or None."""
        holding = [r for r in (*self.boxes.values(), *self.drawn.values())
                   if r.x <= x <= r.x + r.w and r.y <= y <= r.y + r.h]
        return min(holding, key=lambda r: (r.w * r.h, r.x, r.y), default=None)
