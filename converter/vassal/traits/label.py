"""Labeler (`label;`, "Text Label"): text drawn on the piece; the state is the label text."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import BOOL, INT, fields


@dataclass
class Label(Trait):
    """A text label; `name_format` may fold the label into the piece name."""

    ID = "label;"
    STATE_DELIM = None
    TYPE = fields("key", "menu_text", ("font_size", INT), "background", "foreground",
                  "vertical_position", ("vertical_offset", INT), "horizontal_position",
                  ("horizontal_offset", INT), "vertical_justify", "horizontal_justify",
                  "name_format", "font_family", ("font_style", INT), ("rotation", INT),
                  "property_name", "description", ("always_use_format", BOOL))
    STATE = fields("text")

    key: str = ""
    menu_text: str = "Change Label"
    font_size: int = 10
    background: str = ""
    foreground: str = "0,0,0"
    vertical_position: str = "b"
    vertical_offset: int = 0
    horizontal_position: str = "c"
    horizontal_offset: int = 0
    vertical_justify: str = "b"
    horizontal_justify: str = "c"
    name_format: str = "$pieceName$ ($label$)"
    font_family: str = "Dialog"
    font_style: int = 0
    rotation: int = 0
    property_name: str = "TextLabel"
    description: str = ""
    always_use_format: bool = False
    text: str = ""

    def properties(self) -> dict[str, str]:
        return {self.property_name or "TextLabel": self.text.strip()}

    def apply_name(self, inner_name: str) -> str:
        label = self.text.strip()
        if not label and not self.always_use_format:
            return inner_name
        return (self.name_format.replace("$pieceName$", inner_name)
                .replace("$label$", label))
