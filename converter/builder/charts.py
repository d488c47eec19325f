"""Reference cards (tables, terrain, rules, sequence, turns, dice) and the game's own charts
(pictures and HTML pages, `charts`) as chart windows; the reference cards' images come from
converter.render.cards, the same code that draws them for the print kit."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from converter.builder.images import free_name, png, safe_name
from converter.limits import HTML_PAGE_BYTES
from converter.model.game import Game
from converter.model import tables
from converter.vassal.components import Chart, ChartWindow, HtmlChart, TabWidget
from converter.vassal.components.base import Component

CHART_DPI = 110
DEFAULT_WINDOW = "Charts"
# a picture an HTML chart shows by a bare name: VASSAL loads it from the module's images
_IMG_SRC = re.compile(rb"""<img\b[^>]*?\bsrc\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)


@dataclass
class _Group:
    """A window or a tab of charts: its charts and tabs in the order the game gives them."""

    name: str
    items: list[Component | _Group] = field(default_factory=list)

    def tab(self, name: str) -> _Group:
        for item in self.items:
            if isinstance(item, _Group) and item.name == name:
                return item
        group = _Group(name)
        self.items.append(group)
        return group

    def component(self) -> Component:
        tabs = TabWidget(entry_name=self.name)
        tabs.add(*(i.component() if isinstance(i, _Group) else i for i in self.items))
        return tabs


def chart_window(game: Game, images: dict[str, bytes],
                 files: dict[str, bytes] | None = None) -> list[ChartWindow]:
    """The charts windows: the reference cards drawn from the game's data, then the game's own
    charts, each in the window and tabs its `group` names (ungrouped ones in 'Charts')."""
    from converter.render.cards import reference_cards

    windows: dict[str, _Group] = {}
    tooltips: dict[str, str] = {}
    cards = reference_cards(game, dpi=CHART_DPI)
    if cards:
        tooltips[DEFAULT_WINDOW] = "Reference cards"
    for card in cards:
        name = f"charts/{safe_name(card.name)}.png"
        images[name] = png(card.image.convert("RGB"))
        windows.setdefault(DEFAULT_WINDOW, _Group(DEFAULT_WINDOW)).items.append(
            Chart(chart_name=card.title, file_name=name, description=card.title))
    for chart in game.charts or []:
        if game.folder is None:
            continue
        comp = chart_component(game.folder, chart, images, files if files is not None else {})
        if comp is None:
            continue
        path = chart.group or [DEFAULT_WINDOW]
        group = windows.setdefault(path[0], _Group(path[0]))
        for name in path[1:]:
            group = group.tab(name)
        group.items.append(comp)
    out = []
    for name, group in windows.items():
        window = ChartWindow(name=name, text=name, tooltip=tooltips.get(name, name))
        # the reference cards' window is tabbed as it always was; a window of one chart or one
        # tab holds it itself, as a module builder's windows often do
        only = group.items[0] if len(group.items) == 1 and name not in tooltips else None
        window.add(only.component() if isinstance(only, _Group) else only or group.component())
        out.append(window)
    return out


def chart_component(folder: Path, chart: tables.Chart, images: dict[str, bytes],
                    files: dict[str, bytes]) -> Component | None:
    """The Chart or HtmlChart of one of the game's charts, its file put among the module's
    *images* or *files* (under a name of its own where another file holds the name); None for
    a file the folder lacks or a page over the limit (validation says so)."""
    if chart.image is not None:
        path = folder / chart.image
        if not path.is_file():
            return None
        data = path.read_bytes()
        name = free_name(images, PurePosixPath(chart.image).name, data, "charts")
        images[name] = data
        return Chart(chart_name=chart.name, file_name=name, description=chart.description or "")
    if chart.html is None:
        return None
    path = folder / chart.html
    if not path.is_file() or path.stat().st_size > HTML_PAGE_BYTES.value():
        return None
    page = path.read_bytes()
    name = free_name(files, PurePosixPath(chart.html).name, page, "charts")
    files[name] = page
    for src in _IMG_SRC.findall(page):
        picture = src.decode("utf-8", "replace")
        shown = folder / "images" / picture
        if "/" not in picture and picture not in images and shown.is_file():
            images[picture] = shown.read_bytes()
    return HtmlChart(chart_name=chart.name, file_name=name, description=chart.description or "")
