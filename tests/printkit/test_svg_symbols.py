"""Counters drawn as SVGs that take their shapes from another SVG of the module, as The
Longest Day's do (`<use xlink:href="symbols.svg#s" style="fill:#b5be22"/>` for the unit's
coloured box, `symbols.svg#inf` for its symbol): VASSAL's Batik resolves the name beside the
picture inside the module, and vconv dropped every such reference, so those counters printed
with neither colour nor symbol.  Only a file of the picture's folder (or one below it,
test_svg_references.py) is followed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image

from converter.cli import main
from converter.pictures import decoded
from converter.svgpictures import NEIGHBOUR_FILES
from converter.vassal import sequence
from converter.vassal.traits import Layer
from converter.vassal.traits.piece import decode_piece
from tests.check.conftest import BUILDFILE, IMAGES, UNIT, png, write_module

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
       'width="50" height="50">')
GREEN, RED = (40, 170, 60), (220, 30, 30)
SYMBOLS = ('<?xml version="1.0"?>' + SVG.replace(' width="50" height="50"', "") +
           '<defs><linearGradient id="g"><stop offset="0" stop-color="#dc1e1e"/>'
           '</linearGradient>'
           '<rect id="s" width="50" height="50" style="stroke:black;stroke-width:1"/>'
           '<rect id="inf" x="-8" y="0" width="16" height="9" style="fill:url(#g)"/>'
           '<use id="twice" xlink:href="#inf"/></defs></svg>')


def counter(href_box: str = "symbols.svg#s", href_symbol: str = "symbols.svg#twice") -> str:
    return (SVG + f'<use x="0" y="0" style="fill:#28aa3c" xlink:href="{href_box}"/>'
            f'<use x="25" y="20" xlink:href="{href_symbol}"/></svg>')


def test_a_counter_takes_its_box_and_symbol_from_the_svg_beside_it(tmp_path: Path) -> None:
    (tmp_path / "symbols.svg").write_text(SYMBOLS)
    (tmp_path / "unit.svg").write_text(counter())
    picture = decoded(tmp_path / "unit.svg", "RGB", scale=2)
    assert picture.getpixel((20, 80)) == GREEN  # the box, in the counter's own colour
    assert picture.getpixel((50, 48)) == RED  # the symbol, its gradient and its inner <use>


@pytest.mark.parametrize("href", ["../symbols.svg#s", "sub/symbols.svg#s", "{abs}#s",
                                  "file://{abs}#s", "link.svg#s", "fifo.svg#s",
                                  "symbols.svg#nothere"])
def test_only_a_file_of_the_pictures_folder_is_followed(tmp_path: Path, href: str) -> None:
    """A path out of the folder, a folder that is not there, a link (here one leading out of
    the folder), a FIFO, a shape the file lacks:
    the counter is drawn without that shape, and nothing outside its folder is read."""
    outside = tmp_path / "outside"
    (outside / "sub").mkdir(parents=True)
    for folder in (tmp_path, outside, outside / "sub"):
        (folder / "symbols.svg").write_text(SYMBOLS)
    folder = outside / "sub"
    (folder / "symbols.svg").unlink()
    (folder / "link.svg").symlink_to(tmp_path / "symbols.svg")
    os.mkfifo(folder / "fifo.svg")
    (folder / "unit.svg").write_text(counter(href.format(abs=tmp_path / "symbols.svg"),
                                             "none.svg#inf"))
    picture = decoded(folder / "unit.svg", "RGB", scale=2)
    assert picture.getpixel((20, 80)) == (255, 255, 255)  # no box: the paper


def test_no_more_than_the_bound_of_other_files(tmp_path: Path) -> None:
    uses = "".join(f'<use x="{k}" y="0" xlink:href="s{k}.svg#s"/>' for k in range(48))
    for k in range(48):
        (tmp_path / f"s{k}.svg").write_text(SYMBOLS.replace(
            'width="50" height="50" style="stroke:black;stroke-width:1"', 'width="1" height="50"'))
    (tmp_path / "unit.svg").write_text(SVG + '<g style="fill:#28aa3c">' + uses + "</g></svg>")
    picture = decoded(tmp_path / "unit.svg", "RGB")
    drawn = [x for x in range(48) if picture.getpixel((x, 25)) != (255, 255, 255)]
    assert drawn == list(range(NEIGHBOUR_FILES))


def test_the_printed_counter_sheet_shows_the_shapes(tmp_path: Path) -> None:
    """A module whose counter pictures draw from images/symbols.svg, imported and printed."""
    text = BUILDFILE.replace("front.png,back.png", "front.svg,back.svg").replace(
        "piece;;;front.png;", "piece;;;front.svg;")
    images = {n: png(*s) for n, s in IMAGES.items() if n not in ("front.png", "back.png")}
    images.update({"symbols.svg": SYMBOLS.encode(), "front.svg": counter().encode(),
                   "back.svg": counter().replace("#28aa3c", "#dc1e1e").encode()})
    module = write_module(tmp_path / "m.vmod", text, images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "-q"]) == 0
    assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / "kit"), "--dpi", "100",
                 "--png", "--quiet"]) == 0
    fronts = sorted((tmp_path / "kit").glob("*counters*.png"))[0]
    with Image.open(fronts) as page:
        colours = {colour for _count, colour in page.convert("RGB").getcolors(1 << 20) or []}
    assert GREEN in colours, sorted(colours)[:20]


def test_a_counter_in_a_subfolder_keeps_the_svg_beside_it(tmp_path: Path) -> None:
    """Pictures in a subfolder of images/ were copied flat (images/counters_front.svg), away
    from the symbols.svg beside them in the module: the print drew the counters without their
    shapes, or with those of another symbols.svg at the top of images/.  The folder is kept."""
    _, _, type_text, state_text = sequence.split(UNIT.format(gpid=1), "/")
    unit = decode_piece(type_text, state_text)  # the names written as VASSAL writes them
    unit.basic.image = "counters/front.svg"
    step = unit.trait(Layer)
    assert step is not None
    step.images = ["counters/front.svg", "counters/back.svg"]
    text = BUILDFILE.replace(UNIT.format(gpid=1), unit.add_piece_text())
    images = {n: png(*s) for n, s in IMAGES.items() if n not in ("front.png", "back.png")}
    decoy = SYMBOLS.replace("#dc1e1e", "#1e3cdc").replace(
        "stroke:black", "stroke:black;fill:#1e3cdc")
    images.update({"counters/symbols.svg": SYMBOLS.encode(), "symbols.svg": decoy.encode(),
                   "counters/front.svg": counter().encode(),
                   "counters/back.svg": counter().replace("#28aa3c", "#dc1e1e").encode()})
    module = write_module(tmp_path / "m.vmod", text, images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "-q"]) == 0
    assert (tmp_path / "game" / "images" / "counters" / "symbols.svg").read_text() == SYMBOLS
    assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / "kit"), "--dpi", "100",
                 "--png", "--quiet"]) == 0
    fronts = sorted((tmp_path / "kit").glob("*counters*.png"))[0]
    with Image.open(fronts) as page:
        colours = {colour for _count, colour in page.convert("RGB").getcolors(1 << 20) or []}
    assert GREEN in colours and RED in colours, sorted(colours)[:20]
    assert (30, 60, 220) not in colours  # not the other symbols.svg's
