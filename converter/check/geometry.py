"""Geometry: at-start stacks and decks on a board of their map and inside it, location names
that resolve (VASSAL places a stack by its location name when told to, and a name no place
has leaves the stack at the board's corner), and zones that leave their board or overlap
another zone of the same grid (the first zone in file order wins where they overlap).
"""

from __future__ import annotations

import re
from itertools import combinations

from converter.check.context import Context
from converter.check.findings import Finding, error, in_play, info, warning
from converter.check.tree import MAP_KINDS, Node
from converter.errors import VassalFormatError
from converter.vassal import grid as gridmath
from converter.vassal.checker import location_point, zone_region_point
from converter.vassal.components.board import BoardComponent
from converter.vassal.components.registry import component_from_xml
from converter.vassal.javanum import number_rules

Point = tuple[int, int]
MAX_IMAGE_BYTES = 256 * 1024 * 1024
MAX_PIXELS_TRIED = 2000
_NONZERO = re.compile(rb"[^\x00]")
SLACK = 10  # pixels a zone corner may stray off its board (a drawing slip, not a design)


def _check_numbers(ctx: Context) -> list[Finding]:
    """Grid numbers VASSAL cannot read: it then builds no grid (and no region) there."""
    findings: list[Finding] = []
    for node in ctx.tree.nodes:
        for name, ok, what in number_rules(node.kind):
            value = node.elem.get(name)
            if value is not None and not ok(value):
                shown = value if len(value) <= 40 else value[:40] + "…"
                findings.append(error(
                    "bad-number", ctx.where(node, f"@{name}"),
                    f"{name} {shown!r} is not {what}: VASSAL fails to build this "
                    f"{node.kind} ('failed to load class {node.cls}') and leaves it out",
                    "write a plain number (correct it in VASSAL's editor)"))
    return findings


def check_geometry(ctx: Context) -> list[Finding]:
    findings: list[Finding] = _check_numbers(ctx)
    sizes: dict[int, tuple[int, int] | None] = {}
    for map_node in ctx.maps:
        boards = map_node.descendants("Board")
        by_name = {b.attr("name"): b for b in boards}
        for board in boards:
            size = _board_size(ctx, board, sizes, findings)
            findings += _check_zones(ctx, board, size)
        for stack in map_node.descendants(frozenset({"SetupStack", "DrawPile"})):
            findings += _check_stack(ctx, stack, boards, by_name, sizes, findings)
    return findings


def _board_size(ctx: Context, board: Node, sizes: dict[int, tuple[int, int] | None],
                findings: list[Finding]) -> tuple[int, int] | None:
    key = id(board)
    if key in sizes:
        return sizes[key]
    size: tuple[int, int] | None = None
    image = board.attr("image")
    if not image.strip():
        try:
            size = (int(board.attr("width", "500")), int(board.attr("height", "500")))
        except ValueError:
            findings.append(error("bad-number", ctx.where(board),
                                  "board width or height is not an integer; VASSAL cannot "
                                  "load the module", "write plain integers"))
    else:
        entry = ctx.image_entry(image)
        if entry is not None:
            from converter.pictures import UnreadablePicture, picture_size

            try:  # ImageTooLarge (exit 2) past the pixel limit, read from the header
                size = picture_size(ctx.source.read(entry, MAX_IMAGE_BYTES),
                                    ctx.source.path_of(entry))
            except (VassalFormatError, UnreadablePicture):
                findings.append(error("bad-image", ctx.where(board, f"@image {image!r}"),
                                      "the board image is not a readable image",
                                      "replace it with a PNG, GIF or JPEG"))
    sizes[key] = size
    return size


def _grid(ctx: Context, board: Node, size: tuple[int, int] | None
          ) -> gridmath.BoardGrid | None:
    """The board's grid arithmetic, built once per board and check.

    Raises:
        VassalFormatError: the grid's spacing locates nothing (dx or dy 0, 1e-320, 1e308).
    """
    grids = ctx.cache.setdefault("grids", {})
    assert isinstance(grids, dict)
    if id(board) not in grids:
        component = component_from_xml(board.elem)
        assert isinstance(component, BoardComponent)  # a Board node reads as one
        grid = gridmath.grid_of_board(component, size)
        gridmath.check_board_spacing(grid)
        grids[id(board)] = grid
    return grids[id(board)]  # type: ignore[no-any-return]


def _check_stack(ctx: Context, stack: Node, boards: list[Node], by_name: dict[str, Node],
                 sizes: dict[int, tuple[int, int] | None],
                 findings_so_far: list[Finding]) -> list[Finding]:
    what = "at-start stack" if stack.kind == "SetupStack" else "deck"
    owner = stack.attr("owningBoard")
    if owner and owner not in by_name:
        # SetupStack.isOwningBoardActive: a stack of a board not in play is not placed
        # (how a map of several boards places only the chosen ones), without a word
        gone = "its cards never reach the game" if stack.kind == "DrawPile" else \
            "its pieces never reach the game"
        return [in_play("missing-board", ctx.where(stack, "@owningBoard"),
                        f"the {what} belongs to board {owner!r}, which map "
                        f"{stack.up(MAP_KINDS).attr('mapName')!r} does not have; when a "  # type: ignore[union-attr]
                        f"game starts, VASSAL never places it and says nothing: {gone}",
                        "choose one of the map's boards")]
    board = by_name[owner] if owner else (boards[0] if len(boards) == 1 else None)
    if board is None:
        return []
    size = _board_size(ctx, board, sizes, findings_so_far)
    try:
        point: Point = (int(stack.attr("x", "0")), int(stack.attr("y", "0")))
    except ValueError:
        return [error("bad-number", ctx.where(stack), "x or y is not an integer; VASSAL "
                      "cannot load the module", "write plain integers")]
    findings: list[Finding] = []
    location = stack.attr("location")
    if stack.kind == "SetupStack" and stack.attr("useGridLocation") == "true" and location:
        grid: gridmath.BoardGrid | None = None
        try:
            grid = _grid(ctx, board, size)
            if grid is None:
                raise ValueError(f"board {board.attr('name')!r} has no grid")
            points = ctx.cache.setdefault("locations", {})
            assert isinstance(points, dict)
            key = (id(board), location)
            if key not in points:
                points[key] = location_point(grid, location)
            point = points[key]
        except (ValueError, VassalFormatError, AttributeError, TypeError, ArithmeticError) as exc:
            # SetupStack.updatePosition: the stack keeps its stored x, y when the name fails
            region = zone_region_point(grid, location) if grid is not None else None
            if region is None:
                return [warning("bad-location", ctx.where(stack, f"@location {location!r}"),
                                f"the {what}'s location {location!r} names no place on board "
                                f"{board.attr('name')!r} ({exc}); VASSAL warns 'Bad location "
                                f"name' and places it at its stored position {point}",
                                "use a location name the board's grid gives, or a position")]
            findings.append(info(
                "region-by-name", ctx.where(stack, f"@location {location!r}"),
                f"the {what}'s location {location!r} is a region inside a zone that reports "
                "only its own name: VASSAL 3.6.7 and later find the region by its name, older "
                f"players warn 'Bad location name' and place the stack at its stored position "
                f"{point}"))
            point = region
    if size is not None and not (0 <= point[0] < size[0] and 0 <= point[1] < size[1]):
        # VASSAL raises nothing: it lays the pieces there, off the board (Carcassonne hides
        # its 'Automove' deck at (-200, -200) on purpose), so this is a warning, not an error;
        # with other boards on the map, at that pixel from the board's corner, which is on
        # the board the players lay beside it (SetupStack.setup adds the board's corner)
        where = ("without a word, where players may not see or reach it" if len(boards) < 2
                 else "from the board's corner without a word: off the boards, or on "
                 "whichever board the players lay beside it (boards in a row: the next one)")
        findings.append(warning(
            "off-board", ctx.where(stack),
            f"the {what} is at {point}, outside board {board.attr('name')!r} "
            f"({size[0]}x{size[1]}); VASSAL lays it there {where}", "move it onto the board "
            "in VASSAL's editor (onto the board it belongs to), unless it is hidden there on "
            "purpose"))
    return findings


JAVA_INT = (-2**31, 2**31 - 1)  # VASSAL reads a zone's corners as Java ints
MASK_PIXELS = 4_000_000  # at most this many pixels drawn to tell an overlap from a sliver


def _polygon(path: str) -> list[Point]:
    """The corners of a zone's path.

    Raises:
        ValueError: a corner is not two integers VASSAL can read.
    """
    points = []
    for pair in path.split(";"):
        if pair.strip():
            x, _, y = pair.partition(",")
            point = (int(x), int(y))
            if not all(JAVA_INT[0] <= v <= JAVA_INT[1] for v in point):
                raise ValueError(f"{point} is past a Java int")
            points.append(point)
    return points


def _check_zones(ctx: Context, board: Node, size: tuple[int, int] | None) -> list[Finding]:
    findings: list[Finding] = []
    for grid in board.descendants("ZonedGrid"):
        zones: list[tuple[Node, list[Point]]] = []
        for zone in (c for c in grid.children if c.kind == "Zone"):
            try:
                polygon = _polygon(zone.attr("path"))
            except ValueError:
                findings.append(error("bad-zone", ctx.where(zone, "@path"),
                                      f"zone shape {zone.attr('path')[:40]!r} is not a list "
                                      "of integer x,y points", "redraw the zone"))
                continue
            if len(polygon) < 3:
                findings.append(warning("bad-zone", ctx.where(zone, "@path"),
                                        "zone has fewer than 3 corners: nothing is in it",
                                        "redraw the zone"))
                continue
            zones.append((zone, polygon))
            if size is not None:
                outside = [p for p in polygon
                           if not (0 <= p[0] <= size[0] and 0 <= p[1] <= size[1])]
                far = any(_distance_outside(p, size) > SLACK for p in outside)
                if outside:
                    findings.append((warning if far else info)(
                        "zone-off-board", ctx.where(zone),
                        f"zone corner(s) {', '.join(map(str, outside[:3]))} lie outside "
                        f"board {board.attr('name')!r} ({size[0]}x{size[1]})",
                        "redraw the zone inside the board"))
        for (a, pa), (b, pb) in combinations(zones, 2):
            if not _overlap(pa, pb) or not _overlap_is_more_than_a_sliver(pa, pb):
                continue
            first, later = a.attr("name"), b.attr("name")
            if _inside(pb, pa):  # the later zone can never be reached
                finding, code, hint = warning, "zone-hidden", "move the zone before the larger one"
                relation = f"lies inside zone {first!r} (line {a.line}), which comes first: " \
                           "no point is ever in it"
            elif _inside(pa, pb):
                finding, code, hint = info, "zone-overlap", ""
                relation = f"contains zone {first!r} (line {a.line}), which comes first and " \
                           "wins inside it"
            else:  # usually on purpose (a catch-all zone after the boxes it surrounds)
                finding, code = info, "zone-overlap"
                hint = "make the zones meet edge to edge, or nest one inside the other"
                relation = f"overlaps zone {first!r} (line {a.line}), which comes first and " \
                           "wins where they overlap"
            findings.append(finding(code, ctx.where(b), f"zone {later!r} {relation}", hint))
    return findings


def _overlap(a: list[Point], b: list[Point]) -> bool:
    """True when the interiors of two simple polygons meet (shared edges do not count)."""
    ax = [p[0] for p in a]
    ay = [p[1] for p in a]
    bx = [p[0] for p in b]
    by = [p[1] for p in b]
    if max(ax) <= min(bx) or max(bx) <= min(ax) or max(ay) <= min(by) or max(by) <= min(ay):
        return False
    for p, q in _edges(a):
        for r, s in _edges(b):
            if _cross(p, q, r, s):
                return True
    return (any(_strictly_inside(_mid(e), b) for e in _edges(a))
            or any(_strictly_inside(_mid(e), a) for e in _edges(b))
            or any(_strictly_inside(p, b) for p in a) or any(_strictly_inside(p, a) for p in b)
            or _strictly_inside(_centroid(a), b) and _strictly_inside(_centroid(a), a))


def _overlap_is_more_than_a_sliver(a: list[Point], b: list[Point]) -> bool:
    """Hand-drawn neighbours often cross by a pixel along their shared border; only an
    overlap holding a 3x3 block of board pixels is one a player can land in."""
    from PIL import Image, ImageChops, ImageDraw, ImageFilter

    left = max(min(p[0] for p in a), min(p[0] for p in b)) - 2
    top = max(min(p[1] for p in a), min(p[1] for p in b)) - 2
    right = min(max(p[0] for p in a), max(p[0] for p in b)) + 2
    bottom = min(max(p[1] for p in a), max(p[1] for p in b)) + 2
    if right - left < 3 or bottom - top < 3:
        return False
    if (right - left) * (bottom - top) > MASK_PIXELS:
        return True  # an overlap thousands of pixels across is no sliver

    def mask(poly: list[Point]) -> Image.Image:
        img = Image.new("1", (right - left, bottom - top), 0)
        ImageDraw.Draw(img).polygon([(x - left, y - top) for x, y in poly], fill=1)
        return img

    both = ImageChops.logical_and(mask(a), mask(b)).convert("L")
    core = both.filter(ImageFilter.MinFilter(3))
    if core.getbbox() is None:
        return False
    # The raster includes border pixels, which java.awt.Polygon.contains may not: confirm
    # with VASSAL's own rule on the candidate pixels.
    za, zb = gridmath.ZoneGeometry("a", tuple(a)), gridmath.ZoneGeometry("b", tuple(b))
    width = core.size[0]
    tried = 0
    data = core.tobytes()
    for found in _NONZERO.finditer(data):
        index = found.start()
        x, y = index % width + left, index // width + top
        if all(za.contains((x + dx, y + dy)) and zb.contains((x + dx, y + dy))
               for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            return True
        tried += 1
        if tried > MAX_PIXELS_TRIED:
            return True  # a wide overlap: its raster core is trustworthy
    return False


def _distance_outside(p: Point, size: tuple[int, int]) -> int:
    return max(-p[0], p[0] - size[0], -p[1], p[1] - size[1], 0)


def _inside(a: list[Point], b: list[Point]) -> bool:
    """Polygon *a* lies within *b* (corners inside or on its edge, no edges crossing)."""
    if any(_cross(p, q, r, s) for p, q in _edges(a) for r, s in _edges(b)):
        return False
    return all(_strictly_inside(p, b) or _on_edge(p, b) for p in a) and \
        all(_strictly_inside(_mid(e), b) or _on_edge(_mid(e), b) for e in _edges(a))


def _on_edge(pt: tuple[float, float], poly: list[Point]) -> bool:
    x, y = pt
    return any(min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2)
               and (x2 - x1) * (y - y1) == (y2 - y1) * (x - x1)
               for (x1, y1), (x2, y2) in _edges(poly))


def _edges(poly: list[Point]) -> list[tuple[Point, Point]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _mid(edge: tuple[Point, Point]) -> tuple[float, float]:
    (x1, y1), (x2, y2) = edge
    return ((x1 + x2) / 2, (y1 + y2) / 2)


def _centroid(poly: list[Point]) -> tuple[float, float]:
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


def _orient(p: Point, q: Point, r: Point) -> int:
    v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (v > 0) - (v < 0)


def _cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    """Proper crossing of two segments (touching or collinear overlap is not a crossing)."""
    o1, o2, o3, o4 = _orient(p, q, r), _orient(p, q, s), _orient(r, s, p), _orient(r, s, q)
    return o1 * o2 < 0 and o3 * o4 < 0


def _strictly_inside(pt: tuple[float, float], poly: list[Point]) -> bool:
    """Inside and not on the boundary."""
    x, y = pt
    for (x1, y1), (x2, y2) in _edges(poly):
        if (min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2)
                and (x2 - x1) * (y - y1) == (y2 - y1) * (x - x1)):
            return False
    inside = False
    for (x1, y1), (x2, y2) in _edges(poly):
        if (y1 <= y < y2) or (y2 <= y < y1):
            if x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside
