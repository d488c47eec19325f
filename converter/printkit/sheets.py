"""Counter sheet pages as pixels: counters pasted at their laid-out positions, marks and labels."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from converter.model.game import Game
from converter.printkit.layout import CutMark, Page, Paper
from converter.render.counters import counter_background, counter_image, numbered
from converter.render.text import fit_font, mm_to_px, pt_to_px, put_text, px

DEFAULT_THEME: dict[str, Any] = {
    "paper": "#ffffff",
    "mark": "#000000",
    "label": "#333333",
    "mark_mm": 0.15,
    "label_pt": 8,
}


def page_size_px(paper: Paper, dpi: float) -> tuple[int, int]:
    return px(paper.width_mm, dpi), px(paper.height_mm, dpi)


def counter_box_px(x_mm: float, y_mm: float, size_mm: float, paper: Paper, side: str,
                   dpi: float) -> tuple[int, int, int]:
    """(left, top, edge) in pixels; a back is the exact pixel mirror of its front's box."""
    edge = px(size_mm, dpi)
    top = px(y_mm, dpi)
    if side == "back":
        # mirror in pixels, not in mm, so the rounding cannot drift the back off its front
        front_left = px(paper.width_mm - x_mm - size_mm, dpi)
        return page_size_px(paper, dpi)[0] - front_left - edge, top, edge
    return px(x_mm, dpi), top, edge


def _edge_px(x_mm: float, paper: Paper, side: str, dpi: float) -> int:
    """The pixel boundary a cut at *x_mm* follows: a counter's left edge is ``px(x)``, and on
    a back the boundary mirrored in pixels, as `counter_box_px` mirrors the counters."""
    if side == "back":
        return page_size_px(paper, dpi)[0] - px(paper.width_mm - x_mm, dpi)
    return px(x_mm, dpi)


def mark_box_px(mark: CutMark, paper: Paper, side: str, dpi: float,
                width: int) -> tuple[int, int, int, int]:
    """The pixels (left, top, right, bottom, inclusive) of a cut mark *width* pixels thick,
    centred on the pixel boundary its cut follows: on a back, the pixel mirror of its front's
    mark, so the two sides' marks meet when printed duplex (a line drawn by Pillow's
    ``line`` at fractional pixels fell a pixel off on one side or the other)."""
    lo = width // 2
    if mark.x1_mm == mark.x2_mm:  # a vertical mark, above or below a column edge
        x = _edge_px(mark.x1_mm, paper, side, dpi)
        left = x - (width - lo if side == "back" else lo)  # an odd width's extra pixel mirrored
        top, bottom = sorted((px(mark.y1_mm, dpi), px(mark.y2_mm, dpi)))
        return left, top, left + width - 1, bottom - 1
    y = px(mark.y1_mm, dpi)
    left, right = sorted((_edge_px(mark.x1_mm, paper, side, dpi),
                          _edge_px(mark.x2_mm, paper, side, dpi)))
    return left, y - lo, right - 1, y - lo + width - 1


def render_page(game: Game, page: Page, paper: Paper, *, dpi: float = 300, bleed_mm: float = 0.0,
                theme: dict[str, Any] | None = None,
                cache: dict[Any, Image.Image] | None = None,
                undrawn: dict[str, str] | None = None) -> Image.Image:
    """One counter sheet page at *dpi*; *cache* shares counter art between copies and pages;
    *undrawn* is told each counter picture that cannot be drawn, and why."""
    t = {**DEFAULT_THEME, **(theme or {})}
    cache = {} if cache is None else cache
    img = Image.new("RGB", page_size_px(paper, dpi), t["paper"])
    draw = ImageDraw.Draw(img)
    bleed = mm_to_px(bleed_mm, dpi)
    for p in page.placements:
        piece = game.piece(p.piece)
        if piece is None:
            continue
        left, top, edge = counter_box_px(p.x_mm, p.y_mm, p.size_mm, paper, p.side, dpi)
        if bleed_mm > 0:
            bg = counter_background(game, piece, p.counter, p.side)
            draw.rectangle([left - bleed, top - bleed, left + edge + bleed - 1, top + edge + bleed - 1], fill=bg)
        copy = p.copy if numbered(piece) else 1  # a numbered marker's copies differ; others share art
        key = (p.piece, p.counter, p.side, copy)
        if key not in cache:
            cache[key] = counter_image(game, piece, p.counter, p.side, dpi=dpi, copy=copy,
                                       undrawn=undrawn)
        art = cache[key]
        if art.size != (edge, edge):
            art = art.resize((edge, edge), Image.Resampling.LANCZOS)
        img.paste(art, (left, top))
    width = max(1, px(t["mark_mm"], dpi))
    for m in page.cut_marks:
        draw.rectangle(mark_box_px(m, paper, page.side, dpi, width), fill=t["mark"])
    label_font = fit_font(draw, page.label, "regular", pt_to_px(t["label_pt"], dpi), img.width * 0.9)
    put_text(draw, (img.width / 2, mm_to_px(12.0, dpi)), page.label, font=label_font, fill=t["label"], anchor="mt")
    return img
