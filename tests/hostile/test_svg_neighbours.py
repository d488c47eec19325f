"""The Longest Day's counters draw their coloured box and unit symbol with
``<use xlink:href="symbols.svg#s"/>``, a reference into another SVG of the module, as VASSAL
(Batik) draws it.  vconv follows such a reference to an SVG of the same folder, by bare name
only, bounded; anything else stays dropped.  And an SVG whose drawing would never end (a
million elements, <use> of <use> of ...) is refused before resvg starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.pictures import UnreadablePicture, decoded

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
SYMBOLS = (SVG + '><defs><linearGradient id="g"><stop offset="0" stop-color="#ff0000"/>'
           '<stop offset="1" stop-color="#ff0000"/></linearGradient>'
           '<rect id="s" width="49" height="49" style="stroke:black"/>'
           '<rect id="red" width="49" height="49" fill="url(#g)"/>'
           '<g id="both"><use xlink:href="#s"/><rect x="20" y="20" width="9" height="9" '
           'fill="#0000ff"/></g></defs></svg>')


def counter(folder: Path, href: str, name: str = "0004.svg") -> Path:
    """A counter as The Longest Day writes it: the box's colour on the <use>, text on top."""
    path = folder / name
    path.write_text(SVG + 'width="50" height="50"><g>'
                    f'<use x="0" y="0" style="fill:#bed2c1" xlink:href="{href}"/>'
                    '<text x="25" y="45" font-size="10">10ss</text></g></svg>')
    return path


def test_a_counter_using_a_symbol_of_another_svg_of_its_folder_gets_its_colour(
        tmp_path: Path) -> None:
    (tmp_path / "symbols.svg").write_text(SYMBOLS)
    picture = decoded(counter(tmp_path, "symbols.svg#s"), "RGB")
    assert picture.getpixel((10, 20)) == (190, 210, 193)  # the box, in the counter's colour


@pytest.mark.parametrize("symbol, at, colour", [("red", (10, 20), (255, 0, 0)),
                                                ("both", (24, 24), (0, 0, 255)),
                                                ("both", (10, 20), (190, 210, 193))])
def test_what_the_used_symbol_refers_to_inside_its_own_file_comes_along(
        tmp_path: Path, symbol: str, at: tuple[int, int], colour: tuple[int, int, int]) -> None:
    """A gradient (url(#g)) or a <use> of the file's own #s inside the used group."""
    (tmp_path / "symbols.svg").write_text(SYMBOLS)
    assert decoded(counter(tmp_path, f"symbols.svg#{symbol}"), "RGB").getpixel(at) == colour


@pytest.mark.parametrize("href", ["../outside/symbols.svg#s", "{outside}/symbols.svg#s",
                                  "file://{outside}/symbols.svg#s", "symbols.svg#missing",
                                  "http://127.0.0.1:9/symbols.svg#s"])
def test_a_symbol_outside_the_folder_or_missing_stays_undrawn(tmp_path: Path,
                                                              href: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "symbols.svg").write_text(SYMBOLS)
    folder = tmp_path / "images"
    folder.mkdir()
    path = counter(folder, href.format(outside=outside))
    assert decoded(path, "RGB").getpixel((10, 20)) == (255, 255, 255)  # paper


def test_svgs_using_each_other_in_a_cycle_draw_what_they_can(tmp_path: Path) -> None:
    (tmp_path / "a.svg").write_text(SVG + '><g id="a"><use xlink:href="b.svg#b"/>'
                                    '<rect width="49" height="49"/></g></svg>')
    (tmp_path / "b.svg").write_text(SVG + '><g id="b"><use xlink:href="a.svg#a"/></g></svg>')
    picture = decoded(counter(tmp_path, "a.svg#a"), "RGB")
    assert picture.getpixel((10, 20)) == (190, 210, 193)


def test_a_used_svg_declaring_entities_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "symbols.svg").write_text(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY e "x">]>' + SYMBOLS)
    path = counter(tmp_path, "symbols.svg#s")
    with pytest.raises(UnreadablePicture) as raised:
        decoded(path, "RGB")
    assert str(raised.value) == (f"{path}: not a readable picture (symbols.svg, which it draws "
                                 "from: the SVG declares XML entities, which vconv does not "
                                 "expand)")


def test_a_chain_of_used_svgs_stops_at_its_depth(tmp_path: Path) -> None:
    """Each file uses the next; the last draws the box: too far down, it stays undrawn."""
    for depth in range(12):
        (tmp_path / f"s{depth}.svg").write_text(
            SVG + f'><g id="s"><use xlink:href="s{depth + 1}.svg#s"/></g></svg>')
    (tmp_path / "s12.svg").write_text(SYMBOLS)
    assert decoded(counter(tmp_path, "s0.svg#s"), "RGB").getpixel((10, 20)) == (255, 255, 255)
    assert decoded(counter(tmp_path, "s9.svg#s"), "RGB").getpixel((10, 20)) == (190, 210, 193)


@pytest.mark.parametrize("body", [
    "<g>" + "<rect/>" * 1_000_000 + "</g>",
    '<defs><rect id="l0" width="1" height="1"/>' + "".join(
        f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 10))
    + '</defs><use xlink:href="#l9"/>',
    "<defs>" + "".join(f'<g id="n{i}"><use xlink:href="#n{i + 1}"/></g>' for i in range(5000))
    + '<rect id="n5000"/></defs><use xlink:href="#n0"/>'])
def test_an_svg_that_would_draw_without_end_is_refused_at_once(tmp_path: Path,
                                                               body: str) -> None:
    """A million rectangles; a billion through nine levels of ten <use>s; 5000 nested <use>s."""
    path = tmp_path / "hostile.svg"
    path.write_text(SVG + 'width="10" height="10">' + body + "</svg>")
    with pytest.raises(UnreadablePicture) as raised:
        decoded(path, "RGB")
    assert str(raised.value).startswith(f"{path}: not a readable picture (the SVG ")
    assert "more than vconv draws" in str(raised.value)
