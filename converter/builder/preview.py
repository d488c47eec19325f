"""Each board as the module sees it, for checking a calibration by eye: the board's picture (the
designer's own art, or the schematic) with the hex grid and hex ids, the zones and the region
points the module is built with drawn over it.

Everything drawn comes from the same layout ``build_module`` uses, so a hex outline that misses
the art's hex here misses it in VASSAL too.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from converter.atomic import replacing_set
from converter.builder import layout as lay
from converter.builder.images import board_picture, display_image, png, safe_name
from converter.builder.conventions import space_names, track_cell_names
from converter.model.board import Board
from converter.model.game import Game
from converter.render.maps import hex_board_geometry
from converter.render.text import font

GRID = (220, 0, 140, 200)     # hex outlines and ids
ZONE = (0, 90, 220, 255)      # zones (boxes, track cells)
REGION = (0, 150, 60, 255)    # region snap points


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
        for hex_id in grid.all_ids():
            draw.polygon(geo.corners(hex_id), outline=GRID)
            x, y = geo.center(hex_id)
            draw.text((x, y), hex_id, font=small, fill=GRID, anchor="mm")
    names = space_names(board)
    for space_id, rect in layout.boxes.items():
        draw.rectangle((rect.x, rect.y, rect.x + rect.w, rect.y + rect.h), outline=ZONE, width=3)
        draw.text((rect.x + 4, rect.y + 3), names.get(space_id, space_id), font=small, fill=ZONE)
    if not layout.boxes:
        for space_id, (x, y) in layout.space_centres.items():
            draw.line((x - 9, y, x + 9, y), fill=REGION, width=3)
            draw.line((x, y - 9, x, y + 9), fill=REGION, width=3)
            draw.text((x + 11, y + 4), names.get(space_id, space_id), font=small, fill=REGION)
    return Image.alpha_composite(picture, overlay).convert("RGB")


def display_preview(game: Game) -> Image.Image | None:
    """The display board (tracks, event box, deck piles) with its zones drawn over it."""
    layout = lay.display_layout(game)
    if layout is None:
        return None
    import io

    picture = Image.open(io.BytesIO(display_image(game, layout))).convert("RGBA")
    overlay = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    names = track_cell_names(game)
    small = font("condensed", 9)
    for row in layout.tracks:
        for value, rect in row.cells.items():
            draw.rectangle((rect.x, rect.y, rect.x + rect.w, rect.y + rect.h), outline=ZONE, width=2)
            draw.text((rect.x + 3, rect.y + rect.h - 3), names[(row.id, value)], font=small, fill=ZONE, anchor="ld")
    for box in [layout.event_box, *layout.decks.values()]:
        if box is not None:
            draw.rectangle((box.x, box.y, box.x + box.w, box.y + box.h), outline=ZONE, width=3)
    return Image.alpha_composite(picture, overlay).convert("RGB")


def write_previews(game: Game, out_dir: str | Path) -> list[Path]:
    """``<out>/<game>-<board>.png`` for every board (and ``-display`` for the display board),
    switched in together: a board that cannot be drawn leaves the old previews as they were."""
    out = Path(out_dir)
    names = []
    with replacing_set(out, f".{game.id}-preview.files") as staged:
        for board in game.boards or []:
            name = f"{game.id}-{safe_name(board.id)}.png"
            (staged / name).write_bytes(png(board_preview(game, board)))
            names.append(name)
        display = display_preview(game)
        if display is not None:
            (staged / f"{game.id}-display.png").write_bytes(png(display))
            names.append(f"{game.id}-display.png")
    return [out / name for name in names]
