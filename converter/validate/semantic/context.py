"""What every semantic check shares: the document, the problems found, and the index of ids
(collected once) with the reference checks that resolve against it."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from converter.load.document import GameDocument, Problem
from converter.model.common import Filter, Location
from converter.model.game import Game
from converter.model.hexgrid import HexGridSpec
from converter.model.turns import Phase

if TYPE_CHECKING:
    from converter.pictures import UnreadablePicture

# collections whose ids share one namespace each, and the JSON path to their items
COLLECTIONS = ("sides", "factions", "nationalities", "terrain", "boards", "unit_types", "factors",
               "piece_flags", "pieces", "decks", "cards", "dice", "tables", "charts", "rules",
               "tracks", "trackers", "global_properties", "scenarios", "totals")
NAMES = {"sides": "side", "factions": "faction", "nationalities": "nationality", "terrain": "terrain type",
         "boards": "board", "unit_types": "unit type", "factors": "factor", "piece_flags": "piece flag",
         "pieces": "piece", "decks": "deck", "cards": "card", "dice": "die", "tables": "table",
         "charts": "chart", "global_properties": "global property", "rules": "rule", "tracks": "track", "trackers": "turn tracker", "scenarios": "scenario", "totals": "total",
         "spaces": "space", "groups": "group", "edges": "edge", "phases": "phase", "sources": "source",
         "owners": "side, faction or nationality", "subdecks": "sub-deck"}


@dataclass
class Index:
    """Every id of the game by namespace, with the pointer where it is defined."""

    ids: dict[str, dict[str, str]] = field(default_factory=dict)
    grids: dict[str, HexGridSpec] = field(default_factory=dict)
    hexes: dict[str, set[str]] = field(default_factory=dict)
    space_board: dict[str, str] = field(default_factory=dict)
    terrain_kind: dict[str, str] = field(default_factory=dict)

    def has(self, space: str, value: str) -> bool:
        return value in self.ids.get(space, {})


class Context:
    """The document being checked, the problems found so far and the index of its ids."""

    def __init__(self, doc: GameDocument) -> None:
        self.doc = doc
        self.data = doc.data
        self.problems: list[Problem] = []
        self.index = Index()
        # every value under these keys anywhere in the document: one walk for the three
        self.found = find_keys(self.data, ("provenance", "missing", "when"))
        self.pictures: dict[str, tuple[int, int] | UnreadablePicture] = {}  # by file name

    @cached_property
    def game(self) -> Game:
        """The model of the document (the schema passed: the model takes every shape it allows)."""
        return Game.from_dict(self.data)

    def report(self, pointer: str, message: str, hint: str = "", check: str = "") -> None:
        self.problems.append(self.doc.problem(pointer, message, hint, check))

    def collect_ids(self) -> None:
        """Index every id of the model by namespace, with the pointer of its item (its place
        in its list); an id given twice is a problem."""
        game = self.game
        for name in (*COLLECTIONS, "sources"):
            self._define(name, [(f"/{name}/{i}", item.id) for i, item in enumerate(getattr(game, name) or [])])
        spaces: list[tuple[str, str]] = []
        groups: list[tuple[str, str]] = []
        edges: list[tuple[str, str]] = []
        for b, board in enumerate(game.boards or []):
            bp = f"/boards/{b}"
            for i, space in enumerate(board.spaces or []):
                spaces.append((f"{bp}/spaces/{i}", space.id))
                self.index.space_board[space.id] = board.id
            groups.extend((f"{bp}/groups/{i}", g.id) for i, g in enumerate(board.groups or []))
            edges.extend((f"{bp}/edges/{i}", e.id) for i, e in enumerate(board.edges or []))
            grid = board.hex_grid()
            if grid is not None:
                self.index.grids[board.id] = grid
        self._define("spaces", spaces)
        self._define("groups", groups)
        self._define("edges", edges)
        self._define("phases", list(walk_phases(game.sequence or [], "/sequence")))
        for terrain in game.terrain or []:
            self.index.terrain_kind[terrain.id] = terrain.applies_to
        owners = dict(self.index.ids.get("sides", {}))
        owners.update(self.index.ids.get("factions", {}))
        owners.update(self.index.ids.get("nationalities", {}))
        self.index.ids["owners"] = owners

    def _define(self, space: str, items: Iterable[tuple[str, str]]) -> None:
        """Define the ids of *items* (pointer, id) in *space*."""
        seen = self.index.ids.setdefault(space, {})
        for pointer, ident in items:
            if ident in seen:
                self.report(f"{pointer}/id", f"duplicate {NAMES.get(space, space)} id {ident!r}",
                            f"first defined at {self.where(seen[ident])}", check="unique-id")
            else:
                seen[ident] = pointer

    def where(self, pointer: str) -> str:
        file, local = self.doc.locate(pointer)
        return f"{file}:{local}"

    def ref(self, pointer: str, value: Any, space: str, what: str | None = None) -> bool:
        if value is None:
            return True
        known = self.index.ids.get(space, {})
        if value in known:
            return True
        close = difflib.get_close_matches(str(value), sorted(known), n=1)
        hint = f"did you mean {close[0]!r}?" if close else (f"no {NAMES.get(space, space)} is defined" if not known else "")
        self.report(pointer, f"unknown {what or NAMES.get(space, space)} {value!r}", hint, check="reference")
        return False

    def refs(self, pointer: str, values: list[Any] | None, space: str, what: str | None = None) -> None:
        for i, v in enumerate(values or []):
            self.ref(f"{pointer}/{i}", v, space, what)

    def terrain_ref(self, pointer: str, value: str, kinds: tuple[str, ...]) -> None:
        if not self.ref(pointer, value, "terrain"):
            return
        kind = self.index.terrain_kind.get(value)
        if kind not in kinds:
            self.report(pointer, f"terrain {value!r} applies to {kind}s, not to {' or '.join(k + 's' for k in kinds)}",
                        check="reference")

    def filter_refs(self, pointer: str, flt: Filter | None) -> None:
        """Every id a piece filter names is defined."""
        if flt is None:
            return
        for key, values, space in (("sides", flt.sides, "sides"), ("factions", flt.factions, "factions"),
                                   ("nationalities", flt.nationalities, "nationalities"),
                                   ("types", flt.types, "unit_types"), ("pieces", flt.pieces, "pieces"),
                                   ("flags", flt.flags, "piece_flags")):
            self.refs(f"{pointer}/{key}", values, space)
        if flt.not_ is not None:
            self.filter_refs(f"{pointer}/not", flt.not_)
        for i, sub in enumerate(flt.any_of or []):
            self.filter_refs(f"{pointer}/any_of/{i}", sub)

    def location(self, pointer: str, loc: Location | None) -> None:
        """A place names a board, hex, space, edge or track cell that exists."""
        if loc is None:
            return
        board_id = loc.board
        if board_id is not None:
            self.ref(f"{pointer}/board", board_id, "boards")
        if loc.hex is not None:
            self.hex_ref(f"{pointer}/hex", loc.hex, board_id)
        if loc.space is not None:
            if self.ref(f"{pointer}/space", loc.space, "spaces") and board_id is not None:
                actual = self.index.space_board.get(loc.space)
                if actual != board_id:
                    self.report(f"{pointer}/space", f"space {loc.space!r} is on board {actual!r}, not {board_id!r}",
                                check="reference")
        if loc.edge is not None:
            self.ref(f"{pointer}/edge", loc.edge, "edges", "map edge")
        if loc.track is not None:
            if self.ref(f"{pointer}/track", loc.track, "tracks"):
                track = next((t for t in self.game.tracks or [] if t.id == loc.track), None)  # the first
                value = loc.value
                if track is not None and value is not None:
                    lo, hi = track.min, track.max
                    if (lo is not None and value < lo) or (hi is not None and value > hi):
                        self.report(f"{pointer}/value", f"{value} is off track {loc.track!r} ({lo}..{hi})",
                                    check="location")
        if loc.point is not None and board_id is None:
            self.report(f"{pointer}/point", "a point beside a board needs the board it is "
                        "measured from ('board')", check="location")
        if loc.deck is not None:
            self.ref(f"{pointer}/deck", loc.deck, "decks")
        for i, sub in enumerate(loc.any_of or []):
            self.location(f"{pointer}/any_of/{i}", sub)

    def hex_ref(self, pointer: str, hex_id: str, board_id: str | None = None) -> None:
        grids = self.index.grids
        if board_id is not None:
            candidates = {board_id: grids[board_id]} if board_id in grids else {}
            if not candidates:
                if self.index.has("boards", board_id):
                    self.report(pointer, f"board {board_id!r} has no hex grid", check="location")
                return
        else:
            candidates = grids
        if not candidates:
            self.report(pointer, f"hex {hex_id!r} given but the game has no hex board", check="location")
            return
        if any(g.contains(hex_id) for g in candidates.values()):
            return
        grid = next(iter(candidates.values()))
        self.report(pointer, f"hex {hex_id!r} is not on the grid", grid_hint(grid), check="location")

    def vp(self, pointer: str, vp: Any) -> None:
        if isinstance(vp, dict):
            for key in vp:
                self.ref(f"{pointer}/{key}", key, "owners")

    def file(self, pointer: str, name: str) -> bool:
        """The file *name* lies in the game folder and is there (else a problem: False)."""
        path = (self.doc.folder / name)
        try:
            inside = self.doc.folder.resolve() in path.resolve().parents
        except OSError as exc:  # a link loop, a name too long
            self.report(pointer, f"file {name!r} cannot be found: {exc.strerror or exc}", check="file")
            return False
        if not inside:
            self.report(pointer, f"file {name!r} is outside the game folder", check="file")
        elif not path.is_file():
            self.report(pointer, f"file {name!r} does not exist in {self.doc.folder}", check="file")
        else:
            return True
        return False

    def picture(self, pointer: str, name: str) -> tuple[int, int] | UnreadablePicture | None:
        """The size of the picture *name* (a board, face, card, die face or chart picture),
        read from its header as every later reader reads it: a picture past the pixel limit
        is refused here (ImageTooLarge, exit 2, the line `print` and `audit` give), not
        packed by `build` and refused by the first command that reads it.  None when the
        file is absent (a problem said); the UnreadablePicture for one Pillow cannot read,
        which each caller judges its own way (a module's undrawable art is not an error)."""
        if not self.file(pointer, name):
            return None
        if name not in self.pictures:  # a face shared by many pieces is read once
            from converter.pictures import UnreadablePicture, picture_size

            path = self.doc.folder / name
            try:
                self.pictures[name] = picture_size(path)
            except UnreadablePicture as exc:
                self.pictures[name] = exc
            except OSError as exc:  # no permission to read it, a file that went away
                self.pictures[name] = UnreadablePicture(str(path), exc)
        return self.pictures[name]


# --- helpers -------------------------------------------------------------------------------
def walk_phases(phases: list[Phase], pointer: str) -> Iterator[tuple[str, str]]:
    """(pointer, id) of every phase of *phases* and of their sub-phases, depth first."""
    for i, phase in enumerate(phases):
        yield f"{pointer}/{i}", phase.id
        yield from walk_phases(phase.phases or [], f"{pointer}/{i}/phases")


def find_keys(node: Any, keys: tuple[str, ...]) -> dict[str, list[tuple[str, Any]]]:
    """For each of *keys*, every value stored under it anywhere in the document with its
    parent's pointer, in the order _find_key gives them: one walk for all of them."""
    found: dict[str, list[tuple[str, Any]]] = {k: [] for k in keys}

    def walk(node: Any, pointer: str) -> None:
        if isinstance(node, dict):
            for key in keys:
                if key in node:
                    found[key].append((pointer, node[key]))
            for k, v in node.items():
                if isinstance(v, (dict, list)):
                    walk(v, f"{pointer}/{escape_pointer(k)}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                if isinstance(v, (dict, list)):
                    walk(v, f"{pointer}/{i}")
    walk(node, "")
    return found


def get_pointer(node: Any, pointer: str) -> Any:
    for part in [p for p in pointer.split("/")[1:]]:
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def escape_pointer(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def grid_hint(grid: HexGridSpec) -> str:
    lo = grid.format(grid.columns.min, grid.rows.min)
    hi = grid.format(grid.columns.max, grid.rows.max)
    return (f"ids run from {lo} to {hi}: {grid.first} first, columns {grid.columns.min}-{grid.columns.max}, "
            f"rows {grid.rows.min}-{grid.rows.max}")


def natural(pointer: str) -> list[Any]:
    return [(0, int(p), "") if p.isdecimal() else (1, 0, p) for p in pointer.split("/")]

