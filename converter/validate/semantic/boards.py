"""Boards and grids: hexes on their grid, hexsides between neighbours, spaces, groups, links,
adjacency, and a board's own picture (calibrated hexes, boxes on the picture); on the model."""

from __future__ import annotations

from typing import TYPE_CHECKING

from converter.model.board import Board, BoardImage
from converter.model.boardkinds import Drawing
from converter.model.hexgrid import HexGridSpec
from converter.validate.semantic.context import Context, grid_hint

if TYPE_CHECKING:
    from converter.pictures import UnreadablePicture


def check_boards(ctx: Context) -> None:
    for b, board in enumerate(ctx.game.boards or []):
        bp = f"/boards/{b}"
        kind = board.kind_spec
        grid = board.hex_grid()
        if grid is not None:
            _check_grid(ctx, bp, grid)
        hex_seen: dict[str, str] = {}
        for i, h in enumerate(board.hexes or []):
            hp, hid = f"{bp}/hexes/{i}", h.id
            if grid is not None and not grid.contains(hid):
                ctx.report(f"{hp}/id", f"hex {hid!r} is not on the grid", grid_hint(grid), check="location")
            if hid in hex_seen:
                ctx.report(f"{hp}/id", f"duplicate hex {hid!r}", f"first given at {ctx.where(hex_seen[hid])}",
                            check="unique-id")
            hex_seen[hid] = hp
            for j, t in enumerate(h.terrain or []):
                ctx.terrain_ref(f"{hp}/terrain/{j}", t, ("hex",))
            for j, t in enumerate(h.features or []):
                ctx.terrain_ref(f"{hp}/features/{j}", t, ("feature",))
            ctx.refs(f"{hp}/groups", h.groups, "groups")
            ctx.ref(f"{hp}/control", h.control, "owners")
            ctx.vp(f"{hp}/vp", h.vp)
            ctx.filter_refs(f"{hp}/supply_source", h.supply_source)
        ctx.index.hexes[board.id] = set(hex_seen)
        for i, side in enumerate(board.hexsides or []):
            sp = f"{bp}/hexsides/{i}"
            first, second = side.hexes
            ok = True
            for j, hid in enumerate((first, second)):
                if grid is not None and not grid.contains(hid):
                    ctx.report(f"{sp}/hexes/{j}", f"hex {hid!r} is not on the grid", grid_hint(grid), check="location")
                    ok = False
            if ok and grid is not None and not grid.adjacent(first, second):
                ctx.report(f"{sp}/hexes", f"hexes {first!r} and {second!r} are not adjacent, so they share no hexside",
                            f"the neighbours of {first} are {', '.join(grid.neighbours(first))}", check="grid")
            ctx.terrain_ref(f"{sp}/terrain", side.terrain, ("hexside",))
        for i, edge in enumerate(board.edges or []):
            ep = f"{bp}/edges/{i}"
            for j, hid in enumerate(edge.hexes or []):
                if grid is not None and not grid.contains(hid):
                    ctx.report(f"{ep}/hexes/{j}", f"hex {hid!r} is not on the grid", grid_hint(grid), check="location")
            ctx.filter_refs(f"{ep}/supply_source", edge.supply_source)
        for i, group in enumerate(board.groups or []):
            gp = f"{bp}/groups/{i}"
            ctx.ref(f"{gp}/parent", group.parent, "groups")
            ctx.filter_refs(f"{gp}/allowed", group.allowed)
            ctx.filter_refs(f"{gp}/forbidden", group.forbidden)
        _check_group_cycles(ctx, board, bp)
        local_spaces = {s.id for s in board.spaces or []}
        for i, space in enumerate(board.spaces or []):
            sp = f"{bp}/spaces/{i}"
            if ctx.ref(f"{sp}/parent", space.parent, "spaces") and space.parent == space.id:
                ctx.report(f"{sp}/parent", "a space cannot lie inside itself", check="reference")
            ctx.refs(f"{sp}/groups", space.groups, "groups")
            for j, t in enumerate(space.terrain or []):
                ctx.terrain_ref(f"{sp}/terrain/{j}", t, ("space", "hex"))
            for j, t in enumerate(space.features or []):
                ctx.terrain_ref(f"{sp}/features/{j}", t, ("feature",))
            ctx.ref(f"{sp}/control", space.control, "owners")
            ctx.vp(f"{sp}/vp", space.vp)
            for key, flt in (("supply_source", space.supply_source), ("allowed", space.allowed),
                             ("forbidden", space.forbidden)):
                ctx.filter_refs(f"{sp}/{key}", flt)
            for j, other in enumerate(space.adjacent or []):
                p = f"{sp}/adjacent/{j}"
                if other == space.id:
                    ctx.report(p, f"space {other!r} is listed as adjacent to itself", check="adjacency")
                elif other not in local_spaces:
                    if ctx.ref(p, other, "spaces"):
                        ctx.report(p, f"space {other!r} is on another board", check="adjacency")
        if board.symmetric:
            _check_symmetric(ctx, board, bp)
        for i, link in enumerate(board.links or []):
            lp = f"{bp}/links/{i}"
            a, b_ = link.between
            for j, end in enumerate((a, b_)):
                if end not in local_spaces:  # links may join boards (an inset to the main map)
                    ctx.ref(f"{lp}/between/{j}", end, "spaces")
            if a == b_:
                ctx.report(f"{lp}/between", f"link joins space {a!r} to itself", check="adjacency")
            ctx.terrain_ref(f"{lp}/type", link.type, ("link",))
            ctx.filter_refs(f"{lp}/only", link.only)
        if kind.hex_grid and grid is None and (board.hexes or board.hexsides):
            ctx.report(f"{bp}/missing", "hexes are listed but the board's grid is missing",
                        "give the grid, or leave the hexes out", check="grid")
        if kind.needs_spaces and not board.spaces:
            ctx.report(f"{bp}", f"{kind.name} board {board.id!r} has no spaces", check="board")
        if board.image is not None:
            size = ctx.picture(f"{bp}/image/file", board.image.file)  # every board's, sized
            drawing = board.drawing()
            if drawing is Drawing.HEX_GRID and grid is not None:
                _calibration(ctx, bp, board.image, grid, size)
            elif drawing is Drawing.BOXES:
                _box_calibration(ctx, bp, board)


def _check_grid(ctx: Context, bp: str, grid: HexGridSpec) -> None:
    for axis, a in (("columns", grid.columns), ("rows", grid.rows)):
        if a.min > a.max:
            ctx.report(f"{bp}/grid/{axis}", f"{axis} run from {a.min} to {a.max}: min is above max", check="grid")
        if a.max >= 10 ** grid.digits:
            ctx.report(f"{bp}/grid/{axis}/max", f"{a.max} does not fit in {grid.digits} digits", check="grid")
    horizontal = {"east", "west"}
    col_h = grid.columns.increases in horizontal
    row_h = grid.rows.increases in horizontal
    if col_h == row_h:
        ctx.report(f"{bp}/grid/rows/increases",
                    f"columns grow {grid.columns.increases} and rows grow {grid.rows.increases}: "
                    "one axis must run east-west and the other north-south", check="grid")
    elif not col_h:
        ctx.report(f"{bp}/grid/columns/increases", "columns must be numbered east-west (rows north-south)",
                    "swap the two axes, or use 'first' to say which number comes first in an id", check="grid")


def _calibration(ctx: Context, bp: str, image: BoardImage, grid: HexGridSpec,
                 size: tuple[int, int] | UnreadablePicture | None) -> None:
    """A hex board's own picture: its hexes regular, its origin given, its grid inside it
    (else pieces would sit on the wrong hexes, with nothing saying so)."""
    width, height = image.hex_width_px, image.hex_height_px
    if image.origin is None or (width is None and height is None):
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
    if size is None:
        return  # the file check reports it
    if not isinstance(size, tuple):
        ctx.report(f"{bp}/image/file", f"the map picture {image.file!r} is not a readable picture ({size.why})",
                   "save it again as PNG or JPEG", check="image")
        return
    from converter.render.maps import HexBoardGeometry

    width = width or (height or 0) * w1 / h1
    height = height or width * h1 / w1
    geo = HexBoardGeometry(grid, size, (image.origin[0], image.origin[1]), width, height)
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


def _box_calibration(ctx: Context, bp: str, board: Board) -> None:
    """A box board's own picture: each box sized on it (layout w, h) lies on the picture
    and on no other box, else a drop zone would miss the box the art draws."""
    placed: list[tuple[str, tuple[float, float, float, float]]] = []
    for i, space in enumerate(board.spaces or []):
        sp, lay = f"{bp}/spaces/{i}", space.layout
        if lay is None or lay.w is None or lay.h is None:
            continue
        box = (lay.x - lay.w / 2, lay.y - lay.h / 2, lay.x + lay.w / 2, lay.y + lay.h / 2)
        if box[0] < -1e-9 or box[1] < -1e-9 or box[2] > 1 + 1e-9 or box[3] > 1 + 1e-9:
            ctx.report(f"{sp}/layout", f"box {space.id!r} leaves the board's picture "
                        f"(from {box[0]:.2f}, {box[1]:.2f} to {box[2]:.2f}, {box[3]:.2f} of it)",
                        "x, y are the box's centre and w, h its size, as fractions of the picture "
                        "(check them with `vconv preview`)", check="image")
        for other, obox in placed:
            if box[0] < obox[2] and obox[0] < box[2] and box[1] < obox[3] and obox[1] < box[3]:
                ctx.report(f"{sp}/layout", f"box {space.id!r} lies on box {other!r} on the board's picture",
                            "give each box the place and size the picture draws it at "
                            "(check them with `vconv preview`)", check="image")
        placed.append((space.id, box))


def _check_symmetric(ctx: Context, board: Board, bp: str) -> None:
    adjacency = {s.id: set(s.adjacent or []) for s in board.spaces or []}
    for k, space in enumerate(board.spaces or []):
        for i, other in enumerate(space.adjacent or []):
            if other in adjacency and space.id not in adjacency[other]:
                ctx.report(f"{bp}/spaces/{k}/adjacent/{i}",
                            f"space {space.id!r} lists {other!r} as adjacent, but {other!r} does not list {space.id!r}",
                            f"add {space.id!r} to the 'adjacent' of {other!r} (the board is declared symmetric)",
                            check="adjacency")


def _check_group_cycles(ctx: Context, board: Board, bp: str) -> None:
    parent = {g.id: g.parent for g in board.groups or []}
    for k, group in enumerate(board.groups or []):
        seen = {group.id}
        cur = parent.get(group.id)
        while cur is not None:
            if cur in seen:
                ctx.report(f"{bp}/groups/{k}/parent", f"group {group.id!r} lies inside itself through its parents",
                            check="reference")
                break
            seen.add(cur)
            cur = parent.get(cur)
