"""ImageSaver: Map helper: saves the map as an image."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component


@dataclass
class ImageSaver(Component):
    """Map helper: saves the map as an image."""

    TAG = "VASSAL.build.module.map.ImageSaver"
