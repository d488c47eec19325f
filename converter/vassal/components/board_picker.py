"""BoardPicker: Chooses the map's boards; one non-reversible Board is picked automatically."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import FLOAT, INT


@dataclass
class BoardPicker(Component):
    """Chooses the map's boards; one non-reversible Board is picked automatically."""

    TAG = "VASSAL.build.module.map.BoardPicker"
    ATTRS = attrs(("slotWidth", "slot_width", INT), ("slotHeight", "slot_height", INT),
                  ("slotScale", "slot_scale", FLOAT), ("title", "title"),
                  ("addRowText", "add_row_text"), ("addColumnText", "add_column_text"),
                  ("boardPrompt", "board_prompt"))

    slot_width: int = 350
    slot_height: int = 125
    slot_scale: float = 0.2
    title: str = 'Choose Boards'
    add_row_text: str = 'Add row'
    add_column_text: str = 'Add column'
    board_prompt: str = 'Select board'
