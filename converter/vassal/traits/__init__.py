"""Piece traits: one module per VASSAL decorator, each driven by a declarative field spec.

Use `decode_piece(type, state)` to read a piece and `Piece.encode()` to write it back.
How to add a trait: a module with a dataclass subclassing Trait, its `ID`, the `TYPE` and
`STATE` field specs in VASSAL's order and VASSAL's defaults as field defaults; then list it in
`registry.TRAIT_CLASSES` and in `_HOME` below (the names of this package load on first use).


>>> from converter.vassal.traits import decode_piece, Layer
>>> p = decode_piece("piece;;;a.png;1st Bn", "null;0;0;17;0")
>>> p.name, p.basic.gpid, p.trait(Layer) is None
('1st Bn', '17', True)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from converter.vassal.traits.base import RawTrait, Trait
    from converter.vassal.traits.basic_name import BasicName
    from converter.vassal.traits.basic_piece import BasicPiece
    from converter.vassal.traits.clone import Clone
    from converter.vassal.traits.delete import Delete
    from converter.vassal.traits.dynamic_property import DynamicProperty
    from converter.vassal.traits.free_rotator import FreeRotator
    from converter.vassal.traits.hideable import Hideable
    from converter.vassal.traits.immobilized import Immobilized
    from converter.vassal.traits.label import Label
    from converter.vassal.traits.layer import Layer
    from converter.vassal.traits.marker import Marker
    from converter.vassal.traits.movement_markable import MovementMarkable
    from converter.vassal.traits.obscurable import Obscurable
    from converter.vassal.traits.piece import (
        PieceTraits, decode_add_piece, decode_piece, encode_chain, split_chain)
    from converter.vassal.traits.place_marker import PlaceMarker
    from converter.vassal.traits.registry import (
        KNOWN_IDS, TRAITS_BY_ID, decode_trait, trait_id_of)
    from converter.vassal.traits.report_state import ReportState
    from converter.vassal.traits.restricted import Restricted
    from converter.vassal.traits.return_to_deck import ReturnToDeck
    from converter.vassal.traits.send_to_location import SendToLocation
    from converter.vassal.traits.submenu import SubMenu
    from converter.vassal.traits.trigger_action import TriggerAction
    from converter.vassal.traits.use_prototype import UsePrototype

# name -> the module of this package that defines it, imported on first use: `vconv dump`
# needs four of these modules, not all twenty-four (PEP 562)
_HOME = {
    "RawTrait": "base", "Trait": "base", "BasicName": "basic_name",
    "BasicPiece": "basic_piece", "Clone": "clone",
    "Delete": "delete", "DynamicProperty": "dynamic_property", "FreeRotator": "free_rotator",
    "Hideable": "hideable", "Immobilized": "immobilized", "Label": "label", "Layer": "layer",
    "Marker": "marker", "MovementMarkable": "movement_markable", "Obscurable": "obscurable",
    "PieceTraits": "piece", "decode_add_piece": "piece", "decode_piece": "piece",
    "encode_chain": "piece", "split_chain": "piece", "PlaceMarker": "place_marker",
    "KNOWN_IDS": "registry", "TRAITS_BY_ID": "registry", "decode_trait": "registry",
    "trait_id_of": "registry", "ReportState": "report_state", "Restricted": "restricted",
    "ReturnToDeck": "return_to_deck", "SendToLocation": "send_to_location",
    "SubMenu": "submenu", "TriggerAction": "trigger_action", "UsePrototype": "use_prototype",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # found once; later lookups do not come here
    return value


__all__ = [
    "BasicName", "BasicPiece", "Clone", "Delete", "DynamicProperty", "FreeRotator", "Hideable",
    "Immobilized", "KNOWN_IDS", "Label", "Layer", "Marker", "MovementMarkable", "Obscurable",
    "PieceTraits", "PlaceMarker", "RawTrait", "ReportState", "Restricted", "ReturnToDeck",
    "SendToLocation", "SubMenu", "TRAITS_BY_ID", "Trait", "TriggerAction", "UsePrototype",
    "decode_add_piece", "decode_piece", "decode_trait", "encode_chain", "split_chain",
    "trait_id_of",
]
