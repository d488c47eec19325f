"""SendToLocation (`sendto;`): moves the piece to a fixed place (e.g. a dead pile).

State: backMapId;backX;backY, remembered for the "send back" command."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import fields


@dataclass
class SendToLocation(Trait):
    """Sends the piece to `map_id`/`board_name` at (x, y), a zone, a region or a grid location.

    `destination` is `L` location, `Z` zone, `R` region, `A` another piece, `G` grid location.
    """

    ID = "sendto;"
    TYPE = fields("menu_text", "key", "map_id", "board_name", "x", "y", "back_menu_text",
                  "back_key", "x_index", "y_index", "x_offset", "y_offset", "description",
                  "destination", "zone", "region", "property_filter", "grid_location")
    STATE = fields("back_map", "back_x", "back_y")

    menu_text: str = "Send To Location"
    key: str = ""
    map_id: str = ""
    board_name: str = ""
    x: str = "0"
    y: str = "0"
    back_menu_text: str = ""
    back_key: str = ""
    x_index: str = "0"
    y_index: str = "0"
    x_offset: str = "1"
    y_offset: str = "1"
    description: str = ""
    destination: str = "L"
    zone: str = ""
    region: str = ""
    property_filter: str = ""
    grid_location: str = ""
    back_map: str = ""
    back_x: str = ""
    back_y: str = ""
