"""GlobalTranslatableMessages: The container of translatable module messages."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class GlobalTranslatableMessages(Component):
    """The container of translatable module messages."""

    TAG = "VASSAL.build.module.properties.GlobalTranslatableMessages"
