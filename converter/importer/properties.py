"""GlobalProperty components → the game's global properties: each name with its start value,
its limits when numeric, and the board whose map keeps it (a module's own are the game's).

Paths of Glory has 225, For the People 265: the VP totals, events in play and whose turn it
is that its pieces and buttons read; before, only the kept build file knew them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from converter.importer.boards import BoardsResult
from converter.importer.context import ImportContext
from converter.importer.paths import label
from converter.vassal.components import GlobalProperties, GlobalProperty, Map
from converter.vassal.components.base import Component


@dataclass
class PropertiesResult:
    """The global properties as JSON, and each one's component (by id), for write-back."""

    properties: list[dict[str, Any]] = field(default_factory=list)
    components: dict[str, GlobalProperty] = field(default_factory=dict)


def import_global_properties(ctx: ImportContext, boards: BoardsResult,
                             consumed: set[int]) -> PropertiesResult:
    out = PropertiesResult()
    root = ctx.module.buildfile
    _walk(ctx, root, None, label(root), boards, consumed, out)
    for holder in root.find_all(GlobalProperties):  # a map's, empty, loses nothing either
        if all(id(p) in consumed for p in holder.walk() if isinstance(p, GlobalProperty)):
            consumed.add(id(holder))
    return out


def _walk(ctx: ImportContext, parent: Component, vmap: Map | None, path: str,
          boards: BoardsResult, consumed: set[int], out: PropertiesResult) -> None:
    for child in parent.children:
        where = f"{path}/{label(child)}"
        if isinstance(child, GlobalProperty):
            entry = _property(ctx, child, vmap, where, boards)
            if entry is not None:
                out.properties.append(entry)
                out.components[entry["id"]] = child
                consumed.add(id(child))
        else:
            _walk(ctx, child, child if isinstance(child, Map) else vmap, where, boards,
                  consumed, out)


def _property(ctx: ImportContext, comp: GlobalProperty, vmap: Map | None, path: str,
              boards: BoardsResult) -> dict[str, Any] | None:
    name = comp.name
    if not name.strip():
        ctx.note(f"not imported: {path}: a global property with no name")
        return None
    entry: dict[str, Any] = {"id": ctx.ids.take("global_properties", name, "property"),
                             "name": name}
    if comp.initial_value:
        entry["initial"] = comp.initial_value
    if comp.is_numeric:
        entry["numeric"] = True
        for key, text in (("min", comp.min), ("max", comp.max)):
            value = _integer(text)
            if value is not None:
                entry[key] = value
            elif text.strip():
                ctx.note(f"global property {name!r}: its {key} {text!r} is not a whole "
                         "number; left out")
        if comp.wrap:
            entry["wrap"] = True
    if vmap is not None:
        placed = boards.find(vmap.map_name, "")
        if placed is None:
            ctx.note(f"global property {name!r} of map {vmap.map_name!r}: the map has no "
                     "board; imported as the whole game's")
        else:
            entry["board"] = placed.board_id
    if comp.description.strip():
        entry["description"] = comp.description.strip()
    entry["provenance"] = ctx.stated(path)
    return entry


def _integer(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.lstrip("-").isdecimal() else None
