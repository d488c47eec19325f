"""Units, colours and text drawing shared by the renderers, with the bundled DejaVu fonts only."""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path
from typing import Any, Protocol

from PIL import ImageColor, ImageDraw, ImageFont

from converter.limits import WRAP_WORD_CHARS

MM_PER_INCH = 25.4
FONT_DIR = Path(__file__).with_name("fonts")
FONTS = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
}

Box = tuple[int, int, int, int]
RGB = tuple[int, int, int]


def mm_to_px(mm: float, dpi: float) -> float:
    return mm * dpi / MM_PER_INCH


def px(mm: float, dpi: float) -> int:
    """Pixels for a length in mm, rounded to the nearest pixel."""
    return int(round(mm * dpi / MM_PER_INCH))


def pt_to_px(points: float, dpi: float) -> int:
    return max(1, int(round(points * dpi / 72.0)))


class Measure(Protocol):
    """What text layout needs of a drawing: the width of a line of text in a font."""

    def textlength(self, text: str, font: ImageFont.FreeTypeFont) -> float: ...


class MeasureOnce:
    """Text widths, each (font, text) measured once: a reference card is laid out twice (to
    size it, then to draw it), and its grids try several font sizes over the same words."""

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self._draw = draw
        self._widths: dict[tuple[str, float, str], float] = {}

    def textlength(self, text: str, font: ImageFont.FreeTypeFont) -> float:
        key = (str(font.path), font.size, text)
        width = self._widths.get(key)
        if width is None:
            width = self._widths[key] = self._draw.textlength(text, font=font)
        return width


@functools.lru_cache(maxsize=256)
def font(style: str, size_px: int) -> ImageFont.FreeTypeFont:
    """A bundled font at a pixel size (cached: loading a TTF costs more than drawing with it)."""
    # the basic layout engine: no dependency on the system's libraqm, same pixels everywhere
    return ImageFont.truetype(str(FONT_DIR / FONTS[style]), max(1, int(size_px)),
                              layout_engine=ImageFont.Layout.BASIC)


def color(value: str | None, default: str = "#ffffff") -> RGB:
    """An RGB triple from '#rrggbb' (or any colour Pillow knows); *default* when absent or bad."""
    for candidate in (value, default):
        if candidate:
            try:
                rgb = ImageColor.getrgb(candidate)
            except ValueError:
                continue
            return (rgb[0], rgb[1], rgb[2])
    return (255, 255, 255)


def luminance(rgb: RGB) -> float:
    r, g, b = rgb
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255.0


def ink_on(background: RGB, override: str | None = None) -> RGB:
    """Black or white text, whichever reads on *background* (or the game's own text colour)."""
    if override:
        return color(override)
    return (0, 0, 0) if luminance(background) > 0.5 else (255, 255, 255)


def one_line(text: str) -> str:
    """*text* with line breaks and other control characters as spaces (one drawable line)."""
    return "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in text)


def put_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, **kwargs: Any) -> None:
    """``draw.text`` of one line: model text may hold newlines or control characters."""
    draw.text(xy, one_line(text), **kwargs)


def fit_font(draw: Measure, text: str, style: str, size_px: int, max_width: float,
             min_px: int = 4) -> ImageFont.FreeTypeFont:
    """The largest font no bigger than *size_px* in which *text* fits *max_width*."""
    text = one_line(text)
    size = max(min_px, size_px)
    fnt = font(style, size)
    while size > min_px:
        if draw.textlength(text, font=fnt) <= max_width:
            break
        size = max(min_px, int(size * 0.9))
        fnt = font(style, size)
    return fnt


def draw_centered(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
                  fnt: ImageFont.FreeTypeFont, fill: Any) -> None:
    """Text centred on a point (the 'mm' anchor centres on the middle of the glyph box)."""
    draw.text(xy, one_line(text), font=fnt, fill=fill, anchor="mm")


def wrap(draw: Measure, text: str, fnt: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """Greedy word wrap to *width* pixels; words longer than a line are cut."""
    lines: list[str] = []
    for paragraph in text.replace("\r\n", "\n").split("\n"):
        paragraph = one_line(paragraph)
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if draw.textlength(trial, font=fnt) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while len(word) > 1 and (cut := _fitting_prefix(draw, word, fnt, width)) < len(word):
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _fitting_prefix(draw: Measure, word: str, fnt: ImageFont.FreeTypeFont,
                    width: float) -> int:
    """How many leading characters of *word* fit *width* (at least 1): found by doubling
    then halving, so a 4,000-character word costs a few measures per line, not thousands,
    and no measure is longer than the limit (however wide the line)."""
    cap = min(len(word), WRAP_WORD_CHARS.value())
    fits, over = 1, None
    probe = 2
    while probe <= cap:  # double until a prefix no longer fits
        if draw.textlength(word[:probe], font=fnt) > width:
            over = probe
            break
        fits, probe = probe, probe * 2
    if over is None:
        if cap == len(word) and draw.textlength(word, font=fnt) <= width:
            return len(word)
        over = cap if draw.textlength(word[:cap], font=fnt) > width else cap + 1
        if over > cap:
            return cap
    while over - fits > 1:  # the longest fitting prefix lies in [fits, over)
        mid = (fits + over) // 2
        if draw.textlength(word[:mid], font=fnt) <= width:
            fits = mid
        else:
            over = mid
    return fits
