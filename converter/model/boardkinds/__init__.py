"""The board kinds, one module each: the registry every layer asks instead of comparing
``board.kind`` strings.

Each module of this package defines ``KIND``, a `BoardKind`; they are found by listing the
package, so adding a kind is adding its module (and its branch in ``schemas/maps.schema.json``).
"""

from __future__ import annotations

from converter.discovery import defined_in_modules
from converter.model.boardkinds.kind import BoardKind, Drawing

__all__ = ["BoardKind", "Drawing", "BOARD_KINDS", "board_kind"]


BOARD_KINDS: dict[str, BoardKind] = {
    kind.name: kind for kind in defined_in_modules(__name__, __path__, "KIND", BoardKind,
                                                   skip=frozenset({"kind"}))}


def board_kind(name: str) -> BoardKind:
    """The kind a board's ``kind`` names.

    Raises:
        ValueError: no module of this package defines it (the schema lets none through).
    """
    try:
        return BOARD_KINDS[name]
    except KeyError:
        raise ValueError(f"unknown board kind {name!r}; known: {', '.join(sorted(BOARD_KINDS))}") from None
