"""The game: every part of a description, with lookups the exporters and the auditor share."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from converter.model.board import Board, Hex, Space, Terrain
from converter.model.cards import Card, Deck
from converter.model.codec import from_json, to_json
from converter.model.common import Filter, Note, Provenance
from converter.model.pieces import Factor, Piece, PieceFlag, UnitType
from converter.model.properties import GlobalProperty
from converter.model.rules import Rule
from converter.model.scenario import Scenario
from converter.model.sides import Faction, Nationality, Side
from converter.model.tables import Chart, Die, Table
from converter.model.turns import Phase, Track, Tracker, Turns


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


I = TypeVar("I", bound=_Identified)


@dataclass
class Players:
    min: int
    max: int


@dataclass
class Source:
    id: str
    title: str
    file: str | None = None
    edition: str | None = None
    note: str | None = None


@dataclass
class Scale:
    counter_mm: float | None = None
    counter_sizes_mm: dict[str, float] | None = None
    hex_mm: float | None = None
    provenance: Provenance | None = None


@dataclass
class HiddenInformation:
    what: str
    pieces: Filter | None = None
    provenance: Provenance | None = None


@dataclass
class Total:
    id: str
    what: str
    count: int
    pieces: Filter | None = None
    deck: str | None = None
    decks: list[str] | None = None
    complete: bool | None = None
    provenance: Provenance | None = None


DEFAULT_COUNTER_MM = 15.875  # 5/8 inch, the most common counter size


@dataclass
class Game:
    format: str
    id: str
    title: str
    sides: list[Side]
    schema: str | None = field(default=None, metadata={"json": "$schema"})
    subtitle: str | None = None
    publisher: str | None = None
    designers: list[str] | None = None
    year: int | None = None
    language: str | None = None
    players: Players | None = None
    sources: list[Source] | None = None
    include: list[str] | None = None
    scale: Scale | None = None
    hidden_information: list[HiddenInformation] | None = None
    factions: list[Faction] | None = None
    nationalities: list[Nationality] | None = None
    terrain: list[Terrain] | None = None
    boards: list[Board] | None = None
    unit_types: list[UnitType] | None = None
    factors: list[Factor] | None = None
    piece_flags: list[PieceFlag] | None = None
    pieces: list[Piece] | None = None
    decks: list[Deck] | None = None
    cards: list[Card] | None = None
    dice: list[Die] | None = None
    tables: list[Table] | None = None
    charts: list[Chart] | None = None
    rules: list[Rule] | None = None
    tracks: list[Track] | None = None
    turns: Turns | None = None
    sequence: list[Phase] | None = None
    trackers: list[Tracker] | None = None
    global_properties: list[GlobalProperty] | None = None
    scenarios: list[Scenario] | None = None
    notes: list[Note] | None = None
    totals: list[Total] | None = None
    folder: Path | None = field(default=None, repr=False, compare=False, metadata={"derived": True})
    _index: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False, compare=False,
                                              metadata={"derived": True})

    # --- reading and writing ---------------------------------------------------------
    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Build the model from a validated, merged game document."""
        return from_json(cls, data)

    def resource(self, name: str) -> Path:
        """A file of the game's folder (a map scan, a face image)."""
        if self.folder is None:
            raise FileNotFoundError(f"game {self.id!r} was not loaded from a folder; cannot find {name!r}")
        return self.folder / name

    def to_dict(self) -> dict[str, Any]:
        return to_json(self)  # type: ignore[no-any-return]

    # --- lookups ---------------------------------------------------------------------
    def _by_id(self, name: str, items: Sequence[I] | None, wanted: str) -> I | None:
        """The item of list *name* with id *wanted* (the last, as a dict would keep it).

        The index remembers positions, and a hit is checked against the list as it is now;
        a miss looks through the list: an edited model (items added, removed, replaced or
        renamed, the list swapped) is never answered from a stale index."""
        found: Sequence[I] = items or ()
        positions = self._index.get(name)
        if positions is not None:
            known: int | None = positions.get(wanted)
            if known is not None and known < len(found) and found[known].id == wanted:
                return found[known]
        for at in range(len(found) - 1, -1, -1):
            if found[at].id == wanted:
                self._index[name] = {item.id: i for i, item in enumerate(found)}
                return found[at]
        return None

    def side(self, side_id: str) -> Side | None:
        return self._by_id("sides", self.sides, side_id)

    def faction(self, faction_id: str) -> Faction | None:
        return self._by_id("factions", self.factions, faction_id)

    def nationality(self, nat_id: str) -> Nationality | None:
        return self._by_id("nationalities", self.nationalities, nat_id)

    def piece(self, piece_id: str) -> Piece | None:
        return self._by_id("pieces", self.pieces, piece_id)

    def table(self, table_id: str) -> Table | None:
        return self._by_id("tables", self.tables, table_id)

    def die(self, die_id: str) -> Die | None:
        return self._by_id("dice", self.dice, die_id)

    def terrain_type(self, terrain_id: str) -> Terrain | None:
        return self._by_id("terrain", self.terrain, terrain_id)

    def board(self, board_id: str) -> Board | None:
        return self._by_id("boards", self.boards, board_id)

    def deck(self, deck_id: str) -> Deck | None:
        return self._by_id("decks", self.decks, deck_id)

    def track(self, track_id: str) -> Track | None:
        return self._by_id("tracks", self.tracks, track_id)

    def scenario(self, scenario_id: str) -> Scenario | None:
        return self._by_id("scenarios", self.scenarios, scenario_id)

    def unit_type(self, type_id: str) -> UnitType | None:
        return self._by_id("unit_types", self.unit_types, type_id)

    def space(self, space_id: str) -> tuple[Board, Space] | None:
        """The board and space of a space id (space ids are unique across boards)."""
        boards = self.boards or []
        positions = self._index.get("spaces")
        if positions is not None and space_id in positions:
            bi, si = positions[space_id]
            spaces = (boards[bi].spaces or []) if bi < len(boards) else []
            if si < len(spaces) and spaces[si].id == space_id:
                return boards[bi], spaces[si]
        found = None
        for b in boards:
            for s in b.spaces or []:
                if s.id == space_id:
                    found = (b, s)
        if found is not None:
            self._index["spaces"] = {s.id: (bi, si) for bi, b in enumerate(boards)
                                     for si, s in enumerate(b.spaces or [])}
        return found

    def hex_board(self, board_id: str | None = None) -> Board | None:
        """The named hex board, or the first hex board when no id is given."""
        for b in self.boards or []:
            if b.kind_spec.hex_grid and (board_id is None or b.id == board_id):
                return b
        return None

    def cards_of(self, deck_id: str) -> list[Card]:
        return [c for c in self.cards or [] if c.deck == deck_id]

    # --- who owns what ----------------------------------------------------------------
    def faction_of(self, piece: Piece) -> Faction | None:
        if piece.faction:
            return self.faction(piece.faction)
        for nat_id in piece.nationalities:
            nat = self.nationality(nat_id)
            if nat and nat.faction:
                return self.faction(nat.faction)
        return None

    def side_of(self, piece: Piece) -> Side | None:
        """The side a piece belongs to: its own, its faction's, or its nationality's."""
        if piece.side:
            return self.side(piece.side)
        faction = self.faction_of(piece)
        if faction:
            return self.side(faction.side)
        for nat_id in piece.nationalities:
            nat = self.nationality(nat_id)
            if nat and nat.side:
                return self.side(nat.side)
        return None

    def color_of(self, piece: Piece) -> str | None:
        """The colour a counter is printed in: its own, else nationality, faction, side."""
        if piece.color:
            return piece.color
        for nat_id in piece.nationalities:
            nat = self.nationality(nat_id)
            if nat and nat.color:
                return nat.color
        faction = self.faction_of(piece)
        if faction and faction.color:
            return faction.color
        side = self.side_of(piece)
        return side.color if side else None

    def counter_mm(self, piece: Piece | None = None) -> float:
        """The printed edge of a counter in millimetres."""
        scale = self.scale
        if scale is not None:
            if piece is not None and piece.size_class and scale.counter_sizes_mm:
                size = scale.counter_sizes_mm.get(piece.size_class)
                if size:
                    return size
            if scale.counter_mm:
                return scale.counter_mm
        return DEFAULT_COUNTER_MM

    def factor_order(self) -> list[str]:
        return [f.id for f in self.factors or []]

    def matches(self, piece: Piece, flt: Filter | None) -> bool:
        """Whether *piece* falls under a filter (an absent filter matches every piece)."""
        if flt is None:
            return True
        # each criterion the filter states must share a value with the piece's; the side and
        # faction are looked up only when asked (an audit asks this for every event)
        if flt.sides is not None:
            side = self.side_of(piece)
            if side is None or side.id not in flt.sides:
                return False
        if flt.factions is not None:
            faction = self.faction_of(piece)
            if faction is None or faction.id not in flt.factions:
                return False
        if flt.nationalities is not None and not set(flt.nationalities) & set(piece.nationalities):
            return False
        for wanted, have in ((flt.types, piece.type), (flt.sizes, piece.size),
                             (flt.size_classes, piece.size_class)):
            if wanted is not None and (not have or have not in wanted):
                return False
        if flt.kinds is not None and piece.kind not in flt.kinds:
            return False
        if flt.pieces is not None and piece.id not in flt.pieces:
            return False
        if flt.flags is not None and not set(flt.flags) & set(piece.flags or []):
            return False
        if flt.not_ is not None and self.matches(piece, flt.not_):
            return False
        if flt.any_of is not None and not any(self.matches(piece, sub) for sub in flt.any_of):
            return False
        return True

    def named_hexes(self) -> list[tuple[Board, Hex]]:
        return [(b, h) for b in self.boards or [] if b.kind_spec.hex_grid for h in b.named_hexes()]
