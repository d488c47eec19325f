"""Boards and grids: hexes on their grid, hexsides between neighbours, spaces, groups, links,
adjacency, and a board's own picture (calibrated hexes, boxes on the picture)."""

from __future__ import annotations

from typing import Any

from converter.model.boardkinds import Drawing, board_kind
from converter.model.hexgrid import HexGridSpec
from converter.validate.semantic.context import Context, enum_items, grid_hint


def check_boards(ctx: Context) -> None:
    for bp, board in ctx.items("boards"):
        kind = board_kind(board["kind"])
        grid = ctx.index.grids.get(board["id"])
        if grid is not None:
            _check_grid(ctx, bp, board)
        hex_seen: dict[str, str] = {}
        for hp, h in enum_items(board.get("hexes"), f"{bp}/hexes"):
            hid = h["id"]
            if grid is not None and not grid.contains(hid):
                ctx.report(f"{hp}/id", f"hex {hid!r} is not on the grid", grid_hint(grid), check="location")
            if hid in hex_seen:
                ctx.report(f"{hp}/id", f"duplicate hex {hid!r}", f"first given at {ctx.where(hex_seen[hid])}",
                            check="unique-id")
            hex_seen[hid] = hp
            for i, t in enumerate(h.get("terrain") or []):
                ctx.terrain_ref(f"{hp}/terrain/{i}", t, ("hex",))
            for i, t in enumerate(h.get("features") or []):
                ctx.terrain_ref(f"{hp}/features/{i}", t, ("feature",))
            ctx.refs(f"{hp}/groups", h.get("groups"), "groups")
            ctx.ref(f"{hp}/control", h.get("control"), "owners")
            ctx.vp(f"{hp}/vp", h.get("vp"))
            ctx.filter_refs(f"{hp}/supply_source", h.get("supply_source"))
        ctx.index.hexes[board["id"]] = set(hex_seen)
        for sp, side in enum_items(board.get("hexsides"), f"{bp}/hexsides"):
            a, b = side["hexes"]
            ok = True
            for i, hid in enumerate((a, b)):
                if grid is not None and not grid.contains(hid):
                    ctx.report(f"{sp}/hexes/{i}", f"hex {hid!r} is not on the grid", grid_hint(grid), check="location")
                    ok = False
            if ok and grid is not None and not grid.adjacent(a, b):
                ctx.report(f"{sp}/hexes", f"hexes {a!r} and {b!r} are not adjacent, so they share no hexside",
                            f"the neighbours of {a} are {', '.join(grid.neighbours(a))}", check="grid")
            ctx.terrain_ref(f"{sp}/terrain", side["terrain"], ("hexside",))
        for ep, edge in enum_items(board.get("edges"), f"{bp}/edges"):
            for i, hid in enumerate(edge.get("hexes") or []):
                if grid is not None and not grid.contains(hid):
                    ctx.report(f"{ep}/hexes/{i}", f"hex {hid!r} is not on the grid", grid_hint(grid), check="location")
            ctx.filter_refs(f"{ep}/supply_source", edge.get("supply_source"))
        for gp, group in enum_items(board.get("groups"), f"{bp}/groups"):
            ctx.ref(f"{gp}/parent", group.get("parent"), "groups")
            ctx.filter_refs(f"{gp}/allowed", group.get("allowed"))
            ctx.filter_refs(f"{gp}/forbidden", group.get("forbidden"))
        _check_group_cycles(ctx, board, bp)
        local_spaces = {s["id"] for s in board.get("spaces") or []}
        for sp, space in enum_items(board.get("spaces"), f"{bp}/spaces"):
            if ctx.ref(f"{sp}/parent", space.get("parent"), "spaces") and space.get("parent") == space["id"]:
                ctx.report(f"{sp}/parent", "a space cannot lie inside itself", check="reference")
            ctx.refs(f"{sp}/groups", space.get("groups"), "groups")
            for i, t in enumerate(space.get("terrain") or []):
                ctx.terrain_ref(f"{sp}/terrain/{i}", t, ("space", "hex"))
            for i, t in enumerate(space.get("features") or []):
                ctx.terrain_ref(f"{sp}/features/{i}", t, ("feature",))
            ctx.ref(f"{sp}/control", space.get("control"), "owners")
            ctx.vp(f"{sp}/vp", space.get("vp"))
            for key in ("supply_source", "allowed", "forbidden"):
                ctx.filter_refs(f"{sp}/{key}", space.get(key))
            for i, other in enumerate(space.get("adjacent") or []):
                p = f"{sp}/adjacent/{i}"
                if other == space["id"]:
                    ctx.report(p, f"space {other!r} is listed as adjacent to itself", check="adjacency")
                elif other not in local_spaces:
                    if ctx.ref(p, other, "spaces"):
                        ctx.report(p, f"space {other!r} is on another board", check="adjacency")
        if board.get("symmetric"):
            _check_symmetric(ctx, board, bp)
        for lp, link in enum_items(board.get("links"), f"{bp}/links"):
            a, b = link["between"]
            for i, end in enumerate((a, b)):
                if end not in local_spaces and ctx.ref(f"{lp}/between/{i}", end, "spaces"):
                    pass  # links may join boards (an inset to the main map)
            if a == b:
                ctx.report(f"{lp}/between", f"link joins space {a!r} to itself", check="adjacency")
            ctx.terrain_ref(f"{lp}/type", link["type"], ("link",))
            ctx.filter_refs(f"{lp}/only", link.get("only"))
        if kind.hex_grid and grid is None and (board.get("hexes") or board.get("hexsides")):
            ctx.report(f"{bp}/missing", "hexes are listed but the board's grid is missing",
                        "give the grid, or leave the hexes out", check="grid")
        if kind.needs_spaces and not board.get("spaces"):
            ctx.report(f"{bp}", f"{kind.name} board {board['id']!r} has no spaces", check="board")
        if board.get("image"):
            ctx.file(f"{bp}/image/file", board["image"]["file"])
            drawing = kind.drawing(grid is not None)
            if drawing is Drawing.HEX_GRID and grid is not None:
                _calibration(ctx, bp, board["image"], grid)
            elif drawing is Drawing.BOXES:
                _box_calibration(ctx, bp, board)


def _check_grid(ctx: Context, bp: str, board: dict[str, Any]) -> None:
    grid = board["grid"]
    for axis in ("columns", "rows"):
        a = grid[axis]
        if a["min"] > a["max"]:
            ctx.report(f"{bp}/grid/{axis}", f"{axis} run from {a['min']} to {a['max']}: min is above max", check="grid")
        if a["max"] >= 10 ** grid["digits"]:
            ctx.report(f"{bp}/grid/{axis}/max", f"{a['max']} does not fit in {grid['digits']} digits", check="grid")
    horizontal = {"east", "west"}
    col_h = grid["columns"]["increases"] in horizontal
    row_h = grid["rows"]["increases"] in horizontal
    if col_h == row_h:
        ctx.report(f"{bp}/grid/rows/increases",
                    f"columns grow {grid['columns']['increases']} and rows grow {grid['rows']['increases']}: "
                    "one axis must run east-west and the other north-south", check="grid")
    elif not col_h:
        ctx.report(f"{bp}/grid/columns/increases", "columns must be numbered east-west (rows north-south)",
                    "swap the two axes, or use 'first' to say which number comes first in an id", check="grid")


def _calibration(ctx: Context, bp: str, image: dict[str, Any], grid: HexGridSpec) -> None:
    """A hex board's own picture: its hexes regular, its origin given, its grid inside it
    (else pieces would sit on the wrong hexes, with nothing saying so)."""
    width, height = image.get("hex_width_px"), image.get("hex_height_px")
    if image.get("origin") is None or (width is None and height is None):
        ctx.report(f"{bp}/image", "the map picture has no calibration: pieces cannot be put on its hexes",
                    "give image.origin (the pixel centre of the first hex) and image.hex_width_px "
                    "or hex_height_px (check them with `vconv preview`)", check="image")
        return
    w1, h1 = grid.hex_size(1.0)
    if width is not None and height is not None and abs(width / height - w1 / h1) > 0.03 * (w1 / h1):
        expected = width * h1 / w1
        ctx.report(f"{bp}/image/hex_height_px",
                    f"hexes {width}×{height} px are not regular (a {grid.orientation}-topped hex "
                    f"{width} px wide is {expected:.1f} px high)",
                    "measure one hex again, or give only hex_width_px", check="image")
        return
    path = ctx.doc.folder / image["file"]
    from converter.pictures import UnreadablePicture, picture_size

    if not path.is_file():
        return  # the file check reports it
    try:  # ImageTooLarge (exit 2) past the pixel limit, read from the header
        size = picture_size(path)
    except UnreadablePicture as exc:
        ctx.report(f"{bp}/image/file", f"the map picture {image['file']!r} is not a readable picture ({exc.why})",
                   "save it again as PNG or JPEG", check="image")
        return
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
        ctx.report(f"{bp}/image", f"the grid leaves the {size[0]}×{size[1]} px map picture: hex "
                    f"{outside[0]} would be at ({x:.0f}, {y:.0f})",
                    "check image.origin and the hex size (`vconv preview` draws the grid on the picture)",
                    check="image")


def _box_calibration(ctx: Context, bp: str, board: dict[str, Any]) -> None:
    """A box board's own picture: each box sized on it (layout w, h) lies on the picture
    and on no other box, else a drop zone would miss the box the art draws."""
    placed: list[tuple[str, tuple[float, float, float, float]]] = []
    for sp, space in enum_items(board.get("spaces"), f"{bp}/spaces"):
        lay = space.get("layout") or {}
        if lay.get("w") is None or lay.get("h") is None:
            continue
        box = (lay["x"] - lay["w"] / 2, lay["y"] - lay["h"] / 2, lay["x"] + lay["w"] / 2, lay["y"] + lay["h"] / 2)
        if box[0] < -1e-9 or box[1] < -1e-9 or box[2] > 1 + 1e-9 or box[3] > 1 + 1e-9:
            ctx.report(f"{sp}/layout", f"box {space['id']!r} leaves the board's picture "
                        f"(from {box[0]:.2f}, {box[1]:.2f} to {box[2]:.2f}, {box[3]:.2f} of it)",
                        "x, y are the box's centre and w, h its size, as fractions of the picture "
                        "(check them with `vconv preview`)", check="image")
        for other, obox in placed:
            if box[0] < obox[2] and obox[0] < box[2] and box[1] < obox[3] and obox[1] < box[3]:
                ctx.report(f"{sp}/layout", f"box {space['id']!r} lies on box {other!r} on the board's picture",
                            "give each box the place and size the picture draws it at "
                            "(check them with `vconv preview`)", check="image")
        placed.append((space["id"], box))


def _check_symmetric(ctx: Context, board: dict[str, Any], bp: str) -> None:
    adjacency = {s["id"]: set(s.get("adjacent") or []) for s in board.get("spaces") or []}
    for sp, space in enum_items(board.get("spaces"), f"{bp}/spaces"):
        for i, other in enumerate(space.get("adjacent") or []):
            if other in adjacency and space["id"] not in adjacency[other]:
                ctx.report(f"{sp}/adjacent/{i}",
                            f"space {space['id']!r} lists {other!r} as adjacent, but {other!r} does not list {space['id']!r}",
                            f"add {space['id']!r} to the 'adjacent' of {other!r} (the board is declared symmetric)",
                            check="adjacency")


def _check_group_cycles(ctx: Context, board: dict[str, Any], bp: str) -> None:
    parent = {g["id"]: g.get("parent") for g in board.get("groups") or []}
    for gp, group in enum_items(board.get("groups"), f"{bp}/groups"):
        seen = {group["id"]}
        cur = parent.get(group["id"])
        while cur is not None:
            if cur in seen:
                ctx.report(f"{gp}/parent", f"group {group['id']!r} lies inside itself through its parents",
                            check="reference")
                break
            seen.add(cur)
            cur = parent.get(cur)
