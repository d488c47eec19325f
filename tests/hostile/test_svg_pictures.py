"""SVG pictures are drawn by resvg, which on its own reads any file an <image> names by path
and aborts the process on a canvas it cannot allocate: what a hostile SVG gets."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from converter.pictures import ImageTooLarge, UnreadablePicture, decoded, picture_size

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '


def secret_png(path: Path) -> Path:
    Image.new("RGB", (20, 20), (255, 0, 0)).save(path)
    return path


@pytest.mark.parametrize("href", ["file://{p}", "{p}", "secret.png", "http://127.0.0.1:9/s.png"])
def test_an_svg_naming_a_file_outside_it_is_drawn_without_reading_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, href: str) -> None:
    secret = secret_png(tmp_path / "secret.png")
    monkeypatch.chdir(tmp_path)  # 'secret.png' names a file of the working directory,
    (tmp_path / "images").mkdir()  # not of the picture's own folder
    svg = tmp_path / "images" / "counter.svg"
    svg.write_text(SVG + 'width="20" height="20"><rect width="20" height="20" fill="#0000ff"/>'
                   f'<image width="20" height="20" xlink:href="{href.format(p=secret)}"/>'
                   f'<image width="20" height="20" href="{href.format(p=secret)}"/></svg>')
    picture = decoded(svg, "RGB")
    assert picture.getpixel((10, 10)) == (0, 0, 255)  # the SVG's own blue, no red from the file


def test_an_svg_picture_embedded_as_data_is_drawn(tmp_path: Path) -> None:
    """Paths of Glory's card art is a PNG in a data: URL written 'data:img/png'."""
    import base64
    out = io.BytesIO()
    Image.new("RGB", (20, 20), (0, 200, 0)).save(out, "PNG")
    data = base64.b64encode(out.getvalue()).decode()
    svg = tmp_path / "card.svg"
    svg.write_text(SVG + 'width="20" height="20">'
                   f'<image width="20" height="20" xlink:href="data:img/png;base64,{data}"/></svg>')
    assert decoded(svg, "RGB").getpixel((10, 10)) == (0, 200, 0)


@pytest.mark.parametrize("levels", [9, 1])
def test_a_billion_laughs_svg_is_refused_naming_it(tmp_path: Path, levels: int) -> None:
    """Nine levels: a billion 'lol's (libxml2 stops the expansion); one level: ten."""
    entities = "".join(f'<!ENTITY lol{i} "{("&lol%d;" % (i - 1)) * 10}">'
                       for i in range(1, levels + 1))
    svg = tmp_path / "laughs.svg"
    svg.write_text(f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol0 "lol">{entities}]>'
                   + SVG + f'width="10" height="10"><text y="5">&lol{levels};</text></svg>')
    with pytest.raises(UnreadablePicture) as raised:
        decoded(svg, "RGB")
    assert str(raised.value) == (f"{svg}: not a readable picture (the SVG declares XML "
                                 "entities, which vconv does not expand)")


@pytest.mark.parametrize("size", ['width="1000000" height="1000000"',
                                  'viewBox="0 0 1e9 1e9"', 'width="300in" height="300in"',
                                  'width="1e308" height="50"'])
def test_an_svg_declaring_absurd_pixels_is_refused_before_drawing(tmp_path: Path,
                                                                  size: str) -> None:
    svg = tmp_path / "board.svg"
    svg.write_text(SVG + size + "/>")
    for read in (lambda: picture_size(svg), lambda: decoded(svg, "RGB")):
        with pytest.raises(ImageTooLarge) as raised:
            read()
        message = str(raised.value)
        assert str(svg) in message and "pixels" in message
        assert len(message) < len(str(svg)) + 200  # a side of 309 digits is said in short


def test_an_svg_drawn_at_a_scale_is_refused_past_the_limit(tmp_path: Path) -> None:
    svg = tmp_path / "card.svg"
    svg.write_text(SVG + 'width="375" height="525"/>')
    assert decoded(svg, "RGB", scale=2).size == (750, 1050)
    with pytest.raises(ImageTooLarge):
        decoded(svg, "RGB", scale=100)


@pytest.mark.parametrize("text", ['<svg xmlns="http://www.w3.org/2000/svg" width="10"',
                                  '<html><body/></html>',
                                  SVG + 'width="ten" height="10"/>'])
def test_a_broken_svg_is_an_unreadable_picture(tmp_path: Path, text: str) -> None:
    svg = tmp_path / "broken.svg"
    svg.write_text(text)
    with pytest.raises(UnreadablePicture) as raised:
        picture_size(svg)
    assert str(raised.value).startswith(f"{svg}: not a readable picture (")


def test_an_svg_board_is_drawn_on_white_where_it_draws_nothing(tmp_path: Path) -> None:
    """The Longest Day's displays are lines and text on a transparent canvas: read as RGB the
    canvas was black, and the display pages printed black."""
    svg = tmp_path / "display.svg"
    svg.write_text(SVG + 'width="40" height="20"><rect width="20" height="20" fill="#0000ff"/>'
                   "</svg>")
    board = decoded(svg, "RGB")
    assert (board.getpixel((10, 10)), board.getpixel((30, 10))) == ((0, 0, 255), (255, 255, 255))


def test_an_svg_past_the_bytes_vconv_reads_is_refused_naming_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("converter.pictures.SVG_BYTES", 1000)
    svg = tmp_path / "padded.svg"
    svg.write_text(SVG + 'width="10" height="10">' + "<g/>" * 300 + "</svg>")
    with pytest.raises(UnreadablePicture) as raised:
        picture_size(svg)
    assert str(raised.value) == (f"{svg}: not a readable picture (an SVG over 1,000 bytes, "
                                 "more than vconv reads)")


def test_a_picture_from_an_archive_past_the_svg_bound_is_no_svg(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The SVG bound is for SVGs: a large PNG read from a module (bytes) was refused as 'an SVG
    over … bytes'."""
    monkeypatch.setattr("converter.pictures.SVG_BYTES", 1000)
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 10, 10)).save(out, "PNG")
    assert picture_size(out.getvalue() + b"\0" * 2000, "map.png") == (40, 30)
