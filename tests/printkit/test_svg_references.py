"""Counter SVGs that take more than a `<use>` from the files beside them, as VASSAL's Batik
draws them inside the module: a paint (`fill="url(paint.svg#grad)"`, in a style too), a
picture (`<image href="badge.svg">`, `<image href="art/flag.png">`) and files in a folder below
the picture's (`parts/symbols.svg#s`, which `vconv import` keeps as `parts_symbols.svg`).
vconv dropped them all, so such counters printed white.  Nothing outside the picture's
folder is read, never through a link, and what is drawn stays bounded."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from converter.cli import main
from converter.pictures import UnreadablePicture, decoded
from converter.svgpictures import DRAWN_ELEMENTS
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
       'width="60" height="60">')
BLUE, ORANGE, PURPLE = (20, 60, 200), (240, 140, 10), (130, 20, 150)
RED, GREEN = (200, 30, 30), (30, 150, 50)
PAINT = ('<svg xmlns="http://www.w3.org/2000/svg"><defs>'
         '<linearGradient id="grad"><stop offset="0" stop-color="#143cc8"/>'
         '<stop offset="1" stop-color="#143cc8"/></linearGradient>'
         '<pattern id="dots" width="4" height="4" patternUnits="userSpaceOnUse">'
         '<rect width="4" height="4" fill="#f08c0a"/></pattern></defs></svg>')
BADGE = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
         'width="20" height="20"><use xlink:href="symbols.svg#box"/></svg>')
SYMBOLS = ('<svg xmlns="http://www.w3.org/2000/svg"><defs>'
           '<rect id="box" width="20" height="20" fill="#821496"/></defs></svg>')
PARTS = SYMBOLS.replace("#821496", "#1e9632")  # parts/symbols.svg: green


def flag() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (20, 20), RED).save(out, "PNG")
    return out.getvalue()


def counter(paint: str = "paint.svg", badge: str = "badge.svg", art: str = "art/flag.png",
            symbols: str = "parts/symbols.svg") -> str:
    """Four quarters: a gradient fill, a pattern fill in a style, a picture of an SVG that
    uses its own neighbour, a PNG in a folder below; and a <use> of a file in that folder."""
    return (SVG + f'<rect width="30" height="30" fill="url({paint}#grad)"/>'
            f'<rect x="30" width="30" height="30" style="stroke:none;fill:url(\'{paint}#dots\')"/>'
            f'<image y="30" width="20" height="20" xlink:href="{badge}"/>'
            f'<image x="30" y="30" width="20" height="20" href="{art}"/>'
            f'<use x="40" y="50" xlink:href="{symbols}#box"/></svg>')


def beside(folder: Path) -> None:
    (folder / "art").mkdir(parents=True, exist_ok=True)
    (folder / "parts").mkdir(exist_ok=True)
    (folder / "paint.svg").write_text(PAINT)
    (folder / "badge.svg").write_text(BADGE)
    (folder / "symbols.svg").write_text(SYMBOLS)
    (folder / "parts" / "symbols.svg").write_text(PARTS)
    (folder / "art" / "flag.png").write_bytes(flag())


def test_paints_pictures_and_a_subfolder_beside_the_counter_are_drawn(tmp_path: Path) -> None:
    beside(tmp_path)
    (tmp_path / "unit.svg").write_text(counter())
    picture = decoded(tmp_path / "unit.svg", "RGB")
    assert picture.getpixel((10, 10)) == BLUE  # url(paint.svg#grad)
    assert picture.getpixel((45, 10)) == ORANGE  # style="fill:url('paint.svg#dots')"
    assert picture.getpixel((10, 40)) == PURPLE  # <image href="badge.svg">, its own <use>
    assert picture.getpixel((35, 35)) == RED  # <image href="art/flag.png">
    assert picture.getpixel((50, 55)) == GREEN  # <use href="parts/symbols.svg#box">


def test_an_svg_in_a_subfolder_resolves_names_from_its_own_folder(tmp_path: Path) -> None:
    """badge.svg in parts/ uses 'symbols.svg#box': parts/symbols.svg (green), as Batik
    resolves it, not the picture's own symbols.svg (purple)."""
    (tmp_path / "symbols.svg").write_text(SYMBOLS)
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "badge.svg").write_text(BADGE)
    (tmp_path / "parts" / "symbols.svg").write_text(PARTS)
    (tmp_path / "unit.svg").write_text(SVG + '<image width="20" height="20" '
                                       'href="parts/badge.svg"/></svg>')
    assert decoded(tmp_path / "unit.svg", "RGB").getpixel((10, 10)) == GREEN


@pytest.mark.parametrize("where", ["../paint.svg", "{abs}", "file://{abs}", "link/paint.svg",
                                   "http://127.0.0.1:9/paint.svg", "paint.svg#"])
def test_nothing_outside_the_folder_nor_through_a_link_is_read(tmp_path: Path, where: str) -> None:
    """The paint outside the picture's folder, or reached through a linked folder leading
    out of it: the square is left unpainted (paper), as is an empty fragment."""
    outside = tmp_path / "outside"
    folder = outside / "images"
    folder.mkdir(parents=True)
    beside(outside)
    (folder / "link").symlink_to(outside, target_is_directory=True)
    href = where.format(abs=outside / "paint.svg")
    (folder / "unit.svg").write_text(counter(paint=href.removesuffix("#")))
    picture = decoded(folder / "unit.svg", "RGB")
    assert picture.getpixel((10, 10)) == (255, 255, 255)


def test_a_picture_repeating_a_large_svg_is_refused_by_what_it_draws(tmp_path: Path) -> None:
    """4,000 <image>s of one SVG of 100 shapes draw 400,000: refused, as a <use> would be."""
    (tmp_path / "heavy.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        + '<rect width="1" height="1"/>' * 100 + "</svg>")
    images = '<image width="10" height="10" href="heavy.svg"/>' * (DRAWN_ELEMENTS // 50)
    (tmp_path / "unit.svg").write_text(SVG + images + "</svg>")
    with pytest.raises(UnreadablePicture, match="draws over"):
        decoded(tmp_path / "unit.svg", "RGB")


def test_the_printed_counter_sheet_shows_paint_picture_and_subfolder(tmp_path: Path) -> None:
    """A module whose counter pictures draw from images/paint.svg, images/badge.svg and
    images/parts/symbols.svg, imported and printed: their colours are on the sheet."""
    text = BUILDFILE.replace("front.png,back.png", "front.svg,back.svg").replace(
        "piece;;;front.png;", "piece;;;front.svg;")
    images = {n: png(*s) for n, s in IMAGES.items() if n not in ("front.png", "back.png")}
    images.update({"paint.svg": PAINT.encode(), "badge.svg": BADGE.encode(),
                   "symbols.svg": SYMBOLS.encode(), "parts/symbols.svg": PARTS.encode(),
                   "art/flag.png": flag(), "front.svg": counter().encode(),
                   "back.svg": counter().encode()})
    module = write_module(tmp_path / "m.vmod", text, images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "-q"]) == 0
    assert (tmp_path / "game" / "images" / "parts_symbols.svg").is_file()
    assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / "kit"), "--dpi", "100",
                 "--png", "--quiet"]) == 0
    fronts = sorted((tmp_path / "kit").glob("*counters*.png"))[0]
    with Image.open(fronts) as page:
        colours = {colour for _count, colour in page.convert("RGB").getcolors(1 << 20) or []}
    assert {BLUE, ORANGE, PURPLE, RED, GREEN} <= colours
