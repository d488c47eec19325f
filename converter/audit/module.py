"""What the auditor needs from a module: each map's boards and grids (to name pixel positions
as VASSAL does), the turn tracker's levels, board images, and the vconv game description.

A module is read from a built .vmod (the buildFile and `vconv/game.json` inside it), or
given as components (`from_components`: the CLI builds a game folder in memory); both give
the same component tree, so the rest of the auditor never knows which it was given.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from converter.audit.traits import TraitReader
from converter.builder.conventions import GAME_ENTRY, game_from_module
from converter.errors import InputError, ModelError, VassalFormatError
from converter.model.game import Game
from converter.vassal.commands import fast_split
from converter.vassal.components import (
    BoardComponent, CounterTurnLevel, DiceButton, HexGridComponent, ListTurnLevel, Map, Region, RegionGrid,
    SpecialDiceButton, SpecialDie, SpecialDieFace,
    TurnTracker, ZoneComponent, ZonedGrid)
from converter.vassal.components.base import Component
from converter.vassal.components.hex_grid_numbering import HexGridNumbering
from converter.vassal.components.square_grid import SquareGrid
from converter.vassal.components.square_grid_numbering import SquareGridNumbering
from converter.vassal.grid import HexGeometry
from converter.vassal.grid import SquareGeometry
from converter.vassal.grid import check_spacing
from converter.vassal.grid import has_numbering
from converter.vassal.grid import numbering_of
from converter.vassal.grid import zone_names_no_cell
from converter.vassal.layout import LaidBoard, board_under
from converter.vassal.vmod_reader import ModuleFile

if TYPE_CHECKING:
    from converter.audit.mapping import AuditMapping
    from converter.audit.places import Place, PlaceNames
    from converter.audit.rules.paths import PathFinder
    from converter.audit.state import PhaseInfo
    from converter.model.pieces import Face, Piece

log = logging.getLogger(__name__)

MAX_IMAGE_BYTES = 32 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class ZoneArea:
    """A Zone: its polygon in board pixels and how it names a point."""

    name: str
    polygon: tuple[tuple[int, int], ...]
    location_format: str
    grid: HexGeometry | SquareGeometry | None = None
    regions: tuple[tuple[str, int, int], ...] = ()  # a RegionGrid inside the zone
    parent_grid: bool = False  # useParentGrid: the board's own grid names its points
    numbered: bool = True  # False: its own grid has no numbering, so VASSAL names no cell

    def contains(self, x: float, y: float) -> bool:
        """Even-odd point in polygon (java.awt.Polygon.contains for simple shapes).

        Each edge runs from the previous corner to this one, the previous kept in locals
        rather than indexed: a board tries a named point on its zones in turn (~20 walks
        per place named), and the walk is most of the cost of naming a place."""
        pts = self.polygon
        if not pts:
            return False
        inside = False
        xj, yj = pts[-1]
        for xi, yi in pts:
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
            xj, yj = xi, yi
        return inside


@dataclass(slots=True)
class BoardGeometry:
    """One VASSAL board of a map: size, grid, regions and zones (board pixels)."""

    name: str
    image: str
    size: tuple[int, int]
    grid: HexGeometry | SquareGeometry | None = None
    regions: list[tuple[str, int, int]] = field(default_factory=list)
    zones: list[ZoneArea] = field(default_factory=list)
    size_known: bool = True  # False: its image is absent, so VASSAL's size is unknown
    numbered: bool = True  # False: its grid has no numbering, so VASSAL names no cell of it

    def location(self, x: float, y: float) -> tuple[str, str]:
        """(kind, name) VASSAL would report for a board point: zone, region, hex or square.

        Zones are checked first in file order, then the background grid (§5.1).
        """
        for zone in self.zones:
            if zone.contains(x, y):
                name = zone.location_format.replace("$name$", zone.name)
                if "$gridLocation$" in name and self.names_no_cell(zone):
                    name = name.replace("$gridLocation$", "")  # as VASSAL: 'West '
                elif zone.grid is not None and "$gridLocation$" in name:
                    name = name.replace("$gridLocation$", _grid_name(zone.grid, x, y))
                elif zone.regions and "$gridLocation$" in name:
                    name = name.replace("$gridLocation$", _nearest(zone.regions, x, y))
                elif zone.parent_grid and "$gridLocation$" in name:
                    inner = BoardGeometry(self.name, self.image, self.size, self.grid,
                                          self.regions)
                    name = name.replace("$gridLocation$", inner.location(x, y)[1])
                return "zone", name
        if self.regions:
            return "region", _nearest(self.regions, x, y)
        if self.grid is not None:
            kind = "hex" if isinstance(self.grid, HexGeometry) else "square"
            return kind, _grid_name(self.grid, x, y)
        return "board", self.name

    def region_at(self, x: int, y: int) -> str | None:
        """The region whose own point (x, y) is, in any zone's region grid or the board's:
        where an at-start stack placed by that region's name puts its pieces, even when an
        earlier zone holds the point and VASSAL names it by that zone's nearest region."""
        for regions in (*(zone.regions for zone in self.zones), self.regions):
            for name, rx, ry in regions:
                if rx == x and ry == y:
                    return name
        return None

    def zone_of_unnamed_cell(self, x: float, y: float) -> ZoneArea | None:
        """The zone holding this point when it `names_no_cell`; else None."""
        for zone in self.zones:
            if zone.contains(x, y):
                return zone if self.names_no_cell(zone) else None
        return None

    def names_no_cell(self, zone: ZoneArea) -> bool:
        """Whether *zone* names its points by the `$gridLocation$` of no grid, or of a grid
        without numbering, where VASSAL puts nothing (the 3.6 engine: '$name$ $gridLocation$'
        gives 'ZoneA '): every point of the zone has that one name (the rule import uses,
        `converter.vassal.grid.zone_names_no_cell`)."""
        own = (zone.numbered if zone.grid is not None else True if zone.regions else None)
        background = (True if self.regions else self.numbered if self.grid is not None
                      else None)
        return zone_names_no_cell(zone.location_format, own, zone.parent_grid, background)


def _nearest(regions: list[tuple[str, int, int]] | tuple[tuple[str, int, int], ...],
             x: float, y: float) -> str:
    return min(regions, key=lambda r: (r[1] - x) ** 2 + (r[2] - y) ** 2)[0]


def _grid_name(grid: HexGeometry | SquareGeometry, x: float, y: float) -> str:
    try:
        return grid.location_name((x, y))
    except ValueError:
        return "?"


@dataclass(slots=True)
class MapGeometry:
    """A Map window: its boards by name and which are shown where (SetBoards)."""

    name: str
    edge: tuple[int, int]
    boards: dict[str, BoardGeometry]
    placed: list[tuple[int, int, BoardGeometry]] = field(default_factory=list)

    def place(self, names: list[str] | None = None,
              cells: list[tuple[int, int]] | None = None) -> None:
        """Lay the boards of a SetBoards: each at its (column, row) cell, as VASSAL lays
        them (after the boards left of it in its row, below those above it in its
        column); without cells, left to right in one row."""
        chosen = [(self.boards[n], cells[i] if cells is not None and i < len(cells) else (i, 0))
                  for i, n in enumerate(names or []) if n in self.boards]
        if not chosen:
            chosen = [(b, (0, 0)) for b in list(self.boards.values())[:1]]
        at = {cell: board for board, cell in chosen}
        self.placed = []
        for board, (column, row) in chosen:
            x = self.edge[0] + sum(at[(c, row)].size[0] for c in range(column) if (c, row) in at)
            y = self.edge[1] + sum(at[(column, r)].size[1] for r in range(row)
                                   if (column, r) in at)
            self.placed.append((x, y, board))

    def board_at(self, x: int, y: int, placed: list[tuple[int, int, BoardGeometry]] | None = None
                 ) -> tuple[BoardGeometry, int, int] | None:
        """The board under map point (x, y) and the point in that board's pixels, among the
        boards as laid now or as *placed* (an earlier SetBoards' layout)."""
        if placed is None:
            placed = self.placed
        found = board_under(x, y, [LaidBoard(bx, by, *board.size, board.size_known)
                                   for bx, by, board in placed])
        if found is None:
            return None
        bx, by, board = placed[found]
        return board, x - bx, y - by


@dataclass(slots=True)
class TrackerLevel:
    """One level of the turn tracker: a counter (start) or a list of items."""

    name: str
    items: list[str] | None
    start: int = 1
    children: list[TrackerLevel] = field(default_factory=list)


@dataclass(slots=True)
class Derived:
    """Tables derived once from a module's game and kept with it: every log audited with
    the module (an archive's thousands) reads them instead of rebuilding them.  Each is
    filled by the code that reads it (`places`, `state`, `rules.paths`) on first use, or
    all at once by `state.derive_tables` and `rules.choose_rules` (an archive, before its
    workers start)."""

    place_names: PlaceNames | None = None
    neighbours: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # board id →
    phases: list[tuple[PhaseInfo, str]] | None = None   # leaf phases with tracker paths
    # a phase's path, name, id or unnumbered name → the first of `phases` it names
    phase_forms: dict[str, int] | None = None
    unique_names: dict[str, Piece] | None = None        # name → the one piece so named
    faces: dict[tuple[str, str | None], list[Face]] = field(default_factory=dict)
    # (tracker index, its state) → level name → value: a league's games cycle through the
    # same few tracker states
    tracker_values: dict[tuple[int, str], dict[str, str]] = field(default_factory=dict)
    # a save's moduledata copy → the module name it records: a league's logs carry the
    # same few copies, each an XML document to parse
    saved_with: dict[bytes, str | None] = field(default_factory=dict)
    # boards as laid on each map → map point → its place: the same boards name the same
    # points in every log (`places.Layout`)
    places: dict[tuple[object, ...], dict[tuple[str | None, int, int], Place]] = \
        field(default_factory=dict)
    paths: PathFinder | None = None  # the hex boards' path searches, for every log
    # each rule check's class → what it chose from the game's rules and the rules it found
    # it cannot judge (`rules.base.Check.chosen`): the same for every log of the module
    choices: dict[type, tuple[Any, list[tuple[str, str | None, str]]]] = \
        field(default_factory=dict)


@dataclass(slots=True)
class AuditModule:
    """Everything the replay and the checks read from a module."""

    source: str
    maps: dict[str, MapGeometry]
    game: Game | None
    trackers: list[list[TrackerLevel]] = field(default_factory=list)
    dice_names: dict[str, str] = field(default_factory=dict)  # button name → die id
    # special dice button name → each of its dice's face labels, as the module gives them:
    # a roll's SHOW_RESULTS names faces by index (the step list's roll when no game die is
    # tied to the button and its chat line reads no roll)
    special_faces: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    image_reader: Callable[[str], bytes | None] | None = field(default=None, repr=False)
    name: str = ""
    root: Component | None = field(default=None, repr=False)  # the module's component tree
    # set when the game is another's (vconv audit --game): ties this module's pieces/places
    mapping: AuditMapping | None = field(default=None, repr=False)
    # pieces' trait chains as read (each distinct type and state once for every log)
    traits: TraitReader = field(default_factory=TraitReader, repr=False)
    derived: Derived = field(default_factory=Derived, repr=False)

    def image(self, name: str) -> bytes | None:
        """A board image's bytes (for the HTML report), or None."""
        if self.image_reader is None or not name:
            return None
        try:
            return self.image_reader(name)
        except (VassalFormatError, OSError, KeyError):
            return None


# ----------------------------------------------------------------------------- reading

def load_module(path: str | os.PathLike[str]) -> AuditModule:
    """A built .vmod for auditing (a game folder is built first: `converter.cli.audit`).

    Raises:
        InputError: the path does not exist or cannot be read.
        VassalFormatError, ModelError: the module or its game description is broken.
    """
    p = Path(path)
    if not p.exists():
        raise InputError(str(path), "no such module file or game folder")
    if p.is_dir() or p.suffix.lower() == ".json":
        raise InputError(str(path), "a game folder, not a built module: build it first "
                                    "(vconv build), or audit with vconv audit --module FOLDER")
    with one_line_model_errors():
        return _from_vmod(p)


@contextmanager
def one_line_model_errors() -> Iterator[None]:
    """A ModelError made one line for the CLI: the first problem and how many."""
    try:
        yield
    except ModelError as exc:
        lines = str(exc).splitlines()
        head = lines[0].rstrip(":")
        if "vconv validate" not in head:
            head += " (run vconv validate for the list)"
        more = f"; the first: {lines[1].strip()}" if len(lines) > 1 else ""
        raise ModelError(f"{head}{more}") from None


def _from_vmod(path: Path) -> AuditModule:
    from converter.vassal.vmod_reader import read_vmod

    vmod = read_vmod(path)

    def read_image(name: str) -> bytes | None:
        entry = "images/" + name
        if entry not in vmod.entry_names:
            return None
        return vmod.read_member(entry, MAX_IMAGE_BYTES)

    with vmod.opened():  # the description and every board image from one opening
        game = game_from_module(vmod) if GAME_ENTRY in vmod.entry_names else None
        return from_components(str(path), vmod.buildfile, game, read_image)


def from_components(source: str, root: Component, game: Game | None,
                    image_reader: Callable[[str], bytes | None] | None = None,
                    image_size: Callable[[str], tuple[int, int] | None] | None = None
                    ) -> AuditModule:
    """Build the audit view of a module from its component tree.  A board is sized by its
    image (as VASSAL does): *image_size* when given, else by reading the image."""
    maps: dict[str, MapGeometry] = {}
    for m in root.walk():
        if isinstance(m, Map) and m.map_name:
            boards = {}
            for b in m.walk():
                if isinstance(b, BoardComponent):
                    dims = image_size(b.image) if image_size is not None and b.image \
                        else _image_size(b.image, image_reader, source)
                    try:
                        boards[b.name] = _board(b, dims)
                    except VassalFormatError as exc:  # e.g. a grid spacing of 0
                        raise VassalFormatError(f"{source}: board {b.name!r}: {exc}") from None
                    boards[b.name].size_known = dims is not None or not b.image
            geo = MapGeometry(m.map_name, (m.edge_width, m.edge_height), boards)
            geo.place()
            maps[m.map_name] = geo
    trackers = [_tracker_levels(t) for t in root.walk() if isinstance(t, TurnTracker)]
    dice: dict[str, str] = {}
    if game is not None:
        name_dice(dice, game)
    for button in root.walk():
        if isinstance(button, DiceButton) and button.name not in dice:
            dice[button.name] = ""
    return AuditModule(source, maps, game, trackers, dice, special_faces(root), image_reader,
                       name=str(getattr(root, "name", "")), root=root)


def special_faces(root: Component) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Each special dice button's dice, as their faces' labels (a face's text, else its
    value), the first button of a name winning."""
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for button in root.walk():
        if isinstance(button, SpecialDiceButton) and button.name not in out:
            out[button.name] = tuple(
                tuple(f.text.strip() or str(f.value) for f in die.children
                      if isinstance(f, SpecialDieFace))
                for die in button.children if isinstance(die, SpecialDie))
    return out


def name_dice(names: dict[str, str], game: Game) -> None:
    """Tie the names a dice button may report under (the die's name, its id, both) to the
    game's die, over a button known only as a button of the module (``""``)."""
    for die in game.dice or []:
        for name in (die.name, f"{die.name} ({die.id})", die.id):
            if not names.get(name):
                names[name] = die.id


def _image_size(name: str, reader: Callable[[str], bytes | None] | None, source: str
                ) -> tuple[int, int] | None:
    """A board image's size: VASSAL sizes a board with an image by the image, not the
    width/height attributes."""
    if not name or reader is None:
        return None
    try:
        data = reader(name)
    except (VassalFormatError, OSError, KeyError):
        return None
    return image_size(data, f"{source}!images/{name}") if data else None


def _board(b: BoardComponent, image_dims: tuple[int, int] | None = None) -> BoardGeometry:
    size = image_dims or (b.width, b.height)
    geo = BoardGeometry(b.name, b.image, size)
    for child in b.children:
        if isinstance(child, (HexGridComponent, SquareGrid)):
            geo.grid, geo.numbered = _grid(child, size), has_numbering(child)
        elif isinstance(child, RegionGrid):
            geo.regions = [(r.name, r.originx, r.originy) for r in child.walk()
                           if isinstance(r, Region)]
        elif isinstance(child, ZonedGrid):
            for z in child.children:
                if isinstance(z, ZoneComponent):
                    zgrid = next((g for g in z.children if isinstance(g, (HexGridComponent, SquareGrid))),
                                 None)
                    zregions = tuple((r.name, r.originx, r.originy) for g in z.children
                                     if isinstance(g, RegionGrid) for r in g.walk()
                                     if isinstance(r, Region))
                    polygon = _polygon(z.path)
                    geo.zones.append(ZoneArea(z.name, polygon, z.location_format,
                                              _grid(zgrid, _bounds_size(polygon) or size)
                                              if zgrid is not None else None,
                                              zregions, z.use_parent_grid,
                                              zgrid is None or has_numbering(zgrid)))
                elif isinstance(z, (HexGridComponent, SquareGrid)):
                    geo.grid, geo.numbered = _grid(z, size), has_numbering(z)
                elif isinstance(z, RegionGrid):
                    geo.regions = [(r.name, r.originx, r.originy) for r in z.walk()
                                   if isinstance(r, Region)]
    return geo


def _grid(component: Component, size: tuple[int, int]) -> HexGeometry | SquareGeometry:
    if isinstance(component, HexGridComponent):
        hex_numbering = next((c for c in component.children
                              if isinstance(c, HexGridNumbering)), None)
        return check_spacing(HexGeometry.from_components(component, hex_numbering, size))
    assert isinstance(component, SquareGrid)
    numbering = next((c for c in component.children if isinstance(c, SquareGridNumbering)), None)
    return check_spacing(SquareGeometry(
        x0=component.x0, y0=component.y0, dx=component.dx, dy=component.dy,
        numbering=numbering_of(numbering) if numbering is not None
        else SquareGeometry().numbering, board_size=size))


def _bounds_size(polygon: tuple[tuple[int, int], ...]) -> tuple[int, int] | None:
    """The size of a zone's bounding box: a grid in a zone counts a descending numbering
    from it, not from the board (VASSAL's grid container is the zone; Ragnarok's hex
    map, a zone numbered upwards, names the hex at (417,1291) '0504', not '1204')."""
    if not polygon:
        return None
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    return max(xs) - min(xs), max(ys) - min(ys)


def _polygon(path: str) -> tuple[tuple[int, int], ...]:
    points = []
    for pair in (path or "").split(";"):
        xs = pair.split(",")
        if len(xs) == 2:
            try:
                points.append((int(xs[0]), int(xs[1])))
            except ValueError:
                continue
    return tuple(points)


def _tracker_levels(tracker: Component) -> list[TrackerLevel]:
    out = []
    for child in tracker.children:
        level = _level(child)
        if level is not None:
            out.append(level)
    return out


def _level(c: Component) -> TrackerLevel | None:
    if isinstance(c, ListTurnLevel):
        level = TrackerLevel(c.name, list(c.items))
    elif isinstance(c, CounterTurnLevel):
        level = TrackerLevel(c.name, None, c.start)
    else:
        return None
    for child in c.children:
        sub = _level(child)
        if sub is not None:
            level.children.append(sub)
    return level


def tracker_values(levels: list[TrackerLevel], state: str) -> dict[str, str]:
    """Level name → current value text from a TURN command's state (§4.5).

    The state is `currentLevel|level1|level2…`; a counter level is `value;sub;loop;limit[;kids]`
    and a list level `index;sub;first;flags[;kids]`, children nested with `;` escaping.
    """
    out: dict[str, str] = {}
    parts = fast_split(state, "|")
    for level, text in zip(levels, parts[1:]):
        _read_level(level, text, out)
    return out


def _read_level(level: TrackerLevel, text: str, out: dict[str, str]) -> None:
    # (the codec's split at C level, not the reference walk: a fresh module reads each
    # state a log's tracker shows, its levels nested as escaped fields)
    fields = fast_split(text, ";")
    try:
        current = int(fields[0])
    except (ValueError, IndexError):
        return
    if level.items is None:
        out[level.name] = str(current)
        kids = fields[4:]
    else:
        if 0 <= current < len(level.items):
            out[level.name] = level.items[current]
        kids = fields[4:]
    for child, child_text in zip(level.children, kids):
        _read_level(child, child_text, out)


def image_size(data: bytes, where: str) -> tuple[int, int] | None:
    """Width and height of an image from its header, None when unreadable.

    Raises:
        ImageTooLarge: the header declares more pixels than IMAGE_PIXELS.
    """
    from converter.pictures import UnreadablePicture, picture_size

    try:
        return picture_size(data, where)
    except UnreadablePicture:
        return None
