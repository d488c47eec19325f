"""Charts windows → the game's charts: each Chart picture and HtmlChart page, with the window
and tabs that file it.

A module builder's player aids (Fields of Fire's 37 tables, a how-to-play page) are the
module's art, not data the format can read; the canonical form names their files, so that an
edit of the JSON, a build without the kept build file and the print all see them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from converter.importer.context import ImportContext
from converter.importer.paths import is_folder, label
from converter.vassal.components import (
    BoxWidget, Chart, ChartWindow, HtmlChart, ListWidget, PanelWidget, TabWidget)
from converter.vassal.components.base import Component

WIDGETS = (TabWidget, ListWidget, PanelWidget, BoxWidget)


@dataclass
class ChartsResult:
    """The charts found, and the HTML pages they name (archive entry → the chart entries
    that show it): the page's file in the game folder is known once the entries are kept."""

    charts: list[dict[str, Any]] = field(default_factory=list)
    pages: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    components: dict[str, Chart | HtmlChart] = field(default_factory=dict)  # by chart id

    def place_pages(self, ctx: ImportContext, kept: dict[str, str]) -> None:
        """Name each HTML page by its kept file (*kept*: file of the folder → module entry);
        a chart whose page the module lacks is dropped, and the notes say so."""
        where = {entry: target for target, entry in kept.items()}
        for entry, charts in sorted(self.pages.items()):
            target = where.get(entry)
            for chart in charts:
                if target is not None:
                    chart["html"] = target
                else:
                    ctx.note(f"chart {chart['name']!r}: its page {entry!r} is not in the "
                             "module; not imported")
                    self.charts.remove(chart)


def import_charts(ctx: ImportContext, consumed: set[int]) -> ChartsResult:
    out = ChartsResult()
    for window in ctx.module.buildfile.find_all(ChartWindow):
        name = window.name or window.text or "Charts"
        _walk(ctx, window, [name], label(window), consumed, out)
    return out


def _walk(ctx: ImportContext, parent: Component, group: list[str], path: str,
          consumed: set[int], out: ChartsResult) -> bool:
    """Read the charts under *parent*; whether any was found (the widgets holding none are
    left to the note of what has no counterpart)."""
    found = False
    for child in parent.children:
        where = f"{path}/{label(child)}"
        if isinstance(child, (Chart, HtmlChart)):
            where += f"[{child.chart_name}]" if child.chart_name else ""
            found |= _chart(ctx, child, group, where, out)
            consumed.add(id(child))
        elif isinstance(child, WIDGETS) or is_folder(child):
            tab = str(getattr(child, "entry_name", "") or "")
            inner = group + [tab] if tab else group
            found |= _walk(ctx, child, inner, where, consumed, out)
    if found:
        consumed.add(id(parent))
    return found


def _chart(ctx: ImportContext, comp: Chart | HtmlChart, group: list[str], path: str,
           out: ChartsResult) -> bool:
    file = comp.file_name.strip()
    if not file:
        ctx.note(f"not imported: {path}: the chart names no file")
        return False
    name = comp.chart_name.strip() or file
    entry: dict[str, Any] = {"id": ctx.ids.take("charts", name, "chart"), "name": name}
    if isinstance(comp, Chart):
        target = ctx.images.copy(file)
        if target is None:
            ctx.note(f"chart {name!r}: its picture {file!r} is not in the module; not imported")
            ctx.images.absent_said(file)
            return False
        entry["image"] = target
    else:
        entry["html"] = ""  # its place among the keys: the kept page's file, once known
        out.pages.setdefault(file.lstrip("/"), []).append(entry)
    entry["group"] = list(group)
    if comp.description.strip():
        entry["description"] = comp.description.strip()
    entry["provenance"] = ctx.stated(path)
    out.charts.append(entry)
    out.components[entry["id"]] = comp
    return True
