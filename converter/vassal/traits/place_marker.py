"""PlaceMarker (`placemark;`): a command that places another piece (a marker) on this one.

The marker is given by `marker_spec`, an AddPiece piece definition, and has its own gpid."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import BOOL, INT, fields


@dataclass
class PlaceMarker(Trait):
    """Places the piece `marker_spec` (an AddPiece text) at an offset, above or below."""

    ID = "placemark;"
    TYPE = fields("menu_text", "key", "marker_spec", "marker_text", ("x_offset", INT),
                  ("y_offset", INT), ("match_rotation", BOOL), "after_burner_key",
                  "description", "gpid", ("placement", INT), ("above", BOOL))

    menu_text: str = "Place Marker"
    key: str = ""
    marker_spec: str = "null"
    marker_text: str = "null"
    x_offset: int = 0
    y_offset: int = 0
    match_rotation: bool = False
    after_burner_key: str = ""
    description: str = ""
    gpid: str = ""
    placement: int = 0
    above: bool = False
