"""The game model: dataclasses read from the canonical JSON. It imports no output format."""

from converter.model.board import Board, Edge, Group, Hex, Hexside, Link, Space, Terrain
from converter.model.cards import Card, Deck
from converter.model.common import Filter, Location, Provenance, Range, When
from converter.model.game import Game
from converter.model.hexgrid import HexGridSpec
from converter.model.pieces import Face, Piece, Steps
from converter.model.rules import Rule
from converter.model.scenario import Placement, Scenario, Victory
from converter.model.tables import Die, Table
from converter.model.turns import Phase, Track, Turns


__all__ = ["Board", "Card", "Deck", "Die", "Edge", "Face", "Filter", "Game", "Group", "Hex", "HexGridSpec",
           "Hexside", "Link", "Location", "Phase", "Piece", "Placement", "Provenance", "Range", "Rule",
           "Scenario", "Space", "Steps", "Table", "Terrain", "Track", "Turns", "Victory", "When"]
