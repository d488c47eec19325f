"""The Longest Day's counters print their strength in Nimbus Sans L Condensed ('(2)', 14 px,
centred at x = 41 of a 50 px counter).  vconv draws it in DejaVu Sans, far wider, and 767 of
the module's 18,546 lines of counter text ran past the counter's edge ('(2)' cut by the
border).  A line is now set as wide as the designer's font sets it (Helvetica's narrow cut),
and no line runs past the picture's edge, whatever its font: it is squeezed from its anchor."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from converter.pictures import decoded
from converter.render.text import FONT_DIR

ZOOM = 10  # the 50 px counter drawn at 500 px


def drawn(tmp_path: Path, texts: str, band: tuple[int, int]) -> Image.Image:
    """The counter's ink (255) between heights *band*."""
    (tmp_path / "counter.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50">' + texts + "</svg>")
    picture = decoded(tmp_path / "counter.svg", "L", cover=(50 * ZOOM, 50 * ZOOM))
    strip = picture.crop((0, band[0] * ZOOM, picture.width, band[1] * ZOOM))
    return strip.point(lambda v: 255 if v < 128 else 0)


def ink(tmp_path: Path, texts: str, band: tuple[int, int] = (0, 50)) -> tuple[float, float]:
    """The left and right edge, in the counter's px, of the ink between heights *band*."""
    box = drawn(tmp_path, texts, band).getbbox()
    assert box is not None
    return box[0] / ZOOM, box[2] / ZOOM


def glyphs(tmp_path: Path, texts: str, band: tuple[int, int]) -> int:
    """How many separate marks the ink makes across (a glyph past the edge makes none)."""
    strip = drawn(tmp_path, texts, band)
    row = strip.resize((strip.width, 1), Image.Resampling.BOX)
    columns = [row.getpixel((x, 0)) for x in range(row.width)]
    inked = [isinstance(value, int) and value > 0 for value in columns]
    return sum(1 for i, on in enumerate(inked) if on and (i == 0 or not inked[i - 1]))


def line(inner: str, family: str, *, x: float = 41, anchor: str = "middle", size: int = 14,
         weight: str = "normal") -> str:
    return (f'<text style="font-size:{size}px;font-weight:{weight};font-stretch:normal;'
            f'text-anchor:{anchor};font-family:{family}" x="{x}" y="15">{inner}</text>')


def test_a_strength_in_a_condensed_font_prints_as_narrow_as_designed(tmp_path: Path) -> None:
    left, right = ink(tmp_path, line("(2)", "Nimbus Sans L Condensed"))
    # Helvetica's narrow cut sets '(2)' 14.0 px wide round x = 41: 34 .. 48
    assert right < 48.6 and left > 33.4, (left, right)
    wide_left, wide_right = ink(tmp_path, line("(2)", "Nimbus Sans L"))
    assert right - left < 0.9 * (wide_right - wide_left)  # narrower than the full cut


@pytest.mark.parametrize("text", [
    line("(12)", "Nimbus Sans L Condensed"),  # past the edge in the designer's font too
    line("1234", "Georgia", x=30, anchor="start"),  # a font vconv has no width for
    line("1234", "Georgia", x=20, anchor="end"),
    '<text style="font-size:14px;text-anchor:middle;font-family:Nimbus Sans L Condensed" x="0" '
    'y="0"><tspan x="41" y="15">(15)</tspan><tspan x="41" y="30">5</tspan></text>',
    '<g transform="translate(10,0)">' + line("1234", "Georgia", x=20, anchor="start") + "</g>",
])
def test_no_text_runs_past_the_counters_edge(tmp_path: Path, text: str) -> None:
    left, right = ink(tmp_path, text, band=(0, 18))
    assert left > 0.3 and right < 49.7, (left, right)
    assert glyphs(tmp_path, text, band=(0, 18)) == 4  # every glyph on the counter


def dejavu_ink(text: str, size: int, face: str = "DejaVuSans.ttf", turn: float = 0) -> float:
    """How wide *text* in DejaVu Sans inks, as FreeType sets it unsqueezed (turned by *turn*
    degrees, as wide as its turned ink), in the counter's px."""
    font = ImageFont.truetype(str(FONT_DIR / face), size * ZOOM)
    page = Image.new("L", (size * ZOOM * (len(text) + 2), size * ZOOM * 3))
    ImageDraw.Draw(page).text((size * ZOOM, size * ZOOM), text, font=font, fill=255)
    box = page.rotate(turn, resample=Image.Resampling.BILINEAR, expand=True).point(
        lambda v: 255 if v >= 128 else 0).getbbox()
    assert box is not None
    return (box[2] - box[0]) / ZOOM


def test_text_that_fits_keeps_the_width_of_its_face(tmp_path: Path) -> None:
    left, right = ink(tmp_path, line("101", "Georgia", x=25))  # a font without a known width
    assert right - left == pytest.approx(dejavu_ink("101", 14), abs=0.3)


def test_rotated_text_is_left_as_drawn(tmp_path: Path) -> None:
    """A label turned by a rotation (The Longest Day's 'INTERDICT'): where its ends fall is
    not measured, so it is not squeezed."""
    turned = ('<text style="font-size:8px;font-weight:bold;text-anchor:middle;font-family:'
              'Georgia" x="25" y="29" transform="rotate(-45,25,25)">INTERDICT</text>')
    left, right = ink(tmp_path, turned)
    assert right - left == pytest.approx(dejavu_ink("INTERDICT", 8, "DejaVuSans-Bold.ttf", 45),
                                         abs=0.4)
