"""At-start stacks (SetupStack) → one scenario whose setup places the pieces.

A stack names its place by a grid location or by board pixels; either way the VASSAL
location name is looked up among the imported hexes (ids or VASSAL's names), zones and
regions of its board.  A piece whose slot leaves its face layer at another level than the
first (a unit set up reduced) is placed showing that face (`placed_face`).
"""

from __future__ import annotations

from typing import Any

from converter.errors import VassalFormatError
from converter.importer.boards import BoardsResult, PlacedBoard
from converter.importer.context import ImportContext
from converter.importer.hexgrid import sane_grid
from converter.importer.paths import contents, join, label
from converter.importer.pieces import PiecesResult, Prototypes, add_slot, start_face
from converter.vassal.components import Map, PieceSlot, SetupStack
from converter.vassal.layout import LaidBoard, board_under
from converter.vassal.traits import Layer

SCENARIO_ID = "vassal-setup"


class Placements:
    """A scenario's placements in the order first met, one per piece and place: the same
    piece placed at the same place again raises that placement's count."""

    def __init__(self) -> None:
        self._by_place: dict[tuple[str, str, int], dict[str, Any]] = {}

    def add(self, piece_id: str, at: dict[str, Any], provenance: dict[str, Any],
            face: int | None = None) -> None:
        """Place the piece; *face* is the position of the face it shows among its faces
        (the first when None or 0: a placement names only another)."""
        key = (piece_id, repr(sorted(at.items())), face or 0)
        placement = self._by_place.get(key)
        if placement is None:
            placement = self._by_place[key] = {"piece": piece_id, "at": at}
            if face:
                placement["face"] = face
            placement["provenance"] = provenance
        else:
            placement["count"] = placement.get("count", 1) + 1

    def to_list(self) -> list[dict[str, Any]]:
        """The placements as the canonical form writes them (count before provenance)."""
        out = list(self._by_place.values())
        for placement in out:
            if "count" in placement:
                placement["provenance"] = placement.pop("provenance")
        return out


def import_setup(ctx: ImportContext, boards: BoardsResult, pieces: PiecesResult,
                 protos: Prototypes, sides: dict[str, str],
                 consumed: set[int]) -> dict[str, Any] | None:
    placed_at = Placements()
    for vmap in ctx.module.buildfile.find_all(Map):
        for stack, path in contents(vmap, label(vmap)):
            if not isinstance(stack, SetupStack):
                continue
            consumed.add(id(stack))
            placed = boards.find(vmap.map_name, stack.owning_board)
            others = sum(1 for b in boards.placed if b.map_name == vmap.map_name) > 1
            at = _location(ctx, stack, placed, path, others)
            for slot, _ in contents(stack):
                if not isinstance(slot, PieceSlot):
                    continue
                consumed.add(id(slot))
                piece_id = _piece_id(ctx, slot, pieces.slot_index.path(slot, join(path, slot)),
                                     pieces, protos, sides)
                if piece_id is None or at is None:
                    continue
                placed_at.add(piece_id, at, ctx.stated(path),
                              placed_face(ctx, protos.expand(slot.piece), pieces, piece_id))
    placements = placed_at.to_list()
    if not placements:
        return None
    count_placed(placements, pieces)
    return {"id": SCENARIO_ID, "name": "At start (VASSAL set-up stacks)", "setup": placements,
            "provenance": ctx.stated("SetupStack components")}


def placed_face(ctx: ImportContext, traits: list[Any], pieces: PiecesResult,
                piece_id: str) -> int | None:
    """The face a placed piece with these traits (its prototypes expanded) shows, as a
    position in piece *piece_id*'s faces; None for the first, or when its level is no face
    of the piece (the placement then says nothing of its face)."""
    if not any(isinstance(t, Layer) for t in traits):
        return None
    face = start_face(traits, ctx.images.draws_nothing)
    entry = pieces.entry_of(piece_id)
    if not face or entry is None or face >= len(entry.get("faces", [])):
        return None
    return face


def count_placed(placements: list[dict[str, Any]], pieces: PiecesResult) -> None:
    """A piece placed N times at start exists N times (a palette slot is an endless supply)."""
    placed: dict[str, int] = {}
    for p in placements:
        placed[p["piece"]] = placed.get(p["piece"], 0) + p.get("count", 1)
    for definition in pieces.pieces:
        definition.count = max(definition.count, placed.get(definition.entry["id"], 0))


def _piece_id(ctx: ImportContext, slot: PieceSlot, path: str, pieces: PiecesResult,
              protos: Prototypes, sides: dict[str, str]) -> str | None:
    try:
        key = pieces.key_of(slot)
    except VassalFormatError:  # add_slot reports the unreadable definition
        key = None
    if key is not None and key in pieces.by_key:
        return str(pieces.by_key[key].entry["id"])
    return add_slot(ctx, slot, path, None, sides, protos, pieces)


def _location(ctx: ImportContext, stack: SetupStack, placed: PlacedBoard | None,
              path: str, others: bool = False) -> dict[str, Any] | None:
    """Where the stack's pieces start. A point past its board is kept as that pixel of the
    board: VASSAL lays the stack there from the board's corner (SetupStack.setup), which is
    off the boards, or on another board of the map (*others*) laid beside it."""
    if placed is None:
        ctx.note(f"not imported: {path}: its board {stack.owning_board!r} is not on its map")
        return None
    if not stack.use_grid_location:  # a point past the board is VASSAL's 'offboard', as
        width, height = placed.laid_size()  # for a setup save's piece (`board_under`)
        if board_under(stack.x, stack.y, [LaidBoard(0, 0, width, height,
                                                    placed.size_known)]) is None:
            where = ("VASSAL lays it there from the board's corner: off the boards "
                     "('offboard'), or on the board the players lay beside it (boards in a "
                     "row: the next one)" if others else "VASSAL's 'offboard'")
            ctx.note(f"{path}: its point ({stack.x},{stack.y}) lies past board "
                     f"{placed.vassal_name!r} ({where}); its pieces are kept in the "
                     "scenario at that pixel of the board (a placement's 'point')")
            return {"board": placed.board_id, "point": [stack.x, stack.y]}
    name = stack.location if stack.use_grid_location else ""
    if not name and placed.grid is not None and sane_grid(placed.grid):
        try:
            name = placed.location_name((stack.x, stack.y))
        except (ValueError, ArithmeticError):
            name = ""  # a damaged grid: the stack is reported below
    if name in placed.locations:
        return dict(placed.locations[name])
    if placed.whole is None:
        ctx.note(f"{path}: location {name or (stack.x, stack.y)!r} is no hex or space of board "
                 f"{placed.vassal_name!r}; its pieces are placed on the board as a whole")
    return dict(placed.whole_board(ctx, path))
