"""Each board printed at the game's scale, tiled over pages of the chosen paper.

Neighbouring pages share an overlap strip of OVERLAP_MM: both print the same part of the map
there, with registration marks (⊕) at the same map points, so a player trims one page's
margin along the map's outline and lays it over the next with the marks on top of each other.  A small
index in the top margin shows where the page sits in the whole map.  A mark sits where the
strip is emptiest (`seam_marks`): it must not hide a box, a name or the legend.

The scale: a hex board prints its hexes at the game's ``scale.hex_mm`` (flat side to flat
side; a little more than a counter when the game does not say), a square grid's cells as
wide; a box board prints its smallest box big enough for a small stack of counters; a schematic of points prints on one
landscape page when its spaces stay a stack's room apart and its names readable there, else
it spans two pages' width, or as many more as keep the names of a crowded map (drawn small on
its picture) NAME_MIN_PT high.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from converter.builder import layout as lay
from converter.builder.images import board_picture
from converter.model.board import Board
from converter.model.game import Game
from converter.printkit.layout import MARGIN_MM, Paper
from converter.render.boardcontent import has_picture
from converter.render.boardlayout import BoardLayout
from converter.render.maps import (HEADING_UNITS, heading_band, hex_legend_image, hex_legend_top, legend_top,
                                   schematic_heading)
from converter.render.placement import NAME_UNITS
from converter.render.text import fit_font, font, mm_to_px, pt_to_px, put_text, px
from converter.render.words import words

OVERLAP_MM = 10.0
HEX_PER_COUNTER = 1.3      # a hex this many counter edges across when the game gives no hex size
CELL_PER_COUNTER = 1.3     # a square grid's cell, the same (a counter and a finger's room)
BOX_PER_COUNTER = 1.5      # the smallest box's shorter side is this many counter edges
SPACE_BOARD_PAGES = 2      # an area or network board spans this many pages' printable width…
SPACE_ROOM_COUNTERS = 2.0  # …unless one page keeps its closest spaces this many counter edges apart
NAME_MIN_PT = 6.0          # …and its spaces' names at least this size
MARK_MM = 3.0              # radius of a registration mark
MARK_ARM = 1.6             # its cross's arms reach this many radii from its centre
MARK_STEP_MM = 1.0         # the spacing of the places a mark may take along its seam
INK_DIFF = 40              # a pixel this far from its surroundings' colour is content
LABEL_PT = 8
PT_MM = 25.4 / 72         # a typographic point in millimetres
INK = (40, 40, 40)
MARK = (200, 0, 90)


@dataclass(frozen=True)
class MapTile:
    """One page of a board: the part of the map it prints, in map millimetres."""

    row: int
    col: int
    rows: int
    cols: int
    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float


def area_mm(paper: Paper) -> tuple[float, float]:
    """The printable width and height of a page: inside the margins."""
    return paper.width_mm - 2 * MARGIN_MM, paper.height_mm - 2 * MARGIN_MM


def turned(paper: Paper) -> Paper:
    """The same sheet in landscape."""
    return Paper(paper.id, paper.name, paper.height_mm, paper.width_mm)


def tiles(map_w_mm: float, map_h_mm: float, paper: Paper, overlap_mm: float = OVERLAP_MM) -> list[MapTile]:
    """The pages a map of this size needs, row by row, each sharing *overlap_mm* with the next."""
    aw, ah = area_mm(paper)

    def count(total: float, avail: float) -> int:
        # (a hair's tolerance: a map made to fill n pages exactly must not spill a sliver)
        return 1 if total <= avail + 1e-6 else math.ceil((total - overlap_mm) / (avail - overlap_mm) - 1e-6)

    cols, rows = count(map_w_mm, aw), count(map_h_mm, ah)
    out = []
    for r in range(rows):
        for c in range(cols):
            x, y = c * (aw - overlap_mm), r * (ah - overlap_mm)
            out.append(MapTile(r, c, rows, cols, x, y, min(aw, map_w_mm - x), min(ah, map_h_mm - y)))
    return out


def mm_per_px(game: Game, layout: BoardLayout) -> float:
    """Millimetres of paper per pixel of a board's picture laid out as *layout*, at the
    game's scale: set by its hexes when it has some, else by its boxes, else by the page."""
    counter = game.counter_mm()
    grid = layout.board.hex_grid()
    if layout.hex_centres and grid is not None:
        flat_px = layout.hex_height if grid.orientation == "flat" else layout.hex_width
        hex_mm = (game.scale.hex_mm if game.scale is not None and game.scale.hex_mm else None) \
            or counter * HEX_PER_COUNTER
        return hex_mm / flat_px
    if layout.cell:
        return CELL_PER_COUNTER * counter / layout.cell
    if layout.boxes:
        smallest = min(min(b.w, b.h) for b in layout.boxes.values())
        return BOX_PER_COUNTER * counter / max(1, smallest)
    one_page = _one_page_scale(layout)
    if one_page is not None and _roomy(layout, one_page, counter):
        return one_page
    aw = area_mm(PAPER_FOR_SCALE)[0]
    pages_wide = (SPACE_BOARD_PAGES * (aw - OVERLAP_MM) + OVERLAP_MM) / layout.size[0]
    # a crowded map's names, drawn small on its picture, print no smaller than NAME_MIN_PT
    return max(pages_wide, NAME_MIN_PT * PT_MM / _name_px(layout))


def _name_px(layout: BoardLayout) -> float:
    """How high a space's name is drawn on the board's picture, in pixels (a hundredth of its
    width unless the schematic's boxes are drawn smaller)."""
    return NAME_UNITS * (layout.unit or layout.size[0] / 100)


# the paper that fixes the printed size of area and network boards (the same on any paper)
PAPER_FOR_SCALE = Paper("a4", "A4", 210.0, 297.0)
# the landscape room a one-page schematic fits in on A4 and on US Letter alike
ONE_PAGE_MM = (279.4 - 2 * MARGIN_MM, 210.0 - 2 * MARGIN_MM)


def _one_page_scale(layout: BoardLayout) -> float | None:
    """The scale that fits a schematic of points, legend included, on one landscape page of
    any paper (None for a board drawn over the designer's own picture: its size is theirs)."""
    if layout.scan is not None or not layout.space_centres:
        return None
    return min(ONE_PAGE_MM[0] / layout.size[0], ONE_PAGE_MM[1] / layout.size[1])


def _roomy(layout: BoardLayout, scale: float, counter_mm: float) -> bool:
    """Whether at *scale* a stack of counters fits beside each space (its closest neighbour
    SPACE_ROOM_COUNTERS counter edges away) and the names stay NAME_MIN_PT or more."""
    name_pt = _name_px(layout) * scale / PT_MM
    if name_pt < NAME_MIN_PT:
        return False
    centres = sorted(layout.space_centres.values())
    room_px = SPACE_ROOM_COUNTERS * counter_mm / scale
    for i, (x, y) in enumerate(centres):  # sorted by x: stop once x alone is far enough
        for x2, y2 in centres[i + 1:]:
            if x2 - x >= room_px:
                break
            if math.hypot(x2 - x, y2 - y) < room_px:
                return False
    return True


def _mark(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, width: int) -> None:
    draw.ellipse((x - r, y - r, x + r, y + r), outline=MARK, width=width)
    draw.line((x - 1.6 * r, y, x + 1.6 * r, y), fill=MARK, width=width)
    draw.line((x, y - 1.6 * r, x, y + 1.6 * r), fill=MARK, width=width)


def seam_marks(picture: Image.Image, scale: float, seam_mm: float, lo_mm: float, hi_mm: float,
               *, vertical: bool) -> list[float]:
    """Where along a seam (map mm from *lo_mm* to *hi_mm*, the seam at *seam_mm* across) its
    three marks go: for each of its usual places (a tenth, the middle, nine tenths), the
    place whose mark would cover the least of the map's content (pixels unlike the colour
    most of the mark's square has), the nearest among equals, two marks never closer than
    a fifth of the seam (nor a mark's width).  Both pages of a seam ask with the same numbers, so their marks meet."""
    reach = MARK_MM * MARK_ARM
    length = hi_mm - lo_mm
    wants = [lo_mm + length * f for f in (0.1, 0.5, 0.9)]
    first, last = lo_mm + reach, hi_mm - reach
    if last - first < 4 * reach:  # a seam too short for three marks apart: the usual places
        return wants
    spots = [first + k * MARK_STEP_MM for k in range(int((last - first) / MARK_STEP_MM) + 1)]
    cover = {at: round(_covered(picture, scale, seam_mm, at, reach, vertical), 3) for at in spots}
    apart = max(2 * reach, length / 5)  # spread along the seam, the better to lay pages true
    out: list[float] = []
    for want in wants:
        free = [at for at in spots if all(abs(at - m) >= apart for m in out)]
        out.append(min(free or spots, key=lambda at: (cover[at], abs(at - want))))
    return sorted(out)


def _covered(picture: Image.Image, scale: float, seam_mm: float, at_mm: float, reach_mm: float,
             vertical: bool) -> float:
    """The share of a mark's square (centre on the seam at *at_mm*) that is content."""
    cx, cy = (seam_mm, at_mm) if vertical else (at_mm, seam_mm)
    left, top, right, bottom = (int(round(v / scale)) for v in
                                (cx - reach_mm, cy - reach_mm, cx + reach_mm, cy + reach_mm))
    window = picture.crop((left, top, right, bottom))
    colours = window.getcolors(window.width * window.height)
    if not colours:
        return 1.0
    ground = max(colours, key=lambda c: c[0])[1]
    plain = Image.new(window.mode, window.size, ground if isinstance(ground, (int, tuple)) else 0)
    diff = ImageChops.difference(window, plain).convert("L")
    far = diff.point(lambda v: 255 if v > INK_DIFF else 0).histogram()[255]
    return far / max(1, window.width * window.height)


def map_page(game: Game, board: Board, picture: Image.Image, scale: float, tile: MapTile, paper: Paper,
             *, dpi: float, overlap_mm: float = OVERLAP_MM) -> Image.Image:
    """One page of a board: its tile of the map at *scale* mm per picture pixel, the overlap
    marks on every side that meets another page, and the page's label (and index, when the
    map has several pages)."""
    tr = words(game.language)
    left, top = mm_to_px(MARGIN_MM, dpi), mm_to_px(MARGIN_MM, dpi)
    crop = (tile.x_mm / scale, tile.y_mm / scale, (tile.x_mm + tile.w_mm) / scale, (tile.y_mm + tile.h_mm) / scale)
    c0, c1, c2, c3 = (int(round(v)) for v in crop)
    box = (c0, c1, c2, c3)
    size = (max(1, px(tile.w_mm, dpi)), max(1, px(tile.h_mm, dpi)))
    part = picture.crop(box).resize(size, Image.Resampling.BICUBIC)  # the crop gone before...
    page = Image.new("RGB", (px(paper.width_mm, dpi), px(paper.height_mm, dpi)), (255, 255, 255))
    page.paste(part, (int(round(left)), int(round(top))))  # ...the page is made: 35 MB less
    del part
    draw = ImageDraw.Draw(page)
    line = max(1, int(dpi / 150))
    draw.rectangle((left, top, left + size[0] - 1, top + size[1] - 1), outline=INK, width=line)

    def at(x_mm: float, y_mm: float) -> tuple[float, float]:  # map mm -> page px
        return left + mm_to_px(x_mm - tile.x_mm, dpi), top + mm_to_px(y_mm - tile.y_mm, dpi)

    r = mm_to_px(MARK_MM, dpi)
    # the seams this page shares: the middle of each overlap strip, marked at the same map
    # points on both pages (the page laid on top is trimmed along its map's outline)
    for x, y in page_marks(picture, scale, tile, overlap_mm):
        _mark(draw, *at(x, y), r, line * 2)
    # label and, on a map of several pages, the page's number and index in the top margin
    several = tile.rows * tile.cols > 1
    label = f"{game.title} — {board.name}"
    if several:
        label += " — " + tr("page {n} of {total} (row {r}, column {c})", n=tile.row * tile.cols + tile.col + 1,
                            total=tile.rows * tile.cols, r=tile.row + 1, c=tile.col + 1)
    cell = mm_to_px(2.2, dpi)
    index_w = cell * tile.cols if several else 0.0
    fnt = fit_font(draw, label, "regular", pt_to_px(LABEL_PT, dpi), page.width - 2 * left - index_w - cell)
    put_text(draw, (left, mm_to_px(MARGIN_MM / 2, dpi)), label, font=fnt, fill=INK, anchor="lm")
    ix = page.width - left - index_w
    iy = mm_to_px(MARGIN_MM / 2, dpi) - cell * tile.rows / 2
    for rr in range(tile.rows if several else 0):
        for cc in range(tile.cols):
            rect = (ix + cc * cell, iy + rr * cell, ix + (cc + 1) * cell - line, iy + (rr + 1) * cell - line)
            draw.rectangle(rect, outline=INK, width=line, fill=INK if (rr, cc) == (tile.row, tile.col) else None)
    notes = page_notes(game, board, tile)
    if notes:  # one line when it fits at 7 pt, else the notes on lines of their own
        room = page.width - 2 * left
        note_px = pt_to_px(LABEL_PT - 1, dpi)
        one = " — ".join(notes)
        lines = [one] if draw.textlength(one, font=font("regular", note_px)) <= room else notes
        pitch = note_px * 1.2
        bottom = page.height - mm_to_px(MARGIN_MM / 2, dpi) + pitch * (len(lines) - 1) / 2
        for k, text in enumerate(lines):
            small = fit_font(draw, text, "regular", note_px, room)
            put_text(draw, (left, bottom - pitch * (len(lines) - 1 - k)), text, font=small,
                     fill=INK, anchor="lm")
    return page


def page_marks(picture: Image.Image, scale: float, tile: MapTile, overlap_mm: float = OVERLAP_MM
               ) -> list[tuple[float, float]]:
    """The map points (mm) of a page's registration marks: three on each seam it shares with
    a neighbour, in the middle of the overlap strip, where they hide the least (`seam_marks`)."""
    x0, y0, x1, y1 = tile.x_mm, tile.y_mm, tile.x_mm + tile.w_mm, tile.y_mm + tile.h_mm
    x_seams = [x for x, shared in ((x1 - overlap_mm / 2, tile.col + 1 < tile.cols),
                                   (x0 + overlap_mm / 2, tile.col > 0)) if shared]
    y_seams = [y for y, shared in ((y1 - overlap_mm / 2, tile.row + 1 < tile.rows),
                                   (y0 + overlap_mm / 2, tile.row > 0)) if shared]
    return [(x, y) for x in x_seams for y in seam_marks(picture, scale, x, y0, y1, vertical=True)] \
        + [(x, y) for y in y_seams for x in seam_marks(picture, scale, y, x0, x1, vertical=False)]


def page_notes(game: Game, board: Board, tile: MapTile) -> list[str]:
    """The foot of a map page, in the game's language: the hex scale, and on a map of
    several pages the key of every mark the page adds (the ⊕ registration marks and the
    page index's filled square)."""
    tr = words(game.language)
    # the hex scale only where hexes are drawn (a hex board without its grid prints as points)
    drawn = board.kind_spec.hex_grid and board.hex_grid() is not None
    notes = [tr("scale: 1 hex = {mm} mm", mm=_hex_mm_text(game, board))] if drawn else []
    if scaleless(game, board):
        notes.append(tr("printed as large as the page holds: the picture gives no scale"))
    if tile.rows * tile.cols > 1:
        notes.append(tr("trim the margin along the map's edge and lay the page over its neighbour, "
                        "⊕ marks on top of each other"))
        notes.append(tr("filled square: where this page lies in the whole map"))
    return notes


def _hex_mm_text(game: Game, board: Board) -> str:
    hex_mm = (game.scale.hex_mm if game.scale is not None and game.scale.hex_mm else None) \
        or game.counter_mm() * HEX_PER_COUNTER
    return f"{round(hex_mm, 1):g}"  # a tenth of a millimetre is as fine as a ruler reads


PACK_GAP_MM = 6.0  # between packed boxes, and round them


def packed_boxes(picture: Image.Image, layout: BoardLayout, width_px: float, gap_px: float) -> Image.Image:
    """A box board without the designer's art, its boxes (*layout*'s) cut from the drawn
    board and laid in rows no wider than *width_px* (largest first, in the data's order when
    equal), the drawing's title band above them: the drawn board spreads a few boxes over a
    page-sized sheet, where the players need only the boxes."""
    rects = layout.boxes
    top = min((r.y for r in rects.values()), default=0)
    title_h = max(0, min(top, int(picture.width * 0.05)))  # the notice and title lines
    order = sorted(rects, key=lambda sid: -rects[sid].h)
    gap = max(1, int(round(gap_px)))
    placed: list[tuple[str, int, int]] = []
    x, y, row_h, widest = gap, title_h + gap, 0, 0
    for sid in order:
        r = rects[sid]
        if x > gap and x + r.w + gap > width_px:
            x, y, row_h = gap, y + row_h + gap, 0
        placed.append((sid, x, y))
        x += r.w + gap
        row_h = max(row_h, r.h)
        widest = max(widest, x)
    out = Image.new("RGB", (max(widest, min(picture.width, int(width_px))), y + row_h + gap),
                    picture.getpixel((1, picture.height - 2)))
    if title_h:
        band = picture.crop((0, 0, picture.width, title_h))
        if band.width > out.width:
            band = band.resize((out.width, max(1, title_h * out.width // band.width)))
        out.paste(band, (0, 0))
    for sid, bx, by in placed:
        r = rects[sid]
        out.paste(picture.crop((r.x, r.y, r.x + r.w, r.y + r.h)), (bx, by))
    return out


@dataclass
class BoardPrint:
    """How one board prints: its picture at *scale* mm a pixel tiled over *sheet* pages, and
    the schematic's legend when it prints on a page of its own (a legend split by a seam is
    hard to read and leaves its registration marks nowhere free to go).

    The pages print the picture's top-left *extent* (width, height): the rest is the legend
    band printed apart, or a blank edge.  The picture is not cut down to it: a copy of Paths
    of Glory's 9456 x 7139 schematic doubled the memory its print took."""

    picture: Image.Image
    scale: float
    sheet: Paper
    tiles: list[MapTile]
    extent: tuple[int, int]
    legend: Image.Image | None = None


def scaleless(game: Game, board: Board) -> bool:
    """Whether *board* is a picture that gives no scale: no hexes, and no more than one place
    of its own (For the People's 'Combat Tables', a chart with one holding zone)."""
    if not has_picture(game, board) or board.hexes or (
            board.kind_spec.hex_grid and board.hex_grid() is not None):
        return False
    return len([s for s in board.spaces or [] if s.kind != "board"]) <= 1


COARSEST_MM = 25.4 / 72  # a picture fitted to its page is never printed coarser than 72 dpi


def fitted_scale(picture: Image.Image, paper: Paper) -> float:
    """The scale that prints *picture* as large as one page of *paper* holds, either way up
    (a player aid, a display: a picture without places gives no scale of its own)."""
    best = max(min(aw / picture.width, ah / picture.height)
               for aw, ah in (area_mm(paper), area_mm(turned(paper))))
    return min(best, COARSEST_MM)


def board_print(game: Game, board: Board, paper: Paper) -> BoardPrint:
    """A board's picture, its scale (mm per pixel), the sheet turned the way that needs fewer
    pages (portrait when equal), and the pages' tiles; a picture with one place of its own
    at most prints as large as one page holds (`fitted_scale`); a box board without the designer's
    art prints its boxes packed (`packed_boxes`); a schematic of several pages prints its
    legend apart (`legend_page`)."""
    picture = board_picture(game, board)
    if picture.mode != "RGB":  # (a copy of a board's scan is the largest thing a print holds)
        picture = picture.convert("RGB")
    scan = board.image is not None and game.resource(board.image.file).is_file()
    layout = lay.board_layout(board, picture.size if scan else None, game.language)
    if scaleless(game, board):
        fitted = fitted_scale(picture, paper)
        return BoardPrint(picture, fitted, *_tiles_of(picture.size, fitted, paper), picture.size)
    scale = mm_per_px(game, layout)
    legend = None
    retitle = False  # a schematic of points over several pages: its heading a page's size
    extent = picture.size
    if layout.boxes and not layout.hex_centres and not scan and not layout.cell:
        picture = packed_boxes(picture, layout, area_mm(paper)[0] / scale, PACK_GAP_MM / scale)
        extent = picture.size
    elif not layout.boxes and not scan and len(_tiles_of(picture.size, scale, paper)[1]) > 1:
        # a schematic of points or hexes: its legend band (terrain key, groups) apart
        if layout.hex_centres:  # drawn again as wide as a landscape page is at the map's scale
            cut = hex_legend_top(board, picture.size, lay.HEX_PX)
            page = paper if paper.width_mm > paper.height_mm else turned(paper)
            legend = hex_legend_image(game, board, int((page.width_mm - 2 * MARGIN_MM) / scale), hex_px=lay.HEX_PX)
        else:
            cut = legend_top(board, picture.size)
            legend = picture.crop((0, cut, picture.width, picture.height))
            retitle = True
        extent = (picture.width, cut)
        if _plain(legend):  # nothing to key (Paths of Glory's 'Preferences' boxes): no legend
            legend = None
    unit_px = ONE_PAGE_MM[0] / 100 / scale  # a one-page schematic's hundredth, in this picture's pixels
    retitle = retitle and unit_px < picture.width / 100
    heading = 0
    if retitle:
        heading, extent = _closed_up(board, picture, extent, HEADING_UNITS * unit_px)
    if not scan:
        extent = _without_blank_sliver(picture, extent, scale, paper)
    sheet, board_tiles = _tiles_of(extent, scale, paper)
    if retitle:
        _page_heading(game, board, picture, scale, board_tiles[0].w_mm, heading)
    return BoardPrint(picture, scale, sheet, board_tiles, extent, legend)


STRIP_ROWS = 64  # rows of a schematic read or moved at a time (a copy of it all is 180 MB)


def _closed_up(board: Board, picture: Image.Image, extent: tuple[int, int], band_px: float
               ) -> tuple[int, tuple[int, int]]:
    """A schematic several pages wide, its map moved up in *picture* to *band_px* under its
    top (a one-page schematic's heading band, in letters a page's title has), and the
    rows cleared above it: the band kept for the notice across the whole map, and the rows
    above its highest place, printed a strip of about 50 mm of blank paper under the page's
    title (Paths of Glory's, For the People's image-less imports).  Returns the rows the
    page's heading may take and the *extent* the map now prints."""
    width, height = extent
    ground = picture.getpixel((0, 0))
    plain = Image.new(picture.mode, (width, STRIP_ROWS), ground)
    first = height
    for y in range(heading_band(board, picture.size), height, STRIP_ROWS):
        rows = picture.crop((0, y, width, min(height, y + STRIP_ROWS)))
        ink = ImageChops.difference(rows, plain.crop((0, 0, *rows.size))).convert("L").point(lambda v: 255 if v > INK_DIFF else 0).getbbox()
        if ink is not None:
            first = y + ink[1]
            break
    shift = max(0, first - int(math.ceil(band_px)))
    for y in range(first, height, STRIP_ROWS):
        picture.paste(picture.crop((0, y, width, min(height, y + STRIP_ROWS))), (0, y - shift))
    top = first - shift
    ImageDraw.Draw(picture).rectangle((0, 0, picture.width, top - 1), fill=ground)
    return top, (width, height - shift)


def _page_heading(game: Game, board: Board, picture: Image.Image, scale: float, first_mm: float,
                  band: int) -> None:
    """The SCHEMATIC notice and title of a schematic several pages wide, drawn again over its
    first page in the letters a one-page schematic's have: drawn across the whole map they
    printed 11 mm high over two pages (Paths of Glory's image-less import).  The rows above
    *band* are the heading's, cleared."""
    unit_px = ONE_PAGE_MM[0] / 100 / scale  # a one-page schematic's hundredth, in this picture's pixels
    ImageDraw.Draw(picture).rectangle((0, 0, picture.width, band - 1), fill=picture.getpixel((0, 0)))
    schematic_heading(picture, game, board, unit_px, width=min(picture.width, (first_mm - OVERLAP_MM) / scale))


SLIVER_MM = 15.0  # a last column or row of pages adding less map than this, all blank, is cut


def _plain(picture: Image.Image) -> bool:
    """Whether *picture* is one colour throughout, or nearly (nothing drawn on it)."""
    low, high = zip(*picture.getextrema()) if picture.mode == "RGB" else ((0,), (0,))
    return bool(max(h - lo for lo, h in zip(low, high)) <= INK_DIFF)


def _without_blank_sliver(picture: Image.Image, extent: tuple[int, int], scale: float,
                          paper: Paper) -> tuple[int, int]:
    """The *extent* of the schematic to print, less its blank right or bottom edge where that
    edge alone would take a column or row of pages: The Longest Day's image-less hex map took
    3 pages for the 5 mm of paper past its last hexes."""
    for _ in range(2):
        _sheet, board_tiles = _tiles_of(extent, scale, paper)
        last = board_tiles[-1]
        width, height = extent
        if last.cols > 1 and last.w_mm - OVERLAP_MM < SLIVER_MM:
            cut = (width - int(math.ceil((last.w_mm - OVERLAP_MM) / scale)) - 1, height)
        elif last.rows > 1 and last.h_mm - OVERLAP_MM < SLIVER_MM:
            cut = (width, height - int(math.ceil((last.h_mm - OVERLAP_MM) / scale)) - 1)
        else:
            return extent
        strip = picture.crop((cut[0] if cut[0] < width else 0, cut[1] if cut[1] < height else 0,
                              width, height))
        if not _plain(strip):
            return extent  # the edge has something on it: it is printed
        extent = cut
    return extent


def _tiles_of(extent: tuple[int, int], scale: float, paper: Paper) -> tuple[Paper, list[MapTile]]:
    size = (extent[0] * scale, extent[1] * scale)
    sheet = min((paper, turned(paper)), key=lambda s: len(tiles(*size, s)))
    return sheet, tiles(*size, sheet)


def board_sheet(game: Game, board: Board, paper: Paper) -> tuple[Image.Image, float, Paper, list[MapTile]]:
    """`board_print`'s picture (cut to the extent its pages print), scale, sheet and tiles."""
    bp = board_print(game, board, paper)
    picture = bp.picture if bp.extent == bp.picture.size else bp.picture.crop((0, 0, *bp.extent))
    return picture, bp.scale, bp.sheet, bp.tiles


def legend_page(game: Game, board: Board, legend: Image.Image, paper: Paper, *, dpi: float
                ) -> tuple[Paper, Image.Image]:
    """A schematic's legend on a landscape page of its own, as wide as the page allows."""
    return next(legend_sheets(game, [(board, fitted_legend(legend, paper, dpi=dpi))], paper, dpi=dpi))


LEGEND_GAP_MM = 6.0  # between two legends stacked on a page


def _legend_room(paper: Paper, dpi: float) -> tuple[Paper, int, int]:
    """The landscape sheet legends print on, and the width and height they may take there
    (under a label line)."""
    sheet = paper if paper.width_mm > paper.height_mm else turned(paper)
    left = mm_to_px(MARGIN_MM, dpi)
    label = pt_to_px(LABEL_PT, dpi) * 2
    return sheet, int(px(sheet.width_mm, dpi) - 2 * left), int(px(sheet.height_mm, dpi) - 2 * left - label)


def fitted_legend(legend: Image.Image, paper: Paper, *, dpi: float) -> Image.Image:
    """A schematic's legend band resized as wide as a landscape page's room holds (no taller
    than it): small enough to keep until the legend pages print."""
    _sheet, room_w, room_h = _legend_room(paper, dpi)
    k = min(room_w / legend.width, room_h / legend.height)
    return legend.resize((max(1, int(legend.width * k)), max(1, int(legend.height * k))),
                         Image.Resampling.LANCZOS)


def legend_sheets(game: Game, legends: list[tuple[Board, Image.Image]], paper: Paper, *,
                  dpi: float) -> Iterator[tuple[Paper, Image.Image]]:
    """The boards' legends (each `fitted_legend`) stacked down landscape pages, each under
    its board's name: a page each had held one line of key under Paths of Glory's image-less
    maps (four pages for four lines)."""
    sheet, _room_w, _room_h = _legend_room(paper, dpi)
    tr = words(game.language)
    left = mm_to_px(MARGIN_MM, dpi)
    bottom = px(sheet.height_mm, dpi) - left
    label_h = pt_to_px(LABEL_PT, dpi) * 2
    gap = mm_to_px(LEGEND_GAP_MM, dpi)
    page: Image.Image | None = None
    y = 0.0
    for board, part in legends:
        if page is None or y + label_h + part.height > bottom:
            if page is not None:
                yield sheet, page
            page = Image.new("RGB", (px(sheet.width_mm, dpi), px(sheet.height_mm, dpi)), (255, 255, 255))
            y = mm_to_px(MARGIN_MM / 2, dpi) - label_h / 2
        draw = ImageDraw.Draw(page)
        label = f"{game.title} — {board.name} — " + tr("Legend")
        fnt = fit_font(draw, label, "regular", pt_to_px(LABEL_PT, dpi), page.width - 2 * left)
        put_text(draw, (left, y + label_h / 2), label, font=fnt, fill=INK, anchor="lm")
        y = max(y + label_h, left)
        page.paste(part, (int(left), int(y)))
        draw.rectangle((left, y, left + part.width - 1, y + part.height - 1), outline=INK,
                       width=max(1, int(dpi / 150)))
        y += part.height + gap
    if page is not None:
        yield sheet, page


def board_pages(game: Game, board: Board, paper: Paper, *, dpi: float) -> tuple[Paper, list[Image.Image]]:
    """Every page of one board, row by row, and the sheet they are printed on (a legend page
    apart comes last)."""
    bp = board_print(game, board, paper)
    pages = [map_page(game, board, bp.picture, bp.scale, tile, bp.sheet, dpi=dpi) for tile in bp.tiles]
    if bp.legend is not None:
        pages.append(legend_page(game, board, bp.legend, paper, dpi=dpi)[1])
    return bp.sheet, pages
