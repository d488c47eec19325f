"""Language: The container of module translations."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class Language(Component):
    """The container of module translations."""

    TAG = "VASSAL.i18n.Language"
