"""The game's own charts (pictures a module builder drew: a CRT, a sequence of play) as printed
reference cards: the chart's title bar, then its picture at the size VASSAL shows it on a
screen, shrunk to fit the card's width and a page's height.  An HTML chart is a page for a
screen, not printed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from PIL import Image

from converter.model.game import Game
from converter.model.tables import Chart
from converter.pictures import UnreadablePicture, decoded
from converter.render.cards import (
    CARD_WIDTH_MM, DEFAULT_THEME, CellBox, ReferenceCard, title_card)
from converter.render.text import color, mm_to_px

SCREEN_DPI = 96  # VASSAL draws a chart one pixel for one screen pixel
MAX_PICTURE_MM = 225.0  # with the title bar, one A4 or US Letter page between the margins


def each_chart_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
                    theme: dict[str, Any] | None = None) -> Iterator[ReferenceCard]:
    """A card for each picture chart the game folder holds, in the game's order."""
    for chart in game.charts or []:
        if chart.image is None or game.folder is None:
            continue
        path = game.resource(chart.image)
        if not path.is_file():
            continue  # validation names it
        try:
            picture = decoded(path, "RGB", chart.image)
        except UnreadablePicture:
            continue  # validation names it
        yield chart_card(chart, picture, dpi=dpi, width_mm=width_mm, theme=theme)


def chart_card(chart: Chart, picture: Image.Image, *, dpi: float = 300,
               width_mm: float = CARD_WIDTH_MM,
               theme: dict[str, Any] | None = None) -> ReferenceCard:
    t = {**DEFAULT_THEME, **(theme or {})}
    head = title_card(f"chart-{chart.id}", chart.name, chart.description or "", dpi=dpi,
                      width_mm=width_mm, theme=t)
    width = head.image.width
    pad = int(mm_to_px(3, dpi))
    scale = min(dpi / SCREEN_DPI, (width - 2 * pad) / picture.width,
                mm_to_px(MAX_PICTURE_MM, dpi) / picture.height)
    size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
    art = picture.resize(size, Image.Resampling.LANCZOS)
    title_h = next(c.box[3] for c in head.cells if c.key == "title")
    card = Image.new("RGB", (width, title_h + 2 * pad + art.height), color(t["paper"]))
    card.paste(head.image.crop((0, 0, width, title_h)), (0, 0))
    box = ((width - art.width) // 2, title_h + pad)
    card.paste(art, box)
    cells = [c for c in head.cells if c.key in ("title", "subtitle")]
    cells.append(CellBox("picture", chart.image or "", (box[0], box[1], box[0] + art.width,
                                                          box[1] + art.height)))
    return ReferenceCard(f"chart-{chart.id}", chart.name, card, cells)
