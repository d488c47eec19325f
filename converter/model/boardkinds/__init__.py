"""The board kinds, one module each: the registry every layer asks instead of comparing
``board.kind`` strings.

Each module of this package defines ``KIND``, a `BoardKind`; they are found by listing the
package, so adding a kind is adding its module (and its branch in ``schemas/maps.schema.json``).
"""

from __future__ import annotations

import importlib
import pkgutil

from converter.model.boardkinds.kind import BoardKind, Drawing

__all__ = ["BoardKind", "Drawing", "BOARD_KINDS", "board_kind"]


def _discover() -> dict[str, BoardKind]:
    found: dict[str, BoardKind] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name == "kind":
            continue
        kind = getattr(importlib.import_module(f"{__name__}.{info.name}"), "KIND")
        if not isinstance(kind, BoardKind):
            raise TypeError(f"{__name__}.{info.name}.KIND is not a BoardKind")
        found[kind.name] = kind
    return found


BOARD_KINDS: dict[str, BoardKind] = _discover()


def board_kind(name: str) -> BoardKind:
    """The kind a board's ``kind`` names.

    Raises:
        ValueError: no module of this package defines it (the schema lets none through).
    """
    try:
        return BOARD_KINDS[name]
    except KeyError:
        raise ValueError(f"unknown board kind {name!r}; known: {', '.join(sorted(BOARD_KINDS))}") from None
