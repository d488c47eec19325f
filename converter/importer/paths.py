"""Readable paths to components, for provenance notes: `Map[Main Map]/BoardPicker/Board[SL]`."""

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


FOLDER_PACKAGE = "VASSAL.build.module.folder."


def is_folder(component: Component) -> bool:
    """A VASSAL 3.7 folder (ModuleSubFolder, MapSubFolder, PrototypeFolder, ...): it only
    groups its children in the editor, so its contents belong to the folder's parent."""
    return component.tag.startswith(FOLDER_PACKAGE)


def contents(component: Component, path: str = "") -> list[tuple[Component, str]]:
    """The children of *component* with folders opened (at any depth), each with its path."""
    out: list[tuple[Component, str]] = []
    for child in component.children:
        child_path = join(path, child)
        if is_folder(child):
            out.extend(contents(child, child_path))
        else:
            out.append((child, child_path))
    return out
