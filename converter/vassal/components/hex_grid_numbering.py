"""HexGridNumbering: How hexes are named; `stagger` defaults to true in VASSAL, so it is
always written."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs
from converter.vassal.traits.spec import BOOL, INT


@dataclass
class HexGridNumbering(Component):
    """How hexes are named; `stagger` defaults to true in VASSAL, so it is always written."""

    TAG = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"
    ATTRS = attrs(("first", "first"), ("sep", "sep"), ("hType", "h_type"),
                  ("hLeading", "h_leading", INT), ("hOff", "h_off", INT),
                  ("hDescend", "h_descend", BOOL), ("vType", "v_type"),
                  ("vLeading", "v_leading", INT), ("vOff", "v_off", INT),
                  ("vDescend", "v_descend", BOOL), ("stagger", "stagger", BOOL),
                  ("locationFormat", "location_format"), ("visible", "visible", BOOL),
                  ("fontSize", "font_size", INT), ("color", "color"),
                  ("rotateText", "rotate_text", INT), ("hDrawOff", "h_draw_off", INT),
                  ("vDrawOff", "v_draw_off", INT))

    first: str = 'H'
    sep: str = ''
    h_type: str = 'N'
    h_leading: int = 1
    h_off: int = 1
    h_descend: bool = False
    v_type: str = 'N'
    v_leading: int = 1
    v_off: int = 1
    v_descend: bool = False
    stagger: bool = True
    location_format: str = '$gridLocation$'
    visible: bool = False
    font_size: int = 9
    color: str = '0,0,0'
    rotate_text: int = 0
    h_draw_off: int = 0
    v_draw_off: int = 0
