"""GlobalProperties: A container of GlobalProperty (module level, or map level under a Map)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class GlobalProperties(Component):
    """A container of GlobalProperty (module level, or map level under a Map)."""

    TAG = "VASSAL.build.module.properties.GlobalProperties"
