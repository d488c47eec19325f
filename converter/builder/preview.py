"""Each board as the module sees it, for checking a calibration by eye: the board's picture (the
designer's own art, or the schematic) with the hex grid and hex ids, the zones and the region
points the module is built with drawn over it.

Everything drawn comes from the same layout ``build_module`` uses, so a hex outline that misses
the art's hex here misses it in VASSAL too.

Nothing is printed over a name the picture already shows.  On a schematic (no art of the
designer's) each hex id is printed in magenta exactly over the schematic's own id, so agreeing
ids read as one and a disagreeing one is garbled; a region's point is marked by ticks on its
box's sides (a cross-hair where it falls outside its box), and its name is printed only when
the module's name is not the one its box shows, set clear of every box.  On the designer's art the names go beside their points, clear of each other, on a light ground.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from converter.atomic import replacing_set
from converter.builder import layout as lay
from converter.builder.images import board_picture, display_image, png, safe_name
from converter.builder.conventions import space_names, track_cell_names
from converter.model.board import Board
from converter.model.game import Game
from converter.render.maps import DEFAULT_THEME, hex_board_geometry, space_plan
from converter.render.placement import SpacePlan
from converter.render.text import color, font, put_text, wrap

GRID = (220, 0, 140, 200)     # hex outlines and ids
ZONE = (0, 90, 220, 255)      # zones (boxes, track cells)
REGION = (0, 150, 60, 255)    # region snap points
PLATE = (*color(DEFAULT_THEME["paper"]), 215)  # the light ground under a region's name

Rect = tuple[float, float, float, float]


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_labels(points: list[tuple[float, float]], sizes: list[tuple[float, float]],
                 obstacles: list[Rect], bounds: tuple[int, int]) -> list[Rect]:
    """Where each point's label goes: beside it (right, left, below, above), else at the
    nearest spot round it, covering no obstacle, no label placed before it and staying on
    the picture; where nothing is clear, right of the point."""
    placed: list[Rect] = []
    for (x, y), (w, h) in zip(points, sizes):
        gap = 11.0
        near = [(x + gap, y - h / 2), (x - gap - w, y - h / 2), (x - w / 2, y + gap), (x - w / 2, y - gap - h)]
        rings = [(x - w / 2 + ring * h * dx, y - h / 2 + ring * h * dy)
                 for ring in range(2, 16) for dx, dy in ((1.5, 0), (-1.5, 0), (0, 1), (0, -1), (1.5, 1),
                                                         (-1.5, 1), (1.5, -1), (-1.5, -1))]
        spot = near[0]
        for cx, cy in near + rings:
            r = (cx, cy, cx + w, cy + h)
            if (r[0] >= 0 and r[1] >= 0 and r[2] <= bounds[0] and r[3] <= bounds[1]
                    and not any(_overlaps(r, o) for o in obstacles + placed)):
                spot = (cx, cy)
                break
        placed.append((spot[0], spot[1], spot[0] + w, spot[1] + h))
    return placed


def board_preview(game: Game, board: Board) -> Image.Image:
    """The board's picture with its grid, hex ids, zones and regions laid over it."""
    picture = board_picture(game, board).convert("RGBA")
    scan = board.image is not None and game.resource(board.image.file).is_file()
    overlay = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    small = font("condensed-bold", 11)
    layout = lay.board_layout(board, picture.size if scan else None, game.language)
    grid = board.hex_grid()
    if grid is not None:
        geo = hex_board_geometry(board, lay.HEX_PX, image_size=picture.size if scan else None)
        # on a schematic, over its own id (render.maps.hex_schematic: 0.3 hex above the centre)
        id_font = small if scan else font("regular", max(6, int(lay.HEX_PX * 0.14)))
        for hex_id in grid.all_ids():
            draw.polygon(geo.corners(hex_id), outline=GRID)
            x, y = geo.center(hex_id)
            put_text(draw, (x, y if scan else y - lay.HEX_PX * 0.3), hex_id, font=id_font, fill=GRID, anchor="mm")
    names = space_names(board)
    shown = {s.id: s.name for s in board.spaces or []}
    for space_id, rect in layout.boxes.items():
        draw.rectangle((rect.x, rect.y, rect.x + rect.w, rect.y + rect.h), outline=ZONE, width=3)
        # a schematic's cell prints its own name: the module's is printed only where it
        # differs (a name two cells share, made unique), never over the cell's
        if scan or names.get(space_id, space_id) != shown.get(space_id):
            put_text(draw, (rect.x + 4, rect.y + 3), names.get(space_id, space_id), font=small,
                     fill=ZONE)
    if not layout.boxes:
        labelled = [(sid, xy) for sid, xy in layout.space_centres.items()
                    if scan or names.get(sid, sid) != shown.get(sid)]
        plan = None if scan else space_plan(board, picture.size, language=game.language)
        boxes = {} if plan is None else _space_boxes(plan)
        for sid, (x, y) in layout.space_centres.items():
            _mark_point(draw, (x, y), boxes.get(sid))
        texts = [names.get(sid, sid) for sid, _xy in labelled]
        sizes = [(draw.textlength(text, font=small) + 6, small.size * 1.3 + 2) for text in texts]
        obstacles = [] if plan is None else _schematic_text(plan, list(boxes.values()))
        spots = place_labels([(float(x), float(y)) for _sid, (x, y) in labelled], sizes, obstacles, picture.size)
        for text, (x0, y0, x1, y1) in zip(texts, spots):
            draw.rectangle((x0, y0, x1, y1), fill=PLATE)
            put_text(draw, (x0 + 3, (y0 + y1) / 2), text, font=small, fill=REGION, anchor="lm")
    return Image.alpha_composite(picture, overlay).convert("RGB")


def _mark_point(draw: ImageDraw.ImageDraw, point: tuple[float, float], box: Rect | None) -> None:
    """A cross-hair at a region's point; where the point lies in the box that prints its name,
    four ticks on the box's sides aim at it instead, so the name stays readable."""
    x, y = point
    if box is None or not (box[0] < x < box[2] and box[1] < y < box[3]):
        draw.line((x - 9, y, x + 9, y), fill=REGION, width=3)
        draw.line((x, y - 9, x, y + 9), fill=REGION, width=3)
        return
    x0, y0, x1, y1 = box
    reach = 9
    draw.line((x0 - reach, y, x0 - 1, y), fill=REGION, width=3)
    draw.line((x1 + 1, y, x1 + reach, y), fill=REGION, width=3)
    draw.line((x, y0 - reach, x, y0 - 1), fill=REGION, width=3)
    draw.line((x, y1 + 1, x, y1 + reach), fill=REGION, width=3)


def _space_boxes(plan: SpacePlan) -> dict[str, Rect]:
    """Each space's box on a schematic, by space id (frames round other spaces left out)."""
    return {sid: box for sid, box in plan.boxes.items() if sid not in plan.frames}


def _schematic_text(plan: SpacePlan, boxes: list[Rect]) -> list[Rect]:
    """Where a schematic prints words: each space's box (*boxes*), and the name on each frame."""
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    return boxes + [block.bbox(scratch) for fid in plan.frames for block in plan.labels.get(fid, [])]


def display_preview(game: Game) -> Image.Image | None:
    """The display board (tracks, event box, deck piles) with its zones drawn over it."""
    layout = lay.display_layout(game)
    if layout is None:
        return None
    import io

    picture = Image.open(io.BytesIO(display_image(game, layout))).convert("RGBA")
    overlay = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    for row in layout.tracks:
        for value, rect in row.cells.items():
            draw.rectangle((rect.x, rect.y, rect.x + rect.w, rect.y + rect.h), outline=ZONE, width=2)
    for (lines, fnt, (x0, _y0, _x1, y1)) in cell_labels(game, layout).values():
        for k, text in enumerate(reversed(lines)):
            put_text(draw, (x0, y1 - k * fnt.size * 1.15), text, font=fnt, fill=ZONE, anchor="ld")
    for box in [layout.event_box, *layout.decks.values()]:
        if box is not None:
            draw.rectangle((box.x, box.y, box.x + box.w, box.y + box.h), outline=ZONE, width=3)
    return Image.alpha_composite(picture, overlay).convert("RGB")


def cell_labels(game: Game, layout: lay.DisplayLayout
                ) -> dict[tuple[str, int], tuple[list[str], ImageFont.FreeTypeFont, Rect]]:
    """Each track cell's zone name as the preview prints it: wrapped to the cell's width in
    the room under the cell's own words (at 9 px, else smaller down to 7 px), else the part
    the row's heading does not already say (its label alone); with the box it takes."""
    names = track_cell_names(game)
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    line_h = int(lay.CELL_FONT[1] * 1.25)
    out: dict[tuple[str, int], tuple[list[str], ImageFont.FreeTypeFont, Rect]] = {}
    for row in layout.tracks:
        for value, rect in row.cells.items():
            used = lay.CELL_PAD + (len(row.cell_lines.get(value, [])) + (value in row.numbers)) * line_h
            room_w, room_h = rect.w - 6, rect.h - used - 4
            name = names[(row.id, value)]
            label = name[len(row.name):].strip() if name.startswith(row.name) else name
            chosen = None
            for text in dict.fromkeys([name, label]):
                for px in (9, 8, 7):
                    fnt = font("condensed", px)
                    lines = wrap(scratch, text, fnt, room_w)
                    if len(lines) * fnt.size * 1.15 <= room_h and \
                            all(scratch.textlength(line, font=fnt) <= room_w for line in lines):
                        chosen = (lines, fnt)
                        break
                if chosen is not None:
                    break
            if chosen is None:  # no room under the cell's words: the label at the smallest size
                fnt = font("condensed", 7)
                chosen = ([label], fnt)
            lines, fnt = chosen
            height = len(lines) * fnt.size * 1.15
            bottom = rect.y + rect.h - 3
            wide = max(scratch.textlength(line, font=fnt) for line in lines)
            out[(row.id, value)] = (lines, fnt, (rect.x + 3, bottom - height, rect.x + 3 + wide, bottom))
    return out


# a preview is looked at, not kept: compressed fast (FOF2's 49 previews spent four fifths of
# `vconv preview` at zlib level 6, for files a fifth smaller: 130 MB against 160)
PREVIEW_PNG_LEVEL = 1


def write_previews(game: Game, out_dir: str | Path) -> list[Path]:
    """``<out>/<game>-<board>.png`` for every board that draws anything (and ``-display`` for
    the display board), switched in together: a board that cannot be drawn leaves the old
    previews as they were.  A board with neither picture nor places of its own gets none, as
    it gets no map page (The Longest Day's seven image-less displays were pictures of one box
    in an empty page)."""
    from converter.render.boardcontent import printable

    out = Path(out_dir)
    names = []
    with replacing_set(out, f".{game.id}-preview.files") as staged:
        for board in game.boards or []:
            if not printable(game, board):
                continue
            name = f"{game.id}-{safe_name(board.id)}.png"
            (staged / name).write_bytes(png(board_preview(game, board), PREVIEW_PNG_LEVEL))
            names.append(name)
        display = display_preview(game)
        if display is not None:
            (staged / f"{game.id}-display.png").write_bytes(png(display, PREVIEW_PNG_LEVEL))
            names.append(f"{game.id}-display.png")
    return [out / name for name in names]
