"""Draws the art of tests/data/games/designer: the designer's own map and box-board pictures.

Run by hand (`python tests/data/make_designer_art.py`); the PNGs are committed.  The map is a
10 × 8 flat-topped hex grid drawn at the calibration game.json gives (origin, hex size), with
its own terrain, town names and hex numbers, as a designer's art would have them; the box
board draws three boxes where the boxes' layouts put them.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).parent / "games" / "designer"
FONT = Path(__file__).parents[2] / "converter" / "render" / "fonts"


def _font(size: int) -> ImageFont.FreeTypeFont:
    fonts = sorted(FONT.glob("*.ttf"))
    return ImageFont.truetype(str(fonts[0]), size) if fonts else ImageFont.load_default()


def _map(game: dict) -> None:
    board = next(b for b in game["boards"] if b["id"] == "main")
    img = board["image"]
    w, h = img["hex_width_px"], img["hex_height_px"]
    ox, oy = img["origin"]
    terrain = {x["id"]: x for x in game["terrain"]}
    hexes = {x["id"]: x for x in board["hexes"]}
    picture = Image.new("RGB", (800, 600), (205, 214, 170))
    draw = ImageDraw.Draw(picture)
    small, big = _font(11), _font(15)
    for col in range(1, 11):
        for row in range(1, 9):
            hid = f"{col:02d}{row:02d}"
            x = ox + (col - 1) * 0.75 * w
            y = oy + (row - 1) * h + (h / 2 if col % 2 == 0 else 0)
            corners = [(x + w / 2 * math.cos(math.radians(a)), y + w / 2 * math.sin(math.radians(a)))
                       for a in range(0, 360, 60)]
            fill = terrain[hexes[hid]["terrain"][0]]["color"] if hid in hexes and hexes[hid].get("terrain") else "#cdd6aa"
            draw.polygon(corners, fill=fill, outline=(90, 90, 70))
            draw.text((x, y - h * 0.36), hid, font=small, fill=(60, 60, 50), anchor="mm")
            name = hexes.get(hid, {}).get("name")
            if name:
                draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=(30, 30, 30))
                draw.text((x, y + h * 0.25), name, font=small, fill=(20, 20, 20), anchor="mm")
    draw.text((790, 590), "Il Piave — mappa del designer", font=big, fill=(60, 40, 20), anchor="rd")
    picture.save(HERE / "map.png", optimize=True)


def _boxes(game: dict) -> None:
    board = next(b for b in game["boards"] if b["id"] == "boxes")
    size = (640, 240)
    picture = Image.new("RGB", size, (232, 222, 196))
    draw = ImageDraw.Draw(picture)
    big = _font(16)
    for space in board["spaces"]:
        lay = space["layout"]
        bw, bh = lay["w"] * size[0], lay["h"] * size[1]
        cx, cy = lay["x"] * size[0], lay["y"] * size[1]
        draw.rectangle((cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2), fill=(245, 240, 225), outline=(80, 50, 30), width=3)
        draw.text((cx, cy - bh / 2 + 14), space["name"], font=big, fill=(80, 50, 30), anchor="mm")
    picture.save(HERE / "boxes.png", optimize=True)


if __name__ == "__main__":
    data = json.loads((HERE / "game.json").read_text(encoding="utf-8"))
    _map(data)
    _boxes(data)
