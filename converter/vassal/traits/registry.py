"""The trait factory table: type prefix (`emb2;`) → trait class, like BasicCommandEncoder's."""

from __future__ import annotations

from converter.vassal.traits.base import RawTrait, Trait, trait_id_of
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
from converter.vassal.traits.place_marker import PlaceMarker
from converter.vassal.traits.report_state import ReportState
from converter.vassal.traits.restricted import Restricted
from converter.vassal.traits.return_to_deck import ReturnToDeck
from converter.vassal.traits.send_to_location import SendToLocation
from converter.vassal.traits.submenu import SubMenu
from converter.vassal.traits.trigger_action import TriggerAction
from converter.vassal.traits.use_prototype import UsePrototype

TRAIT_CLASSES: tuple[type[Trait], ...] = (
    BasicName, BasicPiece, Clone, Delete, DynamicProperty, FreeRotator, Hideable, Immobilized,
    Label, Layer, Marker, MovementMarkable, Obscurable, PlaceMarker, ReportState, Restricted,
    ReturnToDeck, SendToLocation, SubMenu, TriggerAction, UsePrototype,
)

TRAITS_BY_ID: dict[str, type[Trait]] = {cls.ID: cls for cls in TRAIT_CLASSES}

# Every prefix VASSAL 3.6's factory knows (§3.4), modelled or not: the checker accepts these.
KNOWN_IDS: frozenset[str] = frozenset(TRAITS_BY_ID) | frozenset({
    "button;", "AreaOfEffect;", "calcProp;", "globalkey;", "deselect;",
    "footprint;", "globalhotkey;", "mat;", "matPiece;", "menuSeparator;", "nonRect2;",
    "nonRect;", "pivot;", "placemark;", "playSound;", "replace;", "hideCmd;", "setprop;",
    "table;", "translate;", "locmsg;", "emb;", "propertysheet;", "stack", "deck;",
    "attach;", "border;", "cmt;", "locCommand;", "setpieceprop;",
})

__all__ = ["KNOWN_IDS", "TRAITS_BY_ID", "TRAIT_CLASSES", "decode_trait", "trait_id_of"]


def decode_trait(type_text: str, state_text: str) -> Trait:
    """One trait from its own type and state; unknown prefixes give a RawTrait."""
    cls = TRAITS_BY_ID.get(trait_id_of(type_text))
    if cls is None:
        return RawTrait(type_text=type_text, state_text=state_text)
    return cls.decode(type_text, state_text)
