"""AboutScreen: The Help > About entry showing an image."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs


@dataclass
class AboutScreen(Component):
    """The Help > About entry showing an image."""

    TAG = "VASSAL.build.module.documentation.AboutScreen"
    ATTRS = attrs(("title", "title"), ("fileName", "file_name"))

    title: str = ''
    file_name: str = ''
