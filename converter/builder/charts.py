"""Reference cards (tables, terrain, rules, sequence, turns, dice) as chart tabs; the images
come from converter.render.cards, the same code that draws them for the print kit."""

from __future__ import annotations

from converter.builder.images import png, safe_name
from converter.model.game import Game
from converter.vassal.components import Chart, ChartWindow, TabWidget

CHART_DPI = 110


def chart_window(game: Game, images: dict[str, bytes]) -> ChartWindow | None:
    from converter.render.cards import reference_cards

    cards = reference_cards(game, dpi=CHART_DPI)
    if not cards:
        return None
    window = ChartWindow(name="Charts", text="Charts", tooltip="Reference cards")
    tabs = TabWidget(entry_name="Charts")
    for card in cards:
        name = f"charts/{safe_name(card.name)}.png"
        images[name] = png(card.image.convert("RGB"))
        tabs.add(Chart(chart_name=card.title, file_name=name, description=card.title))
    window.add(tabs)
    return window
