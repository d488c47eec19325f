"""Readable paths to components, for provenance notes: `Map[Main Map]/BoardPicker/Board[SL]`."""

from __future__ import annotations

from converter.vassal.components.base import Component
from converter.vassal.paths import join, label, short_tag

__all__ = ["contents", "is_folder", "join", "label", "short_tag"]


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
