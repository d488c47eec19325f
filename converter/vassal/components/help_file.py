"""HelpFile: A Help menu entry showing a file (`fileType` archive/resource/file)."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs


@dataclass
class HelpFile(Component):
    """A Help menu entry showing a file (`fileType` archive/resource/file)."""

    TAG = "VASSAL.build.module.documentation.HelpFile"
    ATTRS = attrs(("title", "title"), ("fileName", "file_name"), ("fileType", "file_type"))

    title: str = ''
    file_name: str = ''
    file_type: str = 'archive'
