"""Predefined setups (File > New > a scenario) → scenarios whose setup places the pieces.

Each PredefinedSetup with a file is a saved game inside the module.  Its pieces are read
from the restored game: a piece on a map is placed at the hex, zone or region VASSAL names
its point (boards laid left to right from the map's edge, in the save's SetBoards order, as
VASSAL's board picker does for one row); a point no space names places it on the board as a
whole; a point past every board (VASSAL's 'offboard': Ragnarok's hero Surt, laid beside its
500-pixel deployment board) is kept as a point beside the nearest board, so the scenario still
holds every piece of the set-up and the audit finds it off the boards.  A piece inside a deck
(a card, or a counter waiting in a pool: For the People's US Forts) is placed in that deck
(the location's `deck`) at the place where the deck lies, whatever map its own saved state
names (Almoravid's cards name none; the engine's end save keeps each in its deck); VASSAL
saves a deck's contents as one comma-separated field of its state
(`converter.vassal.commands.deck_place`).  Which
piece a saved piece is comes from the slot it was made from (`converter.vassal.slots`, the
audit asks the same); a piece no slot tells (made by a trait during play) is added as a
piece of its own.  A saved piece showing another level of
its face layer than the first is placed showing that face, as the at-start stacks' pieces.
"""

from __future__ import annotations

from typing import Any

from converter.count import counted
from converter.errors import InputError, VassalFormatError
from converter.importer.boards import BoardsResult, PlacedBoard
from converter.importer.context import ImportContext
from converter.importer.decks import DeckIds
from converter.importer.hexgrid import sane_grid
from converter.importer.paths import contents
from converter.importer.pieces import (
    PieceDefinition, PiecesResult, Prototypes, add_slot, piece_entry)
from converter.importer.setup import Placements, placed_face
from converter.vassal import commands as cmd
from converter.importer.trackers import turn_tracker
from converter.vassal import sequence
from converter.vassal.components import (
    CounterTurnLevel, Map, PredefinedSetup, TurnTracker)
from converter.vassal.components.piece_slot import SlotDefinition
from converter.vassal.components.turn_tracker import turn_levels
from converter.vassal.layout import LaidBoard, board_under
from converter.vassal.savefile import read_save_bytes
from converter.vassal.slots import definition_mark
from converter.vassal.traits import BasicPiece, Layer, Marker, PieceTraits, UsePrototype
from converter.vassal.traits.dynamic_property import DynamicProperty
from converter.vassal.traits.piece import read_trait, split_chain, type_chain

MAX_SETUP_BYTES = 64 * 1024 * 1024
# in the provenance of a nameless piece no slot tells; the audit ties saved pieces of that gpid
LOST_GPID = "(saved gpid "
NO_GPID = "(saved with neither a name nor a gpid"  # then '; definition <mark>)'


def import_predefined(ctx: ImportContext, boards: BoardsResult, pieces: PiecesResult,
                      protos: Prototypes, sides: dict[str, str], consumed: set[int],
                      deck_ids: DeckIds | None = None) -> list[dict[str, Any]]:
    scenarios: list[dict[str, Any]] = []
    for setup, path in _setups(ctx):
        consumed.add(id(setup))
        if setup.use_file and not setup.file.strip() and not setup.is_menu:
            ctx.note(f"{path}: it names no saved game to load, so VASSAL starts a new game "
                     "from the module's at-start stacks there; no scenario from it")
        if not setup.use_file or not setup.file.strip():
            continue
        try:
            raw = ctx.module.read_member(setup.file.strip(), MAX_SETUP_BYTES)
            record = cmd.read_record(read_save_bytes(raw, source=setup.file).text,
                                     source=setup.file)
        except (VassalFormatError, InputError) as exc:
            ctx.note(f"{path}: its saved game cannot be read ({exc}); no scenario from it")
            continue
        placements = _placements(ctx, record, boards, pieces, protos, sides, path,
                                 deck_ids or {})
        sid = ctx.ids.take("scenarios", setup.name, "scenario")
        scenario: dict[str, Any] = {"id": sid, "name": setup.name or sid}
        start = _start_turn(ctx, record)
        if start is not None:
            scenario["turns"] = {"min": start}
        if placements:
            scenario["setup"] = placements
        scenario["provenance"] = ctx.stated(f"{path} (saved game {setup.file!r})")
        scenarios.append(scenario)
    return scenarios


def _start_turn(ctx: ImportContext, record: cmd.GameRecord) -> int | None:
    """The turn a setup's saved game starts on, when its turn tracker's counter shows
    another than the game's first turn (For the People's 1862 scenario starts on turn 4):
    the audit judges a file's setup by the scenarios starting on the turn the file starts
    on, read from the same counter, and a scenario stating no turns starts on the first."""
    trackers = ctx.module.buildfile.find_all(TurnTracker)
    if not trackers:
        return None
    tracker = turn_tracker(trackers)
    levels = turn_levels(tracker)
    if not levels or not isinstance(levels[0], CounterTurnLevel):
        return None
    index = trackers.index(tracker)
    for c in record.restored():
        if type(c) is not cmd.TurnTrackerChange:
            continue
        if c.index != index:
            continue
        parts = sequence.split(c.state, "|")
        value = sequence.split(parts[1], ";")[0] if len(parts) > 1 else ""
        if _is_int(value) and int(value) != max(levels[0].start, 0):
            return int(value)
        return None
    return None


def _setups(ctx: ImportContext) -> list[tuple[PredefinedSetup, str]]:
    out: list[tuple[PredefinedSetup, str]] = []

    def visit(comp: Any, path: str) -> None:
        for child, child_path in contents(comp, path):
            if isinstance(child, PredefinedSetup):
                out.append((child, child_path))
                visit(child, child_path)  # a menu of setups holds setups

    visit(ctx.module.buildfile, "")
    return out


def _placements(ctx: ImportContext, record: cmd.GameRecord, boards: BoardsResult,
                pieces: PiecesResult, protos: Prototypes, sides: dict[str, str],
                path: str, deck_ids: DeckIds) -> list[dict[str, Any]]:
    adds: list[cmd.AddPiece] = []
    # a deck's piece → (the game's deck id or None, the deck's map, x, y)
    in_decks: dict[str, tuple[str | None, str | None, int, int]] = {}
    shown: dict[str, list[str]] = {}
    stack_at: dict[str, tuple[str, int, int]] = {}  # a stack's members' map and point
    for command in record.restored():
        if isinstance(command, cmd.AddPiece):
            if command.type.startswith("deck;"):
                deck_map, x, y, _face_down, held = cmd.deck_place(command.state)
                deck_id = deck_ids.get((deck_map or "", cmd.deck_name(command.type)))
                for member in held:
                    in_decks[member] = (deck_id, deck_map, x, y)
            elif command.is_piece:
                adds.append(command)
        elif isinstance(command, cmd.SetBoards):
            shown[command.map_name] = [b.name for b in command.boards]
        if isinstance(command, cmd.AddPiece) and command.is_stack:
            place = cmd.stack_place(command.state)
            if place is not None:
                for member in place[3]:
                    stack_at[member] = place[:3]
    maps = {m.map_name: m for m in ctx.module.buildfile.find_all(Map)}
    made: dict[str, PieceDefinition] = {}  # pieces no slot tells, by name
    for definition in pieces.pieces:
        made.setdefault(definition.key[0], definition)
        note = str(definition.entry.get("provenance", {}).get("note", ""))
        if LOST_GPID in note:  # a nameless piece an earlier setup kept: the same gpid's
            made.setdefault("\0" + note.split(LOST_GPID, 1)[1].split(")", 1)[0], definition)
        elif NO_GPID in note:  # and one of neither: the same definition's
            made.setdefault("\0\0" + definition.key[1], definition)
    placed_at = Placements()
    unplaced = nameless = lost = unmapped = 0
    deck_maps: set[str] = set()  # the maps, none of the module's, of decks so left out
    beside: list[str] = []  # pieces kept at a point beside a board, as VASSAL laid them
    for add in adds:
        basic = _basic(add)
        if basic is None:
            unplaced += 1
            continue
        name, map_id, x, y, gpid = basic
        # in a deck: where the deck lies, as the audit places it.  A deck's card saved with
        # map 'null' (Almoravid's, Inferno's) is laid in its deck all the same: VASSAL's deck
        # takes each piece its saved contents list, whatever map the piece names
        deck = in_decks.get(add.id)
        if deck is not None:
            map_id, x, y = deck[1] or "", deck[2], deck[3]
        elif add.id in stack_at:
            # a piece of a stack stands where its stack stands, as in VASSAL and the audit,
            # whatever its own state says: map 'null' (at-start stacks; Ark of the
            # Covenant's scoring markers) or a map it has left (For the People's 1863 save
            # keeps McClellan's 'Map' in the stack on 'Permanently Removed')
            map_id, x, y = stack_at[add.id]
        vmap = maps.get(map_id)
        if vmap is None:
            # off any map and in no deck on a map: not on the table at start (Almoravid's
            # saves keep a stale copy of each command card so, beside the one in its deck)
            if add.id in in_decks:
                unmapped += 1
                deck_maps.add(in_decks[add.id][1] or "null")
            continue
        at = _location(ctx, vmap, shown.get(map_id), boards, x, y, path)
        if at is not None and deck is not None and deck[0] is not None:
            at["deck"] = deck[0]
        if at is None:
            unplaced += 1
            continue
        slot = pieces.slot_index.find(add.type, gpid, name)
        if slot is not None:
            piece_id = _slot_piece(ctx, slot.slot, slot.path, pieces, protos, sides)
        elif not name.strip() and not gpid:
            # which of the module's pieces it is cannot be told, but VASSAL lays it all the
            # same: a piece of its own per definition the save holds
            piece_id = _piece_id(ctx, add, name, made, pieces, protos, sides, path)
            nameless += piece_id is not None
        else:
            # a nameless piece whose gpid is no slot's (Inferno's Quick Start: markers and
            # cards of slots since renumbered) is on VASSAL's table all the same: a piece of
            # its own per gpid, which the audit ties by the gpid its provenance names
            piece_id = _piece_id(ctx, add, name, made, pieces, protos, sides, path, gpid)
            lost += not name.strip()
        if piece_id is None:
            unplaced += 1
            continue
        face = None
        if "emb2;" in add.type:  # a face layer's level is in the state: read it then only
            telling = _face_traits(add)
            if telling is not None:
                face = placed_face(ctx, protos.expand(telling), pieces, piece_id)
        placed_at.add(piece_id, at, ctx.stated(path), face)
        if "point" in at:
            who = repr(name) if name else f"nameless piece {piece_id}"
            beside.append(f"{who} at ({at['point'][0]},{at['point'][1]}) of "
                          f"board {at['board']!r}")
    if beside:
        one = len(beside) == 1
        listed = ", ".join(beside[:5]) + (f" and {len(beside) - 5} more" if len(beside) > 5
                                          else "")
        ctx.note(f"{path}: {counted(len(beside), 'pieces')} of its saved game "
                 f"{'lies' if one else 'lie'} off the boards (VASSAL's 'offboard'), beside a "
                 f"board: {listed}; kept in the scenario at that pixel of the board (a "
                 "placement's 'point'), so a module built from this folder lays them there too")
    if nameless:
        one = nameless == 1
        ctx.note(f"{path}: {counted(nameless, 'pieces')} of its saved game "
                 f"{'has' if one else 'have'} neither a name nor a slot id (gpid) that tells "
                 f"which of the module's pieces {'it is' if one else 'they are'}; VASSAL lays "
                 f"{'it' if one else 'them'}: kept as pieces of their own, one per definition "
                 "the saved game holds")
    if lost:
        one = lost == 1
        ctx.note(f"{path}: {counted(lost, 'pieces')} of its saved game "
                 f"{'has' if one else 'have'} no name and a slot id (gpid) no slot of the "
                 "module has; kept as pieces of their own, one per gpid, from the definitions "
                 "the saved game holds")
    if unmapped:
        one = unmapped == 1
        names = ", ".join(repr(m) for m in sorted(deck_maps))
        ctx.note(f"{path}: {counted(unmapped, 'pieces')} of its saved game "
                 f"{'lies in a deck' if one else 'lie in decks'} on "
                 f"map{'s' if len(deck_maps) > 1 else ''} "
                 f"{names}, which the module does not have (saved with another version of "
                 "it); left out of the scenario")
    if unplaced:
        one = unplaced == 1
        ctx.note(f"{path}: {counted(unplaced, 'pieces')} of its saved game "
                 f"{'lies' if one else 'lie'} on no board of {'its' if one else 'their'} map "
                 "or cannot be read; left out of the scenario")
    return placed_at.to_list()


def _location(ctx: ImportContext, vmap: Map, names: list[str] | None, boards: BoardsResult,
              x: int, y: int, path: str) -> dict[str, Any] | None:
    on_map = [b for b in boards.placed if b.map_name == vmap.map_name]
    chosen = [b for n in (names or []) for b in on_map if b.vassal_name == n] or on_map[:1]
    laid: list[LaidBoard] = []
    left = vmap.edge_width
    for board in chosen:
        width, height = board.laid_size()
        laid.append(LaidBoard(left, vmap.edge_height, width, height, board.size_known))
        left += width
    found = board_under(x, y, laid)  # the audit's answer too
    if found is None:  # VASSAL says 'offboard': past the boards, or in the map's margin
        return _beside(chosen, laid, x, y)
    return _named(ctx, chosen[found], x - laid[found].left, y - laid[found].top, path)


def _beside(chosen: list[PlacedBoard], laid: list[LaidBoard], x: int, y: int
            ) -> dict[str, Any] | None:
    """A map point off every board as a point of the nearest board, past its edge."""
    if not laid:
        return None

    def distance(b: LaidBoard) -> int:
        dx = max(b.left - x, 0, x - (b.left + b.width - 1))
        dy = max(b.top - y, 0, y - (b.top + b.height - 1))
        return dx * dx + dy * dy

    near = min(range(len(laid)), key=lambda i: distance(laid[i]))
    return {"board": chosen[near].board_id, "point": [x - laid[near].left, y - laid[near].top]}


def _named(ctx: ImportContext, board: PlacedBoard, x: int, y: int,
           path: str) -> dict[str, Any]:
    name = ""
    if board.grid is not None and sane_grid(board.grid):
        try:
            name = board.location_name((x, y))
        except (ValueError, ArithmeticError):
            name = ""
    if name in board.locations:
        return dict(board.locations[name])
    return dict(board.whole_board(ctx, path))


def _basic(add: cmd.AddPiece) -> tuple[str, str, int, int, str] | None:
    """(name, map, x, y, gpid) of a saved piece.  Its BasicPiece is the innermost part of each
    chain, after the last TAB; when that part holds no escape it is read as it stands (a
    whole decode of a long chain costs a hundred times more), else the chain is decoded."""
    type_tail = add.type.rsplit("\t", 1)[-1]
    state_tail = add.state.rsplit("\t", 1)[-1]
    if ("\\" not in type_tail and "\\" not in state_tail and type_tail.startswith("piece;")):
        name = type_tail.split(";", 4)[4] if type_tail.count(";") >= 4 else ""
        fields = state_tail.split(";")
        if len(fields) >= 3 and _is_int(fields[1]) and _is_int(fields[2]):
            gpid = fields[3] if len(fields) > 3 else ""
            return name, fields[0], int(fields[1]), int(fields[2]), gpid
    piece = _decoded(add)
    if piece is None:
        return None
    map_id, x, y = piece.position
    return piece.basic.name, map_id, x, y, piece.basic.gpid


def _decoded(add: cmd.AddPiece) -> PieceTraits | None:
    """The saved piece's trait chain; None when it cannot be decoded (the piece is skipped)."""
    try:
        return add.piece()
    except VassalFormatError:
        return None


# the traits that tell which face a saved piece shows: its layers, the properties a layer may
# follow (Marker, Dynamic Property), prototypes left unexpanded and the BasicPiece
_FACE_PARTS = (Layer.ID, Marker.ID, DynamicProperty.ID, UsePrototype.ID, BasicPiece.ID)


def _face_traits(add: cmd.AddPiece) -> PieceTraits | None:
    """The saved piece with only the traits that tell its face read (`_FACE_PARTS`): a real
    save's pieces hold some 45 traits each, and reading them all cost Paths of Glory's
    import twice its time.  None when the piece cannot be read."""
    try:
        types = type_chain(add.type)
        states = split_chain(add.state, len(types))
        if len(states) < len(types):
            return None
        return PieceTraits([read_trait(t, s) for t, s in zip(types, states)
                            if t.startswith(_FACE_PARTS)])
    except VassalFormatError:
        return None


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdecimal()


def _slot_piece(ctx: ImportContext, slot: SlotDefinition, path: str, pieces: PiecesResult,
                protos: Prototypes, sides: dict[str, str]) -> str | None:
    """The piece of the slot a saved piece was made from (a slot no palette or at-start
    stack holds, a deck's card, becomes a piece of its own, named after its slot)."""
    try:
        key = pieces.key_of(slot)
    except VassalFormatError:
        key = None
    if key is not None and key in pieces.by_key:
        return str(pieces.by_key[key].entry["id"])
    return add_slot(ctx, slot, path, None, sides, protos, pieces)


def _piece_id(ctx: ImportContext, add: cmd.AddPiece, name: str,
              made: dict[str, PieceDefinition], pieces: PiecesResult,
              protos: Prototypes, sides: dict[str, str], path: str,
              gpid: str = "") -> str | None:
    """A saved piece no slot tells: the piece of its name (a nameless one: of its gpid; of
    neither: of its definition) made before, else a piece of its own (the save holds its
    prototypes expanded)."""
    piece = None
    if name.strip() or gpid:
        key = name if name.strip() else f"\0{gpid}"
    else:  # neither: the same definition is the same piece
        piece = _decoded(add)
        if piece is None:
            return None
        key = "\0\0" + piece.encode()[0]
    known = made.get(key)
    if known is not None:
        return str(known.entry["id"])
    piece = piece or _decoded(add)
    if piece is None:
        return None
    type_text = piece.encode()[0]
    where = f"{path}/{name}" if name.strip() else f"{path}/piece {LOST_GPID}{gpid})" if gpid \
        else f"{path}/piece {NO_GPID}; definition {definition_mark(type_text)})"
    entry = piece_entry(ctx, piece, name, where, None, sides, protos,
                        pieces.owners, pieces.factors)
    definition = PieceDefinition((name, type_text), entry)
    pieces.pieces.append(definition)
    pieces.by_key[definition.key] = definition
    made[key] = definition
    return str(entry["id"])
