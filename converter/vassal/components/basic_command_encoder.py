"""BasicCommandEncoder: Encodes and decodes pieces and commands; a module needs exactly one."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class BasicCommandEncoder(Component):
    """Encodes and decodes pieces and commands; a module needs exactly one."""

    TAG = "VASSAL.build.module.BasicCommandEncoder"
