"""Map pixels → places of the game: a hex id, a space, a track cell, or just a VASSAL name.

The naming is VASSAL's own (the module's grids, regions and zones via converter.vassal.grid),
and the names the builder gives are read back to the game: a hex board's location names are
the game's hex ids (a named hex's zone says `name (id)`); regions and zones carry a space's name (or `name (id)` when names repeat,
or its id); the display's zones are `<track name> <label>`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from converter.audit.module import AuditModule, BoardGeometry
from converter.builder.conventions import (hex_name_of_location, hex_of_location, map_names,
                                           space_names, track_cell_names, track_values)
from converter.errors import VconvError
from converter.model.board import Board
from converter.model.game import Game


@dataclass(slots=True, unsafe_hash=True)
class Place:
    """Where a piece is: the VASSAL view (map, board, location name) and the game's view.

    Never changed once made (hashed by its fields; not frozen, which would make each of the
    thousands a long log names cost a call per field)."""

    map: str | None
    location: str
    kind: str  # hex, square, region, zone, board, offboard, offmap
    board: str | None = None        # VASSAL board name
    game_board: str | None = None   # the game's board id
    hex: str | None = None
    space: str | None = None
    track: str | None = None
    track_value: int | None = None
    deck: str | None = None  # the deck the piece is in, lying at this point
    # the game place id (hex or space) this is, for stacking and adjacency: set once, read
    # for every piece at every judgement
    key: str | None = field(init=False, repr=False, compare=False)
    _label: str | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        key = f"{self.game_board}:{self.hex}" if self.hex is not None else \
            f"space:{self.space}" if self.space is not None else None
        self.key = key

    def label(self) -> str:
        """The place as a finding names it (made once: a long log's findings repeat it)."""
        label = self._label
        if label is None:
            label = self._make_label()
            self._label = label
        return label

    def in_deck(self, deck: str) -> Place:
        """This point as the place of a card in *deck*: the same game place, named by the
        deck, as VASSAL's move report names it ('Airplane Reserves')."""
        return replace(self, deck=deck)

    def _make_label(self) -> str:
        if self.deck is not None:
            return f"deck {self.deck!r} [{self.map}]" if self.map else f"deck {self.deck!r}"
        if self.map is None:
            return "off-map"
        if self.hex is not None:  # as the players see it: 'hex 0304 (Treviso)' when named
            if self.location in (self.hex, ""):
                return f"hex {self.hex}"
            if self.location.startswith("("):  # a grid VASSAL does not number: the point
                return f"hex {self.hex} at {self.location}"
            # a named hex's zone says "Treviso (0304)"
            name = hex_name_of_location(self.location, self.hex)
            # a module we did not build may name the hex otherwise (G7): its name is shown
            return f"hex {self.hex} ({self.location if name is None else name})"
        if self.space is not None:
            if self.location.startswith("("):  # a point VASSAL names no cell of: the point
                return f"{self.space} at {self.location}"
            return f"{self.location} ({self.space})" if self.location != self.space \
                else self.space
        return f"{self.location} [{self.map}]" if self.kind != "offboard" else \
            f"off the boards of {self.map}"


OFF_MAP = Place(None, "off-map", "offmap")
# an imported board's provenance names its map and board:
# "imported from PrivateMap[Teuton Hand]/BoardPicker/Board[Alhambra]"
_IMPORTED_BOARD = re.compile(r"imported from (?:[^/]*/)*?(?:Map|PrivateMap|PlayerHand|WidgetMap)\[([^\]]*)\]"
                             r"/(?:[^/]*/)*Board\[([^\]]*)\]\s*$")


def imported_boards(game: Game) -> dict[tuple[str, str], str]:
    """(VASSAL map, VASSAL board) → the game board `vconv import` made of it, read from its
    provenance: a board name several maps share (Nevsky's 'Alhambra', Malifaux's 'Side
    board') names no one board, the map and board together do."""
    out: dict[tuple[str, str], str] = {}
    for b in game.boards or []:
        read = _IMPORTED_BOARD.search(b.provenance.note or "") if b.provenance else None
        if read is not None:
            out.setdefault((read.group(1), read.group(2)), b.id)
    return out


@dataclass(slots=True)
class PlaceNames:
    """How the builder named the game's places, read back: learned once per module."""

    boards: dict[str, str] = field(default_factory=dict)   # VASSAL board name → game board id
    maps: dict[str, str] = field(default_factory=dict)     # VASSAL map name → game board id
    spaces: dict[str, str] = field(default_factory=dict)   # location name → space id
    board_spaces: dict[str, dict[str, str]] = field(default_factory=dict)  # board → name → id
    tracks: dict[str, tuple[str, int]] = field(default_factory=dict)
    hex_ids: dict[str, set[str]] = field(default_factory=dict)  # game board id → its hex ids
    whole: dict[str, str] = field(default_factory=dict)  # game board id → its 'board' space
    # (VASSAL map, VASSAL board) an imported board came from → its id: the import names a
    # board after its map when other maps have a board of its name (Nevsky's 'Alhambra')
    imported: dict[tuple[str, str], str] = field(default_factory=dict)

    @classmethod
    def of(cls, module: AuditModule) -> PlaceNames:
        """The module's place names (learned from its game on the first call)."""
        names = module.derived.place_names
        if names is None:
            names = module.derived.place_names = cls()
            if module.game is not None:
                names._learn(module.game)
        return names

    def _learn(self, game: Game) -> None:
        names: dict[str, int] = {}
        self.imported = imported_boards(game)
        for b in game.boards or []:
            self.boards.setdefault(b.name, b.id)
            grid = b.hex_grid()
            if grid is not None:
                self.hex_ids[b.id] = set(grid.all_ids())
            for s in b.spaces or []:
                names[s.name] = names.get(s.name, 0) + 1
                if s.kind == "board":
                    self.whole.setdefault(b.id, s.id)
        for b in game.boards or []:
            for s in b.spaces or []:
                self.spaces.setdefault(f"{s.name} ({s.id})", s.id)
                self.spaces.setdefault(s.id, s.id)
                if names[s.name] == 1:
                    self.spaces.setdefault(s.name, s.id)
        for track in game.tracks or []:
            values, labels = track_values(game, track.id)
            for value, label in zip(values, labels):
                self.tracks.setdefault(f"{track.name} {label}", (track.id, value))
                self.tracks.setdefault(f"{track.name} {value}", (track.id, value))
        # the builder's own naming: exact, board by board
        self.maps = {name: bid for bid, name in map_names(game).items() if bid}
        for b in game.boards or []:
            self.board_spaces[b.id] = {name: sid for sid, name in space_names(b).items()}
            nameless = nameless_region(b)
            if nameless is not None:
                self.board_spaces[b.id].setdefault("", nameless)
        for cell, name in track_cell_names(game).items():
            self.tracks[name] = cell


class Layout:
    """The boards of every map as one SetBoards laid them, naming map points by them (each
    once: replaying a long log hits the same hexes).  A piece put somewhere keeps the layout
    of that moment, so its place can be named when first asked, as it was then."""

    def __init__(self, locator: Locator) -> None:
        self.locator = locator
        self.placed = {name: geo.placed for name, geo in locator.module.maps.items()}
        # the module's names of points by these boards (every log lays the same boards)
        boards = tuple((name, *((x, y, board.name) for x, y, board in placed))
                       for name, placed in self.placed.items())
        known = locator.module.derived.places
        if boards not in known and len(known) >= 100:
            known.clear()
        self._cache = known.setdefault(boards, {})

    def place(self, map_name: str | None, x: int, y: int) -> Place:
        key = (map_name, x, y)
        found = self._cache.get(key)
        if found is None:
            found = self.locator._compute(map_name, x, y, self.placed.get(map_name or ""))
            if len(self._cache) < 500_000:
                self._cache[key] = found
        return found


class Locator:
    """Names map points by the boards as laid now (`layout`, replaced at each SetBoards)."""

    def __init__(self, module: AuditModule) -> None:
        self.module = module
        self._centres: dict[tuple[str | None, str | None, str], tuple[int, int] | None] = {}
        self._names = PlaceNames.of(module)
        self.layout = Layout(self)

    def centre(self, map_name: str | None, board_name: str | None, location: str
               ) -> tuple[int, int] | None:
        """The map pixel VASSAL puts a piece at for a grid location (to draw a path)."""
        key = (map_name, board_name, location)
        if key in self._centres:  # a long log draws the same hexes' paths again and again
            return self._centres[key]
        found = self._centre(map_name, board_name, location)
        self._centres[key] = found
        return found

    def _centre(self, map_name: str | None, board_name: str | None, location: str
                ) -> tuple[int, int] | None:
        geo = self.module.maps.get(map_name or "")
        if geo is None:
            return None
        for bx, by, board in geo.placed:
            if board.name == board_name and board.grid is not None:
                try:
                    x, y = board.grid.center_of(location)
                except (ValueError, VconvError):
                    return None
                return bx + x, by + y
        return None

    def forget(self) -> None:
        """The boards of a map changed (SetBoards): points are named by the new layout."""
        self.layout = Layout(self)
        self._centres.clear()

    def place(self, map_name: str | None, x: int, y: int) -> Place:
        return self.layout.place(map_name, x, y)

    def _compute(self, map_name: str | None, x: int, y: int,
                 placed: list[tuple[int, int, BoardGeometry]] | None) -> Place:
        place = self._named(map_name, x, y, placed)
        location_kind = place.kind  # what VASSAL's grid named (a cell), not the board's kind
        if location_kind in ("hex", "square") and place.board is not None:
            geo = self.module.maps.get(map_name or "")
            board = geo.boards.get(place.board) if geo is not None else None
            if board is not None and not board.numbered:
                # VASSAL names no cell of a grid without numbering ('offboard' in its
                # reports): the point is named by its map pixels; the game's hex stays
                return replace(place, location=f"({x},{y})")
        elif location_kind == "board" and place.board is not None:
            # no grid, zone or region names the point: VASSAL's reports say 'offboard'
            # (The Longest Day's Allied Entry Track, a board without a grid), so the point
            # is named by its map pixels, not by the board's name, which VASSAL never shows
            return replace(place, location=f"({x},{y})")
        elif location_kind == "zone" and place.board is not None:
            geo = self.module.maps.get(map_name or "")
            hit = geo.board_at(x, y, placed) if geo is not None else None
            zone = hit[0].zone_of_unnamed_cell(hit[1], hit[2]) if hit is not None else None
            if zone is not None:  # VASSAL names the zone, no cell ('ZoneA '): the point
                if place.space is not None or place.hex is not None:  # 'west at (175,125)'
                    return replace(place, location=f"({x},{y})")
                named = zone.location_format.replace("$name$", zone.name)
                return replace(place, location=named.replace("$gridLocation$", f"({x},{y})"))
        return place

    def _named(self, map_name: str | None, x: int, y: int,
               placed: list[tuple[int, int, BoardGeometry]] | None) -> Place:
        if map_name is None:
            return OFF_MAP
        geo = self.module.maps.get(map_name)
        if geo is None:
            return Place(map_name, f"({x},{y})", "board")
        hit = geo.board_at(x, y, placed)
        if hit is None:
            return Place(map_name, "offboard", "offboard")
        board, bx, by = hit
        kind, name = board.location(bx, by)
        return self._place_of(map_name, board, kind, name)

    def region_point(self, map_name: str | None, x: int, y: int) -> Place | None:
        """The place of the region whose own point map point (x, y) is (`region_at`), as
        the boards are laid now; None when the point is no region's."""
        geo = self.module.maps.get(map_name or "")
        hit = geo.board_at(x, y) if geo is not None else None
        if hit is None or map_name is None:
            return None
        board, bx, by = hit
        region = board.region_at(bx, by)
        return self._place_of(map_name, board, "region", region) if region is not None \
            else None

    def _place_of(self, map_name: str, board: BoardGeometry, kind: str, name: str) -> Place:
        """The Place of what VASSAL calls a board's point (*kind*, *name*)."""
        if self.module.mapping is not None:  # another's module: names tied by the mapping
            return self.module.mapping.place(map_name, board.name, kind, name)
        names = self._names
        game_board = names.imported.get((map_name, board.name)) or names.maps.get(map_name) \
            or names.boards.get(board.name) or names.boards.get(map_name)
        if kind == "hex" and game_board in names.hex_ids:
            hex_id = name if name in names.hex_ids[game_board] else None
            return Place(map_name, name, kind, board.name, game_board, hex=hex_id)
        if kind == "board" and game_board in names.whole:  # no grid, zone or region names
            # the point: the board as one space (import's space for such points)
            return Place(map_name, name, kind, board.name, game_board,
                         space=names.whole[game_board])
        if kind in ("region", "zone", "square"):  # (import makes a space of each square)
            own = names.board_spaces.get(game_board or "")
            space = own.get(name) if own else None
            if space is None and kind != "square":  # a square is its own board's only
                space = names.spaces.get(name)
            if space is not None:
                return Place(map_name, name, kind, board.name, game_board, space=space)
            track = names.tracks.get(name)
            if track is not None:
                return Place(map_name, name, kind, board.name, game_board,
                             track=track[0], track_value=track[1])
            if kind == "zone" and game_board in names.hex_ids:  # a named hex's own zone
                hex_id = hex_of_location(name, names.hex_ids[game_board])
                if hex_id is not None:
                    return Place(map_name, name, "hex", board.name, game_board, hex=hex_id)
        return Place(map_name, name, kind, board.name, game_board)


def nameless_region(board: Board) -> str | None:
    """The space import made of a board's regions VASSAL names '' (Hunters and Gatherers'
    player supplies): import names it 'region'; its provenance keeps VASSAL's empty name."""
    for sp in board.spaces or []:
        note = sp.provenance.note if sp.provenance is not None else None
        if sp.kind == "region" and note and note.endswith("/Region[]"):
            return sp.id
    return None
