"""Our own check of a module before it is written: what VASSAL would reject or silently
get wrong (§6 of the format reference).  It returns findings; it never raises on bad content.

Checked: class names VASSAL knows, required attributes, unique names where VASSAL looks things
up by name, images and files present in the archive, piece definitions that decode with known
traits and existing prototypes, gpids numeric, unique and below nextPieceSlotId, SetupStack
positions inside their board (a stack placed by location name resolved as VASSAL does, also
through a ZonedGrid's zones and background grid), and the map helpers a playable map needs.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from converter.errors import VassalFormatError
from converter.vassal import grid as gridmath
from converter.vassal.components import (
    BoardComponent, BoardPicker, Chart, Component, DiceButton, DrawPile, GameModule, GlobalProperties,
    GlobalProperty, HtmlChart, KeyBufferer, Map, MenuDisplayer, PieceMover,
    PrototypeDefinition, RawElement, SetupStack, SpecialDiceButton, TurnTracker, ZoneComponent,
    ZonedGrid)
from converter.vassal.components.about_screen import AboutScreen
from converter.vassal.components.base import C
from converter.vassal.components.basic_command_encoder import BasicCommandEncoder
from converter.vassal.components.card_slot import CardSlot
from converter.vassal.components.piece_slot import PieceSlot
from converter.vassal.traits import (
    BasicPiece, Layer, MovementMarkable, Obscurable, PlaceMarker, RawTrait, UsePrototype)
from converter.vassal.traits.piece import PieceTraits
from converter.vassal.traits.registry import KNOWN_IDS

_M = "VASSAL.build.module."
# VASSAL 3.6 classes vconv does not model but that are valid in a build file.
KNOWN_UNMODELLED_TAGS = frozenset({
    _M + n for n in (
        "Inventory", "ToolbarMenu", "DoActionButton", "MultiActionButton", "GlobalKeyCommand",
        "StartupGlobalKeyCommand", "RandomTextButton", "NotesWindow", "PrivateMap",
        "PlayerHand", "ChessClockControl", "documentation.BrowserHelpFile",
        "documentation.Tutorial", "documentation.BrowserPDFFile", "map.Flare", "map.LOS_Thread",
        "map.MassKeyCommand", "map.MapShader", "map.TextSaver", "map.HidePiecesButton",
        "map.LayeredPieceCollection", "map.PieceRecenterer",
        "map.boardPicker.board.mapgrid.ZonedGridHighlighter",
        "map.boardPicker.board.mapgrid.ZoneHighlight", "gamepieceimage.GamePieceImageDefinitions",
        "gamepieceimage.GamePieceLayoutsContainer", "gamepieceimage.ColorManager",
        "gamepieceimage.FontManager", "folder.ModuleSubFolder", "folder.MapSubFolder",
        "folder.PrototypeFolder", "folder.GlobalPropertySubFolder", "folder.DeckSubFolder",
        "properties.ChangePropertyButton", "map.DeckGlobalKeyCommand", "map.MoveCameraButton",
        "Inventory")
} | {"VASSAL.build.widget.MapWidget", "VASSAL.build.widget.WidgetMap"})

# Map helpers without which pieces cannot be moved, selected or right-clicked (§2.4).
REQUIRED_MAP_HELPERS = (PieceMover, KeyBufferer, MenuDisplayer)


@dataclass(frozen=True)
class Finding:
    """One problem: `severity` is "error" (VASSAL fails or misbehaves) or "warning"."""

    severity: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.severity}: {self.where}: {self.message}"


def check_module(root: Component, images: dict[str, bytes] | set[str] | frozenset[str],
                 files: Iterable[str] = ()) -> list[Finding]:
    """Check a module's component tree against the images and other archive files it ships.

    *images* maps image names (as components reference them) to bytes, or is just the set of
    names (board sizes then come from Board width/height only).
    """
    return _Checker(root, images, set(files)).run()


def check_archive(archive: object) -> list[Finding]:
    """Check a ModuleArchive (see converter.vassal.archive) before it is written."""
    return check_module(archive.buildfile, archive.images,  # type: ignore[attr-defined]
                        set(archive.files))  # type: ignore[attr-defined]


class _Checker:
    def __init__(self, root: Component, images: dict[str, bytes] | set[str] | frozenset[str],
                 files: set[str]) -> None:
        self.root = root
        self.images = images
        self.image_names = set(images)
        self.files = files
        self.findings: list[Finding] = []
        self.paths: dict[int, str] = {}

    def run(self) -> list[Finding]:
        self._index(self.root, "")
        self._check_root()
        self._check_classes()
        self._check_required()
        self._check_unique()
        self._check_pieces()
        self._check_images()
        self._check_maps()
        self._check_setup_stacks()
        return self.findings

    def error(self, comp: Component, message: str) -> None:
        self.findings.append(Finding("error", self.paths.get(id(comp), comp.tag), message))

    def warning(self, comp: Component, message: str) -> None:
        self.findings.append(Finding("warning", self.paths.get(id(comp), comp.tag), message))

    def _index(self, comp: Component, parent: str) -> None:
        short = comp.tag.rsplit(".", 1)[-1]
        label = _label(comp)
        path = f"{parent}/{short}" + (f"[{label!r}]" if label else "")
        self.paths[id(comp)] = path
        for child in comp.children:
            self._index(child, path)

    def _all(self, cls: type[C]) -> list[C]:
        return self.root.find_all(cls)

    # -- checks -------------------------------------------------------------------------------

    def _check_root(self) -> None:
        if not isinstance(self.root, GameModule):
            self.error(self.root, f"the root must be VASSAL.build.GameModule, not {self.root.tag}")
            return
        encoders = self._all(BasicCommandEncoder)
        if len(encoders) != 1:
            self.error(self.root, f"a module needs exactly one BasicCommandEncoder, "
                                  f"found {len(encoders)}")

    def _check_classes(self) -> None:
        for comp in self.root.walk():
            if isinstance(comp, RawElement) and comp.tag not in KNOWN_UNMODELLED_TAGS:
                self.error(comp, f"VASSAL does not know the class {comp.tag!r} "
                                 "(it would show a bug dialog and skip this subtree)")

    def _check_required(self) -> None:
        required: list[tuple[type[Component], str]] = [(GameModule, "name"), (Map, "map_name"), (BoardComponent, "name"),
                    (PrototypeDefinition, "name"), (DiceButton, "name"),
                    (SpecialDiceButton, "name"), (GlobalProperty, "name"), (ZoneComponent, "name"),
                    (Chart, "file_name"), (HtmlChart, "file_name")]
        for cls, attr in required:
            for comp in self._all(cls):
                if not str(getattr(comp, attr)).strip():
                    self.error(comp, f"required attribute {_xml_name(cls, attr)!r} is empty")
        for zg in self._all(ZonedGrid):
            for zone in [c for c in zg.children if isinstance(c, ZoneComponent)]:
                if len([p for p in zone.path.split(";") if p.strip()]) < 3:
                    self.error(zone, f"zone path {zone.path!r} needs at least 3 points")

    def _check_unique(self) -> None:
        self._unique(self._all(Map), "map_name", "map name")
        for picker in self._all(BoardPicker):
            self._unique([c for c in picker.children if isinstance(c, BoardComponent)], "name",
                         "board name in this map")
        dice: list[Component] = [*self._all(DiceButton), *self._all(SpecialDiceButton)]
        self._unique(dice, "name", "dice button name")
        self._unique(self._all(TurnTracker), "name", "turn tracker name")
        self._unique(self._all(PrototypeDefinition), "name", "prototype name")
        for container in self._all(GlobalProperties):
            self._unique([c for c in container.children if isinstance(c, GlobalProperty)],
                         "name", "global property name")
        for zg in self._all(ZonedGrid):
            self._unique([c for c in zg.children if isinstance(c, ZoneComponent)], "name", "zone name")

    def _unique(self, comps: list[Component], attr: str, what: str) -> None:
        counts = Counter(getattr(c, attr) for c in comps)
        for comp in comps:
            value = getattr(comp, attr)
            if value and counts[value] > 1:
                self.error(comp, f"duplicate {what} {value!r}: VASSAL looks it up by name and "
                                 "takes the first")
                counts[value] = 0  # report once

    def _pieces(self) -> list[tuple[Component, PieceTraits | None]]:
        out: list[tuple[Component, PieceTraits | None]] = []
        for comp in self.root.walk():
            if isinstance(comp, (PieceSlot, CardSlot, PrototypeDefinition)):
                try:
                    out.append((comp, comp.piece))
                except VassalFormatError as exc:
                    self.error(comp, f"piece definition does not decode: {exc}")
                    out.append((comp, None))
        return out

    def _check_pieces(self) -> None:
        prototypes = {p.name for p in self._all(PrototypeDefinition)}
        gpids: Counter[str] = Counter()
        slots = [c for c in self.root.walk() if isinstance(c, (PieceSlot, CardSlot))]
        for slot in slots:
            gpids[slot.gpid] += 1
        next_id = getattr(self.root, "next_piece_slot_id", None)
        for slot in slots:
            if not slot.gpid.isdigit():
                self.error(slot, f"gpid {slot.gpid!r} is not a decimal number")
                continue
            if gpids[slot.gpid] > 1:
                self.error(slot, f"gpid {slot.gpid} is used by {gpids[slot.gpid]} slots")
            if next_id is not None and int(slot.gpid) >= int(next_id):
                self.error(slot, f"gpid {slot.gpid} is not below nextPieceSlotId {next_id}")
        for comp, piece in self._pieces():
            if piece is None:
                continue
            if not isinstance(piece.traits[-1], BasicPiece):
                self.error(comp, "piece definition does not end with a BasicPiece")
            elif piece.traits[-1].map_id == "":
                self.error(comp, "piece state has an empty map id (VASSAL reports 'map not "
                                 "found'); write null")
            for trait in piece.traits:
                if isinstance(trait, RawTrait) and trait.trait_id not in KNOWN_IDS:
                    self.error(comp, f"unknown trait {trait.trait_id!r}: VASSAL replaces it "
                                     "with a Marker and warns")
                if isinstance(trait, UsePrototype) and trait.name not in prototypes:
                    self.error(comp, f"prototype {trait.name!r} does not exist (VASSAL "
                                     "silently adds nothing)")
                if isinstance(trait, PlaceMarker) and trait.gpid and next_id is not None and (
                        not trait.gpid.isdigit() or int(trait.gpid) >= int(next_id)):
                    self.error(comp, f"place-marker gpid {trait.gpid!r} is not a number below "
                                     f"nextPieceSlotId {next_id}")
                if isinstance(trait, Layer) and trait.version != 1:
                    self.warning(comp, f"layer {trait.name!r} has version {trait.version}; "
                                       "VASSAL builds the legacy Embellishment unless it is 1")

    def _has_image(self, name: str) -> bool:
        # VASSAL also tries the name with ".gif" appended, whatever its extension (§1.1).
        return (name.startswith("/") or name in self.image_names
                or name + ".gif" in self.image_names)

    def _check_images(self) -> None:
        def need(comp: Component, name: str, what: str) -> None:
            if name.strip() and not self._has_image(name):
                self.error(comp, f"{what} image {name!r} is not in the archive's images/")

        for board in self._all(BoardComponent):
            need(board, board.image, "board")
        for chart in self._all(Chart):
            need(chart, chart.file_name, "chart")
        for about in self._all(AboutScreen):
            need(about, about.file_name, "about-screen")
        for comp in self.root.walk():
            icon = getattr(comp, "icon", "")
            if isinstance(icon, str) and icon:
                need(comp, icon, "button icon")
        for html in self._all(HtmlChart):
            if html.file_name and html.file_name not in self.files:
                self.error(html, f"HTML chart file {html.file_name!r} is not in the archive")
        for comp, piece in self._pieces():
            if piece is None:
                continue
            for trait in piece.traits:
                if isinstance(trait, BasicPiece):
                    need(comp, trait.image, "piece")
                elif isinstance(trait, Layer):
                    for image in trait.images:
                        need(comp, image, f"layer {trait.name!r}")
                elif isinstance(trait, Obscurable):
                    need(comp, trait.mask_image, "mask")
                elif isinstance(trait, MovementMarkable):
                    need(comp, trait.image, "moved-marker")

    def _check_maps(self) -> None:
        for map_ in self._all(Map):
            present = {type(c) for c in map_.children}
            for helper in REQUIRED_MAP_HELPERS:
                if helper not in present:
                    self.warning(map_, f"map has no {helper.TAG.rsplit('.', 1)[-1]}: pieces "
                                       "cannot be moved, selected or right-clicked")
            boards = [b for p in map_.children if isinstance(p, BoardPicker)
                      for b in p.children if isinstance(b, BoardComponent)]
            if not boards:
                self.error(map_, "map has no board")

    def _board_size(self, board: BoardComponent) -> tuple[int, int] | None:
        if not board.image:
            return board.width, board.height
        if isinstance(self.images, dict) and board.image in self.images:
            from converter.pictures import UnreadablePicture, picture_size

            try:  # ImageTooLarge (exit 2) past the pixel limit, read from the header
                return picture_size(self.images[board.image], f"images/{board.image}")
            except UnreadablePicture:
                self.error(board, f"board image {board.image!r} is not a readable image")
        return None

    def _check_setup_stacks(self) -> None:
        for map_ in self._all(Map):
            boards = [b for p in map_.children if isinstance(p, BoardPicker)
                      for b in p.children if isinstance(b, BoardComponent)]
            by_name = {b.name: b for b in boards}
            for stack in [c for c in map_.walk() if isinstance(c, (SetupStack, DrawPile))]:
                board = by_name.get(stack.owning_board) if stack.owning_board else \
                    (boards[0] if boards else None)
                if board is None:
                    self.error(stack, f"owning board {stack.owning_board!r} is not a board of "
                                      f"map {map_.map_name!r}")
                    continue
                size = self._board_size(board)
                point: tuple[int, int] = (stack.x, stack.y)
                if isinstance(stack, SetupStack) and stack.use_grid_location:
                    try:
                        point = _grid_point(board, stack.location, size)
                    except (VassalFormatError, ValueError) as exc:
                        self.error(stack, f"location {stack.location!r}: {exc}")
                        continue
                if size is not None and not (0 <= point[0] < size[0] and 0 <= point[1] < size[1]):
                    self.error(stack, f"position {point} is outside board {board.name!r} "
                                      f"({size[0]}x{size[1]})")


def _grid_point(board: BoardComponent, location: str, size: tuple[int, int] | None) -> tuple[int, int]:
    grid = gridmath.grid_of_board(board, size)
    if grid is None:
        raise ValueError(f"board {board.name!r} has no hex, square, region or zoned grid to "
                         "resolve a location")
    try:
        return location_point(grid, location)
    except (ValueError, VassalFormatError):
        origin = zone_region_point(grid, location)
        if origin is not None:
            return origin
        raise


def zone_region_point(grid: gridmath.BoardGrid, location: str) -> tuple[int, int] | None:
    """Where VASSAL 3.6.7+ puts an at-start stack whose location no zone's location format
    answers (SetupStack.updatePosition): a region of a zone's own region grid, found by its
    name, when its origin lies in that zone (players before 3.6.7 do not look)."""
    if isinstance(grid, gridmath.ZonedGeometry):
        for zone in grid.zones:
            if isinstance(zone.grid, gridmath.RegionGeometry) and not zone.use_parent_grid:
                origin = dict(zone.grid.regions).get(location)
                if origin is not None and zone.contains(origin):
                    return origin
    return None


def location_point(grid: gridmath.BoardGrid, location: str) -> tuple[int, int]:
    """The board point VASSAL 3.6 gives a location name (MapGrid.getLocation).

    A ZonedGrid asks its zones in file order (a zone answers a name its location format
    produces, inside the zone), then its background grid: so a hex named inside a zoned grid
    resolves on the background hex grid, and a zone's own name gives the mean of its corners.

    Raises:
        ValueError (or VassalFormatError): no place of the grid has that name.
    """
    if isinstance(grid, gridmath.ZonedGeometry):
        for zone in grid.zones:
            point = _zone_point(zone, grid.background, location)
            if point is not None and zone.contains(point):
                return point
        if grid.background is None:
            raise ValueError("no zone answers to this name and the zoned grid has no "
                             "background grid")
        return location_point(grid.background, location)
    return grid.center_of(location)


def _zone_point(zone: gridmath.ZoneGeometry, background: gridmath.BoardGrid | None,
                location: str) -> tuple[int, int] | None:
    """Zone.getLocation: the location format as a pattern ($name$ the zone's name,
    $gridLocation$ any text the zone's grid resolves); without a grid part, the mean of the
    polygon's corners (its first corner when the mean lies outside, a concave zone)."""
    grid = background if zone.use_parent_grid else zone.grid
    pattern, groups = "", 0
    tokens = zone.location_format.split("$")
    for i, token in enumerate(tokens):
        is_property = i % 2 == 1
        if not token:
            continue
        if not is_property or i == len(tokens) - 1:
            pattern += re.escape(token)
        elif token == "name":
            pattern += re.escape(zone.name)
        elif token == "gridLocation" and grid is not None:
            pattern += "(.*)"
            groups += 1
    if not pattern:
        return None
    match = re.fullmatch(pattern, location)
    if match is None:
        return None
    if groups:
        if grid is None:
            return None
        try:
            return location_point(grid, match.group(groups))
        except (ValueError, VassalFormatError):
            return None
    n = len(zone.polygon)
    if n == 0:
        return None
    mean = (sum(x for x, _ in zone.polygon) // n, sum(y for _, y in zone.polygon) // n)
    return mean if zone.contains(mean) else zone.polygon[0]


def _label(comp: Component) -> str:
    for attr in ("map_name", "name", "entry_name", "chart_name"):
        value = getattr(comp, attr, None)
        if isinstance(value, str) and value:
            return value
    return ""


def _xml_name(cls: type, attr: str) -> str:
    for spec in getattr(cls, "ATTRS", ()):
        if spec.attr == attr:
            return str(spec.xml)
    return attr
