"""DynamicProperty (`PROP;`): a piece property changed by menu commands (damage, experience).

Constraints are `numeric,min,max,wrap`; the state is the current value, unsplit."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal import sequence
from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import fields


@dataclass
class DynamicProperty(Trait):
    """A named, changeable property; `commands` is the §3.4 `menu:key:changer` list text."""

    ID = "PROP;"
    STATE_DELIM = None
    TYPE = fields("name", "constraints", "commands", "description")
    STATE = fields("value")

    name: str = "name"
    constraints: str = "false,0,100,false"
    commands: str = ""
    description: str = ""
    value: str = ""

    @classmethod
    def numeric(cls, name: str, value: int, minimum: int, maximum: int, *, wrap: bool = False,
                commands: str = "", description: str = "") -> "DynamicProperty":
        """A numeric property bounded to [minimum, maximum]."""
        constraints = sequence.join([True, minimum, maximum, wrap], ",")
        return cls(name=name, constraints=constraints, commands=commands,
                   description=description, value=str(value))

    def _constraint(self, index: int) -> str:
        items = sequence.split(self.constraints, ",")
        return items[index] if index < len(items) else ""

    @property
    def is_numeric(self) -> bool:
        return self._constraint(0) == "true"

    @property
    def minimum(self) -> int | None:
        """The lower bound of a numeric property (None when not numeric or unreadable)."""
        text = self._constraint(1)
        return int(text) if self.is_numeric and text.lstrip("-").isdecimal() else None

    @property
    def maximum(self) -> int | None:
        text = self._constraint(2)
        return int(text) if self.is_numeric and text.lstrip("-").isdecimal() else None

    def properties(self) -> dict[str, str]:
        return {self.name: self.value}
