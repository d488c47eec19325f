"""PlayerRoster: The sides players can take; each side is a PlayerSide (`<entry>`) child."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs


@dataclass
class PlayerRoster(Component):
    """The sides players can take; each side is a PlayerSide (`<entry>`) child."""

    TAG = "VASSAL.build.module.PlayerRoster"
    ATTRS = attrs(("buttonText", "button_text"), ("buttonToolTip", "button_tool_tip"),
                  ("buttonIcon", "button_icon"), ("buttonKeyStroke", "button_key_stroke"))

    button_text: str = 'Retire'
    button_tool_tip: str = 'Switch sides, become observer, or release faction'
    button_icon: str = ''
    button_key_stroke: str = ''

    @property
    def sides(self) -> list[str]:
        """The side names, in roster order."""
        return [c.content for c in self.children if c.TAG == "entry"]
