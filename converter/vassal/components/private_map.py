"""PrivateMap and PlayerHand: map windows only some sides see (VASSAL subclasses of Map).

They are maps to every save and log (`mapName` names them), so they share Map's spec; their
own attributes (`side`, `visible`, `use boards`) stay in `extra_attrs` as read.
"""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.map import Map


@dataclass
class PrivateMap(Map):
    """A map window whose pieces only its owning sides see (VASSAL's PrivateMap)."""

    TAG = "VASSAL.build.module.PrivateMap"


@dataclass
class PlayerHand(Map):
    """A player's hand of cards: a PrivateMap with hand metrics (VASSAL's PlayerHand)."""

    TAG = "VASSAL.build.module.PlayerHand"


@dataclass
class WidgetMap(Map):
    """A map shown inside a chart window's tab (VASSAL's MapWidget holds one WidgetMap)."""

    TAG = "VASSAL.build.widget.WidgetMap"
