"""Map: A map window; `mapName` is the map's identity in every save and log."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class Map(Component):
    """A map window; `mapName` is the map's identity in every save and log."""

    TAG = "VASSAL.build.module.Map"
    ATTRS = attrs(("mapName", "map_name"), ("markMoved", "mark_moved"),
                  ("markUnmovedText", "mark_unmoved_text"),
                  ("markUnmovedTooltip", "mark_unmoved_tooltip"),
                  ("markUnmovedIcon", "mark_unmoved_icon"),
                  ("markUnmovedHotkey", "mark_unmoved_hotkey"),
                  ("markUnmovedReport", "mark_unmoved_report"), ("edgeWidth", "edge_width", INT),
                  ("edgeHeight", "edge_height", INT), ("backgroundcolor", "backgroundcolor"),
                  ("allowMultiple", "allow_multiple", BOOL), ("color", "color"),
                  ("thickness", "thickness", INT), ("launch", "launch", BOOL),
                  ("buttonName", "button_name"), ("tooltip", "tooltip"), ("icon", "icon"),
                  ("hotkey", "hotkey"), ("showKey", "show_key"), ("hideKey", "hide_key"),
                  ("moveWithinFormat", "move_within_format"), ("moveToFormat", "move_to_format"),
                  ("createFormat", "create_format"), ("changeFormat", "change_format"),
                  ("moveKey", "move_key"))

    map_name: str = ''
    mark_moved: str = 'Always'
    mark_unmoved_text: str = ''
    mark_unmoved_tooltip: str = 'Mark all pieces on this map as not moved'
    mark_unmoved_icon: str = '/images/unmoved.gif'
    mark_unmoved_hotkey: str = ''
    mark_unmoved_report: str = ''
    edge_width: int = 0
    edge_height: int = 0
    backgroundcolor: str = '255,255,255'
    allow_multiple: bool = False
    color: str = '0,0,0'
    thickness: int = 3
    launch: bool = False
    button_name: str = ''
    tooltip: str = ''
    icon: str = '/images/map.gif'
    hotkey: str = ''
    show_key: str = ''
    hide_key: str = ''
    move_within_format: str = '$pieceName$ moves $previousLocation$ &rarr; $location$ *'
    move_to_format: str = '$pieceName$ moves $previousLocation$ &rarr; $location$ *'
    create_format: str = '$pieceName$ created in $location$ *'
    change_format: str = '$message$'
    move_key: str = ''
