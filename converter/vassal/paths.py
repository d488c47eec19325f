"""Readable paths to components, for provenance notes and slot names:
`Map[Main Map]/BoardPicker/Board[SL]` (import and audit write them alike)."""

from __future__ import annotations

from converter.vassal.components.base import Component


def short_tag(component: Component) -> str:
    return component.tag.rsplit(".", 1)[-1]


def label(component: Component) -> str:
    """The component's short class name and, when it has one, its name."""
    for attr in ("map_name", "name", "entry_name"):
        value = getattr(component, attr, "")
        if isinstance(value, str) and value:
            return f"{short_tag(component)}[{value}]"
    raw = getattr(component, "attrib", None)  # an element vconv does not model (a folder)
    if isinstance(raw, dict):
        for attr in ("mapName", "name", "entryName"):
            if raw.get(attr):
                return f"{short_tag(component)}[{raw[attr]}]"
    return short_tag(component)


def join(parent: str, component: Component) -> str:
    return f"{parent}/{label(component)}" if parent else label(component)
