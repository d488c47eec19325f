"""Text of a counter or display SVG set in Arial, Helvetica or Nimbus Sans L (The Longest
Day's displays): vconv draws it in its own DejaVu Sans, a tenth wider, so a label that filled
its box in the designer's font ran past it.  Such text is now set in DejaVu Sans condensed,
as wide as the font the SVG names; text in another font keeps DejaVu Sans's width."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.pictures import decoded

LABEL = "Weather Modifier Chart"


def ink_width(tmp_path: Path, text: str) -> int:
    (tmp_path / "label.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="40">' + text + "</svg>")
    picture = decoded(tmp_path / "label.svg", "L")
    box = picture.point(lambda v: 255 if v < 128 else 0).getbbox()
    assert box is not None
    return box[2] - box[0]


def text(style: str = "", family: str | None = None, inner: str = LABEL) -> str:
    own = f' font-family="{family}"' if family is not None else ""
    return f'<text x="2" y="30" font-size="20"{own} style="{style}">{inner}</text>'


@pytest.mark.parametrize("svg", [
    text(family="Arial"),
    text("font-family:'Nimbus Sans L';font-stretch:normal"),  # as Inkscape writes it
    text(family="Helvetica, Arial, sans-serif"),
    '<g style="font-family:Nimbus Sans L">' + text("font-stretch:normal") + "</g>",
])
def test_text_in_a_helvetica_wide_font_is_set_condensed(tmp_path: Path, svg: str) -> None:
    wide = ink_width(tmp_path, text(family="DejaVu Sans"))
    assert ink_width(tmp_path, svg) < 0.93 * wide


@pytest.mark.parametrize("svg", [
    text(family="Georgia"),
    text("font-family:Arial;font-stretch:expanded"),  # a width the SVG asks for
])
def test_other_fonts_and_asked_widths_keep_their_width(tmp_path: Path, svg: str) -> None:
    assert ink_width(tmp_path, svg) >= ink_width(tmp_path, text(family="DejaVu Sans"))
