"""Labeler (`label;`, "Text Label"): text drawn on the piece; the state is the label text."""

from __future__ import annotations

from collections.abc import Mapping
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

    @property
    def refers(self) -> bool:
        """Whether the name this label gives refers to a property of the piece (beyond
        `$pieceName$` and `$label$`): Inferno's Lords are named `$BasicName$`."""
        return "$" in self.text or "$" in self.name_format.replace(
            "$pieceName$", "").replace("$label$", "")

    def apply_name(self, inner_name: str,
                   properties: Mapping[str, str] | None = None) -> str:
        """The name VASSAL's Labeler gives: the name format with `$pieceName$`, `$label$`
        and the piece's *properties* put in (the label text too is read as a format)."""
        label = expand_properties(self.text, properties or {}).strip()
        if not label and not self.always_use_format:
            return inner_name
        return expand_properties(self.name_format,
                                 {**(properties or {}), "pieceName": inner_name, "label": label})


def expand_properties(text: str, values: Mapping[str, str]) -> str:
    """*text* with each `$name$` in *values* replaced by its value, cut as VASSAL's
    FormattedString cuts it (the tokens between '$'s, every second one a name when another
    follows); a name not in *values* is kept as written, since VASSAL would look it up
    where a piece alone cannot (its map, the module's global properties).

    >>> expand_properties("$BasicName$ ($label$)", {"BasicName": "Siena", "label": "Mat"})
    'Siena (Mat)'
    >>> expand_properties("$Side$ $BasicName$", {"BasicName": "Siena"})
    '$Side$ Siena'
    """
    if "$" not in text:
        return text
    tokens = text.split("$")
    last = len(tokens) - 1
    out = []
    for index, token in enumerate(tokens):
        if index % 2 and index < last:
            value = values.get(token)
            out.append(f"${token}$" if value is None else value)
        elif index % 2:
            out.append("$" + token)  # an unclosed '$name'
        else:
            out.append(token)
    return "".join(out)
