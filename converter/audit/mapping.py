"""Audit a game played on a module we did not build: the rules come from a canonical game,
the pieces and places from the real module, tied by a mapping.

The mapping is a small editable JSON file (schemas/audit-mapping.schema.json): module piece
name → game piece id, VASSAL board → game board, and (board, location name) → game place.
`propose` fills it from names (pieces by name, id or a property value; places by hex, zone,
region and board names) and lists every piece or place it could not tie as `null`, so a
referee sees what the audit will not judge and can fix it by hand.  `load_mapping` reads an
edited file back; `AuditMapping.piece` and `AuditMapping.place` answer the replay.  A placed
piece is the game piece import made of the slot it was made from: both ask
`converter.vassal.slots` (its gpid first), so a module's own setup is judged by what import
made of it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from converter.audit.module import AuditModule, name_dice
from converter.audit.places import Place, imported_boards, nameless_region
from converter.builder.conventions import (
    hex_of_location, read_game_from_vmod, space_names, track_cell_names, track_values)
from converter.errors import InputError, VassalFormatError
from converter.model.board import Board
from converter.model.cards import Card
from converter.model.game import Game
from converter.model.pieces import Piece
from converter.vassal import commands as cmd
from converter.vassal.components import BoardComponent, Map
from converter.vassal.components.base import Component
from converter.vassal.components.prototype_definition import PrototypeDefinition
from converter.vassal.grid import HexGeometry
from converter.vassal.slots import SlotIndex, basic_gpid, definition_mark
from converter.vassal.traits.piece import PieceTraits
from converter.vassal.traits.piece import decode_piece
from converter.vassal.traits.use_prototype import UsePrototype

FORMAT = "vconv-audit-mapping/1"
MAX_MAPPING_BYTES = 16 * 1024 * 1024
_Noted = TypeVar("_Noted", Piece, Card)  # what import writes a provenance note on
WRONG_GAME_SHARE = 0.5  # more than this share of a log's piece kinds foreign: wrong game
UNNAMED = "(unnamed)"  # a piece whose BasicPiece has no name (buttons, mats)
PLACE_KEYS = ("space", "hex", "board", "track", "value")
# properties whose values name a piece as well as its name does
NAMING_PROPERTIES = ("vconv_id", "Unit", "UnitName", "Name", "Piece", "Designation", "ID")


def norm(text: str) -> str:
    """A name reduced for matching: accents, case, spaces and punctuation do not count."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text.casefold() if ch.isalnum())


@dataclass(frozen=True, slots=True)
class PlaceRef:
    """A game place a VASSAL location stands for: a space, a hex of a board, a track cell."""

    space: str | None = None
    hex: str | None = None
    board: str | None = None
    track: str | None = None
    value: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in PLACE_KEYS if getattr(self, k) is not None}


@dataclass(slots=True)
class ModulePiece:
    """A piece definition of the real module (palette, at-start stack, deck)."""

    name: str
    properties: dict[str, str]
    where: str  # "palette", "card"
    path: str = ""       # where the slot is, as the importer's provenance notes write it
    type_text: str = ""  # the slot's piece type: a piece made from it carries the same text


@dataclass(slots=True)
class ModuleInventory:
    """What the real module holds that a mapping ties: piece names and located places."""

    pieces: dict[str, ModulePiece] = field(default_factory=dict)  # by mapping key
    slots: SlotIndex = field(default_factory=SlotIndex)  # which slot a placed piece is
    slot_keys: list[str] = field(default_factory=list)  # slot number → mapping key
    # VASSAL board name → (location kind, location name) in file order
    places: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    hex_boards: set[str] = field(default_factory=set)


@dataclass(slots=True)
class AuditMapping:
    """The tie between a real module's pieces/places and a canonical game's."""

    game: Game
    module_name: str
    pieces: dict[str, str | None]
    boards: dict[str, str | None]
    places: dict[str, dict[str, PlaceRef | None]]
    slots: SlotIndex = field(default_factory=SlotIndex, repr=False)
    slot_keys: list[str] = field(default_factory=list, repr=False)  # slot number → key
    source: str = "proposed from names (write it with --mapping FILE to edit it)"
    _types: dict[tuple[str, str], Piece | None] = field(default_factory=dict, repr=False)
    _hex_names: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)
    _place_index: PlaceIndex | None = field(default=None, repr=False)
    _imported: dict[tuple[str, str], str] | None = field(default=None, repr=False)
    _lost: dict[str, Piece] | None = field(default=None, repr=False)
    _no_gpid: dict[str, Piece] | None = field(default=None, repr=False)
    _cards: dict[tuple[str, str], Card | None] = field(default_factory=dict, repr=False)
    _slot_cards: dict[str, Card] | None = field(default=None, repr=False)
    notes: list[str] = field(default_factory=list)  # what the referee should know of the file

    # ------------------------------------------------------------------ the replay's questions

    def piece(self, type_text: str, state_text: str = "") -> Piece | None:
        """The game piece a VASSAL piece is: the one import made of the slot the piece was
        made from (`SlotIndex.find`, as import asks), else the one its name ties (a piece
        made during play); cached per type and gpid."""
        gpid = basic_gpid(state_text) if state_text else ""
        cache_key = (type_text, gpid)
        if cache_key in self._types:
            return self._types[cache_key]
        gp = None
        try:
            vp = decode_piece(type_text, state_text or "")
            name = vp.basic.name
        except (VassalFormatError, ValueError, IndexError):
            name = ""
            vp = None
        slot = self.slots.find(type_text, gpid, name)
        key = self.slot_keys[slot.number] if slot is not None else None
        if key is not None and key in self.pieces:
            pid = self.pieces[key]
            gp = self.game.piece(pid) if pid else None
        elif vp is not None and name:  # made during play: tie it by name too
            gp = match_piece(self.game, name, vp.properties())
        elif vp is not None and gpid:  # nameless, of a slot since gone: import's piece of it
            gp = self._lost_gpids().get(gpid)
        elif vp is not None:  # neither name nor gpid: import's piece of its definition
            gp = self._lost_definitions().get(definition_mark(vp.encode()[0]))
        if len(self._types) < 100_000:
            self._types[cache_key] = gp
        return gp

    def card(self, type_text: str, state_text: str = "") -> Card | None:
        """The game card a VASSAL piece is: the one import made of the deck's card slot the
        piece was made from, else the one card of the game titled with its name.  A card is
        no piece: the mapping's piece section leaves it null, yet it is the game's."""
        gpid = basic_gpid(state_text) if state_text else ""
        cache_key = (type_text, gpid)
        if cache_key in self._cards:
            return self._cards[cache_key]
        found = None
        if self.game.cards:
            try:
                name = decode_piece(type_text, state_text or "").basic.name
            except (VassalFormatError, ValueError, IndexError):
                name = ""
            slot = self.slots.find(type_text, gpid, name)
            if slot is not None:
                if self._slot_cards is None:
                    self._slot_cards = _cards_by_slot(self.game)
                found = self._slot_cards.get(slot.path)
            if found is None and name and (slot is None
                                           or type(slot.slot).__name__ == "CardSlot"):
                titled = [c for c in self.game.cards if c.title == name]
                found = titled[0] if len(titled) == 1 else None
        if len(self._cards) < 100_000:
            self._cards[cache_key] = found
        return found

    def card_keys(self) -> set[str]:
        """The module pieces the mapping leaves null that are cards import made of a deck's
        card slot: tied to the game's cards, not untied."""
        if self._slot_cards is None:
            self._slot_cards = _cards_by_slot(self.game)
        return {key for entry in self.slots.entries
                if entry.path in self._slot_cards and entry.number < len(self.slot_keys)
                and self.pieces.get(key := self.slot_keys[entry.number], "") is None}

    def _lost_gpids(self) -> dict[str, Piece]:
        """Pieces import made of a setup's nameless pieces no slot tells, by their gpid."""
        if self._lost is None:
            self._lost = _by_note(self.game.pieces or [], _LOST_GPID)
        return self._lost

    def _lost_definitions(self) -> dict[str, Piece]:
        """Pieces import made of a setup's pieces with neither a name nor a gpid, by the
        mark of their definition."""
        if self._no_gpid is None:
            self._no_gpid = _by_note(self.game.pieces or [], _NO_GPID)
        return self._no_gpid

    def _index(self) -> PlaceIndex:
        if self._place_index is None:
            self._place_index = PlaceIndex.of(self.game)
        return self._place_index

    def place(self, map_name: str, board: str, kind: str, location: str) -> Place:
        """The Place of a VASSAL location, named in the game's terms through the mapping."""
        game_board = self.boards.get(board)
        listed = self.places.get(board, {})
        ref = None
        if game_board is None:  # a board name several maps share ties to no one board:
            if self._imported is None:  # the board import made of this map's is that board
                self._imported = imported_boards(self.game)
            own = self._imported.get((map_name, board))
            ref = self._default(own, kind, location) if own is not None else None
            game_board = own if ref is not None else None
        if ref is None:
            listed_ref = listed.get(location)
            if location in listed and not (  # a board named as one of its zones (Bushido's
                    kind == "board" and listed_ref is not None  # 'Battlefield'): a point
                    and listed_ref.space is not None  # no zone names is in none of them
                    and self._index().kinds.get(listed_ref.space) in ("zone", "region")):
                ref = listed_ref
            else:
                ref = self._default(game_board, kind, location)
        if ref is None:
            return Place(map_name, location, kind, board, game_board)
        gb = ref.board or game_board
        if ref.hex is not None:
            return Place(map_name, location, kind, board, gb, hex=ref.hex)
        if ref.space is not None:
            found = self.game.space(ref.space)
            return Place(map_name, location, kind, board, found[0].id if found else gb,
                         space=ref.space)
        return Place(map_name, location, kind, board, gb, track=ref.track, track_value=ref.value)

    def _default(self, game_board: str | None, kind: str, location: str) -> PlaceRef | None:
        """A location the file does not list (a hex, a square): tied by the same rule."""
        if game_board is None:  # a board the mapping does not tie: its names may still
            return match_place(self.game, None, location, self._index(), kind) \
                if kind in ("zone", "region") else None
        if kind == "hex":
            names = self._hex_names.get(game_board)
            if names is None:
                names = self._hex_names[game_board] = hex_names(self.game.board(game_board))
            hex_id = names.get(location)
            return PlaceRef(hex=hex_id, board=game_board) if hex_id else None
        found = match_place(self.game, game_board, location, self._index(), kind)
        if found is None:  # a board the game keeps as one space: every point of it is that space
            gb = self.game.board(game_board)
            spaces = gb.spaces or [] if gb is not None else []
            if len(spaces) == 1 and spaces[0].kind == "board":
                return PlaceRef(space=spaces[0].id)
        return found

    # ------------------------------------------------------------------ reporting

    def unmatched(self) -> dict[str, list[str]]:
        """What the mapping leaves untied, on both sides (every entry listed)."""
        tied_pieces = {p for p in self.pieces.values() if p}
        tied_pieces |= {p.id for p in self._lost_gpids().values()}  # tied by their gpid
        tied_pieces |= {p.id for p in self._lost_definitions().values()}  # by definition
        tied_places = {ref.space for locs in self.places.values() for ref in locs.values()
                       if ref is not None and ref.space}
        tied_boards = {b for b in self.boards.values() if b}
        tied_places |= {s.id for b in self.game.boards or [] if b.id in tied_boards
                        for s in b.spaces or [] if s.kind == "board"}
        cards = self.card_keys()
        return {
            "module_pieces": sorted(n for n, p in self.pieces.items()
                                    if p is None and n not in cards),
            "module_places": sorted(f"{b}/{loc}" for b, locs in self.places.items()
                                    for loc, ref in locs.items() if ref is None),
            "game_pieces": sorted(p.id for p in self.game.pieces or []
                                  if p.id not in tied_pieces),
            "game_places": sorted(
                [s.id for b in self.game.boards or [] for s in b.spaces or []
                 if s.id not in tied_places]
                + [f"board:{b.id}" for b in self.game.boards or []
                   if b.kind_spec.hex_grid and b.id not in tied_boards]),
        }

    def summary(self) -> str:
        gone = self.unmatched()
        tied = sum(1 for p in self.pieces.values() if p)
        cards = len(self.card_keys())
        places = sum(1 for locs in self.places.values() for r in locs.values() if r)
        listed = sum(len(locs) for locs in self.places.values())
        return (f"pieces and places of module {self.module_name!r} are tied to game "
                f"{self.game.id!r} by the mapping {self.source}: {tied} of {len(self.pieces)} "
                f"module pieces{f' ({cards} more are cards of its decks)' if cards else ''}, "
                f"{places} of {listed} named places, "
                f"{sum(1 for b in self.boards.values() if b)} of {len(self.boards)} boards; "
                f"untied game pieces: {len(gone['game_pieces'])}")

    def to_json(self) -> str:
        """The mapping file's text: sorted, two-space indented, ending in a newline."""
        doc = {
            "$schema": "https://vconv.github.io/schemas/1/audit-mapping.schema.json",
            "format": FORMAT,
            "module": self.module_name,
            "game": self.game.id,
            "pieces": {n: self.pieces[n] for n in sorted(self.pieces)},
            "boards": {b: self.boards[b] for b in sorted(self.boards)},
            "places": {b: {loc: (ref.to_json() if ref is not None else None)
                           for loc, ref in sorted(self.places[b].items())}
                       for b in sorted(self.places)},
            "unmatched": self.unmatched(),
        }
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


# ----------------------------------------------------------------------------- the module side

def inventory(root: Component, module: AuditModule) -> ModuleInventory:
    """Every piece definition and named place of a real module (folders of every kind)."""
    inv = ModuleInventory()
    prototypes: dict[str, Component] = {}
    for c in root.walk():
        if isinstance(c, PrototypeDefinition) and c.name:
            prototypes[c.name] = c  # the last of a name, as VASSAL uses it
    inv.slots = SlotIndex.of(root)
    slots: list[ModulePiece] = []
    for entry in inv.slots.entries:
        slot = entry.slot
        where = "card" if type(slot).__name__ == "CardSlot" else "palette"
        slots.append(ModulePiece(entry.name or UNNAMED, _properties(slot.piece, prototypes),
                                 where, entry.path, entry.type_text))
    names: dict[str, set[str]] = {}
    for mp in slots:  # one name, several different pieces: each keyed by its slot too
        names.setdefault(mp.name, set()).add(mp.type_text)
    for mp in slots:
        alone = len(names[mp.name]) == 1 and mp.name != UNNAMED
        key = mp.name if alone else f"{mp.name} @ {mp.path}"
        inv.pieces.setdefault(key, mp)
        inv.slot_keys.append(key)
    for m in root.walk():
        if not isinstance(m, Map):
            continue
        geo = module.maps.get(m.map_name)
        for b in m.walk():
            if not isinstance(b, BoardComponent) or geo is None or b.name not in geo.boards:
                continue
            bg = geo.boards[b.name]
            locs = inv.places.setdefault(b.name, [])
            for z in bg.zones:
                if "$gridLocation$" not in z.location_format:
                    locs.append(("zone", z.location_format.replace("$name$", z.name)))
                elif bg.names_no_cell(z):  # one name for the zone: 'West ' (no cell)
                    locs.append(("zone", z.location_format.replace("$name$", z.name)
                                 .replace("$gridLocation$", "")))
            for r in bg.regions:
                locs.append(("region", r[0]))
            if isinstance(bg.grid, HexGeometry):
                inv.hex_boards.add(b.name)
            if not bg.zones and not bg.regions and bg.grid is None:
                locs.append(("board", b.name))
    for board, locs in inv.places.items():  # a name VASSAL repeats is one place
        seen: set[str] = set()
        unique = []
        for x in locs:
            if x[1] not in seen:
                seen.add(x[1])
                unique.append(x)
        inv.places[board] = unique
    return inv


def _properties(vp: PieceTraits, prototypes: dict[str, Component], depth: int = 0
                ) -> dict[str, str]:
    """A piece's properties with its prototypes' (resolved a few levels deep), own first."""
    props: dict[str, str] = {}
    if depth < 4:
        for use in vp.traits_of(UsePrototype):
            proto = prototypes.get(use.name)
            if proto is None:
                continue
            try:
                inner = proto.piece  # type: ignore[attr-defined]
            except (VassalFormatError, ValueError, IndexError):
                continue
            props.update(_properties(inner, prototypes, depth + 1))
    props.update(vp.properties())
    return props


# ----------------------------------------------------------------------------- matching

def _piece_index(game: Game) -> dict[str, list[Piece]]:
    index: dict[str, list[Piece]] = {}
    for p in game.pieces or []:
        for key in {norm(p.id), norm(p.name), norm(p.designation or "")} - {""}:
            index.setdefault(key, []).append(p)
    return index


_IMPORTED_FROM = re.compile(
    r"imported from (.*?(?:PieceSlot|CardSlot)(?:\[.*?\])?(?:#\d+)?)(?=;|$|\s)")


_LOST_GPID = re.compile(r"imported from PredefinedSetup\[.*?/piece \(saved gpid (\d+)\)")
_NO_GPID = re.compile(r"imported from PredefinedSetup\[.*?/piece \(saved with neither a name "
                      r"nor a gpid; definition ([0-9a-f]{12})\)")


def _slot_index(game: Game) -> dict[str, Piece]:
    """Game pieces by the module slot `vconv import` made them from (its provenance note)."""
    return _by_note(game.pieces or [], _IMPORTED_FROM)


def _cards_by_slot(game: Game) -> dict[str, Card]:
    """Game cards by the module card slot `vconv import` made them from."""
    return _by_note(game.cards or [], _IMPORTED_FROM)


def _by_note(items: Iterable[_Noted], pattern: re.Pattern[str]) -> dict[str, _Noted]:
    """Game pieces or cards by what *pattern*'s first group finds in their provenance note
    (the first of each), as `vconv import` writes where a piece or card came from."""
    out: dict[str, _Noted] = {}
    for p in items:
        note = p.provenance.note if p.provenance is not None else None
        m = pattern.search(note or "")
        if m:
            out.setdefault(m.group(1), p)
    return out


def match_piece(game: Game, name: str, properties: dict[str, str],
                index: dict[str, list[Piece]] | None = None) -> Piece | None:
    """The one game piece a module piece names (vconv_id, its name, a naming property)."""
    if properties.get("vconv_id"):
        exact = game.piece(properties["vconv_id"])
        if exact is not None:
            return exact
    index = index if index is not None else _piece_index(game)
    keys = [name] + [properties[k] for k in NAMING_PROPERTIES if properties.get(k)]
    for key in keys:
        found = index.get(norm(key), [])
        if len(found) == 1:
            return found[0]
    return None


def hex_names(board: Board | None) -> dict[str, str]:
    """VASSAL hex name → game hex id: the hexes' own names, then the grid's ids as they are."""
    if board is None:
        return {}
    out: dict[str, str] = {}
    if board.grid is not None:
        out.update({h: h for h in board.grid.all_ids()})
    for h in board.hexes or []:
        out.setdefault(h.id, h.id)
        if h.name:
            out[h.name] = h.id
    return out


@dataclass(slots=True)
class PlaceIndex:
    """The game's places by reduced name, built once (a real module has ~1000 regions)."""

    spaces: dict[str, list[tuple[str, str]]]  # reduced name → [(board id, space id)]
    cells: dict[str, PlaceRef]                # reduced "<track name> <value>" → cell
    parents: dict[str, str] = field(default_factory=dict)  # space id → enclosing space id
    names: dict[str, str] = field(default_factory=dict)    # space id → its name
    kinds: dict[str, str] = field(default_factory=dict)    # space id → its kind

    @classmethod
    def of(cls, game: Game) -> PlaceIndex:
        spaces: dict[str, list[tuple[str, str]]] = {}
        parents: dict[str, str] = {}
        named: dict[str, str] = {}
        kinds: dict[str, str] = {}
        for b in game.boards or []:
            for sp in b.spaces or []:
                named.setdefault(sp.id, sp.name)
                kinds.setdefault(sp.id, sp.kind or "")
                if sp.parent:
                    parents[sp.id] = sp.parent
                names = {sp.name, sp.id, *(str(v) for k, v in (sp.properties or {}).items()
                                           if k == "vassal_location")}
                for key in {norm(n) for n in names} - {""}:
                    if (b.id, sp.id) not in spaces.get(key, []):
                        spaces.setdefault(key, []).append((b.id, sp.id))
        cells: dict[str, PlaceRef] = {}
        for track in game.tracks or []:  # "<track> <value>" and "<track> <label>"
            values, labels = track_values(game, track.id)
            for value, label in zip(values, labels):
                for text in (f"{track.name} {value}", f"{track.name} {label}"):
                    cells.setdefault(norm(text), PlaceRef(track=track.id, value=value))
        # the names a module vconv built gives its spaces and track cells
        for (tid, value), text in track_cell_names(game).items():
            cells.setdefault(norm(text), PlaceRef(track=tid, value=value))
        for b in game.boards or []:
            for sid, text in space_names(b).items():
                if (b.id, sid) not in spaces.get(norm(text), []):
                    spaces.setdefault(norm(text), []).append((b.id, sid))
        return cls(spaces, cells, parents, named, kinds)

    def first_named(self, location: str, ids: list[str]) -> str | None:
        """The first (file order) of spaces that carry exactly the name VASSAL reports."""
        return next((i for i in ids if self.names.get(i) == location), None)

    def outermost(self, ids: list[str]) -> str | None:
        """Of spaces VASSAL names alike (a zone and the region filling it), the one holding
        the others: the importer places pieces there."""
        found = set(ids)
        top = [i for i in found if self.parents.get(i) not in found]
        return top[0] if len(top) == 1 and len(found) > 1 else None


def match_place(game: Game, game_board: str | None, location: str,
                index: PlaceIndex | None = None, kind: str | None = None
                ) -> PlaceRef | None:
    """The game place a zone, region or board name names: a space (same board first; when
    spaces share the name, the one a point of that *kind* can be in: Bushido's zone
    'Battlefield', not the board 'Battlefield' as a whole), or a track cell named `<track
    name> <value>`; None when none or several fit."""
    key = norm(location)
    if not key:
        return _nameless_region(game, game_board)
    index = index if index is not None else PlaceIndex.of(game)
    found = index.spaces.get(key, [])
    own = [sid for bid, sid in found if bid == game_board]
    for ids in (own, [sid for _bid, sid in found]):
        if len(set(ids)) == 1:
            return PlaceRef(space=ids[0])
        if ids:  # VASSAL names them alike; the importer placed pieces on the first
            # a zone's or region's point is in no board-wide space, and a point no zone or
            # region names is in none of them
            wanted = ("board",) if kind == "board" else ("zone", "region") \
                if kind in ("zone", "region") else ()
            alike = {i for i in ids if index.kinds.get(i) in wanted}
            if len(alike) == 1:
                return PlaceRef(space=alike.pop())
            top = index.outermost(ids) or index.first_named(location, ids)
            return PlaceRef(space=top) if top is not None else None
    cell = index.cells.get(key)
    if cell is None and game_board is not None:  # a named hex's zone: 'Königsberg (2314)'
        board = game.board(game_board)
        if board is not None and board.kind_spec.hex_grid:
            hex_id = hex_of_location(location, set(hex_names(board).values()))
            if hex_id is not None:
                return PlaceRef(hex=hex_id, board=game_board)
    return cell


def _nameless_region(game: Game, game_board: str | None) -> PlaceRef | None:
    """The space of the board's regions VASSAL names '' (`places.nameless_region`)."""
    board = game.board(game_board) if game_board is not None else None
    sid = nameless_region(board) if board is not None else None
    return PlaceRef(space=sid) if sid is not None else None


def _match_board(game: Game, name: str, hex_board: bool) -> str | None:
    key = norm(name)
    found = [b.id for b in game.boards or [] if key in (norm(b.name), norm(b.id))]
    return found[0] if len(found) == 1 else None


def propose(game: Game, module: AuditModule, root: Component) -> AuditMapping:
    """A mapping from names alone; everything it cannot tie is listed as null."""
    inv = inventory(root, module)
    index = _piece_index(game)
    by_slot = _slot_index(game)
    pieces = {}
    for key, mp in inv.pieces.items():
        gp = by_slot.get(mp.path) or match_piece(game, mp.name, mp.properties, index)
        pieces[key] = gp.id if gp is not None else None
    same_text: dict[str, set[str]] = {}  # slots of one definition are one piece (as import
    for key, mp in inv.pieces.items():   # keeps them): the ids their tied slots have
        if pieces[key] and mp.type_text:
            same_text.setdefault(mp.type_text, set()).add(pieces[key])  # type: ignore[arg-type]
    for key, mp in inv.pieces.items():
        tied = same_text.get(mp.type_text, set())
        if pieces[key] is None and len(tied) == 1:
            pieces[key] = next(iter(tied))
    siblings: dict[str, set[str]] = {}  # one name, several slots: what its tied slots are
    for key, mp in inv.pieces.items():
        if pieces[key]:
            siblings.setdefault(mp.name, set()).add(pieces[key])  # type: ignore[arg-type]
    for key, mp in inv.pieces.items():
        tied = siblings.get(mp.name, set())
        if pieces[key] is None and len(tied) == 1:  # the importer kept one piece for them
            pieces[key] = next(iter(tied))
    boards: dict[str, str | None] = {}
    for board in inv.places:
        boards[board] = _match_board(game, board, board in inv.hex_boards)
    game_hex = [b.id for b in game.boards or [] if b.kind_spec.hex_grid]
    module_hex = sorted(inv.hex_boards)
    if len(game_hex) == 1 and len(module_hex) == 1 and boards.get(module_hex[0]) is None \
            and game_hex[0] not in boards.values():
        boards[module_hex[0]] = game_hex[0]  # one hex map on each side: the same map
    places: dict[str, dict[str, PlaceRef | None]] = {}
    places_index = PlaceIndex.of(game)
    for board, locs in inv.places.items():
        listed = places.setdefault(board, {})
        for kind, location in locs:
            listed[location] = match_place(game, boards.get(board), location, places_index,
                                           kind)
    shared = Counter(name for _map, name in imported_boards(game))
    for board, gid in list(boards.items()):
        if shared[board] > 1:  # several maps' boards of this name, each imported on its own:
            boards[board] = None  # no one board; `place` ties each map's own
        elif gid is None:  # a board holding one of the game's spaces is that space's board
            ties = {found[0].id for ref in places.get(board, {}).values()
                    if ref is not None and ref.space
                    and (found := game.space(ref.space)) is not None}
            if len(ties) == 1:
                boards[board] = ties.pop()
    return AuditMapping(game, module.name, pieces, boards, places, slots=inv.slots,
                        slot_keys=inv.slot_keys)


# ----------------------------------------------------------------------------- the file

def load_mapping(path: str | Path, game: Game, module: AuditModule) -> AuditMapping:
    """Read an (edited) mapping file; every id must exist in the game.

    Raises:
        InputError: unreadable, not JSON, or not a mapping (file + JSON pointer + expected).
    """
    from converter.load.document import parse_json_bytes

    p = Path(path)
    try:
        with p.open("rb") as fh:  # bounded: a device or pipe tells no size
            raw = fh.read(MAX_MAPPING_BYTES + 1)
    except OSError as exc:
        raise InputError(str(p), f"cannot read the mapping ({exc.strerror or exc})") from None
    if len(raw) > MAX_MAPPING_BYTES:
        raise InputError(str(p), f"larger than {MAX_MAPPING_BYTES} bytes; not a mapping")
    # the game files' JSON reader: a line for a key given twice (an edit that left the old
    # tie beside the new one), NaN, a number past any int, nesting past the limit
    data = parse_json_bytes(raw, str(p))

    def bad(pointer: str, expected: str) -> InputError:
        return InputError(str(p), f"expected {expected}", pointer=pointer)

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad("/format", f"a mapping object whose format is {FORMAT!r}")
    from jsonschema.exceptions import best_match

    from converter.validate.schema import validator

    error = best_match(validator("audit-mapping.schema.json").iter_errors(data))
    if error is not None:  # the schema's word first: where, and what was expected
        pointer = "".join(f"/{_esc(str(t))}" for t in error.absolute_path)
        raise InputError(str(p), f"{error.message} (see schemas/audit-mapping.schema.json)",
                         pointer=pointer)
    if data.get("game") != game.id:
        raise InputError(str(p), f"the mapping is for game {data.get('game')!r}, not "
                         f"{game.id!r}; propose a new one with --propose-mapping",
                         pointer="/game")
    def ids(section: str, of: str, what: str, exists: Callable[[str], object]
            ) -> dict[str, str | None]:
        """A section tying VASSAL names to ids of the game (or null), each id checked."""
        raw = data.get(section, {})
        if not isinstance(raw, dict):
            raise bad(f"/{section}", f"an object: {of} name → game {what} id or null")
        for name, gid in raw.items():
            if gid is not None and (not isinstance(gid, str) or exists(gid) is None):
                raise bad(f"/{section}/{_esc(name)}", f"a {what} id of game {game.id!r} or "
                          f"null, not {gid!r}")
        return dict(raw)

    pieces = ids("pieces", "module piece", "piece", game.piece)
    boards = ids("boards", "VASSAL board", "board", game.board)
    places: dict[str, dict[str, PlaceRef | None]] = {}
    raw = data.get("places", {})
    if not isinstance(raw, dict):
        raise bad("/places", "an object: VASSAL board name → {location name → place}")
    for board, locs in raw.items():
        if not isinstance(locs, dict):
            raise bad(f"/places/{_esc(board)}", "an object: location name → place or null")
        listed = places.setdefault(board, {})
        for loc, ref in locs.items():
            listed[loc] = _place_ref(game, ref, f"/places/{_esc(board)}/{_esc(loc)}", bad)
    inv = inventory(module.root, module) if module.root is not None else ModuleInventory()
    mapping = AuditMapping(game, str(data.get("module") or module.name), pieces, boards, places,
                           slots=inv.slots, slot_keys=inv.slot_keys, source=str(p))
    older = _keys_of_older_files(pieces, inv)
    if older:  # read compatibly: those slots are tied to the piece import made of each
        made = _slot_index(game)
        for key in older:
            found = made.get(inv.pieces[key].path)
            pieces[key] = found.id if found is not None else None
        shown = ", ".join(repr(k) for k in older[:3]) + (", ..." if len(older) > 3 else "")
        mapping.notes.append(
            f"the mapping {p} was written before slots sharing a folder path were told apart "
            f"('<path>#2'): {len(older)} slot(s) of the module are not in it ({shown}); they "
            "are tied to the pieces import made of them; propose the mapping again "
            "(--propose-mapping) to see and edit them")
    return mapping


def _keys_of_older_files(pieces: dict[str, str | None], inv: ModuleInventory) -> list[str]:
    """The module's keys `<key>#N` a mapping file lacks while it has `<key>`: the file was
    written when the slots at one path shared that one key."""
    out = []
    for key in dict.fromkeys(inv.slot_keys):
        base, sep, number = key.rpartition("#")
        if sep and number.isdecimal() and key not in pieces and base in pieces:
            out.append(key)
    return out


def _place_ref(game: Game, ref: Any, pointer: str, bad: Any) -> PlaceRef | None:
    if ref is None:
        return None
    if not isinstance(ref, dict) or set(ref) - set(PLACE_KEYS):
        raise bad(pointer, "null or an object with space, or hex and board, or track and value")
    if "space" in ref:
        if game.space(str(ref["space"])) is None:
            raise bad(pointer + "/space", f"a space id of game {game.id!r}")
        return PlaceRef(space=str(ref["space"]))
    if "hex" in ref:
        board = game.board(str(ref.get("board", "")))
        if board is None or str(ref["hex"]) not in hex_names(board).values():
            raise bad(pointer, f"a hex id and the id of its board in game {game.id!r}")
        return PlaceRef(hex=str(ref["hex"]), board=board.id)
    if "track" in ref:
        track = game.track(str(ref["track"]))
        value = ref.get("value")
        if track is None or not isinstance(value, int) or isinstance(value, bool):
            raise bad(pointer, f"a track id of game {game.id!r} and an integer value")
        return PlaceRef(track=track.id, value=value)
    raise bad(pointer, "null or an object with space, or hex and board, or track and value")


def _esc(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


# ----------------------------------------------------------------------------- the game side

def with_unstated_counts_missing(game: Game) -> Game:
    """The game with every piece imported from a module palette whose count the module
    does not state marked `missing: count`: an unlimited palette is no number of counters."""
    from converter.importer.context import SOURCE_ID

    module_sources = {s.id for s in game.sources or []
                      if s.id == SOURCE_ID
                      or (s.file or "").lower().endswith((".vmod", ".mod", ".zip"))}
    changed = []
    touched = False
    for p in game.pieces or []:
        src = p.provenance.source if p.provenance is not None else None
        if p.count is None and src in module_sources \
                and not (p.missing and "count" in p.missing):
            changed.append(replace(p, missing=[*(p.missing or []), "count"]))
            touched = True
        else:
            changed.append(p)
    if not touched:
        return game
    out = replace(game, pieces=changed)
    out._index = {}
    out.folder = game.folder
    return out


# ----------------------------------------------------------------------------- attaching

def load_rules_game(path: str | Path) -> Game:
    """The canonical game whose rules judge the log: a game folder, its game.json, or a
    module vconv built (its embedded description).

    Raises:
        InputError, ModelError, VassalFormatError: missing, unreadable or invalid.
    """
    p = Path(path)
    if not p.exists():
        raise InputError(str(p), "no such game folder, game.json or built module")
    if p.is_file() and p.suffix.lower() in (".vmod", ".mod", ".zip"):
        return read_game_from_vmod(p)
    from converter.validate import load_model

    return load_model(p)


def attach(module: AuditModule, game: Game, mapping_path: str | Path | None = None, *,
           rewrite: bool = False) -> AuditMapping:
    """Give a real module the rules of *game*, tied by a mapping: read from *mapping_path*
    when that file exists, else proposed (and written there atomically when a path is
    given; `rewrite` proposes and writes even over an existing file)."""
    from converter.atomic import write_text_atomic

    if module.root is None:
        raise InputError(module.source, "the module's component tree is not available")
    game = with_unstated_counts_missing(game)
    if mapping_path is not None and Path(mapping_path).exists() and not rewrite:
        mapping = load_mapping(mapping_path, game, module)
    else:
        mapping = propose(game, module, module.root)
        if mapping_path is not None:
            write_text_atomic(mapping_path, mapping.to_json())
            mapping.source = f"{mapping_path} (proposed from names, written now: edit it)"
    module.game = game
    module.mapping = mapping
    name_dice(module.dice_names, game)  # a module's button now rolls the game's die
    return mapping


# ----------------------------------------------------------------------------- wrong game

def pieces_on_map(record: cmd.GameRecord) -> dict[str, tuple[str, str]]:
    """Piece id → (type, state) text of every piece that is on a map at some point of a save or log
    (cards in decks and palette leftovers are not played pieces)."""
    types: dict[str, tuple[str, str]] = {}
    on_map: set[str] = set()
    commands: Iterable[cmd.Command] = record.all_commands()
    for c in commands:
        if isinstance(c, cmd.AddPiece):
            if c.type == "stack":  # an at-start stack carries its members' map (§4.3)
                fields = c.state.split(";")
                if fields[0] not in ("", "null"):
                    on_map.update(m for m in fields[3:] if m and not m.startswith("@@"))
                continue
            if c.type.startswith("deck;"):
                continue
            types.setdefault(c.id, (c.type, c.state))
            try:
                where = decode_piece(c.type, c.state).basic.map_id
            except (VassalFormatError, ValueError, IndexError):
                continue
            if where not in ("", "null"):
                on_map.add(c.id)
        elif isinstance(c, cmd.MovePiece) and c.new_map:
            on_map.add(c.id)
    return {pid: types[pid] for pid in sorted(on_map) if pid in types}


def check_belongs(record: cmd.GameRecord, source: str, mapping: AuditMapping) -> None:
    """Refuse a log most of whose pieces are no piece of the game (a wrong game).

    Raises:
        InputError: more than half of the kinds of piece on its maps map to no game piece.
    """
    kinds: dict[str, bool] = {}
    for type_text, state_text in pieces_on_map(record).values():
        try:
            name = decode_piece(type_text, state_text).basic.name
        except (VassalFormatError, ValueError, IndexError):
            continue
        if name and name not in kinds:  # a card of the game's decks is the game's too
            kinds[name] = (mapping.piece(type_text, state_text) is not None
                           or mapping.card(type_text, state_text) is not None)
    foreign = sorted(n for n, ours in kinds.items() if not ours)
    if kinds and len(foreign) > WRONG_GAME_SHARE * len(kinds):
        sample = ", ".join(repr(n) for n in foreign[:5])
        raise InputError(source, f"{len(foreign)} of the {len(kinds)} kinds of piece on its "
                         f"maps belong to no piece of game {mapping.game.id!r} (e.g. {sample}): "
                         f"it is not a game of {mapping.game.title!r} on module "
                         f"{mapping.module_name!r}, or the mapping {mapping.source} does not "
                         "tie its pieces")


__all__ = ["AuditMapping", "FORMAT", "PlaceRef", "attach", "check_belongs", "inventory",
           "load_mapping", "load_rules_game", "match_piece", "match_place", "propose",
           "with_unstated_counts_missing"]
