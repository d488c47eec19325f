"""Schematic maps drawn from the board data, or the user's own scan with the grid laid over it.

Hex boards: every hex of the grid at the position ``HexGridSpec.center`` gives, its id printed in
it, terrain fills, hexside features, named places, map edges.  Area, network and box boards:
spaces at their ``layout`` (auto-placed when they have none), typed links and ``adjacent``
lines, spaces drawn inside their parent area, groups and a legend.  A schematic says so on
its face, with the number of items the rulebook text leaves missing.

The geometry is public so that the VASSAL builder can lay its grid on the image with the
very numbers used to draw it:

>>> from converter.validate import load_model
>>> game = load_model("tests/data/games/mini")
>>> geo = hex_board_geometry(game.board("main"), hex_px=64)
>>> geo.center("0101") == geo.origin
True
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from collections.abc import Collection
from typing import Any, Callable, cast

from PIL import Image, ImageDraw, ImageFont

from converter.errors import InputError
from converter.model.board import Board, Hexside, Space
from converter.model.game import Game
from converter.model.hexgrid import HexGridSpec
from converter.pictures import UnreadablePicture, decoded
from converter.render.groupkey import (
    PALETTE, UNLISTED, GroupKey, Swatch, game_groups, game_swatches, group_key, legend_shape, listed_groups,
    paint_swatch, places)
from converter.render.placement import NodeSpec, SpacePlan, TextBlock, name_lines, plan_spaces
from converter.render.words import when_text, words
from converter.render.text import RGB, color, fit_font, font, ink_on, one_line, put_text, wrap

log = logging.getLogger(__name__)

DEFAULT_HEX_PX = 96          # corner-to-corner diameter of a hex on a schematic
DEFAULT_AREA_WIDTH_PX = 2400  # width of an area / network / boxes schematic
MARGIN_HEXES = 0.75          # margin round the grid, in hex diameters (room for edge labels)
NOTICE_HEXES = 0.6           # band above the grid for the SCHEMATIC notice
LEGEND_HEXES = 1.4           # band below the grid for the legend
MIN_HEX_IMAGE_HEXES = 10     # a hex schematic is at least this many hex diameters wide
SPACE_BOX_HEXES = 2.2        # width of a space box drawn under a hex grid

DEFAULT_THEME: dict[str, Any] = {
    "paper": "#f7f5ee",
    "unknown_hex": "#fbfbf8",
    "hex_line": "#8a8a8a",
    "ink": "#1a1a1a",
    "notice": "#b00020",
    "grid_on_scan": (40, 40, 40, 110),
    "space": "#f3ead2",
    "sea": "#bcd6ee",
    "box": "#ffffff",
    "area": "#e9e4d4",
    "adjacent": "#7a7a7a",
    "link": "#505050",
    "rail": "#1a1a1a",
    "road": "#9c5b2e",
    "restricted": "#c0392b",
    "sea_lane": "#2a6fb5",
    # a link type drawn like another gets the first of these no other link type of the game has
    "link_colors": ["#8e44ad", "#d35400", "#16a085", "#c71585", "#7d6608", "#e67e22"],
    "group_colors": list(PALETTE),  # then striped light, then dark: groupkey.py
}


# --- hex geometry -------------------------------------------------------------------------

@dataclass
class HexBoardGeometry:
    """Where a hex board's grid lies on its image, in pixels.

    ``origin`` is the centre of the first hex (lowest column and row of the game's numbering);
    ``hex_width_px``/``hex_height_px`` are one hex's width and height as ``HexGridSpec.hex_size``
    defines them (flat-topped: corner-to-corner width, flat-to-flat height; pointy-topped the
    other way round).  Neighbouring straight lines of hexes are 3/4 of the corner-to-corner
    diameter apart.  ``center(hex_id)`` is the one formula every user of the image shares.
    """

    grid: HexGridSpec
    image_size: tuple[int, int]
    origin: tuple[float, float]
    hex_width_px: float
    hex_height_px: float
    spaces: dict[str, tuple[float, float]] = field(default_factory=dict)
    space_box: tuple[float, float] = (0.0, 0.0)

    def _unit(self, hex_id: str) -> tuple[float, float]:
        return self.grid.center(hex_id, 1.0)

    @property
    def first_hex(self) -> str:
        return self.grid.format(self.grid.columns.min, self.grid.rows.min)

    @property
    def scale(self) -> tuple[float, float]:
        w1, h1 = self.grid.hex_size(1.0)
        return self.hex_width_px / w1, self.hex_height_px / h1

    def center(self, hex_id: str) -> tuple[float, float]:
        ux, uy = self._unit(hex_id)
        fx, fy = self._unit(self.first_hex)
        sx, sy = self.scale
        return self.origin[0] + (ux - fx) * sx, self.origin[1] + (uy - fy) * sy

    def corners(self, hex_id: str) -> list[tuple[float, float]]:
        cx, cy = self.center(hex_id)
        sx, sy = self.scale
        start = 0 if self.grid.orientation == "flat" else 30
        return [(cx + 0.5 * sx * math.cos(math.radians(start + 60 * k)),
                 cy + 0.5 * sy * math.sin(math.radians(start + 60 * k))) for k in range(6)]

    @property
    def column_spacing(self) -> float:
        """Distance between neighbouring columns' centres (VASSAL's dx for a flat grid)."""
        a = self.grid.format(self.grid.columns.min, self.grid.rows.min)
        b = self.grid.format(min(self.grid.columns.min + 1, self.grid.columns.max), self.grid.rows.min)
        return abs(self.center(b)[0] - self.center(a)[0])

    @property
    def row_spacing(self) -> float:
        a = self.grid.format(self.grid.columns.min, self.grid.rows.min)
        b = self.grid.format(self.grid.columns.min, min(self.grid.rows.min + 1, self.grid.rows.max))
        return abs(self.center(b)[1] - self.center(a)[1])


def hex_board_geometry(board: Board, hex_px: float = DEFAULT_HEX_PX, *,
                       image_size: tuple[int, int] | None = None) -> HexBoardGeometry:
    """The geometry of a hex board's image.

    With a calibrated scan (``board.image`` with origin and hex sizes) and its *image_size*,
    the scan's numbers are used.  Otherwise this is the schematic ``board_image`` draws:
    hexes *hex_px* corner to corner, a margin of ``MARGIN_HEXES`` hexes, a notice band above
    and a legend band below.

    Raises:
        ValueError: the board is not a hex board.
    """
    grid = board.hex_grid()
    if grid is None:
        raise ValueError(f"board {board.id!r} is not a hex board")
    img = board.image
    if img is not None and image_size is not None and img.origin and (img.hex_width_px or img.hex_height_px):
        w1, h1 = grid.hex_size(1.0)
        width = img.hex_width_px or (img.hex_height_px or 0) * w1 / h1
        height = img.hex_height_px or width * h1 / w1
        return HexBoardGeometry(grid, image_size, (img.origin[0], img.origin[1]), width, height)
    size = float(hex_px)
    w, h = grid.hex_size(size)
    draw_w, draw_h = grid.drawing_size(size)
    margin = MARGIN_HEXES * size
    top = margin + NOTICE_HEXES * size
    first = grid.format(grid.columns.min, grid.rows.min)
    fx, fy = grid.center(first, size)
    width = max(draw_w + 2 * margin, MIN_HEX_IMAGE_HEXES * size)
    left = (width - draw_w) / 2  # a small grid sits centred on a page wide enough for the notice
    # spaces of a hex board (forts, boxes off the grid) go in a panel under the grid
    spaces: dict[str, tuple[float, float]] = {}
    box_w, box_h = SPACE_BOX_HEXES * size, 0.8 * size
    panel = 0.0
    if board.spaces:
        per_row = max(1, int((width - 2 * margin) // (box_w + 0.2 * size)))
        rows = math.ceil(len(board.spaces) / per_row)
        y0 = top + draw_h + margin
        for k, sp in enumerate(board.spaces):
            r, c = divmod(k, per_row)
            spaces[sp.id] = (margin + c * (box_w + 0.2 * size) + box_w / 2, y0 + r * (box_h + 0.2 * size) + box_h / 2)
        panel = rows * (box_h + 0.2 * size) + margin
    rows, _cols = hex_group_rows(board, width, size)
    band = rows * HEX_GROUP_PITCH * size + (0.3 * size if rows else 0.0)
    image = (int(math.ceil(width)), int(math.ceil(draw_h + top + margin + panel + LEGEND_HEXES * size + band)))
    return HexBoardGeometry(grid, image, (left + fx, top + fy), w, h, spaces, (box_w, box_h))


def hex_legend_top(board: Board, image_size: tuple[int, int], hex_px: float = DEFAULT_HEX_PX) -> int:
    """Where a hex schematic's legend (the terrain key and the groups) begins, in pixels from
    the top: a print lays what is below on a page of its own."""
    rows, _cols = hex_group_rows(board, image_size[0], hex_px)
    band = rows * HEX_GROUP_PITCH * hex_px + (0.3 * hex_px if rows else 0.0)
    return int(image_size[1] - band - LEGEND_HEXES * hex_px)


HEX_GROUP_PITCH = 0.32   # one row of a hex schematic's group legend, in hex diameters
HEX_GROUP_COLUMN = 4.5   # the least width of one of its columns, in hex diameters


def hex_group_rows(board: Board, width: float, size: float) -> tuple[int, int]:
    """(rows, columns) of a hex schematic's group legend, from the board alone: room for
    every heading, group and note it may need, a heading never left at a column's foot."""
    kinds = legend_shape(board)
    if not kinds:
        return 0, 0
    cols = max(1, int((width - 0.8 * size) // (HEX_GROUP_COLUMN * size)))
    own = {g.id for g in board.groups or []}
    spare = kinds.count("heading") if any(set(groups) - own for _pid, groups in places(board)) else 0
    rows = math.ceil((len(kinds) + spare) / cols)
    while _cell_indices(kinds, rows)[-1] >= rows * cols:
        rows += 1
    return rows, cols


def hex_group_cells(board: Board, image_size: tuple[int, int], size: float,
                    kinds: list[str]) -> list[tuple[float, float]]:
    """The top-left corner of each entry of a hex schematic's group legend (*kinds*: each
    entry's kind), down its columns in the band at the picture's foot."""
    rows, cols = hex_group_rows(board, image_size[0], size)
    if not rows:
        return []
    top = image_size[1] - rows * HEX_GROUP_PITCH * size - 0.15 * size
    col_w = (image_size[0] - 0.8 * size) / cols
    return [(0.4 * size + (k // rows) * col_w, top + (k % rows) * HEX_GROUP_PITCH * size)
            for k in _cell_indices(kinds, rows)]


def hex_swatch_box(cell: tuple[float, float], size: float) -> Rect:
    """Where a group's swatch is drawn in its cell of a hex schematic's legend."""
    x, y = cell
    return (x, y + HEX_GROUP_PITCH * size * 0.2, x + size * 0.3, y + HEX_GROUP_PITCH * size * 0.8)


def hex_strip_segments(geo: HexBoardGeometry, key: GroupKey, place_id: str,
                       size: float) -> list[tuple[str, Rect, Swatch | None]]:
    """(group id, box, swatch) of each segment of a hex's strip, between its id and its
    feature mark (clear of the name and details under them, and well inside the hex either
    way up), or along the foot of a space's box in the panel under the grid."""
    shown = key.strips.get(place_id, [])
    if not shown:
        return []
    if place_id in geo.spaces:
        x, y = geo.spaces[place_id]
        bw, bh = geo.space_box
        x0, y0, x1, y1 = x - bw / 2 + size * 0.1, y + bh / 2 - size * 0.14, x + bw / 2 - size * 0.1, y + bh / 2 - size * 0.07
    elif geo.grid.contains(place_id):
        cx, cy = geo.center(place_id)
        x0, y0, x1, y1 = cx - size * 0.28, cy - size * 0.175, cx + size * 0.28, cy - size * 0.115
    else:
        return []
    seg = (x1 - x0) / len(shown)
    return [(gid, (x0 + k * seg, y0, x0 + (k + 1) * seg, y1), key.swatches.get(gid)) for k, gid in enumerate(shown)]


# --- space geometry -----------------------------------------------------------------------

LEGEND_COLUMNS = 4
LEGEND_FONT = 1.25  # the legend's words, in hundredths of the schematic's width (18 px at 1,400)
LEGEND_MIN_FONT = 1.1  # a key's words never smaller: a long one takes two lines instead
LEGEND_PITCH = 3.0  # one legend row, in the same hundredths (room for two lines of words)
AREA_ASPECT = 0.62  # height of the drawing area over its width


def auto_width(board: Board) -> int:
    """A schematic wide enough that a crowded network stays legible (grows with the square root)."""
    n = len(board.spaces or [])
    return max(DEFAULT_AREA_WIDTH_PX, int(420 * math.sqrt(n)))


def _legend_rows(board: Board) -> int:
    """Rows of the legend: room for every entry the board may need, the groups' headings
    never left at a column's foot."""
    entries = 1 + len({link.type for link in board.links or []}) \
        + len({t for s in board.spaces or [] for t in s.terrain or []})
    if any(link.directed for link in board.links or []):
        entries += 1
    if board.links or len(board.spaces or []) > 1:
        entries += 2  # room for the keys of a moved box's and a label's leader, when drawn
    kinds = ["line"] * entries + legend_shape(board)
    own = {g.id for g in board.groups or []}
    # a group another board defines may join a section of this one's: room for every heading
    # moved off a column's foot, whatever the order
    spare = kinds.count("heading") if any(set(s.groups or []) - own for s in board.spaces or []) else 0
    rows = math.ceil((len(kinds) + spare) / LEGEND_COLUMNS)
    while _cell_indices(kinds, rows)[-1] >= rows * LEGEND_COLUMNS:
        rows += 1
    return rows


def _cell_indices(kinds: list[str], rows: int) -> list[int]:
    """Each legend entry's cell, counted down the columns: a heading that would be the last
    of its column starts the next one."""
    out: list[int] = []
    k = 0
    for kind in kinds:
        if kind == "heading" and k % rows == rows - 1 and rows > 1:
            k += 1
        out.append(k)
        k += 1
    return out


HEADING_UNITS = 6.5  # the top band holding a schematic's notice and title, in hundredths of its width


def _bands(board: Board, width: int) -> tuple[float, float]:
    """(top band, legend band) heights in pixels for a schematic *width* pixels wide."""
    unit = width / 100.0
    return HEADING_UNITS * unit, (_legend_rows(board) + 1) * LEGEND_PITCH * unit + unit


def legend_top(board: Board, image_size: tuple[int, int]) -> int:
    """Where a schematic's legend band begins (pixels from the top): everything below is the
    legend, so a print can lay it on a page of its own."""
    return int(image_size[1] - _bands(board, image_size[0])[1])


def space_image_size(board: Board, width_px: int | None = None) -> tuple[int, int]:
    """The size of the schematic ``space_schematic`` draws for *board*."""
    width = width_px or auto_width(board)
    top, legend = _bands(board, width)
    return width, int(round(top + AREA_ASPECT * width + legend))


def _content_box(board: Board, image_size: tuple[int, int]) -> tuple[float, float, float, float]:
    w, h = image_size
    top, legend = _bands(board, w)
    return w * 0.05, top + w * 0.02, w * 0.95, h - legend - w * 0.02


def space_positions(board: Board, image_size: tuple[int, int], *,
                    min_box: tuple[float, float] = (0.0, 0.0),
                    language: str | None = None) -> dict[str, tuple[float, float]]:
    """Pixel centre of every space of *board* on the schematic ``space_schematic`` draws at
    *image_size* in the game's *language*: the middle of its box as ``space_plan`` places it
    (the data's position on the user's own scan)."""
    if on_scan(board, image_size):
        return space_anchors(board, image_size)
    plan = space_plan(board, image_size, min_box=min_box, language=language)
    return {s.id: plan.position(s.id) for s in board.spaces or []}


def on_scan(board: Board, image_size: tuple[int, int]) -> bool:
    """Whether a picture of *image_size* is the user's scan of *board*, not its schematic."""
    return board.image is not None and tuple(image_size) != space_image_size(board, image_size[0])


def space_plan(board: Board, image_size: tuple[int, int], *,
               min_box: tuple[float, float] = (0.0, 0.0), language: str | None = None) -> SpacePlan:
    """Boxes and labels of a schematic's spaces, none overlapping, each anchored at its data
    position; a box is at least *min_box* (hundredths of the image's width: a box a stack of
    counters fits in, on a board drawn as boxes).  A box's detail line ('2 PV · forte 3') is
    in the game's *language*, and its box is sized to that wording."""
    unit = image_size[0] / 100.0
    tr = words(language)
    nodes = [NodeSpec(s.id, s.name, _node_detail(s, tr), bool(s.groups), s.parent)
             for s in board.spaces or []]
    return plan_spaces(nodes, space_anchors(board, image_size), _content_box(board, image_size), unit,
                       min_box=(unit * min_box[0], unit * min_box[1]))


def space_anchors(board: Board, image_size: tuple[int, int]) -> dict[str, tuple[float, float]]:
    """The data's position of every space of *board* (drawn by its spaces) on an image of
    *image_size*.

    On a board drawn from the user's scan (``board.image``; pass the scan's size) a
    ``layout`` is a fraction of the whole picture.
    Spaces with a ``layout`` sit at that fraction of the drawing area; a space without one
    but with a placed parent is set in a ring round its parent; the rest fill a grid, in
    the order the board lists them (the bottom strip when other spaces are placed).
    """
    if on_scan(board, image_size):
        # the user's scan: a layout fraction is a fraction of the whole picture
        left, top, right, bottom = 0.0, 0.0, float(image_size[0]), float(image_size[1])
    else:
        left, top, right, bottom = _content_box(board, image_size)
    width, height = right - left, bottom - top
    spaces = board.spaces or []
    out: dict[str, tuple[float, float]] = {}
    for s in spaces:
        if s.layout is not None:
            out[s.id] = (left + s.layout.x * width, top + s.layout.y * height)
    children: dict[str, list[Space]] = {}
    for s in spaces:
        if s.id not in out and s.parent:
            children.setdefault(s.parent, []).append(s)
    loose = [s for s in spaces if s.id not in out and not (s.parent and s.parent in {p.id for p in spaces})]
    if loose:
        if out:  # a strip under the placed spaces
            area = (left, bottom - height * 0.12, right, bottom)
        else:
            area = (left, top, right, bottom)
        cols = max(1, math.ceil(math.sqrt(len(loose) * (area[2] - area[0]) / max(1.0, area[3] - area[1]))))
        rows = math.ceil(len(loose) / cols)
        cw, ch = (area[2] - area[0]) / cols, (area[3] - area[1]) / max(1, rows)
        for k, s in enumerate(loose):
            r, c = divmod(k, cols)
            out[s.id] = (area[0] + (c + 0.5) * cw, area[1] + (r + 0.5) * ch)
    # children round their parents (several levels: repeat until nothing changes)
    pending = dict(children)
    for _ in range(len(spaces) + 1):
        placed_any = False
        for parent_id, kids in list(pending.items()):
            if parent_id not in out:
                continue
            px_, py_ = out[parent_id]
            radius = min(width, height) * (0.035 + 0.006 * len(kids))
            for k, kid in enumerate(kids):
                angle = 2 * math.pi * k / len(kids) - math.pi / 2
                out[kid.id] = (px_ + radius * math.cos(angle), py_ + radius * math.sin(angle))
            del pending[parent_id]
            placed_any = True
        if not placed_any:
            break
    for kids in pending.values():  # a parent that is nowhere: put the children in the corner
        for k, kid in enumerate(kids):
            out.setdefault(kid.id, (left + 20 + 30 * k, bottom - 20))
    return out


# --- missing data -------------------------------------------------------------------------

def missing_count(board: Board) -> int:
    """Items of the board the rulebook text leaves missing (board fields, hexes, spaces, links...)."""
    count = len(board.missing or [])
    for items in (board.hexes, board.spaces, board.links, board.edges, board.groups):
        for item in items or []:
            prov = getattr(item, "provenance", None)
            if item.missing or (prov is not None and prov.is_missing):
                count += 1
    return count


def schematic_notice(board: Board, language: str | None = None) -> str:
    tr = words(language)
    missing = missing_count(board)
    text = (tr("SCHEMATIC — not the real map; data marked missing: {n}", n=missing) if missing
            else tr("SCHEMATIC — not the real map"))
    if board.kind_spec.hex_grid and board.grid is None:
        text += tr(" — hex grid not given")
    if board.complete is False:
        text += tr(" — the rulebook gives only part of this map")
    return text


# --- drawing ------------------------------------------------------------------------------

def load_scan(game: Game, board: Board) -> Image.Image | None:
    """The user's scan of *board* (``board.image``), or None when it names none or the file is
    not there (a schematic is drawn instead).

    Raises:
        InputError: the scan exists but cannot be read or is unreasonably large.
    """
    if board.image is None:
        return None
    try:
        path = game.resource(board.image.file)
    except FileNotFoundError:
        return None
    if not path.is_file():
        log.warning("board %s: map image %s not found; drawing a schematic", board.id, path)
        return None
    try:  # ImageTooLarge (exit 2) past the pixel limit, read from the header
        return decoded(path, "RGB")
    except UnreadablePicture as exc:
        raise InputError(str(path), f"cannot read the map image: {exc.why}") from None
    except OSError as exc:
        raise InputError(str(path), f"cannot read the map image: {exc.strerror or exc}") from None


def grid_on_scan(scan: Image.Image, board: Board, theme: dict[str, Any] | None = None) -> None:
    """Lay the hex grid of *board* over its *scan*, where the calibration puts it."""
    t = {**DEFAULT_THEME, **(theme or {})}
    geo = hex_board_geometry(board, image_size=scan.size)
    overlay = Image.new("RGBA", scan.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    assert board.grid is not None
    for hex_id in board.grid.all_ids():
        draw.polygon(geo.corners(hex_id), outline=tuple(t["grid_on_scan"]))
    scan.paste(Image.alpha_composite(scan.convert("RGBA"), overlay).convert("RGB"))


def hex_schematic(game: Game, board: Board, *, hex_px: float = DEFAULT_HEX_PX,
                  theme: dict[str, Any] | None = None) -> Image.Image:
    """A hex board drawn from its data, laid out exactly as ``hex_board_geometry`` says."""
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    geo = hex_board_geometry(board, hex_px)
    assert board.grid is not None
    img = Image.new("RGB", geo.image_size, color(t["paper"]))
    draw = ImageDraw.Draw(img)
    size = float(hex_px)
    ink = color(t["ink"])
    id_font = font("regular", max(6, int(size * 0.14)))
    name_font_px = max(7, int(size * 0.16))
    known = {h.id: h for h in board.hexes or []}
    line = color(t["hex_line"])
    for hex_id in board.grid.all_ids():
        h = known.get(hex_id)
        fill = color(t["unknown_hex"])
        if h is not None:
            for ter_id in h.terrain or []:
                ter = game.terrain_type(ter_id)
                if ter is not None and ter.color:
                    fill = color(ter.color)
                    break
        draw.polygon(geo.corners(hex_id), fill=fill, outline=line)
        cx, cy = geo.center(hex_id)
        put_text(draw, (cx, cy - size * 0.3), hex_id, font=id_font, fill=ink_on(fill), anchor="mm")
    for side in board.hexsides or []:
        _hexside(draw, geo, side, game, t, size)
    for h in board.hexes or []:
        if not board.grid.contains(h.id):
            continue
        cx, cy = geo.center(h.id)
        pixel = img.getpixel((int(cx), int(cy)))
        on = ink_on(cast(RGB, pixel) if isinstance(pixel, tuple) else (255, 255, 255))
        marks = []
        for feat in h.features or []:
            ter = game.terrain_type(feat)
            marks.append((ter.name if ter else feat))
        if h.features:
            r = size * 0.07
            draw.rectangle([cx - r, cy - r, cx + r, cy + r], fill=on)
        extra = []  # in the players' words: a value the data lacks shows as "?"
        if h.fort is not None or "fort" in (h.missing or []):
            cf = h.fort.cf if h.fort is not None and h.fort.cf is not None else "?"
            extra.append(tr("fort {cf}", cf=cf))
        if h.vp is not None or "vp" in (h.missing or []):
            vp = "?" if h.vp is None else h.vp if isinstance(h.vp, int) else "/".join(f"{v}" for v in h.vp.values())
            extra.append(tr("{n} VP", n=vp))
        if h.name:
            fnt = fit_font(draw, h.name, "condensed-bold", name_font_px, size * 0.95)
            put_text(draw, (cx, cy + size * 0.15), h.name, font=fnt, fill=on, anchor="mm")
        small = " ".join(extra) if extra else ", ".join(marks)
        if small:
            fnt = fit_font(draw, small, "condensed", int(size * 0.12), size * 0.85)
            put_text(draw, (cx, cy + size * 0.3), small, font=fnt, fill=on, anchor="mm")
    _edges(draw, board, geo, size, ink)
    bw, bh = geo.space_box
    for sp in board.spaces or []:  # a red outline marks a space with data missing
        x, y = geo.spaces[sp.id]
        fill = space_fill(game, sp, t)
        draw.rounded_rectangle([x - bw / 2, y - bh / 2, x + bw / 2, y + bh / 2], radius=size * 0.1, fill=fill,
                               outline=color(t["notice"]) if sp.missing else ink, width=max(1, int(size * 0.03)))
        panel_label(sp.name, size, (bw, bh), (x, y)).draw(draw, ink_on(fill))
    key = hex_group_key(game, board, t)
    line_w = max(1, int(size * 0.02))
    for place_id in key.strips:
        for _gid, segment, swatch in hex_strip_segments(geo, key, place_id, size):
            paint_swatch(draw, segment, swatch, ink, color(t["paper"]), line_w)
    notice = schematic_notice(board, game.language)
    top_font = fit_font(draw, notice, "bold", int(size * 0.22), geo.image_size[0] * 0.95)
    put_text(draw, (geo.image_size[0] / 2, size * 0.45), notice, font=top_font, fill=color(t["notice"]), anchor="mm")
    title = fit_font(draw, f"{game.title} — {board.name}", "regular", int(size * 0.16), geo.image_size[0] * 0.9)
    put_text(draw, (geo.image_size[0] / 2, size * 0.8), f"{game.title} — {board.name}", font=title, fill=ink, anchor="mm")
    rows, _cols = hex_group_rows(board, geo.image_size[0], size)
    band = rows * HEX_GROUP_PITCH * size + (0.3 * size if rows else 0.0)
    _terrain_legend(draw, game, (geo.image_size[0], int(geo.image_size[1] - band)), size, t)
    _hex_group_legend(draw, board, key, geo.image_size, size, tr, t)
    return img


def hex_legend_image(game: Game, board: Board, width_px: int, *, hex_px: float = DEFAULT_HEX_PX,
                     theme: dict[str, Any] | None = None) -> Image.Image:
    """A hex schematic's legend (terrain key, then the groups in as many columns as
    *width_px* holds) drawn on its own, as the schematic draws it at its foot: a print lays
    it on a page of its own at the map's scale."""
    t = {**DEFAULT_THEME, **(theme or {})}
    size = float(hex_px)
    rows, _cols = hex_group_rows(board, width_px, size)
    band = rows * HEX_GROUP_PITCH * size + (0.3 * size if rows else 0.0)
    # the terrain key as tall as its rows (the map keeps LEGEND_HEXES for any key)
    key_rows = len(_terrain_rows(ImageDraw.Draw(Image.new("L", (1, 1))), game, width_px, size))
    key = (0.3 * (key_rows - 1) + 0.6) * size if key_rows else 0.3 * size
    height = int(math.ceil(key + band))
    img = Image.new("RGB", (width_px, height), color(t["paper"]))
    draw = ImageDraw.Draw(img)
    _terrain_legend(draw, game, (width_px, int(height - band)), size, t)
    _hex_group_legend(draw, board, hex_group_key(game, board, t), (width_px, height), size, words(game.language), t)
    return img


def hex_group_key(game: Game, board: Board, theme: dict[str, Any] | None = None) -> GroupKey:
    """The strips and legend sections of a hex schematic's groups (as ``schematic_key``'s)."""
    t = {**DEFAULT_THEME, **(theme or {})}
    return group_key(board, game_groups(game, board), words(game.language),
                     game_swatches(game, t["group_colors"]), listed_groups(game))


def _hex_group_legend(draw: ImageDraw.ImageDraw, board: Board, key: GroupKey, image_size: tuple[int, int],
                      size: float, tr: Callable[..., str], t: dict[str, Any]) -> None:
    """The groups under their kinds' headings, in columns at the picture's foot."""
    entries = group_legend_entries(key, tr, t, hexes=True)
    if not entries:
        return
    rows, cols = hex_group_rows(board, image_size[0], size)
    col_w = (image_size[0] - 0.8 * size) / max(1, cols)
    ink = color(t["ink"])
    px = max(7, int(size * 0.14))
    for (kind, (name, style)), cell in zip(entries, hex_group_cells(board, image_size, size,
                                                                   [k for k, _e in entries])):
        x, y = cell
        mid = y + HEX_GROUP_PITCH * size / 2
        if kind == "heading":
            put_text(draw, (x, mid), name, font=fit_font(draw, name, "bold", px, col_w - size * 0.1),
                     fill=ink, anchor="lm")
            continue
        indent = 0.0
        if kind == "group":
            paint_swatch(draw, hex_swatch_box(cell, size), style, ink, color(t["paper"]), max(1, int(size * 0.02)))
            indent = size * 0.38
        room = col_w - indent - size * 0.1
        label = fit_font(draw, name, "regular", px, room, min_px=7)
        lines = [name]
        if label.size < px * 0.85:  # too long for one line: two lines, a little smaller
            label = font("regular", max(7, int(px * 0.85)))
            lines = wrap(draw, name, label, room)
            lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines
            widest = max(lines, key=lambda text: draw.textlength(text, font=label))
            label = fit_font(draw, widest, "regular", int(label.size), room, min_px=7)
        for n, line in enumerate(lines):
            put_text(draw, (x + indent, mid + (n - (len(lines) - 1) / 2) * label.size * 1.1), line,
                     font=label, fill=ink, anchor="lm")


def panel_label(name: str, hex_px: float, box: tuple[float, float], centre: tuple[float, float]) -> TextBlock:
    """A space's name in its box under a hex grid: wrapped, then smaller, until it fits the box."""
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    bw, bh = box
    size = int(hex_px * 0.18)
    while True:
        lines = name_lines(draw, name, font("condensed-bold", size), bw * 0.9)
        block = TextBlock(lines, "condensed-bold", size, centre)
        widest = max(draw.textlength(line, font=block.fnt()) for line in lines)
        if size <= 6 or (widest <= bw * 0.92 and block.line_height * len(lines) <= bh * 0.9):
            return block
        size -= 1


def _hexside(draw: ImageDraw.ImageDraw, geo: HexBoardGeometry, side: Hexside, game: Game,
             t: dict[str, Any], size: float) -> None:
    a, b = side.hexes
    if not (geo.grid.contains(a) and geo.grid.contains(b)):
        return
    bx, by = geo.center(b)
    corners = sorted(geo.corners(a), key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)[:2]
    ter = game.terrain_type(side.terrain)
    draw.line(corners, fill=color(ter.color if ter else None, "#3a78c2"), width=max(2, int(size * 0.07)))


_COMPASS = {"north": (0.5, 0.0), "south": (0.5, 1.0), "east": (1.0, 0.5), "west": (0.0, 0.5),
            "northeast": (1.0, 0.0), "northwest": (0.0, 0.0), "southeast": (1.0, 1.0), "southwest": (0.0, 1.0),
            "n": (0.5, 0.0), "s": (0.5, 1.0), "e": (1.0, 0.5), "w": (0.0, 0.5),
            "ne": (1.0, 0.0), "nw": (0.0, 0.0), "se": (1.0, 1.0), "sw": (0.0, 1.0)}


def _edges(draw: ImageDraw.ImageDraw, board: Board, geo: HexBoardGeometry, size: float, ink: RGB) -> None:
    assert board.grid is not None
    ids = board.grid.all_ids()
    xs = [geo.center(i)[0] for i in ids]
    ys = [geo.center(i)[1] for i in ids]
    left, right = min(xs) - size * 0.55, max(xs) + size * 0.55
    top, bottom = min(ys) - size * 0.55, max(ys) + size * 0.55
    fnt = font("bold", max(7, int(size * 0.16)))
    for k, edge in enumerate(board.edges or []):
        where = _COMPASS.get((edge.compass or edge.id).lower())
        label = f"{edge.id}: {edge.name}" if edge.name else f"edge {edge.id}"
        if where is None:
            fx, fy = 0.5, 1.0
        else:
            fx, fy = where
        x = left + (right - left) * fx
        y = top + (bottom - top) * fy
        if fx == 1.0:
            x += size * 0.12
            anchor = "lm"
        elif fx == 0.0:
            x -= size * 0.12
            anchor = "rm"
        else:
            anchor = "ms" if fy == 0.0 else "ma"
        if fx in (0.0, 1.0):
            # vertical text in the side margin
            tw = int(draw.textlength(one_line(label), font=fnt)) + 4
            strip = Image.new("L", (tw, int(fnt.size) + 6), 0)
            ImageDraw.Draw(strip).text((2, 2), one_line(label), font=fnt, fill=255)
            strip = strip.rotate(90 if fx == 0.0 else -90, expand=True)
            ox = int(x - strip.width) if fx == 0.0 else int(x)
            draw.bitmap((ox, int(y - strip.height / 2)), strip, fill=ink)
        else:
            put_text(draw, (x, y + (-size * 0.05 if fy == 0.0 else size * 0.05)), label, font=fnt, fill=ink, anchor=anchor)


def _terrain_legend(draw: ImageDraw.ImageDraw, game: Game, image_size: tuple[int, int], size: float,
                    t: dict[str, Any]) -> None:
    """The terrain key: a swatch and name per coloured terrain, in rows as wide as the picture."""
    rows = _terrain_rows(draw, game, image_size[0], size)
    fnt = font("regular", max(7, int(size * 0.14)))
    # the key's last row at its band's foot (*image_size*: down to the group legend), so
    # the terrain and the groups read as one legend with no empty band between them
    bottom = image_size[1] - size * 0.24
    for n, row in enumerate(rows):
        y = bottom - (len(rows) - 1 - n) * size * 0.3
        _terrain_row(draw, row, y, fnt, size, t)


def _terrain_rows(draw: ImageDraw.ImageDraw, game: Game, width: float, size: float
                  ) -> list[list[tuple[float, str, str | None, str]]]:
    """The terrain key's rows as wide as *width*: (x, name, colour, what it applies to) each."""
    items = [(ter.name, ter.color, ter.applies_to) for ter in game.terrain or [] if ter.color]
    if not items:
        return []
    fnt = font("regular", max(7, int(size * 0.14)))
    rows: list[list[tuple[float, str, str | None, str]]] = [[]]
    x = size * 0.4
    for name, col, kind in items:
        w = draw.textlength(one_line(name), font=fnt)
        if x + size * 0.4 + w > width - size * 0.2 and rows[-1]:
            x = size * 0.4
            rows.append([])
        rows[-1].append((x, name, col, kind))
        x += size * 0.38 + w + size * 0.35
    return rows


def _terrain_row(draw: ImageDraw.ImageDraw, row: list[tuple[float, str, str | None, str]], y: float,
                 fnt: ImageFont.FreeTypeFont, size: float, t: dict[str, Any]) -> None:
    """One row of the terrain key: each terrain's swatch (a line for hexsides and links)."""
    for x, name, col, kind in row:
        if kind == "hexside" or kind == "link":
            draw.line([(x, y), (x + size * 0.3, y)], fill=color(col), width=max(2, int(size * 0.06)))
        else:
            draw.rectangle([x, y - size * 0.1, x + size * 0.3, y + size * 0.1], fill=color(col), outline=color(t["hex_line"]))
        put_text(draw, (x + size * 0.38, y), name, font=fnt, fill=color(t["ink"]), anchor="lm")


# --- area, network and boxes boards --------------------------------------------------------

def link_style(game: Game, link_type: str, theme: dict[str, Any] | None = None) -> tuple[RGB, str, int]:
    """(colour, pattern, weight) of a link type: rail ties, dashed restricted and sea lanes, solid roads."""
    t = {**DEFAULT_THEME, **(theme or {})}
    ter = game.terrain_type(link_type)
    words = f"{link_type} {ter.name if ter else ''}".lower()
    own = ter.color if ter and ter.color else None
    if any(w in words for w in ("rail", "ferrov", "eisenbahn", "train")):
        return color(own, t["rail"]), "rail", 3
    if any(w in words for w in ("sea", "marit", "ferry", "tragh", "naval", "strait", "stretto", "canal", "canale")):
        return color(own, t["sea_lane"]), "dash", 3
    if any(w in words for w in ("restrict", "ristrett", "attack", "attacco")):
        return color(own, t["restricted"]), "dash", 3
    if any(w in words for w in ("road", "strada")):
        return color(own, t["road"]), "solid", 4
    return color(own, t["link"]), "solid", 3


def link_styles(game: Game, theme: dict[str, Any] | None = None) -> dict[str, tuple[RGB, str, int]]:
    """The style of every link type of the game, no two alike: ``link_style``, and where that
    repeats a type met earlier (two kinds of solid grey path, two dashed sea routes), the
    first colour of ``theme["link_colors"]`` no other type has.  A legend line then means
    one link type, and a type looks the same on every board of the game."""
    t = {**DEFAULT_THEME, **(theme or {})}
    types = list(dict.fromkeys(link.type for b in game.boards or [] for link in b.links or []))
    out: dict[str, tuple[RGB, str, int]] = {}
    for link_type in types:
        rgb, pattern, weight = link_style(game, link_type, t)
        if (rgb, pattern, weight) in out.values():
            used = {style[0] for style in out.values()}
            spare = [c for c in map(color, t["link_colors"]) if c not in used]
            if spare:
                rgb = spare[0]
        out[link_type] = (rgb, pattern, weight)
    return out


def _styled_line(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], rgb: RGB,
                 pattern: str, weight: int) -> None:
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    if pattern == "dash":
        step, on = weight * 6, weight * 3.5
        d = 0.0
        while d < length:
            e = min(length, d + on)
            draw.line([(x1 + ux * d, y1 + uy * d), (x1 + ux * e, y1 + uy * e)], fill=rgb, width=weight)
            d += step
        return
    draw.line([a, b], fill=rgb, width=weight)
    if pattern == "rail":
        tie, step = weight * 2.5, weight * 5
        d = step / 2
        while d < length:
            cx, cy = x1 + ux * d, y1 + uy * d
            draw.line([(cx - uy * tie, cy + ux * tie), (cx + uy * tie, cy - ux * tie)], fill=rgb, width=max(1, weight // 2))
            d += step


def space_fill(game: Game, space: Space, t: dict[str, Any]) -> RGB:
    for ter_id in space.terrain or []:
        ter = game.terrain_type(ter_id)
        if ter is not None and ter.color:
            return color(ter.color)
    kind = (space.kind or "").lower()
    if kind in ("sea", "ocean", "mare"):
        return color(t["sea"])
    if kind == "box":
        return color(t["box"])
    return color(t["space"])


def space_schematic(game: Game, board: Board, *, width_px: int | None = None,
                    theme: dict[str, Any] | None = None,
                    min_box: tuple[float, float] = (0.0, 0.0)) -> Image.Image:
    """An area, network or boxes board: nodes, typed links, containment, groups and a legend.

    The image is ``space_image_size(board, width_px)``; ``space_positions`` gives its nodes.
    """
    t = {**DEFAULT_THEME, **(theme or {})}
    size = space_image_size(board, width_px)
    width_px = size[0]
    img = Image.new("RGB", size, color(t["paper"]))
    draw = ImageDraw.Draw(img)
    shown = schematic_key(game, board, size, theme=t, min_box=min_box)
    plan = shown.plan
    spaces = board.spaces or []
    pos = {s.id: plan.position(s.id) for s in spaces}
    ink = color(t["ink"])
    page_unit = width_px / 100.0  # the notice, title and legend
    unit = plan.unit  # the boxes, lines and marks, smaller on a crowded map
    small = font("condensed", max(7, int(unit * 0.75)))
    half = {sid: ((x1 - x0) / 2, (y1 - y0) / 2) for sid, (x0, y0, x1, y1) in {**plan.frames, **plan.boxes}.items()}
    # parent areas: a frame round their children (drawn first, behind), outermost first
    for parent_id, box in sorted(plan.frames.items(), key=lambda kv: -(kv[1][2] - kv[1][0]) * (kv[1][3] - kv[1][1])):
        draw.rounded_rectangle(box, radius=unit, fill=color(t["area"]), outline=color(t["hex_line"]), width=2)
        for block in plan.labels[parent_id]:
            block.draw(draw, ink)
    kids = set(plan.frames)
    # adjacency first, then typed links over it
    seen: set[tuple[str, str]] = set()
    for s in spaces:
        for other in s.adjacent or []:
            key = (min(s.id, other), max(s.id, other))
            if other in pos and key not in seen:
                seen.add(key)
                draw.line([pos[s.id], pos[other]], fill=color(t["adjacent"]), width=max(1, int(unit * 0.18)))
    styles = link_styles(game, t)
    for link in board.links or []:
        a, b = link.between
        if a not in pos or b not in pos:
            continue
        rgb, pattern, weight = styles[link.type]
        _styled_line(draw, pos[a], pos[b], rgb, pattern, max(1, int(weight * unit * 0.12)))
        if link.directed:
            _arrow(draw, pos[a], pos[b], half[b], rgb, unit)
    # leaders of the link labels set away from a crowded link: under the boxes
    labels = shown.labels
    for _text, (x0, y0, x1, y1), rgb, leader in labels:
        if leader is not None:
            near = (min(max(leader[0], x0), x1), min(max(leader[1], y0), y1))
            _styled_line(draw, leader, near, rgb, "dash", max(1, int(unit * 0.1)))
    # leader lines from a box moved off its data position back to that position
    for s in spaces:
        if plan.moved(s.id):
            ax, ay = plan.anchors[s.id]
            _styled_line(draw, (ax, ay), pos[s.id], color(t["adjacent"]), "dash", max(1, int(unit * 0.1)))
            r = unit * 0.25
            draw.ellipse([ax - r, ay - r, ax + r, ay + r], fill=ink)
    for s in spaces:
        if s.id in kids:
            continue
        x0, y0, x1, y1 = plan.boxes[s.id]
        fill = space_fill(game, s, t)
        outline = color(t["notice"]) if s.missing else ink
        draw.rounded_rectangle([x0, y0, x1, y1], radius=unit * 0.5, fill=fill, outline=outline,
                               width=max(1, int(unit * 0.2)))
        for block in plan.labels[s.id]:
            block.draw(draw, ink_on(fill))
    # groups: a strip of swatches under each member's name, its most specific groups only
    for sid in shown.groups.strips:  # a frame's strip lies along its foot, clear of its children
        for _gid, segment, swatch in strip_segments(plan, shown.groups, sid):
            paint_swatch(draw, segment, swatch, ink, color(t["paper"]), max(1, int(unit * 0.06)))
    # link labels last, each clear of every box and of each other, on a light ground
    for text, (x0, y0, x1, y1), rgb, _leader in labels:
        draw.rectangle((x0, y0, x1, y1), fill=color(t["paper"]))
        put_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), text, font=small, fill=rgb, anchor="mm")
    schematic_heading(img, game, board, page_unit, theme=t)
    _space_legend(draw, game, board, shown, size, page_unit, t)
    return img


def schematic_heading(img: Image.Image, game: Game, board: Board, unit_px: float, *, left: float | None = None,
                      width: float | None = None, theme: dict[str, Any] | None = None) -> None:
    """The SCHEMATIC notice and the map's title in the top band of *img*, in letters of
    *unit_px* (the notice 1.6 of them high, the title 1.1), centred over the *width* pixels
    from *left* (the whole picture when not given).  A print of a schematic several pages
    wide calls it again over its first page, in letters a page's title has."""
    t = {**DEFAULT_THEME, **(theme or {})}
    draw = ImageDraw.Draw(img)
    left = 0.0 if left is None else left
    width = img.width - left if width is None else width
    middle = left + width / 2
    notice = schematic_notice(board, game.language)
    nf = fit_font(draw, notice, "bold", int(unit_px * 1.6), width * 0.95)
    put_text(draw, (middle, unit_px * 1.2), notice, font=nf, fill=color(t["notice"]), anchor="mt")
    title = f"{game.title} — {board.name}"
    put_text(draw, (middle, unit_px * 1.4 + nf.size * 1.3), title,
             font=fit_font(draw, title, "regular", int(unit_px * 1.1), width * 0.9),
             fill=color(t["ink"]), anchor="mt")


def heading_band(board: Board, image_size: tuple[int, int]) -> int:
    """How far down a schematic's notice and title may reach (pixels from the top): the top
    band, clear of every box."""
    return int(_bands(board, image_size[0])[0])


@dataclass
class SchematicKey:
    """What a schematic's boxes, strips and legend show: ``space_schematic`` draws it, and a
    test reads the picture at the very places it gives."""

    plan: SpacePlan
    labels: list[LinkLabel]
    groups: GroupKey
    entries: list[tuple[str, Any]]        # legend_entries
    cells: list[tuple[float, float]]      # legend_cells: each entry's top-left corner


def schematic_key(game: Game, board: Board, size: tuple[int, int], *, theme: dict[str, Any] | None = None,
                  min_box: tuple[float, float] = (0.0, 0.0)) -> SchematicKey:
    """The boxes, link labels, group strips and legend of *board*'s schematic at *size*."""
    t = {**DEFAULT_THEME, **(theme or {})}
    plan = space_plan(board, size, min_box=min_box, language=game.language)
    placed = set(plan.boxes) | set(plan.frames)
    styles = link_styles(game, t)
    links = {link.type: styles[link.type] for link in board.links or []
             if link.between[0] in placed and link.between[1] in placed}
    labels = link_labels(game, board, size, plan, t)
    groups = group_key(board, game_groups(game, board), words(game.language),
                       game_swatches(game, t["group_colors"]), listed_groups(game))
    entries = legend_entries(game, board, links, groups, t, drawn_marks(board, plan, labels))
    return SchematicKey(plan, labels, groups, entries, legend_cells(board, size, entries))


LinkLabel = tuple[str, tuple[float, float, float, float], RGB, tuple[float, float] | None]  # text, box, colour, leader
Rect = tuple[float, float, float, float]


def strip_segments(plan: SpacePlan, key: GroupKey, space_id: str) -> list[tuple[str, Rect, Swatch | None]]:
    """(group id, box, swatch) of each segment of a space's strip: along the foot of its box,
    or of its frame when it is drawn round its children (a frame's foot is clear of them)."""
    shown = key.strips.get(space_id, [])
    box = plan.boxes.get(space_id) or plan.frames.get(space_id)
    if not shown or box is None:
        return []
    x0, _y0, x1, y1 = box
    unit = plan.unit
    seg = (x1 - x0 - unit) / len(shown)
    return [(gid, (x0 + unit * 0.5 + k * seg, y1 - unit * 0.55, x0 + unit * 0.5 + (k + 1) * seg, y1 - unit * 0.2),
             key.swatches.get(gid)) for k, gid in enumerate(shown)]


def _link_tag(game: Game, link: Any) -> str:
    """What a link's label says: its printed label, else when it may be used and by whom, in
    the game's language and names."""
    if link.label:
        return str(link.label)
    tr = words(game.language)
    when = when_text(link.when, tr)
    parts = [when] if when else []
    if link.only is not None:
        who = []
        for nid in link.only.nationalities or []:
            nat = game.nationality(nid)
            who.append((nat.abbreviation or nat.name) if nat else nid)
        for sid in link.only.sides or []:
            side = game.side(sid)
            who.append(side.name if side else sid)
        if who:
            parts.append(tr("only {x}", x=", ".join(who)))
    return "; ".join(parts)


def link_labels(game: Game, board: Board, size: tuple[int, int], plan: SpacePlan,
                theme: dict[str, Any] | None = None) -> list[LinkLabel]:
    """(text, box, colour, leader) of every link label of a schematic: each beside its link,
    at the first point along it (middle first) where it covers no space's box, no other label
    and stays on the picture; where the link is too crowded, at the nearest clear spot round
    its middle, with a leader line back to it (*leader* is that point, else None)."""
    t = {**DEFAULT_THEME, **(theme or {})}
    unit = plan.unit
    small = font("condensed", max(7, int(unit * 0.75)))
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    pos = {s.id: plan.position(s.id) for s in board.spaces or []}
    obstacles: list[tuple[float, float, float, float]] = list(plan.boxes.values())
    for frame_id in plan.frames:  # a frame's name, on its top edge
        obstacles.extend(block.bbox(scratch) for block in plan.labels.get(frame_id, []))
    placed: list[LinkLabel] = []
    styles = link_styles(game, t)

    def cover(r: tuple[float, float, float, float]) -> float:
        area = 0.0
        for o in obstacles + [p[1] for p in placed]:
            w = min(r[2], o[2]) - max(r[0], o[0])
            h = min(r[3], o[3]) - max(r[1], o[1])
            if w > 0 and h > 0:
                area += w * h
        if r[0] < 0 or r[1] < 0 or r[2] > size[0] or r[3] > size[1]:
            area += 1e9
        return area

    def crosses(p: tuple[float, float], q: tuple[float, float]) -> bool:
        """Whether a leader from *p* to *q* would run across a box (past its first steps)."""
        for k in range(3, 21):
            x, y = p[0] + (q[0] - p[0]) * k / 20, p[1] + (q[1] - p[1]) * k / 20
            if any(o[0] <= x <= o[2] and o[1] <= y <= o[3] for o in plan.boxes.values()):
                return True
        return False

    for link in board.links or []:
        a, b = link.between
        if a not in pos or b not in pos:
            continue
        text = _link_tag(game, link)
        if not text:
            continue
        rgb = styles[link.type][0]
        tw = scratch.textlength(one_line(text), font=small) + unit * 0.4
        th = small.size * 1.25
        (ax, ay), (bx, by) = pos[a], pos[b]
        best: tuple[float, tuple[float, float, float, float]] | None = None
        steps = [0.5 + (sign * 0.045) * k for k in range(10)
                 for sign in ((1, -1) if k else (1,))]
        for f in steps:
            cx, cy = ax + (bx - ax) * f, ay + (by - ay) * f
            for dy in (-0.5 * th - unit * 0.2, 0.5 * th + unit * 0.2, 0.0, -1.5 * th, 1.5 * th,
                       -2.5 * th, 2.5 * th):
                r = (cx - tw / 2, cy + dy - th / 2, cx + tw / 2, cy + dy + th / 2)
                c = cover(r)
                if best is None or c < best[0]:
                    best = (c, r)
                if c == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None
        anchor = None
        if best[0] > 0:  # crowded along the link: the nearest clear spot round its middle, with a leader
            mx, my = (ax + bx) / 2, (ay + by) / 2
            spots = [(mx + ring * th * math.cos(2 * math.pi * k / 16), my + ring * th * math.sin(2 * math.pi * k / 16))
                     for ring in range(1, 25) for k in range(16)]
            clear = [(cx, cy) for cx, cy in spots if cover((cx - tw / 2, cy - th / 2, cx + tw / 2, cy + th / 2)) == 0]
            # a leader that runs across no box if there is one (else it passes under the boxes)
            spot = next((c for c in clear if not crosses((mx, my), c)), clear[0] if clear else None)
            if spot is not None:
                cx, cy = spot
                best = (0.0, (cx - tw / 2, cy - th / 2, cx + tw / 2, cy + th / 2))
                anchor = (mx, my)
        placed.append((text, best[1], rgb, anchor))
    return placed


def _node_detail(s: Space, tr: Callable[..., str]) -> str:
    parts = []
    if s.vp is not None:
        parts.append(tr("{n} VP", n=s.vp if isinstance(s.vp, int) else '/'.join(map(str, s.vp.values()))))
    if s.fort is not None:
        parts.append(tr("fort {cf}", cf=s.fort.cf if s.fort.cf is not None else '?'))
    return " · ".join(parts)


def _arrow(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], half: tuple[float, float],
           rgb: RGB, unit: float) -> None:
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    back = min(length / 2, max(half) + unit * 0.3)
    tx, ty = x2 - ux * back, y2 - uy * back
    s = unit * 0.9
    draw.polygon([(tx, ty), (tx - ux * s - uy * s * 0.5, ty - uy * s + ux * s * 0.5),
                  (tx - ux * s + uy * s * 0.5, ty - uy * s - ux * s * 0.5)], fill=rgb)


def drawn_marks(board: Board, plan: SpacePlan, labels: list[LinkLabel]) -> dict[str, bool]:
    """Which marks beside boxes and links a schematic draws: an adjacency line
    ('adjacent'), a moved box's dot-and-dash leader ('moved'), a one-way arrow ('directed'), a label's leader ('leader')."""
    placed = set(plan.boxes) | set(plan.frames)
    return {"adjacent": any(s.id in placed and other in placed for s in board.spaces or [] for other in s.adjacent or []),
            "moved": any(plan.moved(s.id) for s in board.spaces or []
                         if s.id in plan.boxes and s.id not in plan.frames),
            "directed": any(link.directed for link in board.links or []
                            if link.between[0] in placed and link.between[1] in placed),
            "leader": any(leader is not None for *_rest, leader in labels)}


def legend_entries(game: Game, board: Board, links: dict[str, tuple[RGB, str, int]],
                   groups: GroupKey | None, t: dict[str, Any],
                   marks: dict[str, bool] | None = None) -> list[tuple[str, Any]]:
    """The legend's entries, (kind, (words, style)): adjacency and the key of each other mark
    *marks* says the schematic draws, each link type, coloured terrain, then the groups under a
    heading per kind ('heading'; 'group' with its swatch, None for an empty box) and what
    their brackets and empty boxes mean ('note')."""
    tr = words(game.language)
    ink = color(t["ink"])
    marks = marks or {}
    entries: list[tuple[str, Any]] = []
    if marks.get("adjacent", True):
        entries.append(("line", (tr("adjacent"), (color(t["adjacent"]), "solid", 1))))
    if marks.get("moved"):
        entries.append(("anchor", (tr("box drawn apart; the dot is its place"),
                                   color(t["adjacent"]))))
    if marks.get("directed"):
        entries.append(("arrow", (tr("one-way link"), ink)))
    if marks.get("leader"):
        entries.append(("line", (tr("label set apart from its link"),
                                 (ink, "dash", 1))))
    for link_type, style in sorted(links.items()):
        ter = game.terrain_type(link_type)
        entries.append(("line", (ter.name if ter else link_type, style)))
    kinds = sorted({ter_id for s in board.spaces or [] for ter_id in s.terrain or []})
    for ter_id in kinds:
        ter = game.terrain_type(ter_id)
        if ter and ter.color:
            entries.append(("swatch", (ter.name, color(ter.color))))
    if groups is not None:
        entries += group_legend_entries(groups, tr, t)
    return entries


def group_legend_entries(groups: GroupKey, tr: Callable[..., str], t: dict[str, Any], *,
                         hexes: bool = False) -> list[tuple[str, Any]]:
    """The groups' part of a legend: a heading per kind ('heading'), each group with its
    swatch ('group': None for an empty box, a red empty box for a group whose places the
    rulebook does not give), and what the brackets and empty boxes mean (*hexes*: the
    places are a hex map's hexes)."""
    unlisted = Swatch(color(t["notice"]), UNLISTED)
    entries: list[tuple[str, Any]] = []
    for heading, members in groups.sections:
        entries.append(("heading", (heading, None)))
        entries.extend(("group", (e.label, unlisted if e.unlisted else e.swatch)) for e in members)
    if groups.nested:
        entries.append(("note", (tr("Name (larger group): its hexes are in the larger group too") if hexes
                                 else tr("Name (larger group): its spaces are in the larger group too"), None)))
    if groups.without_strip:
        entries.append(("group", (tr("empty box: no strip shows this group here"), None)))
    if groups.unlisted:
        entries.append(("group", (tr("red empty box: hexes not given by the rulebook") if hexes
                                  else tr("red empty box: spaces not given by the rulebook"), unlisted)))
    return entries


# what a red outline stands for, in the players' words: a space's field the rulebook lacks
SPACE_FIELDS = {"terrain": "terrain", "vp": "VP", "control": "control", "adjacent": "adjacent spaces",
                "groups": "groups", "parent": "enclosing area", "allowed": "pieces allowed",
                "kind": "kind of space", "fort": "fort", "name": "name", "layout": "position"}


def missing_fields(board: Board, frames: Collection[str] = ()) -> list[tuple[str, int]]:
    """(field, spaces) for each field the rulebook leaves missing on the boxes drawn with a
    red outline (*frames*, drawn round their children, are not), most often missing first."""
    counts: dict[str, int] = {}
    for s in board.spaces or []:
        if s.id not in frames:
            for name in s.missing or []:
                counts[name] = counts.get(name, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def legend_heading(board: Board, frames: Collection[str], tr: Callable[..., str]) -> str:
    """The legend's heading: with red outlines, what the rulebook leaves missing on how many
    spaces ('Legenda (bordo rosso: mancano terreno (74 spazi), PV (66), ...)')."""
    fields = missing_fields(board, frames)
    if not fields:
        return tr("Legend")
    parts = []
    for k, (name, n) in enumerate(fields):
        what = tr(SPACE_FIELDS.get(name, name))
        parts.append(tr("{what} ({n})", what=what, n=n) if k else
                     tr("{what} (1 space)", what=what) if n == 1 else tr("{what} ({n} spaces)", what=what, n=n))
    return tr("Legend (red outline: missing {what})", what=", ".join(parts))


def legend_cells(board: Board, size: tuple[int, int], entries: list[tuple[str, Any]]) -> list[tuple[float, float]]:
    """The top-left corner of each legend entry's cell: down the columns, a heading never
    left alone at a column's foot."""
    unit = size[0] / 100.0
    rows = _legend_rows(board)
    y0 = size[1] - _bands(board, size[0])[1] + unit
    col_w = (size[0] - 4 * unit) / LEGEND_COLUMNS
    return [(2 * unit + (k // rows) * col_w, y0 + (k % rows + 1) * LEGEND_PITCH * unit)
            for k in _cell_indices([kind for kind, _entry in entries], rows)]


def legend_swatch_box(cell: tuple[float, float], unit: float) -> Rect:
    """Where a legend entry's mark (line, swatch) is drawn in its cell."""
    x, y = cell
    fnt_px = max(7, int(unit * LEGEND_FONT))
    return (x, y, x + unit * 3, y + fnt_px * 1.2)


def _space_legend(draw: ImageDraw.ImageDraw, game: Game, board: Board, key: SchematicKey,
                  size: tuple[int, int], unit: float, t: dict[str, Any]) -> None:
    """The legend band: every line, swatch and mark the schematic draws (the dot-and-dash
    leader of a moved box, the one-way arrow and a label's leader only when drawn), each with
    its key, and the groups under their kinds' headings: *key*'s entries in its cells."""
    fnt = font("regular", max(7, int(unit * LEGEND_FONT)))
    floor = max(7, int(unit * LEGEND_MIN_FONT))
    ink = color(t["ink"])
    x = unit * 2
    tr = words(game.language)
    top, legend = _bands(board, size[0])
    y0 = size[1] - legend + unit
    heading = legend_heading(board, set(key.plan.frames), tr)
    if not key.entries and heading == tr("Legend"):  # nothing to key: no legend at all
        return
    put_text(draw, (x, y0), heading, font=fit_font(draw, heading, "bold", int(fnt.size), size[0] - 4 * unit),
             fill=ink, anchor="la")
    col_w = (size[0] - 4 * unit) / LEGEND_COLUMNS
    for (kind, (name, style)), (x, y) in zip(key.entries, key.cells):
        mid = y + fnt.size * 0.6
        if kind == "heading":
            label = fit_font(draw, name, "bold", int(fnt.size), col_w - unit)
            put_text(draw, (x, mid), name, font=label, fill=ink, anchor="lm")
            continue
        if kind == "group":
            paint_swatch(draw, legend_swatch_box((x, y), unit), style, ink, color(t["paper"]),
                         max(1, int(unit * 0.06)))
        elif kind == "note":
            pass
        elif kind == "line":
            rgb, pattern, weight = style
            _styled_line(draw, (x, mid), (x + unit * 3, mid), rgb, pattern,
                         max(1, int(weight * unit * 0.12)))
        elif kind == "anchor":  # as a moved box's leader: a dot, then dashes
            _styled_line(draw, (x, mid), (x + unit * 3, mid), style, "dash", max(1, int(unit * 0.1)))
            dot = unit * 0.25
            draw.ellipse([x - dot, mid - dot, x + dot, mid + dot], fill=ink)
        elif kind == "arrow":
            draw.line([(x, mid), (x + unit * 2.2, mid)], fill=style, width=max(1, int(unit * 0.18)))
            _arrow(draw, (x, mid), (x + unit * 3, mid), (0.0, 0.0), style, unit)
        else:
            draw.rectangle([x, y, x + unit * 3, y + fnt.size * 1.2], fill=style)
        indent = 0.0 if kind == "note" else unit * 3.5  # a note's words need no mark
        room = col_w - unit - indent
        label = fit_font(draw, name, "regular", int(fnt.size), room)
        lines = [name]
        if label.size < floor:  # too long for one line at a legible size: two lines
            label = font("regular", floor)
            lines = wrap(draw, name, label, room)
            if len(lines) > 2:
                lines = [name]
                label = fit_font(draw, name, "regular", floor, room)
        for n, line in enumerate(lines):
            put_text(draw, (x + indent, mid + (n - (len(lines) - 1) / 2) * label.size * 1.15), line,
                     font=label, fill=ink, anchor="lm")
