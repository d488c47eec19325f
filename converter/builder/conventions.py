"""What a vconv-built module promises, in one place: the builder writes modules by these
conventions and the auditor reads them back by the same functions, without building.

Everything here is computed from the game model alone (no image, no VASSAL component):

- maps are named after their boards (`map_names`), plus the generated display map of tracks
  and decks; a space is the location named `space_names`, a track cell `track_cell_names`,
  the box of pieces that enter on an event `event_box_name`;
- zones carry the game's ids as ZoneProperties (`SPACE_PROPERTY`, `TRACK_PROPERTY` and
  `TRACK_VALUE_PROPERTY`, `BOX_PROPERTY`);
- every piece carries a Marker `PIECE_ID_PROPERTY` (cards `CARD_ID_PROPERTY`), its side the
  prototype `side_prototype`; its printed faces are the Layer `STEP_LAYER` or `SIDE_LAYER`
  (`levels_of`, `level_for`);
- the turn tracker names a leaf phase by its path (`phase_path`);
- reinforcements wait where `reinforcement_placements` says;
- a schematic board picture draws its places where `drawn_places` says (hexes `HEX_PX`
  across);
- `GAME_ENTRY` holds the merged game description (`read_game_from_vmod`).

>>> from converter.validate import load_model
>>> game = load_model("tests/data/games/mini")
>>> space_names(game.board("east"))["kiev"], track_cell_names(game)[("turn", 1)]
('Kiev', 'Turno Ago 1914')
>>> map_names(game)["main"], map_names(game)[""]
('Mappa', 'Display')
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from converter.count import counted
from converter.errors import BuildError, InputError, ModelError, VassalFormatError
from converter.load import GameDocument
from converter.load.document import parse_json_bytes
from converter.model.board import Board
from converter.model.common import Location
from converter.model.game import Game
from converter.model.pieces import Face, Piece
from converter.model.scenario import Placement, Scenario
from converter.model.turns import Phase, Track
from converter.render.boardlayout import BoardLayout
from converter.render.words import words
from converter.vassal.vmod_reader import ModuleFile, read_vmod

# ----------------------------------------------------------------------------- names

DISPLAY_MAP = "Display"
EVENT_BOX = "Reinforcements (by event)"
PHASE_SEPARATOR = " - "
OPEN_TRACK_CELLS = 31   # an open-ended track's cells when the game mentions no larger value


def unique(name: str, taken: set[str]) -> str:
    """*name*, or *name* with the first free number after it."""
    if name not in taken:
        return name
    n = 2
    while f"{name} {n}" in taken:
        n += 1
    return f"{name} {n}"


def map_names(game: Game) -> dict[str, str]:
    """Board id → the name of its VASSAL map (the board's name, made unique), plus the
    display map of tracks and decks under the key ''."""
    out: dict[str, str] = {}
    for board in game.boards or []:
        out[board.id] = unique(board.name, set(out.values()))
    if game.tracks or game.decks:
        out[""] = unique(DISPLAY_MAP, set(out.values()))
    return out


def space_names(board: Board) -> dict[str, str]:
    """Space id → the name VASSAL reports: the space's name, made unique on its board."""
    spaces = board.spaces or []
    counts: dict[str, int] = {}
    for s in spaces:
        counts[s.name] = counts.get(s.name, 0) + 1
    taken: set[str] = set()
    out: dict[str, str] = {}
    for s in spaces:
        name = s.name if counts[s.name] == 1 else f"{s.name} ({s.id})"
        if name in taken:
            name = s.id
        taken.add(name)
        out[s.id] = name
    return out


# A named hex is a Zone over that one hex, on the board's own grid, so VASSAL's move reports
# say "Treviso (0304)" where an unnamed hex stays "0305".
NAMED_HEX_FORMAT = "$name$ ($gridLocation$)"


def hex_location_name(name: str, hex_id: str) -> str:
    """What VASSAL reports for a piece on the named hex *hex_id* (NAMED_HEX_FORMAT)."""
    return NAMED_HEX_FORMAT.replace("$name$", name).replace("$gridLocation$", hex_id)


def hex_name_of_location(location: str, hex_id: str) -> str | None:
    """The hex name in a location VASSAL reported for the named hex *hex_id*
    (hex_location_name read back), None when the location is not that hex's name."""
    tail = hex_location_name("", hex_id)  # what follows the name: " (0801)"
    if location.endswith(tail) and len(location) > len(tail):
        return location[:-len(tail)]
    return None


def hex_of_location(location: str, hex_ids: set[str] | dict[str, object]) -> str | None:
    """The hex id a location VASSAL reported names: a bare id, or a named hex's
    `name (id)`; None for any other place."""
    if location in hex_ids:
        return location
    if location.endswith(")") and " (" in location:
        inner = location[location.rindex(" (") + 2:-1]
        if inner in hex_ids:
            return inner
    return None


def track_values(game: Game, track_id: str) -> tuple[list[int], list[str]]:
    """The cells of a track as the display board lays them out: (values, labels)."""
    track = game.track(track_id)
    if track is None:
        return [], []
    if track.kind == "turn" and game.turns is not None and track.min is None:
        values = game.turns.numbers()
    else:
        lo = track.min if track.min is not None else 0
        if track.max is not None:
            hi = track.max
        elif track.labels:
            hi = lo + len(track.labels) - 1
        else:  # an open-ended track: room past every value the game mentions
            hi = max([lo + OPEN_TRACK_CELLS - 1] + [v + 10 for v in _mentioned(game, track_id)])
        values = list(range(lo, hi + 1))
    labels = []
    for i, v in enumerate(values):
        if track.labels and i < len(track.labels):
            labels.append(track.labels[i])
        elif track.kind == "turn" and game.turns is not None:
            labels.append(game.turns.label(v))
        else:
            labels.append(str(v))
    return values, labels


def turn_numbers(game: Game, track_id: str) -> dict[int, str]:
    """On the turn track, each turn whose label is not its number ('14-16 agosto 1914'): the
    number as a player reads it ('Turno 1'), printed over the label, since the rules count
    turns by number."""
    track = game.track(track_id)
    if track is None or track.kind != "turn":
        return {}
    tr = words(game.language)
    values, labels = track_values(game, track_id)
    return {v: f"{tr('Turn')} {v}" for v, label in zip(values, labels) if label.strip() != str(v)}


def _mentioned(game: Game, track_id: str) -> list[int]:
    """Values of a track that setups, starts or victory conditions name."""
    track = game.track(track_id)
    out: list[int] = []
    if track is not None and isinstance(track.start, int):
        out.append(track.start)
    elif track is not None and isinstance(track.start, dict):
        out.extend(track.start.values())
    for scenario in game.scenarios or []:
        out.extend(p.at.value for p in scenario.setup or []
                   if p.at.track == track_id and p.at.value is not None)
        out.extend(t.value for t in scenario.track_start or [] if t.track == track_id)
        for v in scenario.victory or []:
            if v.track == track_id:
                out.extend(x for x in (v.at_least, v.at_most) if x is not None)
    return out


def track_cell_names(game: Game) -> dict[tuple[str, int], str]:
    """(track id, value) → the zone name of that cell on the display board."""
    out: dict[tuple[str, int], str] = {}
    taken: set[str] = set()
    for track in game.tracks or []:
        values, labels = track_values(game, track.id)
        for value, label in zip(values, labels):
            name = f"{track.name} {label}"
            if name in taken:
                name = f"{track.name} {value} ({track.id})"
            taken.add(name)
            out[(track.id, value)] = name
    return out


def event_box_label(game: Game) -> str:
    """The words on the display board's box of reinforcements that enter on an event, in the
    game's language."""
    return words(game.language)(EVENT_BOX)


def event_box_name(game: Game) -> str:
    """The zone name of the display board's box of reinforcements that enter on an event:
    its label, made unique among the track cells' names."""
    return unique(event_box_label(game), set(track_cell_names(game).values()))


def phase_path(names: tuple[str, ...]) -> str:
    """The name the turn tracker shows for a leaf phase: the names from the outermost."""
    return PHASE_SEPARATOR.join(names)


def leaf_phases(phases: list[Phase], path: tuple[str, ...] = ()) -> list[tuple[Phase, str]]:
    """Every leaf phase of a sequence of play, in order, with its turn tracker name."""
    out: list[tuple[Phase, str]] = []
    for phase in phases:
        here = path + (phase.name,)
        if phase.phases:
            out.extend(leaf_phases(phase.phases, here))
        else:
            out.append((phase, phase_path(here)))
    return out


# ----------------------------------------------------------------------------- markers

# Zone properties giving a place in the game's terms: a piece in the zone reads them as
# $vconv_space$ etc. (VASSAL looks a piece's property up in its zone, then map, then module).
SPACE_PROPERTY = "vconv_space"
TRACK_PROPERTY = "vconv_track"
TRACK_VALUE_PROPERTY = "vconv_track_value"
BOX_PROPERTY = "vconv_box"
EVENT_BOX_ID = "reinforcements-by-event"

PIECE_ID_PROPERTY = "vconv_id"    # a piece's Marker: the model's piece id
CARD_ID_PROPERTY = "vconv_card"   # a card's Marker: the model's card id
SIDE_PROPERTY = "Side"            # set by the side's prototype
STEPS_PROPERTY = "Steps"          # steps no printed face shows
DAMAGE_PROPERTY = "Damage"        # damage tokens a piece carries, when it names no token
STEP_LAYER = "Step"               # a piece's printed steps, level 1 the strongest
SIDE_LAYER = "Side"               # a flip without steps
FACE_LAYERS = (STEP_LAYER, SIDE_LAYER)


def side_prototype(side_name: str) -> str:
    """The prototype every piece of a side uses (it sets SIDE_PROPERTY)."""
    return f"Side {side_name}"


def is_hidden(game: Game, piece: Piece) -> bool:
    """Whether the rules hide the piece from the opponent (dummies, hidden units)."""
    if piece.hidden or piece.kind == "dummy":
        return True
    return any(h.pieces is not None and not h.pieces.is_empty() and game.matches(piece, h.pieces)
               for h in game.hidden_information or [])


@dataclass
class Levels:
    """A layer's faces in level order, and the level names VASSAL appends to the name."""

    name: str
    faces: list[Face]
    level_names: list[str]
    steps: bool


def levels_of(game: Game, piece: Piece) -> Levels | None:
    """The step chain (strongest first) or the front/back flip; None for a one-face piece."""
    chain = piece.step_faces()
    if len(chain) >= 2:
        names = [""] + [f"+ ({f.role or 'step'} {f.step})" for f in chain[1:]]
        return Levels(STEP_LAYER, chain, names, True)
    hidden = is_hidden(game, piece)
    faces = [f for f in piece.faces if not (hidden and f.role == "owner")]
    if len(faces) >= 2:
        faces = sorted(faces, key=lambda f: (f.counter, f.side != "front"))
        names = [""] + [f"+ ({f.role or f.side})" for f in faces[1:]]
        return Levels(SIDE_LAYER, faces, names, False)
    return None


def level_for(levels: Levels | None, piece: Piece, *, steps: int | None = None,
              face: int | None = None) -> int:
    """The 1-based layer level that shows *steps* or face index *face* (1 when neither)."""
    if levels is None:
        return 1
    if face is not None and 0 <= face < len(piece.faces):
        wanted = piece.faces[face]
        for i, f in enumerate(levels.faces, 1):
            if f is wanted:
                return i
    if steps is not None:
        for i, f in enumerate(levels.faces, 1):
            if f.step == steps:
                return i
    return 1


# ----------------------------------------------------------------------------- reinforcements

def turn_track(game: Game) -> Track | None:
    """The track whose cells are the game turns (the first, when there are several)."""
    return next((t for t in game.tracks or [] if t.kind == "turn"), None)


def scenario_has_turn(game: Game, scenario: Scenario, turn: int) -> bool:
    """Whether *turn* is played in the scenario (a scenario without turns plays the game's)."""
    if scenario.turns is not None:
        return turn in scenario.turns
    return game.turns is None or turn in game.turns.numbers()


def event_reinforcements(game: Game) -> list[Piece]:
    """Pieces that enter on an event (an entry code, no turn): they wait in a box."""
    return [p for p in game.pieces or []
            if p.entry is not None and p.entry.turn is None and p.entry.code]


def reinforcement_placements(game: Game, scenario: Scenario) -> list[Placement]:
    """Where the scenario's reinforcements wait: an entering piece the setup does not place
    goes, with all its copies, to the turn track cell of its entry turn (when the scenario
    plays that turn) or, entering on an event (a code and no turn), to the event box
    (a Location with only that code)."""
    placed = {p.piece for p in scenario.setup or []}
    track = turn_track(game)
    out: list[Placement] = []
    for piece in game.pieces or []:
        entry = piece.entry
        if entry is None or piece.id in placed:
            continue
        if entry.turn is not None:
            if scenario_has_turn(game, scenario, entry.turn):
                at = Location(track=track.id if track else None, value=entry.turn)
                out.append(Placement(piece=piece.id, at=at, count=piece.copies))
        elif entry.code:
            out.append(Placement(piece=piece.id, at=Location(code=entry.code),
                                 count=piece.copies))
    return out


# ----------------------------------------------------------------------------- board pictures

HEX_PX = 80  # corner-to-corner diameter of a hex on the module's board pictures


def drawn_places(game: Game, board: Board, size: tuple[int, int]) -> BoardLayout | None:
    """Where the module's picture of *board*, *size* pixels, draws its places (hexes, boxes
    and the box round each point), when that picture is vconv's schematic; None when it is
    the designer's own art, which draws them its own way.  A report marks a place by the box
    the player sees, and the picture's layout is the one place that knows it."""
    if board.image is not None:
        return None
    from converter.render.drawings import board_layout

    try:
        layout = board_layout(board, None, hex_px=HEX_PX, language=game.language)
    except BuildError:
        return None
    return layout if layout.size == size else None


# ----------------------------------------------------------------------------- vconv/game.json

GAME_ENTRY = "vconv/game.json"
MAX_GAME_BYTES = 32 * 1024 * 1024


def read_game_from_vmod(path: str | os.PathLike[str]) -> Game:
    """The game model a vconv-built module carries.

    >>> from converter.builder.module import build_module, write_module
    >>> import tempfile
    >>> out = write_module(build_module("tests/data/games/mini"), tempfile.mkdtemp())
    >>> read_game_from_vmod(out).title
    'Mini Battle; a "test" game, à la 1914'

    Raises:
        InputError: the file does not exist.
        VassalFormatError: not a module, or a module without a vconv game description.
        ModelError: the description inside does not validate.
    """
    return game_from_module(read_vmod(path))


def embedded_document(module: ModuleFile) -> dict[str, Any] | None:
    """The merged game document a vconv-built module carries, or None when it has none.

    Raises VassalFormatError when the entry is there but is not a JSON object.
    """
    if GAME_ENTRY not in module.entry_names:
        return None
    raw = module.read_member(GAME_ENTRY, MAX_GAME_BYTES)
    try:  # the same checks as a game folder's files: nesting, numbers, lone surrogates
        data = parse_json_bytes(raw, f"{module.path}!{GAME_ENTRY}")
    except InputError as exc:
        where = exc.path + (f":{exc.line}" if exc.line is not None else "") + \
            (f":{exc.pointer or '/'}" if exc.pointer is not None else "")
        raise VassalFormatError(f"{where}: not JSON text vconv accepts: {exc.message}") from None
    if not isinstance(data, dict):
        raise VassalFormatError(f"{module.path}!{GAME_ENTRY}: expected a JSON object at the top level")
    return data


def game_from_module(module: ModuleFile) -> Game:
    """The game model inside an opened module, validated again on the way in.

    The files it names (a scan of the map, counter pictures, a chart's page) stayed in the
    game folder: the archive carries what the builder made of them, so their absence beside
    the module is no problem; every other problem still is.
    """
    data = embedded_document(module)
    if data is None:
        raise VassalFormatError(f"{module.path}: the module holds no {GAME_ENTRY} (not built by vconv?)")
    from converter.validate import validated_model

    doc = GameDocument(folder=Path(module.path), data=data)
    found, game = validated_model(doc)  # one schema pass, one model build
    problems = [p for p in found if p.check != "file"]
    if problems or game is None:
        lines = "\n".join(p.line() for p in problems[:20])
        raise ModelError(f"{module.path}!{GAME_ENTRY}: the game has "
                         f"{counted(len(problems), 'problems')}:\n{lines}")
    return game
