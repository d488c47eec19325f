"""Layer (`emb2;`, VASSAL.counters.Embellishment): images switched by level, e.g. the
reduced side of a step-loss counter or the flipped side of a two-sided counter.

The state is one integer: v > 0 is active at level v (1-based); v < 0 is inactive with level -v
remembered.  Level names starting with `+ ` are appended to the piece name, names ending with
` +` are prepended, others replace it (§3.5 of the format reference).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import BOOL, FLOAT, INT, STR_LIST, fields


@dataclass
class Layer(Trait):
    """A multi-level image layer; `level` is 1-based and `active` tells whether it shows."""

    ID = "emb2;"
    TYPE = fields(
        "activate_command", ("activate_modifiers", INT), "activate_key_chars",
        "increase_command", ("increase_modifiers", INT), "increase_key_chars",
        "decrease_command", ("decrease_modifiers", INT), "decrease_key_chars",
        "reset_command", "reset_key", "reset_level", ("draw_under_when_selected", BOOL),
        ("x_offset", INT), ("y_offset", INT), ("images", STR_LIST), ("level_names", STR_LIST),
        ("loop", BOOL), "name", "random_key", "random_command", ("follow_property", BOOL),
        "property_name", ("first_level_value", INT), ("version", INT), ("always_active", BOOL),
        "activate_key", "increase_key", "decrease_key", "description", ("scale", FLOAT),
        "only_if_property", "only_if_state")
    STATE = fields(("value", INT))

    activate_command: str = ""
    activate_modifiers: int = 128
    activate_key_chars: str = ""
    increase_command: str = ""
    increase_modifiers: int = 128
    increase_key_chars: str = ""
    decrease_command: str = ""
    decrease_modifiers: int = 128
    decrease_key_chars: str = ""
    reset_command: str = ""
    reset_key: str = ""
    reset_level: str = "1"
    draw_under_when_selected: bool = False
    x_offset: int = 0
    y_offset: int = 0
    images: list[str] = field(default_factory=list)
    level_names: list[str] = field(default_factory=list)
    loop: bool = True
    name: str = ""
    random_key: str = ""
    random_command: str = ""
    follow_property: bool = False
    property_name: str = ""
    first_level_value: int = 1
    version: int = 1
    always_active: bool = True
    activate_key: str = ""
    increase_key: str = ""
    decrease_key: str = ""
    description: str = ""
    scale: float = 1.0
    only_if_property: str = ""
    only_if_state: str = "true"
    value: int = 1

    @property
    def level(self) -> int:
        """The current level, 1-based, whether or not the layer is active."""
        return abs(self.value) if self.value else 1

    @property
    def active(self) -> bool:
        return self.value > 0

    @property
    def level_name(self) -> str:
        index = self.level - 1
        return self.level_names[index] if 0 <= index < len(self.level_names) else ""

    def following(self, properties: dict[str, str]) -> Layer:
        """The layer as VASSAL shows it when it follows a property: its level is the
        property's value less `first_level_value`, plus one, kept within its levels (the
        state's level is the one last drawn, often a step behind).  Itself when it follows
        none, or the property is not the piece's own (a global, an expression) or no
        number."""
        if not self.follow_property or not self.property_name:
            return self
        value = properties.get(self.property_name)
        if value is None:
            return self
        try:
            level = int(value) - self.first_level_value + 1 if value.strip() else 1
        except ValueError:
            return self
        level = max(1, min(level, max(1, len(self.images))))
        return self if level == self.level else \
            replace(self, value=level if self.active else -level)

    def properties(self) -> dict[str, str]:
        return {f"{self.name}_Level": str(self.level),
                f"{self.name}_Name": _strip_plus(self.level_name) if self.active else "",
                f"{self.name}_Active": "true" if self.active else "false"}

    def apply_name(self, inner_name: str) -> str:
        if not self.active:
            return inner_name
        text = self.level_name
        if not text:
            return inner_name
        if text.startswith("+"):
            return inner_name + text[1:]
        if text.endswith("+"):
            return text[:-1] + inner_name
        return text


def _strip_plus(text: str) -> str:
    if text.startswith("+"):
        return text[1:].strip()
    if text.endswith("+"):
        return text[:-1].strip()
    return text
