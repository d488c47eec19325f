"""Cross-reference checks on a schema-valid game: unique ids, references that resolve,
symmetric adjacency, hex ids inside their grid, step chains, tables, and declared totals.

Works on the merged JSON (not the model) so each problem keeps its JSON pointer.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from converter.limits import TRACK_CELLS
from converter.load.document import GameDocument, Problem
from converter.model.boardkinds import Drawing, board_kind
from converter.model.codec import from_json
from converter.model.hexgrid import HexGridSpec

if TYPE_CHECKING:
    from converter.model.game import Game

# collections whose ids share one namespace each, and the JSON path to their items
COLLECTIONS = ("sides", "factions", "nationalities", "terrain", "boards", "unit_types", "factors",
               "piece_flags", "pieces", "decks", "cards", "dice", "tables", "rules", "tracks",
               "scenarios", "totals")
NAMES = {"sides": "side", "factions": "faction", "nationalities": "nationality", "terrain": "terrain type",
         "boards": "board", "unit_types": "unit type", "factors": "factor", "piece_flags": "piece flag",
         "pieces": "piece", "decks": "deck", "cards": "card", "dice": "die", "tables": "table",
         "rules": "rule", "tracks": "track", "scenarios": "scenario", "totals": "total",
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


class Checker:
    def __init__(self, doc: GameDocument) -> None:
        self.doc = doc
        self.data = doc.data
        self.problems: list[Problem] = []
        self.index = Index()
        # every value under these keys anywhere in the document: one walk for the three
        self.found = _find_keys(self.data, ("provenance", "missing", "when"))
        self.game: Game | None = None  # the model check_totals builds, kept for the caller

    def report(self, pointer: str, message: str, hint: str = "", check: str = "") -> None:
        self.problems.append(self.doc.problem(pointer, message, hint, check))

    # --- ids -----------------------------------------------------------------------------
    def collect_ids(self) -> None:
        for name in COLLECTIONS:
            self._define(name, self._items(name))
        self._define("sources", self._items("sources"))
        spaces: list[tuple[str, dict[str, Any]]] = []
        groups: list[tuple[str, dict[str, Any]]] = []
        edges: list[tuple[str, dict[str, Any]]] = []
        for bp, board in self._items("boards"):
            for sp, space in _enum(board.get("spaces"), f"{bp}/spaces"):
                spaces.append((sp, space))
                self.index.space_board[space["id"]] = board["id"]
            groups.extend(_enum(board.get("groups"), f"{bp}/groups"))
            edges.extend(_enum(board.get("edges"), f"{bp}/edges"))
            if board_kind(board["kind"]).hex_grid and "grid" in board:
                self.index.grids[board["id"]] = from_json(HexGridSpec, board["grid"])
                self._check_grid(bp, board)
        self._define("spaces", spaces)
        self._define("groups", groups)
        self._define("edges", edges)
        phases = list(_walk_phases(self.data.get("sequence"), "/sequence"))
        self._define("phases", phases)
        for tp, terrain in self._items("terrain"):
            self.index.terrain_kind[terrain["id"]] = terrain["applies_to"]
        owners = dict(self.index.ids.get("sides", {}))
        owners.update(self.index.ids.get("factions", {}))
        owners.update(self.index.ids.get("nationalities", {}))
        self.index.ids["owners"] = owners

    def _define(self, space: str, items: Iterable[tuple[str, dict[str, Any]]]) -> None:
        seen = self.index.ids.setdefault(space, {})
        for pointer, item in items:
            ident = item.get("id")
            if ident is None:
                continue
            if ident in seen:
                self.report(f"{pointer}/id", f"duplicate {NAMES.get(space, space)} id {ident!r}",
                            f"first defined at {self._where(seen[ident])}", check="unique-id")
            else:
                seen[ident] = pointer

    def _where(self, pointer: str) -> str:
        file, local = self.doc.locate(pointer)
        return f"{file}:{local}"

    def _items(self, key: str) -> list[tuple[str, dict[str, Any]]]:
        return list(_enum(self.data.get(key), f"/{key}"))

    # --- references ------------------------------------------------------------------------
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

    def filter_refs(self, pointer: str, flt: dict[str, Any] | None) -> None:
        if not flt:
            return
        for key, space in (("sides", "sides"), ("factions", "factions"), ("nationalities", "nationalities"),
                           ("types", "unit_types"), ("pieces", "pieces"), ("flags", "piece_flags")):
            self.refs(f"{pointer}/{key}", flt.get(key), space)
        if "not" in flt:
            self.filter_refs(f"{pointer}/not", flt["not"])
        for i, sub in enumerate(flt.get("any_of") or []):
            self.filter_refs(f"{pointer}/any_of/{i}", sub)

    def location(self, pointer: str, loc: dict[str, Any] | None) -> None:
        if not loc:
            return
        board_id = loc.get("board")
        if board_id is not None:
            self.ref(f"{pointer}/board", board_id, "boards")
        if "hex" in loc:
            self.hex_ref(f"{pointer}/hex", loc["hex"], board_id)
        if "space" in loc:
            if self.ref(f"{pointer}/space", loc["space"], "spaces") and board_id is not None:
                actual = self.index.space_board.get(loc["space"])
                if actual != board_id:
                    self.report(f"{pointer}/space", f"space {loc['space']!r} is on board {actual!r}, not {board_id!r}",
                                check="reference")
        if "edge" in loc:
            self.ref(f"{pointer}/edge", loc["edge"], "edges", "map edge")
        if "track" in loc:
            if self.ref(f"{pointer}/track", loc["track"], "tracks"):
                track = self._find("tracks", loc["track"])
                value = loc.get("value")
                if track is not None and value is not None:
                    lo, hi = track.get("min"), track.get("max")
                    if (lo is not None and value < lo) or (hi is not None and value > hi):
                        self.report(f"{pointer}/value", f"{value} is off track {loc['track']!r} ({lo}..{hi})",
                                    check="location")
        for i, sub in enumerate(loc.get("any_of") or []):
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
        self.report(pointer, f"hex {hex_id!r} is not on the grid", _grid_hint(grid), check="location")

    def _find(self, key: str, ident: str) -> dict[str, Any] | None:
        for _p, item in self._items(key):
            if item.get("id") == ident:
                return item
        return None

    # --- per section ---------------------------------------------------------------------
    def check_provenance(self) -> None:
        for pointer, prov in self.found["provenance"]:
            if isinstance(prov, dict) and "source" in prov:
                self.ref(f"{pointer}/provenance/source", prov["source"], "sources")
            readings = prov.get("readings") if isinstance(prov, dict) else None
            if readings:
                used = [r for r in readings if r.get("used")]
                if len(used) > 1:
                    self.report(f"{pointer}/provenance/readings", "more than one reading is marked used", check="provenance")
        for pointer, missing in self.found["missing"]:
            parent = _get(self.data, pointer)
            for i, name in enumerate(missing if isinstance(missing, list) else []):
                # a list or object may be given in part; a single value is either known or missing
                if isinstance(parent, dict) and name in parent and not isinstance(parent[name], (list, dict)):
                    self.report(f"{pointer}/missing/{i}",
                                f"{name!r} is listed as missing but is given",
                                "remove it from 'missing' or drop the value", check="missing")

    def check_sides(self) -> None:
        for p, f in self._items("factions"):
            self.ref(f"{p}/side", f.get("side"), "sides")
        for p, n in self._items("nationalities"):
            self.ref(f"{p}/side", n.get("side"), "sides")
            if self.ref(f"{p}/faction", n.get("faction"), "factions") and n.get("side") and n.get("faction"):
                faction = self._find("factions", n["faction"])
                if faction and faction.get("side") != n["side"]:
                    self.report(f"{p}/side", f"nationality {n['id']!r} is on side {n['side']!r} but its faction "
                                f"{n['faction']!r} is on side {faction.get('side')!r}", check="reference")
        for p, h in self._items("hidden_information"):
            self.filter_refs(f"{p}/pieces", h.get("pieces"))

    def check_terrain(self) -> None:
        for p, t in self._items("terrain"):
            mv = t.get("movement") or {}
            self.filter_refs(f"{p}/movement/only", mv.get("only"))
            self.filter_refs(f"{p}/movement/never", mv.get("never"))

    def _check_grid(self, bp: str, board: dict[str, Any]) -> None:
        grid = board["grid"]
        for axis in ("columns", "rows"):
            a = grid[axis]
            if a["min"] > a["max"]:
                self.report(f"{bp}/grid/{axis}", f"{axis} run from {a['min']} to {a['max']}: min is above max", check="grid")
            if a["max"] >= 10 ** grid["digits"]:
                self.report(f"{bp}/grid/{axis}/max", f"{a['max']} does not fit in {grid['digits']} digits", check="grid")
        horizontal = {"east", "west"}
        col_h = grid["columns"]["increases"] in horizontal
        row_h = grid["rows"]["increases"] in horizontal
        if col_h == row_h:
            self.report(f"{bp}/grid/rows/increases",
                        f"columns grow {grid['columns']['increases']} and rows grow {grid['rows']['increases']}: "
                        "one axis must run east-west and the other north-south", check="grid")
        elif not col_h:
            self.report(f"{bp}/grid/columns/increases", "columns must be numbered east-west (rows north-south)",
                        "swap the two axes, or use 'first' to say which number comes first in an id", check="grid")

    def check_boards(self) -> None:
        for bp, board in self._items("boards"):
            kind = board_kind(board["kind"])
            grid = self.index.grids.get(board["id"])
            hex_seen: dict[str, str] = {}
            for hp, h in _enum(board.get("hexes"), f"{bp}/hexes"):
                hid = h["id"]
                if grid is not None and not grid.contains(hid):
                    self.report(f"{hp}/id", f"hex {hid!r} is not on the grid", _grid_hint(grid), check="location")
                if hid in hex_seen:
                    self.report(f"{hp}/id", f"duplicate hex {hid!r}", f"first given at {self._where(hex_seen[hid])}",
                                check="unique-id")
                hex_seen[hid] = hp
                for i, t in enumerate(h.get("terrain") or []):
                    self.terrain_ref(f"{hp}/terrain/{i}", t, ("hex",))
                for i, t in enumerate(h.get("features") or []):
                    self.terrain_ref(f"{hp}/features/{i}", t, ("feature",))
                self.refs(f"{hp}/groups", h.get("groups"), "groups")
                self.ref(f"{hp}/control", h.get("control"), "owners")
                self._vp(f"{hp}/vp", h.get("vp"))
                self.filter_refs(f"{hp}/supply_source", h.get("supply_source"))
            self.index.hexes[board["id"]] = set(hex_seen)
            for sp, side in _enum(board.get("hexsides"), f"{bp}/hexsides"):
                a, b = side["hexes"]
                ok = True
                for i, hid in enumerate((a, b)):
                    if grid is not None and not grid.contains(hid):
                        self.report(f"{sp}/hexes/{i}", f"hex {hid!r} is not on the grid", _grid_hint(grid), check="location")
                        ok = False
                if ok and grid is not None and not grid.adjacent(a, b):
                    self.report(f"{sp}/hexes", f"hexes {a!r} and {b!r} are not adjacent, so they share no hexside",
                                f"the neighbours of {a} are {', '.join(grid.neighbours(a))}", check="grid")
                self.terrain_ref(f"{sp}/terrain", side["terrain"], ("hexside",))
            for ep, edge in _enum(board.get("edges"), f"{bp}/edges"):
                for i, hid in enumerate(edge.get("hexes") or []):
                    if grid is not None and not grid.contains(hid):
                        self.report(f"{ep}/hexes/{i}", f"hex {hid!r} is not on the grid", _grid_hint(grid), check="location")
                self.filter_refs(f"{ep}/supply_source", edge.get("supply_source"))
            for gp, group in _enum(board.get("groups"), f"{bp}/groups"):
                self.ref(f"{gp}/parent", group.get("parent"), "groups")
                self.filter_refs(f"{gp}/allowed", group.get("allowed"))
                self.filter_refs(f"{gp}/forbidden", group.get("forbidden"))
            self._check_group_cycles(board, bp)
            local_spaces = {s["id"] for s in board.get("spaces") or []}
            for sp, space in _enum(board.get("spaces"), f"{bp}/spaces"):
                if self.ref(f"{sp}/parent", space.get("parent"), "spaces") and space.get("parent") == space["id"]:
                    self.report(f"{sp}/parent", "a space cannot lie inside itself", check="reference")
                self.refs(f"{sp}/groups", space.get("groups"), "groups")
                for i, t in enumerate(space.get("terrain") or []):
                    self.terrain_ref(f"{sp}/terrain/{i}", t, ("space", "hex"))
                for i, t in enumerate(space.get("features") or []):
                    self.terrain_ref(f"{sp}/features/{i}", t, ("feature",))
                self.ref(f"{sp}/control", space.get("control"), "owners")
                self._vp(f"{sp}/vp", space.get("vp"))
                for key in ("supply_source", "allowed", "forbidden"):
                    self.filter_refs(f"{sp}/{key}", space.get(key))
                for i, other in enumerate(space.get("adjacent") or []):
                    p = f"{sp}/adjacent/{i}"
                    if other == space["id"]:
                        self.report(p, f"space {other!r} is listed as adjacent to itself", check="adjacency")
                    elif other not in local_spaces:
                        if self.ref(p, other, "spaces"):
                            self.report(p, f"space {other!r} is on another board", check="adjacency")
            if board.get("symmetric"):
                self._check_symmetric(board, bp)
            for lp, link in _enum(board.get("links"), f"{bp}/links"):
                a, b = link["between"]
                for i, end in enumerate((a, b)):
                    if end not in local_spaces and self.ref(f"{lp}/between/{i}", end, "spaces"):
                        pass  # links may join boards (an inset to the main map)
                if a == b:
                    self.report(f"{lp}/between", f"link joins space {a!r} to itself", check="adjacency")
                self.terrain_ref(f"{lp}/type", link["type"], ("link",))
                self.filter_refs(f"{lp}/only", link.get("only"))
            if kind.hex_grid and grid is None and (board.get("hexes") or board.get("hexsides")):
                self.report(f"{bp}/missing", "hexes are listed but the board's grid is missing",
                            "give the grid, or leave the hexes out", check="grid")
            if kind.needs_spaces and not board.get("spaces"):
                self.report(f"{bp}", f"{kind.name} board {board['id']!r} has no spaces", check="board")
            if board.get("image"):
                self._file(f"{bp}/image/file", board["image"]["file"])
                drawing = kind.drawing(grid is not None)
                if drawing is Drawing.HEX_GRID and grid is not None:
                    self._calibration(bp, board["image"], grid)
                elif drawing is Drawing.BOXES:
                    self._box_calibration(bp, board)

    def _calibration(self, bp: str, image: dict[str, Any], grid: HexGridSpec) -> None:
        """A hex board's own picture: its hexes regular, its origin given, its grid inside it
        (else pieces would sit on the wrong hexes, with nothing saying so)."""
        width, height = image.get("hex_width_px"), image.get("hex_height_px")
        if image.get("origin") is None or (width is None and height is None):
            self.report(f"{bp}/image", "the map picture has no calibration: pieces cannot be put on its hexes",
                        "give image.origin (the pixel centre of the first hex) and image.hex_width_px "
                        "or hex_height_px (check them with `vconv preview`)", check="image")
            return
        w1, h1 = grid.hex_size(1.0)
        if width is not None and height is not None and abs(width / height - w1 / h1) > 0.03 * (w1 / h1):
            expected = width * h1 / w1
            self.report(f"{bp}/image/hex_height_px",
                        f"hexes {width}×{height} px are not regular (a {grid.orientation}-topped hex "
                        f"{width} px wide is {expected:.1f} px high)",
                        "measure one hex again, or give only hex_width_px", check="image")
            return
        path = self.doc.folder / image["file"]
        from converter.pictures import UnreadablePicture, picture_size

        try:  # ImageTooLarge (exit 2) past the pixel limit, read from the header
            size = picture_size(path)
        except (OSError, UnreadablePicture):
            return  # reported by the file check, or read when the board is drawn
        from converter.render.maps import HexBoardGeometry

        width = width or (height or 0) * w1 / h1
        height = height or width * h1 / w1
        geo = HexBoardGeometry(grid, size, (image["origin"][0], image["origin"][1]), width, height)
        outside = [h for h in (grid.format(c, r) for c in (grid.columns.min, grid.columns.max)
                               for r in (grid.rows.min, grid.rows.max))
                   # a corner hex cut by the picture's edge is common (VASSAL's own tour has one)
                   if not (-width <= geo.center(h)[0] <= size[0] + width
                           and -height <= geo.center(h)[1] <= size[1] + height)]
        if outside:
            x, y = geo.center(outside[0])
            self.report(f"{bp}/image", f"the grid leaves the {size[0]}×{size[1]} px map picture: hex "
                        f"{outside[0]} would be at ({x:.0f}, {y:.0f})",
                        "check image.origin and the hex size (`vconv preview` draws the grid on the picture)",
                        check="image")

    def _box_calibration(self, bp: str, board: dict[str, Any]) -> None:
        """A box board's own picture: each box sized on it (layout w, h) lies on the picture
        and on no other box, else a drop zone would miss the box the art draws."""
        placed: list[tuple[str, tuple[float, float, float, float]]] = []
        for sp, space in _enum(board.get("spaces"), f"{bp}/spaces"):
            lay = space.get("layout") or {}
            if lay.get("w") is None or lay.get("h") is None:
                continue
            box = (lay["x"] - lay["w"] / 2, lay["y"] - lay["h"] / 2, lay["x"] + lay["w"] / 2, lay["y"] + lay["h"] / 2)
            if box[0] < -1e-9 or box[1] < -1e-9 or box[2] > 1 + 1e-9 or box[3] > 1 + 1e-9:
                self.report(f"{sp}/layout", f"box {space['id']!r} leaves the board's picture "
                            f"(from {box[0]:.2f}, {box[1]:.2f} to {box[2]:.2f}, {box[3]:.2f} of it)",
                            "x, y are the box's centre and w, h its size, as fractions of the picture "
                            "(check them with `vconv preview`)", check="image")
            for other, obox in placed:
                if box[0] < obox[2] and obox[0] < box[2] and box[1] < obox[3] and obox[1] < box[3]:
                    self.report(f"{sp}/layout", f"box {space['id']!r} lies on box {other!r} on the board's picture",
                                "give each box the place and size the picture draws it at "
                                "(check them with `vconv preview`)", check="image")
            placed.append((space["id"], box))

    def _check_symmetric(self, board: dict[str, Any], bp: str) -> None:
        adjacency = {s["id"]: set(s.get("adjacent") or []) for s in board.get("spaces") or []}
        for sp, space in _enum(board.get("spaces"), f"{bp}/spaces"):
            for i, other in enumerate(space.get("adjacent") or []):
                if other in adjacency and space["id"] not in adjacency[other]:
                    self.report(f"{sp}/adjacent/{i}",
                                f"space {space['id']!r} lists {other!r} as adjacent, but {other!r} does not list {space['id']!r}",
                                f"add {space['id']!r} to the 'adjacent' of {other!r} (the board is declared symmetric)",
                                check="adjacency")

    def _check_group_cycles(self, board: dict[str, Any], bp: str) -> None:
        parent = {g["id"]: g.get("parent") for g in board.get("groups") or []}
        for gp, group in _enum(board.get("groups"), f"{bp}/groups"):
            seen = {group["id"]}
            cur = parent.get(group["id"])
            while cur is not None:
                if cur in seen:
                    self.report(f"{gp}/parent", f"group {group['id']!r} lies inside itself through its parents",
                                check="reference")
                    break
                seen.add(cur)
                cur = parent.get(cur)

    def _vp(self, pointer: str, vp: Any) -> None:
        if isinstance(vp, dict):
            for key in vp:
                self.ref(f"{pointer}/{key}", key, "owners")

    def _file(self, pointer: str, name: str) -> None:
        path = (self.doc.folder / name)
        try:
            inside = self.doc.folder.resolve() in path.resolve().parents
        except OSError:
            inside = False
        if not inside:
            self.report(pointer, f"file {name!r} is outside the game folder", check="file")
        elif not path.is_file():
            self.report(pointer, f"file {name!r} does not exist in {self.doc.folder}", check="file")

    def check_pieces(self) -> None:
        factor_ids = set(self.index.ids.get("factors", {}))
        for pp, piece in self._items("pieces"):
            self.ref(f"{pp}/side", piece.get("side"), "sides")
            self.ref(f"{pp}/faction", piece.get("faction"), "factions")
            nat = piece.get("nationality")
            if isinstance(nat, list):
                self.refs(f"{pp}/nationality", nat, "nationalities")
            else:
                self.ref(f"{pp}/nationality", nat, "nationalities")
            self.ref(f"{pp}/type", piece.get("type"), "unit_types")
            self.refs(f"{pp}/flags", piece.get("flags"), "piece_flags")
            self.location(f"{pp}/printed_setup", piece.get("printed_setup"))
            entry = piece.get("entry") or {}
            self.location(f"{pp}/entry/at", entry.get("at"))
            for i, c in enumerate(piece.get("carries") or []):
                self.ref(f"{pp}/carries/{i}/token", c["token"], "pieces")
            if piece.get("kind") == "unit" and not (piece.get("side") or piece.get("faction") or piece.get("nationality")):
                self.report(pp, f"unit {piece['id']!r} has no side, faction or nationality",
                            "give one so its owner and colour are known", check="owner")
            faces_seen: dict[tuple[int, str], int] = {}
            for fp, face in _enum(piece.get("faces"), f"{pp}/faces"):
                key = (face["counter"], face["side"])
                if key in faces_seen:
                    self.report(fp, f"counter {key[0]} {key[1]} is described twice", check="steps")
                faces_seen[key] = 1
                for name in face.get("factors") or {}:
                    if name not in factor_ids:
                        close = difflib.get_close_matches(name, sorted(factor_ids), n=1)
                        self.report(f"{fp}/factors/{_esc(name)}", f"unknown factor {name!r}",
                                    f"did you mean {close[0]!r}?" if close else "declare it in 'factors'",
                                    check="reference")
                self.refs(f"{fp}/flags", face.get("flags"), "piece_flags")
                if face.get("image"):
                    self._file(f"{fp}/image", face["image"])
            self._check_steps(pp, piece)

    def _check_steps(self, pp: str, piece: dict[str, Any]) -> None:
        steps = piece.get("steps")
        faces = piece.get("faces") or []
        counters = sorted({f["counter"] for f in faces})
        if counters and counters != list(range(1, len(counters) + 1)):
            self.report(f"{pp}/faces", f"counters are numbered {counters}; expected 1" + (" and 2" if len(counters) > 1 else ""),
                        check="steps")
        if not steps:
            return
        count, model = steps.get("count"), steps["model"]
        if count is None:
            return
        step_faces = [f for f in faces if "step" in f and f.get("role") != "rebuilt"]
        numbers = sorted((f["step"] for f in step_faces), reverse=True)
        expected = {"single": (1, 1), "flip": (2, 2), "two-counters": (3, 4), "rebuilt-back": (1, 1), "tokens": (1, 9)}[model]
        if not expected[0] <= count <= expected[1]:
            lo, hi = expected
            want = str(lo) if lo == hi else f"{lo} to {hi}"
            self.report(f"{pp}/steps/count", f"a {model!r} unit has {want} steps, not {count}", check="steps")
            return
        if model in ("tokens",):
            return
        if any(n > count for n in numbers):
            self.report(f"{pp}/faces", f"a face shows more steps ({max(numbers)}) than the unit has ({count})", check="steps")
            return
        if numbers and numbers != list(range(count, count - len(numbers), -1)):
            self.report(f"{pp}/faces", f"the faces' steps {numbers} do not count down from {count} one by one",
                        check="steps")
        if model == "flip":
            front, back = _face(faces, 1, "front"), _face(faces, 1, "back")
            if front is None or back is None or front.get("step") != 2 or back.get("step") != 1:
                self.report(f"{pp}/faces", "a 'flip' unit needs counter 1 front at step 2 and back at step 1", check="steps")
        elif model == "two-counters":
            if counters != [1, 2]:
                self.report(f"{pp}/faces", f"a 'two-counters' unit needs counters 1 and 2, has {counters}", check="steps")
            else:
                lower = _face(faces, 2, "front")
                if lower is not None and lower.get("mark") != "dot":
                    self.report(f"{pp}/faces", "the lower counter of a 3-4 step unit carries a dot mark",
                                "set \"mark\": \"dot\" on counter 2's front", check="steps")
                top = [f.get("step") for f in faces if f["counter"] == 1 and "step" in f]
                low = [f.get("step") for f in faces if f["counter"] == 2 and "step" in f]
                if top and low and min(top) <= max(low):
                    self.report(f"{pp}/faces", "counter 1 must carry the higher steps and counter 2 the lower ones",
                                check="steps")
        elif model == "rebuilt-back":
            back = _face(faces, 1, "back")
            if back is None or back.get("role") != "rebuilt":
                self.report(f"{pp}/faces", "a 'rebuilt-back' unit needs a back face with role 'rebuilt'", check="steps")
        elif model == "single" and len(numbers) > 1:
            self.report(f"{pp}/faces", "a 'single' step unit shows one step only", check="steps")

    def check_cards(self) -> None:
        subdecks: dict[str, set[str]] = {}
        for dp, deck in self._items("decks"):
            self.ref(f"{dp}/owner", deck.get("owner"), "owners")
            subs = deck.get("subdecks") or []
            subdecks[deck["id"]] = {s["id"] for s in subs}
            dupes = [k for k, v in Counter(s["id"] for s in subs).items() if v > 1]
            for d in dupes:
                self.report(f"{dp}/subdecks", f"duplicate sub-deck id {d!r}", check="unique-id")
            counts = [s.get("count") for s in subs]
            if subs and deck.get("count") is not None and all(c is not None for c in counts):
                if sum(counts) != deck["count"]:
                    self.report(f"{dp}/subdecks", f"the sub-decks hold {sum(counts)} cards but the deck has {deck['count']}",
                                check="count")
        per_deck: Counter[str] = Counter()
        per_sub: Counter[tuple[str, str]] = Counter()
        numbers: dict[tuple[str, int], str] = {}
        for cp, card in self._items("cards"):
            if not self.ref(f"{cp}/deck", card["deck"], "decks"):
                continue
            n = card.get("count", 1)
            per_deck[card["deck"]] += n
            if "subdeck" in card:
                if card["subdeck"] not in subdecks.get(card["deck"], set()):
                    self.report(f"{cp}/subdeck", f"deck {card['deck']!r} has no sub-deck {card['subdeck']!r}",
                                check="reference")
                else:
                    per_sub[(card["deck"], card["subdeck"])] += n
            self.ref(f"{cp}/nationality", card.get("nationality"), "nationalities")
            if "number" in card:
                key = (card["deck"], card["number"])
                if key in numbers:
                    self.report(f"{cp}/number", f"card number {card['number']} appears twice in deck {card['deck']!r}",
                                f"first at {self._where(numbers[key])}", check="unique-id")
                numbers[key] = cp
        for dp, deck in self._items("decks"):
            if deck.get("count") is not None and per_deck[deck["id"]] > deck["count"]:
                self.report(f"{dp}/count", f"{per_deck[deck['id']]} cards are listed for deck {deck['id']!r}, which has {deck['count']}",
                            check="count")
            for i, sub in enumerate(deck.get("subdecks") or []):
                if sub.get("count") is not None and per_sub[(deck["id"], sub["id"])] > sub["count"]:
                    self.report(f"{dp}/subdecks/{i}/count",
                                f"{per_sub[(deck['id'], sub['id'])]} cards are listed for sub-deck {sub['id']!r}, which has {sub['count']}",
                                check="count")

    def check_tables(self) -> None:
        for dp, die in self._items("dice"):
            faces = die.get("faces")
            if faces is not None and die.get("sides") is not None and len(faces) > die["sides"]:
                self.report(f"{dp}/faces", f"{len(faces)} faces given for a die of {die['sides']} sides", check="dice")
            if faces is not None and "faces" not in (die.get("missing") or []) and die.get("sides") is not None \
                    and len(faces) != die["sides"]:
                self.report(f"{dp}/faces", f"{len(faces)} faces given for a die of {die['sides']} sides",
                            "list every face, or add \"faces\" to 'missing'", check="dice")
        for tp, table in self._items("tables"):
            self.ref(f"{tp}/die", table.get("die"), "dice")
            cols, rows, cells = table.get("columns"), table.get("rows"), table.get("cells")
            if cells is not None:
                if cols is None or rows is None:
                    self.report(f"{tp}/cells", "cells need both 'columns' and 'rows'", check="table")
                else:
                    if len(cells) != len(rows):
                        self.report(f"{tp}/cells", f"{len(cells)} rows of cells for {len(rows)} rows", check="table")
                    for r, line in enumerate(cells):
                        if len(line) != len(cols):
                            self.report(f"{tp}/cells/{r}", f"{len(line)} cells for {len(cols)} columns", check="table")
            elif cols is not None and rows is not None and "cells" not in (table.get("missing") or []):
                self.report(tp, "the table has columns and rows but no cells",
                            "give 'cells', or add \"cells\" to 'missing'", check="table")
            if cols:
                labels = [c["label"] for c in cols]
                for label in {lb for lb in labels if labels.count(lb) > 1}:
                    self.report(f"{tp}/columns", f"column {label!r} appears twice", check="table")
                for key in ("below", "above"):
                    col = (table.get(key) or {}).get("column")
                    if col is not None and col not in labels:
                        self.report(f"{tp}/{key}/column", f"no column {col!r} in table {table['id']!r}",
                                    f"columns are {', '.join(labels)}", check="reference")
            self._check_rolls(tp, table)
            pattern = table.get("result_pattern")
            if pattern is not None:
                try:
                    rx = re.compile(pattern)
                except re.error as exc:
                    self.report(f"{tp}/result_pattern", f"not a valid regular expression: {exc}", check="table")
                    rx = None
                if rx is not None:
                    for r, line in enumerate(cells or []):
                        for c, cell in enumerate(line):
                            if isinstance(cell, str) and not rx.fullmatch(cell):
                                self.report(f"{tp}/cells/{r}/{c}", f"result {cell!r} does not match the table's result_pattern",
                                            check="table")
                    for key in ("below", "above"):
                        res = (table.get(key) or {}).get("result")
                        if res is not None and not rx.fullmatch(res):
                            self.report(f"{tp}/{key}/result", f"result {res!r} does not match the table's result_pattern",
                                        check="table")
            for ep, entry in _enum(table.get("entries"), f"{tp}/entries"):
                if "terrain" in entry:
                    self.ref(f"{ep}/terrain", entry["terrain"], "terrain")
                self.filter_refs(f"{ep}/pieces", entry.get("pieces"))
            ids = [e.get("id") for e in table.get("entries") or [] if e.get("id")]
            for d in {i for i in ids if ids.count(i) > 1}:
                self.report(f"{tp}/entries", f"duplicate entry id {d!r}", check="unique-id")

    def _check_rolls(self, tp: str, table: dict[str, Any]) -> None:
        spans = []
        for i, row in enumerate(table.get("rows") or []):
            roll = row.get("roll")
            if roll is None:
                continue
            lo, hi = _span(roll)
            if lo is not None and hi is not None and lo > hi:
                self.report(f"{tp}/rows/{i}/roll", f"roll range {lo}..{hi} is empty", check="table")
            spans.append((i, lo, hi))
        for (i, lo1, hi1), (j, lo2, hi2) in zip(spans, spans[1:]):
            a_hi = hi1 if hi1 is not None else float("inf")
            b_lo = lo2 if lo2 is not None else float("-inf")
            if b_lo <= a_hi:
                self.report(f"{tp}/rows/{j}/roll", f"row {j} overlaps row {i} (rolls must increase down the table)",
                            check="table")

    def check_rules(self) -> None:
        for rp, rule in self._items("rules"):
            self.filter_refs(f"{rp}/pieces", rule.get("pieces"))
            self.filter_refs(f"{rp}/free", rule.get("free"))
            self.ref(f"{rp}/table", rule.get("table"), "tables")
            for key in ("allowance", "attack", "defence"):
                self.ref(f"{rp}/{key}", rule.get(key), "factors")
            self.ref(f"{rp}/die", rule.get("die"), "dice")
            self.refs(f"{rp}/modifiers", rule.get("modifiers"), "tables")
            target = rule.get("target") or {}
            board_id = target.get("board")
            if board_id:
                self.ref(f"{rp}/target/board", board_id, "boards")
            self.refs(f"{rp}/target/spaces", target.get("spaces"), "spaces")
            self.refs(f"{rp}/target/groups", target.get("groups"), "groups")
            self.refs(f"{rp}/target/terrain", target.get("terrain"), "terrain")
            for i, h in enumerate(target.get("hexes") or []):
                self.hex_ref(f"{rp}/target/hexes/{i}", h, board_id)
            if rule.get("weights") and rule.get("measure") != "size-weight":
                self.report(f"{rp}/weights", "weights apply only with \"measure\": \"size-weight\"", check="rule")

    def check_turns(self) -> None:
        turns = self.data.get("turns")
        valid_turns: set[int] | None = None
        too_many = False
        for key in ("count", "first"):  # every turn is a drawn cell: bound how many
            if turns and isinstance(turns.get(key), int) and abs(turns[key]) > TRACK_CELLS.value():
                self.report(f"/turns/{key}", TRACK_CELLS.refusal("turns", f"{key} {turns[key]}"),
                            check="turns")
                too_many = True
        if turns and turns.get("count") is not None and not too_many:
            first = turns.get("first", 1)
            valid_turns = set(range(first, first + turns["count"]))
            for key in ("labels", "notes"):
                for i, item in enumerate(turns.get(key) or []):
                    if item["turn"] not in valid_turns:
                        self.report(f"/turns/{key}/{i}/turn", f"turn {item['turn']} is not on the turn track "
                                    f"({first}..{first + turns['count'] - 1})", check="turns")
            labelled = [item["turn"] for item in turns.get("labels") or []]
            for t in {t for t in labelled if labelled.count(t) > 1}:
                self.report("/turns/labels", f"turn {t} has two labels", check="turns")
        for tp, track in self._items("tracks"):
            if track.get("min") is not None and track.get("max") is not None and track["min"] > track["max"]:
                self.report(f"{tp}/min", f"track {track['id']!r} runs from {track['min']} to {track['max']}", check="turns")
            for key in ("min", "max"):  # every cell of a track is drawn: bound how many
                if isinstance(track.get(key), int) and abs(track[key]) > TRACK_CELLS.value():
                    self.report(f"{tp}/{key}", TRACK_CELLS.refusal(f"track {track['id']!r}", f"{key} {track[key]}"),
                                check="turns")
            start = track.get("start")
            if isinstance(start, dict):
                for key in start:
                    self.ref(f"{tp}/start/{_esc(key)}", key, "owners")
        for pp, phase in _walk_phases(self.data.get("sequence"), "/sequence"):
            self.ref(f"{pp}/side", phase.get("side"), "owners")
            self.refs(f"{pp}/order", phase.get("order"), "owners")
        if valid_turns is not None:
            for pointer, when in self.found["when"]:
                turns_value = when.get("turns") if isinstance(when, dict) else None
                listed = turns_value if isinstance(turns_value, list) else []
                listed = listed + (when.get("not_turns") or [] if isinstance(when, dict) else [])
                for t in listed:
                    if t not in valid_turns:
                        self.report(f"{pointer}/when", f"turn {t} is not on the turn track", check="turns")

    def check_scenarios(self) -> None:
        pieces = {p["id"]: p for _pp, p in self._items("pieces")}
        for sp, scen in self._items("scenarios"):
            used: Counter[str] = Counter()
            first_at: dict[str, str] = {}
            for pp, place in _enum(scen.get("setup"), f"{sp}/setup"):
                pid = place["piece"]
                if not self.ref(f"{pp}/piece", pid, "pieces"):
                    continue
                self.location(f"{pp}/at", place["at"])
                piece = pieces[pid]
                used[pid] += place.get("count", 1)
                first_at.setdefault(pid, pp)
                steps = (piece.get("steps") or {}).get("count")
                if place.get("steps") is not None and steps is not None and place["steps"] > steps:
                    self.report(f"{pp}/steps", f"piece {pid!r} has {steps} steps; it cannot start with {place['steps']}",
                                check="setup")
                if place.get("face") is not None and place["face"] >= len(piece.get("faces") or []):
                    self.report(f"{pp}/face", f"piece {pid!r} has no face {place['face']}", check="setup")
            for pid, n in used.items():
                have = pieces[pid].get("count", 1)
                if n > have and "count" not in (pieces[pid].get("missing") or []):
                    self.report(f"{first_at[pid]}/piece", f"the setup places {n} of piece {pid!r}, but the game has {have}",
                                check="count")
            for i, ts in enumerate(scen.get("track_start") or []):
                self.ref(f"{sp}/track_start/{i}/track", ts["track"], "tracks")
                self.ref(f"{sp}/track_start/{i}/owner", ts.get("owner"), "owners")
            for vp, vic in _enum(scen.get("victory"), f"{sp}/victory"):
                self.ref(f"{vp}/side", vic.get("side"), "owners")
                self.ref(f"{vp}/track", vic.get("track"), "tracks")
            turns = scen.get("turns")
            game_turns = self.data.get("turns")
            if turns and game_turns and game_turns.get("count") is not None:
                first = game_turns.get("first", 1)
                last = first + game_turns["count"] - 1
                for key in ("min", "max"):
                    if key in turns and not first <= turns[key] <= last:
                        self.report(f"{sp}/turns/{key}", f"turn {turns[key]} is not on the turn track ({first}..{last})",
                                    check="turns")

    def check_totals(self) -> None:
        from converter.model.game import Game

        game = self.game = Game.from_dict(self.data)  # the schema passed: the model takes every shape it allows
        for tp, total in self._items("totals"):
            if "deck" in total or "decks" in total:
                deck_ids = [total["deck"]] if "deck" in total else total["decks"]
                base = f"{tp}/deck" if "deck" in total else f"{tp}/decks"
                if not all(self.ref(base if "deck" in total else f"{base}/{i}", d, "decks") for i, d in enumerate(deck_ids)):
                    continue
                declared = [game.deck(d).count for d in deck_ids]  # type: ignore[union-attr]
                if all(n is not None for n in declared) and sum(declared) != total["count"]:  # type: ignore[arg-type]
                    self.report(f"{tp}/count", f"the decks hold {sum(declared)} cards but the rulebook counts {total['count']}",  # type: ignore[arg-type]
                                check="count")
                    continue
                listed = sum(c.count or 1 for d in deck_ids for c in game.cards_of(d))
            else:
                self.filter_refs(f"{tp}/pieces", total.get("pieces"))
                flt = game.totals[int(tp.rsplit("/", 1)[1])].pieces if game.totals else None
                listed = sum(p.copies for p in game.pieces or [] if game.matches(p, flt))
            if total.get("complete") and listed != total["count"]:
                self.report(f"{tp}/count", f"the rulebook counts {total['count']} {total['what']}, but {listed} are listed",
                            "list the rest, or set \"complete\": false", check="count")
            elif listed > total["count"]:
                self.report(f"{tp}/count", f"the rulebook counts {total['count']} {total['what']}, but {listed} are listed",
                            check="count")

    def run(self) -> list[Problem]:
        self.collect_ids()
        for step in (self.check_provenance, self.check_sides, self.check_terrain, self.check_boards,
                     self.check_pieces, self.check_cards, self.check_tables, self.check_rules,
                     self.check_turns, self.check_scenarios, self.check_totals):
            step()
        return sorted(set(self.problems), key=lambda p: (p.file, _natural(p.pointer), p.message))


def check_semantics(doc: GameDocument) -> list[Problem]:
    """Every cross-reference problem of a schema-valid game."""
    return Checker(doc).run()


def checked_model(doc: GameDocument) -> tuple[list[Problem], Game | None]:
    """`check_semantics` and the game model the checks built on the way (one build)."""
    checker = Checker(doc)
    problems = checker.run()
    return problems, checker.game


# --- helpers -------------------------------------------------------------------------------
def _enum(items: Any, pointer: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for i, item in enumerate(items or []):
        if isinstance(item, dict):
            yield f"{pointer}/{i}", item


def _walk_phases(phases: Any, pointer: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for p, phase in _enum(phases, pointer):
        yield p, phase
        yield from _walk_phases(phase.get("phases"), f"{p}/phases")


def _find_keys(node: Any, keys: tuple[str, ...]) -> dict[str, list[tuple[str, Any]]]:
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
                    walk(v, f"{pointer}/{_esc(k)}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                if isinstance(v, (dict, list)):
                    walk(v, f"{pointer}/{i}")
    walk(node, "")
    return found


def _get(node: Any, pointer: str) -> Any:
    for part in [p for p in pointer.split("/")[1:]]:
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _esc(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _face(faces: list[dict[str, Any]], counter: int, side: str) -> dict[str, Any] | None:
    for f in faces:
        if f["counter"] == counter and f["side"] == side:
            return f
    return None


def _span(roll: Any) -> tuple[int | None, int | None]:
    if isinstance(roll, int):
        return roll, roll
    return roll.get("min"), roll.get("max")


def _grid_hint(grid: HexGridSpec) -> str:
    lo = grid.format(grid.columns.min, grid.rows.min)
    hi = grid.format(grid.columns.max, grid.rows.max)
    return (f"ids run from {lo} to {hi}: {grid.first} first, columns {grid.columns.min}-{grid.columns.max}, "
            f"rows {grid.rows.min}-{grid.rows.max}")


def _natural(pointer: str) -> list[Any]:
    return [(0, int(p), "") if p.isdecimal() else (1, 0, p) for p in pointer.split("/")]
