"""A module's counter picture with transparent parts (a round token's corners; Nevsky's GIFs
with a transparent colour) printed those parts in whatever colour the pixels held under
their transparency: black or purple squares on the counter sheet."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from converter.cli import main
from converter.render.counters import counter_background, counter_image
from converter.validate import load_model
from tests.check.conftest import IMAGES, png, write_module


def gif_with_transparent_purple() -> bytes:
    """64 x 64: a red disc on purple, purple being the GIF's transparent colour."""
    from PIL import ImageDraw

    img = Image.new("P", (64, 64), 1)
    img.putpalette([200, 0, 0, 128, 0, 128] + [0] * 762)
    ImageDraw.Draw(img).ellipse((8, 8, 56, 56), fill=0)
    out = io.BytesIO()
    img.save(out, "GIF", transparency=1)
    return out.getvalue()


@pytest.mark.parametrize("face", ["gif", "rgba"])
def test_transparent_parts_of_a_counter_picture_print_in_the_counters_colour(
        tmp_path: Path, face: str) -> None:
    images = {n: png(*s) for n, s in IMAGES.items()}
    if face == "gif":
        images["front.png"] = gif_with_transparent_purple()
    else:
        rgba = Image.new("RGBA", (64, 64), (0, 0, 0, 0))  # black, wholly transparent...
        rgba.paste((200, 0, 0, 255), (16, 16, 48, 48))  # ...but a red square
        buf = io.BytesIO()
        rgba.save(buf, "PNG")
        images["front.png"] = buf.getvalue()
    module = write_module(tmp_path / "m.vmod", images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) == 0
    game = load_model(tmp_path / "game")
    piece = next(p for p in game.pieces or [] if p.faces[0].image)
    art = counter_image(game, piece, dpi=100)
    ground = counter_background(game, piece, 1, "front")
    corner = art.getpixel((art.width // 10, art.height // 10))
    assert corner == ground, (corner, ground)
    middle = art.getpixel((art.width // 2, art.height // 2))
    assert middle[0] > 150 and middle[1] < 60 and middle[2] < 60  # the picture itself
