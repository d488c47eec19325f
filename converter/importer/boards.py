"""Maps and boards → the format's boards.

A board with a hex grid (alone or behind zones) becomes a `hex` board; zones and regions
become spaces (an `area` board when there are zones, `boxes` when only regions); a board
without a grid is one place to VASSAL (every point is named after the board), so it becomes a
`boxes` board with that one space.  Square grids have no counterpart in the format: such a
board keeps the single space and a note says what was left out.
"""

from __future__ import annotations

import math
from collections import Counter

from dataclasses import dataclass, field
from collections.abc import Iterable
from typing import Any

from converter.count import counted
from converter.errors import VassalFormatError
from converter.importer.context import ImportContext
from converter.importer.hexgrid import (
    ImportedGrid, import_hex_grid, on_board_hexes, sane_numbering)
from converter.importer.images import ImageTooLarge
from converter.importer.paths import contents, label
from converter.model.boardkinds import area, boxes
from converter.model.boardkinds import hex as hex_kind
from converter.vassal import grid as vgrid
from converter.vassal.components import BoardComponent, BoardPicker, Map, SetupStack
from converter.vassal.components.base import Component
from converter.vassal.javanum import unreadable_numbers


@dataclass
class PlacedBoard:
    """A VASSAL board and what it became, for resolving setup locations later."""

    map_name: str
    vassal_name: str
    board_id: str
    grid: vgrid.BoardGrid | None
    imported_grid: ImportedGrid | None = None
    locations: dict[str, dict[str, Any]] = field(default_factory=dict)  # VASSAL name → at
    whole: dict[str, Any] | None = None  # the location every point of the board has
    entry: dict[str, Any] = field(default_factory=dict)  # the imported board (JSON)
    size: tuple[int, int] | None = None  # pixels, for placing saved pieces on the map
    size_known: bool = True  # False: its image is absent, so VASSAL's size is not known
    component: BoardComponent | None = None  # the VASSAL board itself, for writing edits back
    # the board's own square grid has no numbering: VASSAL names none of its cells
    unnumbered_squares: bool = False
    # zones (index in the ZonedGrid) whose `$gridLocation$` VASSAL leaves empty ('West '):
    # the grid it reads has no numbering
    unnamed_cells: set[int] = field(default_factory=set)

    def laid_size(self) -> tuple[int, int]:
        """The size the board is laid at: its image's; when that is absent, the size the
        board states (VASSAL's default when none), as the audit lays it
        (`converter.vassal.layout`), not the extent import gives its grid."""
        if self.size_known or self.component is None:
            return self.size or (0, 0)
        return self.component.width, self.component.height

    def location_name(self, point: tuple[float, float]) -> str:
        """The name VASSAL gives a point of the board ('' where it names none): the grid's,
        except that a grid without numbering names no cell."""
        grid = self.grid
        if grid is None:
            return ""
        if isinstance(grid, vgrid.ZonedGeometry):
            for i, zone in enumerate(grid.zones):
                if zone.contains(point):
                    if i in self.unnamed_cells:
                        return _zone_location(zone, "")
                    return grid.location_name(point)
            if self.unnumbered_squares and isinstance(grid.background, vgrid.SquareGeometry):
                return ""
        elif self.unnumbered_squares and isinstance(grid, vgrid.SquareGeometry):
            return ""
        return grid.location_name(point)

    def whole_board(self, ctx: ImportContext, path: str) -> dict[str, Any]:
        """The board as one space, added on first need: a point no zone or region names."""
        if self.whole is None:
            name = self.vassal_name or self.board_id
            sid = ctx.ids.take("spaces", name, "board")
            self.entry.setdefault("spaces", []).insert(
                0, {"id": sid, "name": name, "kind": "board", "provenance": ctx.stated(path)})
            self.whole = {"board": self.board_id, "space": sid}
        return self.whole


@dataclass
class BoardsResult:
    boards: list[dict[str, Any]] = field(default_factory=list)
    placed: list[PlacedBoard] = field(default_factory=list)
    consumed: set[int] = field(default_factory=set)

    def find(self, map_name: str, board_name: str) -> PlacedBoard | None:
        for pb in self.placed:
            if pb.map_name == map_name and (pb.vassal_name == board_name or not board_name):
                return pb
        return None


def import_boards(ctx: ImportContext) -> BoardsResult:
    result = BoardsResult()
    maps = ctx.module.buildfile.find_all(Map)
    names = Counter(b.name for vmap in maps for b in vmap.walk() if isinstance(b, BoardComponent))
    taken = {n.casefold() for n, k in names.items() if k == 1}  # boards keep unshared names
    for vmap in maps:
        map_path = label(vmap)
        result.consumed.add(id(vmap))
        for picker, picker_path in contents(vmap, map_path):
            if not isinstance(picker, BoardPicker):
                continue
            result.consumed.add(id(picker))
            for board, board_path in contents(picker, picker_path):
                if isinstance(board, BoardComponent):
                    # a board name several maps use (each hand's 'Alhambra') is told by its map
                    shared = names[board.name] > 1
                    who = (f"board {board.name!r} of map {vmap.map_name!r}" if shared
                           else f"board {board.name!r}")
                    _board(ctx, vmap, board, board_path, result, who,
                           _named_by_map(vmap, board, taken) if shared else board.name)
    return result


def _note_unreadable_numbers(ctx: ImportContext, board: Component, path: str) -> None:
    """Each grid element of the board with a number VASSAL cannot read (Tanto Monta's
    dx="NaN97.0"): VASSAL builds no such element, nor does the import (`converter.vassal.grid`
    leaves it out), so no space comes of it; the build file keeps it as it was."""
    for comp, comp_path in contents(board, path):
        bad = unreadable_numbers(comp)
        if bad:
            kind = comp.tag.rsplit(".", 1)[-1]
            said = ", ".join(f"{name} {text if len(text) <= 40 else text[:40] + '…'!r} is not "
                             f"{what}" for name, text, what in bad)
            ctx.note(f"not imported: {comp_path}: {said}; VASSAL fails to build this {kind} "
                     "and leaves it out, so the import does too (correct it in VASSAL's "
                     "editor)")
        _note_unreadable_numbers(ctx, comp, comp_path)


def _named_by_map(vmap: Map, board: BoardComponent, taken: set[str]) -> str:
    """The name of a board whose VASSAL name other maps' boards have too (VASSAL's default
    'Alhambra' on each of Nevsky's hands): its map's, which is what players see, or the map's
    and the board's where the map has more boards or another board has the map's name."""
    if not vmap.map_name:
        return board.name
    name = vmap.map_name
    if sum(1 for b in vmap.walk() if isinstance(b, BoardComponent)) > 1 \
            or name.casefold() in taken:
        name = f"{vmap.map_name}: {board.name}"
    taken.add(name.casefold())
    return name


def _board(ctx: ImportContext, vmap: Map, board: BoardComponent, path: str, result: BoardsResult,
           who: str, name: str) -> None:
    """The board as the format has it: its id and name are VASSAL's board name, or its map's
    when other maps have a board of that name (the provenance keeps VASSAL's own)."""
    result.consumed.add(id(board))
    for comp in board.walk():
        result.consumed.add(id(comp))
    board_id = ctx.ids.take("boards", name, "board")
    out: dict[str, Any] = {"id": board_id, "name": name or board_id}
    size: tuple[int, int] | None = (board.width, board.height)
    image: dict[str, Any] | None = None
    if board.image:
        file = ctx.images.copy(board.image)
        if file is None:
            size = _size_without_image(board, ctx.module.buildfile)
            kept = ("its grid is kept, on the board's stated size" if size and (
                board._memo is None or "width" in board._memo.texts)
                else f"its grid is kept, on the extent of what lies on it ({size[0]}x{size[1]})"
                if size else "its grid is kept without layout (the board states no size)")
            ctx.note(f"{who}: its image {board.image!r} is not in the module; "
                     + kept)
            ctx.images.absent_said(board.image)
        else:
            image = {"file": file}
            try:
                size = ctx.images.size(board.image)
            except ImageTooLarge:
                raise
            except VassalFormatError as exc:
                ctx.note(f"{who}: {exc}; its grid is kept, on the board's "
                         "stated size")
                size = _size_without_image(board)
                image = None
    _note_unreadable_numbers(ctx, board, path)
    grid = None
    if size is not None or _has_grid(board):
        try:
            grid = vgrid.grid_of_board(board, size)
        except (ValueError, ArithmeticError, AttributeError, TypeError) as exc:
            # AttributeError: a damaged element whose tag only ends like a grid's
            ctx.note(f"not imported: the grid of {who} ({path}) cannot be read "
                     f"({exc})")
    placed = PlacedBoard(vmap.map_name, board.name, board_id, grid, component=board)
    unnumbered = _unnumbered_grid(board)
    placed.unnumbered_squares = unnumbered and isinstance(_square_part(grid), vgrid.SquareGeometry)
    placed.entry = out
    placed.size = size
    placed.size_known = image is not None or not board.image
    spaces: list[dict[str, Any]] = []
    hex_grid = _hex_part(grid)
    missing: list[str] = []
    if hex_grid is not None and size is not None:
        imported, why = import_hex_grid(hex_grid, size)
        out["kind"] = hex_kind.KIND.name
        if imported is None:
            missing.append("grid")
            ctx.note(f"{who}: its hex grid cannot be written in the format ({why})")
        else:
            placed.imported_grid = imported
            how = "VASSAL's HexGrid and HexGridNumbering over the hexes whose centres lie on the board"
            if not _numbered(board):
                how = ("VASSAL's HexGrid over the hexes whose centres lie on the board; the grid "
                       "has no numbering, so the ids follow VASSAL's default one")
                ctx.note(f"{who}: its hex grid has no numbering, so VASSAL names "
                         "no hex (its move reports say 'offboard'); the hex ids here follow "
                         "VASSAL's default numbering (column, then row, two digits each)")
            imported.grid["provenance"] = ctx.deduced(path, how)
            out["grid"] = imported.grid
            if image is not None:
                image.update({"origin": list(imported.origin), "hex_width_px": imported.hex_width_px,
                              "hex_height_px": imported.hex_height_px})
            if not imported.same_names:
                out["hexes"] = [{"id": hid, "name": name} for hid, name in imported.names.items()]
                ctx.note(f"{who}: VASSAL names its hexes like "
                         f"{next(iter(imported.names.values()))!r}, which the format's numeric ids "
                         "cannot write; each hex carries VASSAL's name as its 'name'")
            if imported.left_out:
                ctx.note(f"{who}: {len(imported.left_out)} hexes on the board have "
                         f"negative numbers (e.g. {imported.left_out[0]!r}) and are left off the "
                         "grid; the format's ids have no sign")
            for hid, name in imported.names.items():
                placed.locations[name] = {"board": board_id, "hex": hid}
    if placed.imported_grid is not None and hex_grid is not None and isinstance(grid, vgrid.ZonedGeometry):
        _note_hexes_under_zones(ctx, placed, hex_grid, who, grid)
    if isinstance(grid, vgrid.ZonedGeometry):
        spaces += _zones(ctx, board, grid, size, path, placed, unnumbered)
    if isinstance(grid, vgrid.RegionGeometry):
        spaces += _regions(ctx, grid, size, placed, board_id, path)
    elif isinstance(grid, vgrid.ZonedGeometry) and isinstance(grid.background, vgrid.RegionGeometry):
        spaces += _regions(ctx, grid.background, size, placed, board_id, path)
    square = _square_part(grid)
    if square is not None and placed.unnumbered_squares:
        ctx.note(f"the square grid of {who} has no numbering, so VASSAL names none of its "
                 "cells (its move reports say 'offboard'): no cell is a space")
    elif square is not None:
        cells = _squares(ctx, square, size, placed, board_id, path)
        if cells:
            spaces += cells
        elif not _spaced(square):
            ctx.note(f"the square grid of {who} ({path}) is kept verbatim in the build "
                     f"file; its spacing ({square.dx} x {square.dy}) is no number of pixels "
                     "VASSAL can lay cells by, so no cell is listed as a space")
        else:
            ctx.note(f"the square grid of {who} ({path}) is kept verbatim in the "
                     f"build file; more than {MAX_SQUARES} cells (or no board size) are not "
                     "listed as spaces")
    if "kind" not in out:
        if spaces and any(s.get("kind") == "zone" for s in spaces):
            out["kind"] = area.KIND.name
        else:
            out["kind"] = boxes.KIND.name
        if not spaces or grid is None:
            whole_id = ctx.ids.take("spaces", board.name or board_id, "board")
            whole = {"id": whole_id, "name": board.name or board_id, "kind": "board",
                     "provenance": ctx.stated(path)}
            spaces.insert(0, whole)
            placed.whole = {"board": board_id, "space": whole_id}
            placed.locations.setdefault(board.name, placed.whole)
    if image is not None:
        out["image"] = image
    if spaces:
        out["spaces"] = spaces
    if missing:
        out["missing"] = missing
        out["provenance"] = ctx.missing(missing, path)
    else:
        out["provenance"] = ctx.stated(path)
    placed.entry = out
    result.boards.append(out)
    result.placed.append(placed)


EXTENT_MARGIN = 100  # pixels beyond the farthest point on a board whose size is unknown
MAX_SQUARES = 2500  # a square grid with more cells than this stays a single space


def _squares(ctx: ImportContext, grid: vgrid.SquareGeometry, size: tuple[int, int] | None,
             placed: PlacedBoard, board_id: str, path: str, zone: vgrid.ZoneGeometry | None = None,
             parent: str | None = None) -> list[dict[str, Any]]:
    """One space per cell of a square grid whose centre lies on the board (and inside the
    *zone* holding the grid), named as VASSAL names it: the format has no square grids."""
    if size is None or not _spaced(grid):
        return []
    cols = int((size[0] - grid.x0) / grid.dx) + 1
    rows = int((size[1] - grid.y0) / grid.dy) + 1
    if cols <= 0 or rows <= 0 or cols * rows > MAX_SQUARES * 40:
        return []
    centres = (grid.center(col, row) for row in range(rows) for col in range(cols))
    on_board = (c for c in centres if 0 <= c[0] < size[0] and 0 <= c[1] < size[1])
    return _cell_spaces(ctx, grid, on_board, size, placed, board_id, "square", zone, parent,
                        f"{path}/SquareGrid", "VASSAL's SquareGrid and its numbering, one "
                        "space per cell on the board")


def _spaced(grid: vgrid.SquareGeometry) -> bool:
    """Whether the grid's spacing lays cells: VASSAL reads dx="NaN" or "Infinity" and builds
    the grid, which then names no cell where a piece lies."""
    return 0 < grid.dx < math.inf and 0 < grid.dy < math.inf


def _cell_spaces(ctx: ImportContext, grid: vgrid.SquareGeometry | vgrid.HexGeometry,
                 centres: Iterable[tuple[int, int]], size: tuple[int, int],
                 placed: PlacedBoard, board_id: str, kind: str,
                 zone: vgrid.ZoneGeometry | None, parent: str | None, where: str,
                 why: str) -> list[dict[str, Any]]:
    """One space per grid cell centred at *centres* (inside the *zone*, when the grid is a
    zone's), named as VASSAL names it; none past MAX_SQUARES or when a name cannot be made."""
    out: list[dict[str, Any]] = []
    hidden: list[str] = []  # cells of the board's grid under zones, named by the zones
    for centre in centres:
        if zone is not None and not zone.contains(centre):
            continue
        if len(out) >= MAX_SQUARES:
            return []
        try:
            name = grid.location_name(centre)
        except (ValueError, ArithmeticError):
            return []
        if zone is not None:
            name = (zone.location_format.replace("$name$", zone.name)
                    .replace("$gridLocation$", name))
        elif not _cell_named(placed, grid, centre, name):
            hidden.append(name)
            continue
        if name in placed.locations:
            continue
        sid = ctx.ids.take("spaces", name, kind)
        space: dict[str, Any] = {"id": sid, "name": name or sid, "kind": kind}
        if parent is not None:
            space["parent"] = parent
        layout = _layout(centre, size)
        if layout is not None:
            space["layout"] = layout
        space["provenance"] = ctx.deduced(where, why)
        placed.locations[name] = {"board": board_id, "space": sid}
        out.append(space)
    if hidden and out:
        ctx.note(f"board {placed.vassal_name!r}: {counted(len(hidden), 'cells')} of its "
                 f"{kind} grid ({_examples(hidden)}) lie under zones, which name every point there, so "
                 "VASSAL never names them: no space")
    return out


def _examples(names: list[str]) -> str:
    shown = ", ".join(repr(n) for n in names[:3])
    return shown + (", ..." if len(names) > 3 else "")


# where a cell is looked at, in halves of its size from its centre: the centre first (most
# cells lie under no zone), then a lattice over the rest of it
_CELL_SAMPLES = ((0.0, 0.0),) + tuple((fx, fy) for fx in (-0.8, -0.4, 0.0, 0.4, 0.8)
                                      for fy in (-0.8, -0.4, 0.0, 0.4, 0.8) if fx or fy)


def _cell_named(placed: PlacedBoard, grid: vgrid.SquareGeometry | vgrid.HexGeometry,
                centre: tuple[float, float], name: str) -> bool:
    """Whether VASSAL names some point of the board grid's cell at *centre* by the cell's
    own *name*: zones come first (ZonedGrid.locationName), so a cell under zones that name
    their points otherwise ('$name$', or '$name$ $gridLocation$') is never reported."""
    if not isinstance(placed.grid, vgrid.ZonedGeometry) or not placed.grid.zones:
        return True
    if isinstance(grid, vgrid.SquareGeometry):
        half = (grid.dx / 2, grid.dy / 2)
    else:  # within the hex: its inscribed circle is wider than half the smaller spacing
        half = (min(grid.dx, grid.dy) / 2 * 0.7,) * 2
    for fx, fy in _CELL_SAMPLES:
        try:
            if placed.location_name((centre[0] + fx * half[0], centre[1] + fy * half[1])) == name:
                return True
        except (ValueError, ArithmeticError):
            return True
    return False


def _size_without_image(board: BoardComponent, module_root: Component | None = None
                        ) -> tuple[int, int] | None:
    """The board's own width and height when it states them (VASSAL uses them for a board
    without an image); else, for a board whose image is absent, the extent of what lies on
    it (zones, regions, at-start stacks), so its grid keeps its cells."""
    memo = board._memo
    stated = memo is None or ("width" in memo.texts and "height" in memo.texts)
    if stated or module_root is None:
        return (board.width, board.height) if board.width > 0 and board.height > 0 else None
    xs: list[int] = []
    ys: list[int] = []
    for comp in board.walk():
        if comp.tag.endswith(".Region"):
            xs.append(getattr(comp, "originx", 0))
            ys.append(getattr(comp, "originy", 0))
        elif comp.tag.endswith("mapgrid.Zone"):
            for point in str(getattr(comp, "path", "")).split(";"):
                x, _, y = point.partition(",")
                if x.strip().lstrip("-").isdecimal() and y.strip().lstrip("-").isdecimal():
                    xs.append(int(x))
                    ys.append(int(y))
    for stack in module_root.find_all(SetupStack):
        if stack.owning_board == board.name and not stack.use_grid_location:
            xs.append(stack.x)
            ys.append(stack.y)
    if not xs:
        return None
    return max(xs) + EXTENT_MARGIN, max(ys) + EXTENT_MARGIN


def _has_grid(board: BoardComponent) -> bool:
    return any(c.tag.endswith(("ZonedGrid", "RegionGrid", "HexGrid", "SquareGrid"))
               for c in board.children)


def _numbered(board: BoardComponent) -> bool:
    """Whether the board's hex grid states a numbering (without one VASSAL names no hex)."""
    from converter.vassal.components.hex_grid import HexGridComponent

    grids = [c for c in board.walk() if isinstance(c, HexGridComponent)]
    return not grids or any(vgrid.has_numbering(g) for g in grids)


def _note_hexes_under_zones(ctx: ImportContext, placed: PlacedBoard, hex_grid: vgrid.HexGeometry,
                            who: str, grid: vgrid.ZonedGeometry) -> None:
    """The hexes VASSAL never names, being under zones that name every point there ('1701'
    under The Longest Day's 'Cherbourg Alarm Units'): the format's grid keeps every hex of
    the board, and a piece there is in the zone, as VASSAL reports it."""
    imported = placed.imported_grid
    if imported is None:
        return
    hidden: dict[str, list[str]] = {}
    for name in imported.names.values():
        try:
            centre = hex_grid.center_of(name)
        except (VassalFormatError, ValueError, ArithmeticError):
            continue
        if not _cell_named(placed, hex_grid, centre, name):
            zone = next((z.name for z in grid.zones if z.contains(centre)), "")
            hidden.setdefault(zone, []).append(name)
    if not hidden:
        return
    count = sum(len(names) for names in hidden.values())
    where = "; ".join(f"{_examples(names)} under {zone!r}"
                      for zone, names in list(hidden.items())[:3])
    if len(hidden) > 3:
        where += f"; and under {len(hidden) - 3} more zones"
    ctx.note(f"{who}: {count} {'hex lies' if count == 1 else 'hexes lie'} under zones that "
             f"name every point there ({where}): VASSAL never names "
             f"{'it' if count == 1 else 'them'}, and a piece there is in the zone; "
             f"{'it stays a hex' if count == 1 else 'they stay hexes'} of the grid")


def _hex_part(grid: vgrid.BoardGrid | None) -> vgrid.HexGeometry | None:
    if isinstance(grid, vgrid.HexGeometry):
        return grid
    if isinstance(grid, vgrid.ZonedGeometry) and isinstance(grid.background, vgrid.HexGeometry):
        return grid.background
    return None


def _square_part(grid: vgrid.BoardGrid | None) -> vgrid.SquareGeometry | None:
    if isinstance(grid, vgrid.SquareGeometry):
        return grid
    if isinstance(grid, vgrid.ZonedGeometry) and isinstance(grid.background, vgrid.SquareGeometry):
        return grid.background
    return None


def _layout(point: tuple[float, float], size: tuple[int, int] | None) -> dict[str, float] | None:
    if size is None or not size[0] or not size[1]:
        return None
    return {"x": round(min(max(point[0] / size[0], 0.0), 1.0), 4),
            "y": round(min(max(point[1] / size[1], 0.0), 1.0), 4)}


def _zones(ctx: ImportContext, board: BoardComponent, grid: vgrid.ZonedGeometry, size: tuple[int, int] | None,
           path: str, placed: PlacedBoard, unnumbered: bool) -> list[dict[str, Any]]:
    """The zones as spaces (and the cells of a zone's own grid, each as VASSAL names it); a
    zone whose `$gridLocation$` reads a grid without numbering is one space that VASSAL
    names 'West ' at every point (*unnumbered*: the board's own grid has no numbering)."""
    out = []
    named_by_cells: list[str] = []
    zone_components = [c for c in _zoned(board).children if c.tag.endswith("mapgrid.Zone")]
    for i, (zone, comp) in enumerate(zip(grid.zones, zone_components)):
        zpath = f"{path}/ZonedGrid/{label(comp)}"
        if _names_no_cell(zone, comp, grid, unnumbered):
            placed.unnamed_cells.add(i)
            read = grid.background if zone.use_parent_grid else zone.grid
            if read is not None:
                if not zone.use_parent_grid:  # (the board's own grid has its note)
                    ctx.note(f"zone {zone.name!r} of board {board.name!r}: its "
                             f"{type(read).__name__} has no numbering, so VASSAL names no "
                             f"cell of it ({_zone_location(zone, '')!r} at every point): the "
                             "zone is one space")
            else:
                ctx.note(f"zone {zone.name!r} of board {board.name!r}: its location format "
                         f"{zone.location_format!r} names a grid location, but the zone has "
                         "no grid" + (" and the board none behind its zones"
                                      if zone.use_parent_grid else " of its own") +
                         f", so VASSAL names every point of it {_zone_location(zone, '')!r}: "
                         "the zone is one space")
        elif _named_hex(zone, grid, placed):
            continue
        sid = ctx.ids.take("spaces", zone.name, "zone")
        space: dict[str, Any] = {"id": sid, "name": zone.name or sid, "kind": "zone"}
        if zone.polygon:
            cx = sum(p[0] for p in zone.polygon) / len(zone.polygon)
            cy = sum(p[1] for p in zone.polygon) / len(zone.polygon)
            layout = _layout((cx, cy), size)
            if layout is not None:
                space["layout"] = layout
        location = zone.location_format.replace("$name$", zone.name)
        if i in placed.unnamed_cells:
            location = _zone_location(zone, "")
        if location != zone.name:
            space["properties"] = {"vassal_location": location}
        space["provenance"] = ctx.stated(zpath)
        placed.locations.setdefault(location, {"board": placed.board_id, "space": sid})
        placed.locations.setdefault(zone.name, {"board": placed.board_id, "space": sid})
        out.append(space)
        if i in placed.unnamed_cells:
            continue
        before = len(out)
        out += _zone_cells(ctx, board, zone, size, placed, zpath, sid)
        behind = zone.use_parent_grid and grid.background is not None
        if (len(out) > before or behind) and "$gridLocation$" in zone.location_format:
            # VASSAL names each point of the zone by the cell of its grid there (its own: a
            # RegionGrid by the nearest region; or the board's behind the zones): the zone has
            # no name of its own, and '$gridLocation$' is no place (Paths of Glory's 'General
            # Records', seen in the 3.6 engine through vlog-maker)
            space.pop("properties", None)
            if placed.locations.get(location) == {"board": placed.board_id, "space": sid}:
                del placed.locations[location]
            named_by_cells.append(zone.name)
    if named_by_cells:
        ctx.note(f"board {board.name!r}: {len(named_by_cells)} zone"
                 f"{' names' if len(named_by_cells) == 1 else 's name'} each point by the "
                 f"grid cell there ({_examples(named_by_cells)}): VASSAL never names the zone "
                 "itself; the zone is a space without a VASSAL location")
    return out


def _zone_cells(ctx: ImportContext, board: BoardComponent, zone: vgrid.ZoneGeometry,
                size: tuple[int, int] | None, placed: PlacedBoard, zpath: str,
                sid: str) -> list[dict[str, Any]]:
    """The cells of a zone's own grid, each a space inside the zone as VASSAL names it."""
    out: list[dict[str, Any]] = []
    if isinstance(zone.grid, vgrid.RegionGeometry) and not zone.use_parent_grid:
        out += _regions(ctx, zone.grid, size, placed, placed.board_id, zpath,
                        parent=sid, location_format=zone.location_format)
    elif isinstance(zone.grid, vgrid.SquareGeometry) and not zone.use_parent_grid and (
            cells := _squares(ctx, zone.grid, size, placed, placed.board_id, zpath,
                              zone=zone, parent=sid)):
        out += cells
    elif isinstance(zone.grid, vgrid.HexGeometry) and not zone.use_parent_grid and (
            "$gridLocation$" in zone.location_format) and (
            cells := _zone_hexes(ctx, zone, size, placed, zpath, sid)):
        out += cells
    elif zone.grid is not None and not zone.use_parent_grid and (
            "$gridLocation$" in zone.location_format):
        # (without $gridLocation$ VASSAL names every point of the zone after it: the
        # grid only places pieces, and the zone is rightly one space)
        ctx.note(f"the {type(zone.grid).__name__} inside zone {zone.name!r} of board "
                 f"{board.name!r} has no counterpart in the format (kept verbatim in the "
                 "build file); the zone is one space")
    return out


def _zone_location(zone: vgrid.ZoneGeometry, cell: str) -> str:
    """What VASSAL names a point of *zone* whose grid location is *cell*."""
    return zone.location_format.replace("$name$", zone.name).replace("$gridLocation$", cell)


def _names_no_cell(zone: vgrid.ZoneGeometry, comp: Component, grid: vgrid.ZonedGeometry,
                   unnumbered: bool) -> bool:
    """Whether VASSAL leaves the zone's `$gridLocation$` empty (`vgrid.zone_names_no_cell`,
    which the audit's `BoardGeometry.names_no_cell` asks too)."""
    return vgrid.zone_names_no_cell(
        zone.location_format, _names_cells(zone.grid, _unnumbered_grid(comp)),
        zone.use_parent_grid, _names_cells(grid.background, unnumbered))


def _names_cells(grid: vgrid.BoardGrid | None, unnumbered: bool) -> bool | None:
    """None: no grid; False: a hex or square grid without numbering; True: it names cells."""
    if grid is None or (isinstance(grid, vgrid.RegionGeometry) and not grid.regions):
        return None
    if isinstance(grid, (vgrid.HexGeometry, vgrid.SquareGeometry)):
        return not unnumbered
    return True


def _unnumbered_grid(component: Component) -> bool:
    """Whether the first hex or square grid of a board or zone (inside its ZonedGrid too)
    has no numbering, so VASSAL names none of its cells."""
    from converter.vassal.components.hex_grid import HexGridComponent
    from converter.vassal.components.square_grid import SquareGrid
    from converter.vassal.components.zoned_grid import ZonedGrid

    for child in component.children:
        if isinstance(child, ZonedGrid):
            return _unnumbered_grid(child)
        if isinstance(child, (HexGridComponent, SquareGrid)):
            return not vgrid.has_numbering(child)
    return False


def _named_hex(zone: vgrid.ZoneGeometry, grid: vgrid.ZonedGeometry, placed: PlacedBoard) -> bool:
    """A zone over exactly one hex of the board's own hex grid whose points VASSAL calls
    `name (id)` (how vconv build names a hex): the hex takes that name instead of the zone
    becoming a space."""
    imported = placed.imported_grid
    background = grid.background
    if (imported is None or not imported.same_names or not zone.use_parent_grid
            or not isinstance(background, vgrid.HexGeometry) or not zone.polygon):
        return False
    cx = sum(p[0] for p in zone.polygon) / len(zone.polygon)
    cy = sum(p[1] for p in zone.polygon) / len(zone.polygon)
    try:
        raw = background.raw_index((cx, cy))
        hex_id = background.name_of_raw(*raw)
        inside = [r for r in (raw, *background.neighbours_raw(*raw))
                  if zone.contains(background.center(*r))]
    except (ValueError, ArithmeticError):
        return False
    location = zone.location_format.replace("$name$", zone.name).replace("$gridLocation$", hex_id)
    name = location.removesuffix(f" ({hex_id})")
    if hex_id not in imported.names or inside != [raw] or name in ("", location):
        return False
    hexes = placed.entry.setdefault("hexes", [])
    hexes.append({"id": hex_id, "name": name})
    placed.locations.setdefault(location, {"board": placed.board_id, "hex": hex_id})
    return True


def _zone_hexes(ctx: ImportContext, zone: vgrid.ZoneGeometry, size: tuple[int, int] | None,
                placed: PlacedBoard, path: str, parent: str) -> list[dict[str, Any]]:
    """One space per hex of a zone's own hex grid whose centre lies on the board and inside
    the zone, named as VASSAL names its points; none when there are more than MAX_SQUARES
    (the zone then stays one space, with a note)."""
    grid = zone.grid
    if size is None or not isinstance(grid, vgrid.HexGeometry) or not sane_numbering(grid.numbering):
        return []
    try:
        cells = on_board_hexes(grid, size)
    except ValueError:
        return []
    return _cell_spaces(ctx, grid, (grid.center(col, row) for col, row in cells), size, placed,
                        placed.board_id, "hex", zone, parent, f"{path}/HexGrid",
                        "VASSAL's HexGrid and its numbering inside the zone, one space per hex")


def _zoned(board: BoardComponent) -> Component:
    return next(c for c in board.children if c.tag.endswith("ZonedGrid"))


def _regions(ctx: ImportContext, grid: vgrid.RegionGeometry, size: tuple[int, int] | None,
             placed: PlacedBoard, board_id: str, path: str, parent: str | None = None,
             location_format: str = "$gridLocation$") -> list[dict[str, Any]]:
    """The regions as spaces; inside a zone (*parent*) VASSAL names their points by the
    zone's location format."""
    out: list[dict[str, Any]] = []
    seen: dict[str, dict[str, Any]] = {}
    again: Counter[str] = Counter()  # regions whose name an earlier region has
    for name, origin in grid.regions:
        if name in seen:
            again[name] += 1
            continue
        sid = ctx.ids.take("spaces", name, "region")
        space: dict[str, Any] = {"id": sid, "name": name or sid, "kind": "region"}
        if parent is not None:
            space["parent"] = parent
        layout = _layout(origin, size)
        if layout is not None:
            space["layout"] = layout
        space["provenance"] = ctx.stated(f"{path}/RegionGrid/Region[{name}]")
        seen[name] = space
        zone_name = path.rsplit("[", 1)[-1].rstrip("]") if parent is not None else ""
        location = (location_format.replace("$gridLocation$", name)
                    .replace("$name$", zone_name))
        placed.locations.setdefault(location, {"board": board_id, "space": sid})
        placed.locations.setdefault(name, {"board": board_id, "space": sid})
        out.append(space)
    for name, more in again.items():  # one note a name (Hunters and Gatherers' supplies
        # have five regions without a name each)
        sid = seen[name]["id"]
        what = (f"its {more + 1} regions without a name" if not name
                else f"its {more + 1} regions named {name!r}")
        ctx.note(f"board {placed.vassal_name!r}: {what} are one space {sid!r}: VASSAL gives "
                 f"every point of them the name {name!r}")
    return out
