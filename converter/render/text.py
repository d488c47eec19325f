"""Units, colours and text drawing shared by the renderers, with the bundled DejaVu fonts only."""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path
from typing import Any

from PIL import ImageColor, ImageDraw, ImageFont

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


def text_size(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont) -> tuple[int, int]:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=fnt)
    return right - left, bottom - top


def fit_font(draw: ImageDraw.ImageDraw, text: str, style: str, size_px: int, max_width: float,
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


def wrap(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont, width: float) -> list[str]:
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
            while draw.textlength(word, font=fnt) > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and draw.textlength(word[:cut], font=fnt) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines
