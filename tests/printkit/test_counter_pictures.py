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


def solid(size: tuple[int, int], colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize("size", [(50, 96), (400, 250)])
def test_a_counter_picture_that_is_not_square_keeps_its_proportions(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """The tour's Goblin is 50 x 96 and its hallway tiles 400 x 250: squashed into the square
    counter they printed as a fat goblin and tall tiles.  Fitted, centred, the counter's
    colour on either side."""
    images = {n: png(*s) for n, s in IMAGES.items()}
    images["front.png"] = solid(size, (200, 0, 0))
    module = write_module(tmp_path / "m.vmod", images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) == 0
    game = load_model(tmp_path / "game")
    piece = next(p for p in game.pieces or [] if p.faces[0].image)
    art = counter_image(game, piece, dpi=100)
    red = Image.eval(art.convert("RGB").split()[0], lambda v: 255 if v > 150 else 0)
    reds = [(x, y) for x in range(art.width) for y in range(art.height)
            if red.getpixel((x, y)) and art.getpixel((x, y))[1] < 60]
    width = max(x for x, _ in reds) - min(x for x, _ in reds) + 1
    height = max(y for _, y in reds) - min(y for _, y in reds) + 1
    assert abs(width / height - size[0] / size[1]) < 0.1, (width, height)  # square: 1.0
    assert abs(max(width, height) - art.width) <= 4  # as large as the counter allows (its border over the edge)
    centre = ((max(x for x, _ in reds) + min(x for x, _ in reds)) / 2,
              (max(y for _, y in reds) + min(y for _, y in reds)) / 2)
    assert abs(centre[0] - art.width / 2) <= 1.5 and abs(centre[1] - art.height / 2) <= 1.5


SYMBOLS = ('<svg xmlns="http://www.w3.org/2000/svg"><defs>'
           '<rect id="s" width="49" height="49" style="stroke:black"/></defs></svg>')
LONGEST_DAY_COUNTER = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    'width="50" height="50"><g><use x="0" y="0" style="fill:#bed2c1" '
    'xlink:href="symbols.svg#s"/><text x="25" y="45" font-size="10">10ss</text></g></svg>')


def test_a_counter_drawn_from_a_symbol_of_another_svg_prints_in_its_colour(
        tmp_path: Path) -> None:
    """The Longest Day's 3083 counters are SVGs whose box and unit symbol are <use>s of
    symbols.svg: the sheet showed white counters with black text, VASSAL green ones."""
    images = {n: png(*s) for n, s in IMAGES.items()}
    images["front.png"] = LONGEST_DAY_COUNTER.encode()
    images["symbols.svg"] = SYMBOLS.encode()
    module = write_module(tmp_path / "m.vmod", images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) == 0
    out = tmp_path / "kit"
    assert main(["print", str(tmp_path / "game"), "-o", str(out), "--dpi", "100", "--png",
                 "--quiet"]) == 0
    pages = sorted(out.rglob("*counters*.png"))
    assert pages, sorted(p.name for p in out.rglob("*"))
    with Image.open(pages[0]) as page:
        colours = page.convert("RGB").getcolors(1 << 24) or []
    green = sum(n for n, c in colours if all(abs(a - b) <= 3 for a, b in zip(c, (190, 210, 193))))
    assert green > 2000, green  # a counter's worth of the box's colour on the sheet


def test_a_counter_svg_that_would_draw_without_end_is_named_and_printed_from_its_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A billion rectangles through nine levels of ten <use>s: resvg would draw for hours."""
    uses = "".join(f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * 10 + "</g>"
                   for i in range(1, 10))
    images = {n: png(*s) for n, s in IMAGES.items()}
    images["front.png"] = ('<svg xmlns="http://www.w3.org/2000/svg" '
                           'xmlns:xlink="http://www.w3.org/1999/xlink" width="50" height="50">'
                           f'<defs><rect id="l0" width="1" height="1"/>{uses}</defs>'
                           '<use xlink:href="#l9"/></svg>').encode()
    module = write_module(tmp_path / "m.vmod", images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / "kit"), "--dpi", "72"]) == 0
    out = capsys.readouterr().out
    assert ("note: 1 counter picture cannot be drawn; those counters print from their names: "
            f"{tmp_path / 'game' / 'images' / 'front.png'}: not a readable picture (the SVG "
            "draws over 200,000 elements (counting what each <use> repeats), more than vconv "
            "draws)") in out


def test_an_undrawable_counter_picture_on_two_faces_is_named_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A picture cut short on both sides of the unit (its front and its reduced side, two
    counter faces drawn apart): the note counts one picture and names it once."""
    from tests.check.conftest import BUILDFILE
    text = BUILDFILE.replace("front.png,back.png", "cut.svg,cut.svg").replace(
        "piece;;;front.png;", "piece;;;cut.svg;")
    images = {n: png(*s) for n, s in IMAGES.items()}
    images["cut.svg"] = b'<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><rect'
    module = write_module(tmp_path / "m.vmod", text, images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / "kit"), "--dpi", "72"]) == 0
    note = [line for line in capsys.readouterr().out.splitlines() if "counter picture" in line]
    assert len(note) == 1 and "note: 1 counter picture cannot be drawn;" in note[0], note
    assert note[0].count(f"{tmp_path / 'game' / 'images' / 'cut.svg'}: not a readable") == 1
