"""The game state the replay keeps: every piece (where, which step, masked, whose), the turn
and phase, the players by side.  Trait chains are decoded lazily and remembered (per module:
`converter.audit.traits`), so a long log of moves costs a dictionary update per command."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from converter.audit.module import AuditModule
from converter.audit.places import OFF_MAP, Layout, Locator, Place, PlaceNames
from converter.audit.traits import TraitReader, Traits
from converter.builder.conventions import levels_of, phase_path
from converter.model.common import When
from converter.model.game import Game
from converter.model.pieces import Face
from converter.model.pieces import Piece
from converter.model.turns import Phase

log = logging.getLogger(__name__)

@dataclass(slots=True, eq=False)
class PieceState:
    """One piece in play.  `game` is the game's piece it is (None: not a game piece)."""

    id: str
    type_text: str
    state_text: str
    map: str | None = None
    x: int = 0
    y: int = 0
    _place: Place | None = field(default=None, repr=False)  # None: not named yet
    layout: Layout | None = field(default=None, repr=False)  # the boards when put here
    game: Piece | None = None
    side: str | None = None
    on_board: bool = True
    moved_by: str | None = None
    _traits: Traits | None = field(default=None, repr=False)
    # decodes the traits when first asked (most pieces of a real log are never named)
    reader: TraitReader | None = field(default=None, repr=False)
    # its name until a change may rename it, decoded when first shown (`name_then`)
    named: PieceName | None = field(default=None, repr=False)
    deck: str | None = None  # the name of the deck it is in (a card), set by the replay

    @property
    def place(self) -> Place:
        """Where the piece is, named when first asked (most pieces of a real log never are)
        by the boards laid when it was put there; off-map without a layout; a card in a
        deck is in that deck, at the deck's point."""
        p = self._place
        if p is None:
            p = self._name_point()
        return p if self.deck is None else p.in_deck(self.deck)

    @place.setter
    def place(self, value: Place) -> None:
        self._place = value

    @property
    def place_key(self) -> str | None:
        """The game place (`Place.key`) the piece is at: a card in a deck is at its deck's
        point, so no deck place is made to be asked (the stacking check asks every piece's
        key at every judgement)."""
        p = self._place
        if p is None:
            p = self._name_point()
        return p.key

    def _name_point(self) -> Place:
        p = self._place = self.layout.place(self.map, self.x, self.y) \
            if self.layout is not None else OFF_MAP
        return p

    @property
    def traits(self) -> Traits | None:
        """What the piece's trait chain says, decoded on first use (None: no reader)."""
        t = self._traits
        if t is None and self.reader is not None:
            t = self._traits = self.reader.read(self.type_text, self.state_text)
        return t

    @property
    def name(self) -> str:
        t = self.traits
        return t.name if t is not None else self.id

    def name_then(self) -> PieceName:
        """Its name now, to be decoded only if shown: the HTML step list names each piece
        a step moved, as it was named then, and text and JSON reports show no step list."""
        named = self.named
        if named is None:
            named = self.named = PieceName(self._traits, self.reader, self.type_text,
                                           self.state_text, self.id)
        return named

    @property
    def card_id(self) -> str | None:
        """The game's card this is (a card the builder marked), None for anything else."""
        t = self.traits
        return t.card_id if t is not None else None

    @property
    def game_id(self) -> str | None:
        return self.game.id if self.game is not None else None


class PieceName:
    """A piece's name as `PieceState.name` gives it at one moment (a nameless piece told by
    its id), decoded when first asked.  The replay keeps one per piece while its changes leave the traits that name it
    as they were (a real log's are mostly "moved" marks), so the moves of a piece between
    two renaming changes share one decoding."""

    __slots__ = ("_traits", "_reader", "_type", "_state", "_id")

    def __init__(self, traits: Traits | None, reader: TraitReader | None, type_text: str,
                 state_text: str, piece_id: str) -> None:
        self._traits, self._reader = traits, reader
        self._type, self._state, self._id = type_text, state_text, piece_id

    def __str__(self) -> str:
        t = self._traits
        if t is None and self._reader is not None:
            t = self._traits = self._reader.read(self._type, self._state)
        if t is None:
            return self._id
        name = t.name or f"(unnamed piece {self._id})"  # a mat, a button: its id tells it
        # the truth for the referee, and what the opponents were shown
        return f"{name} [{t.hidden_as}]" if t.hidden_as else name


@dataclass(slots=True)
class PhaseInfo:
    id: str
    name: str
    side: str | None
    section: str | None
    when: tuple[When, ...] = ()  # the phase's own condition and its enclosing phases'

    def happens(self, turn: int | None) -> bool:
        """False only when the sequence of play skips this phase on *turn*."""
        return all(w.applies(turn) is not False for w in self.when)


class GameState:
    """Pieces by VASSAL id, stacks, turn, phase; updated by the replay, read by the checks."""

    def __init__(self, module: AuditModule) -> None:
        self.module = module
        self.game: Game | None = module.game
        for geometry in module.maps.values():  # a new game starts from the module's own
            geometry.place()                   # boards, not where the last log's SetBoards left them
        self.locator = Locator(module)
        self.pieces: dict[str, PieceState] = {}
        self.stacks: dict[str, list[str]] = {}
        self.turn: int | None = None
        self.phase: PhaseInfo | None = None
        self.phase_known = False
        self.players: dict[str, tuple[str, str]] = {}  # password → (name, side); never shown
        derived = module.derived  # tables of the game, kept with the module for every log
        self._faces = derived.faces
        self._phases, self._by_name = _game_tables(module)
        self._phase_forms = derived.phase_forms or {}

    @property
    def phases(self) -> list[tuple[PhaseInfo, str]]:
        """Every leaf phase with the `A - B` path the turn tracker shows (`phase_leaves`)."""
        return self._phases

    # ------------------------------------------------------------------ traits

    def traits(self, piece: PieceState) -> Traits:
        t = piece._traits
        if t is None:
            t = self._decode(piece.type_text, piece.state_text)
            piece._traits = t
        return t

    def _decode(self, type_text: str, state_text: str) -> Traits:
        return self.module.traits.read(type_text, state_text)

    def identify(self, piece: PieceState, game_id: str | None = None,
                 card_id: str | None = None) -> None:
        """Which game piece a VASSAL piece is: the builder's vconv_id marker (*game_id*, as
        its traits say), else a unique name; a card (*card_id*) is none."""
        if self.game is None:
            return
        if card_id is not None:  # a card of a deck, even one named like a piece
            piece.game, piece.side = None, None
            return
        if self.module.mapping is not None:  # another's module: its names, tied by the mapping
            gp = self.module.mapping.piece(piece.type_text, piece.state_text)
        else:
            gp = self.game.piece(game_id) if game_id else None
        if gp is None and self.module.mapping is None:
            name = self.traits(piece).name
            base = name.split(" (")[0]
            gp = self._by_name.get(name) or self._by_name.get(base)
        piece.game = gp
        if gp is not None:
            side = self.game.side_of(gp)
            piece.side = side.id if side is not None else None

    # ------------------------------------------------------------------ faces and steps

    def step_of(self, piece: PieceState) -> int | None:
        """The piece's current strength step (from the step layer), None when it has none."""
        face = self.face_of(piece)
        if face is not None and face.step is not None:
            return face.step
        gp = piece.game
        if gp is not None and gp.steps is None:
            # no step model: one step, unless the game says the number is missing
            return None if gp.missing and "steps" in gp.missing else 1
        return face.step if face is not None else None

    def face_of(self, piece: PieceState) -> Face | None:
        gp = piece.game
        if gp is None or not gp.faces:
            return None
        t = self.traits(piece)
        if t.level is None:
            return gp.faces[0]
        key = (gp.id, t.layer)
        faces = self._faces.get(key)
        if faces is None:
            faces = self._faces[key] = layer_faces(self.game, gp, t.layer)
        if faces and 1 <= t.level <= len(faces):
            return faces[t.level - 1]
        return None

    def masked(self, piece: PieceState) -> bool:
        return self.traits(piece).masked

    # ------------------------------------------------------------------ places

    def at(self, key: str) -> list[PieceState]:
        """The pieces (on a board) whose game place is *key*."""
        return [p for p in self.pieces.values() if p.on_board and p.place.key == key]

    # ------------------------------------------------------------------ turn

    def set_turn(self, values: dict[str, str]) -> None:
        """Turn and phase from turn-tracker level values (level name → value text).

        Levels are told apart by what they show, not by their names (a module may name them
        in any language): a value that is one of the game's phases sets the phase, the first
        value that starts with a number sets the turn.
        """
        turn_seen = phase_seen = False
        for value in values.values():
            phase = self.phase_named(value)
            if phase is not None:
                self.phase, self.phase_known, phase_seen = phase, True, True
                continue
            number = _leading_int(value) if not turn_seen else None
            if number is not None:
                self.turn, turn_seen = number, True
        if not phase_seen and len(values) > 1 and self._phases:
            self.phase, self.phase_known = None, False  # a phase level shows no known phase
        self.pass_skipped()

    def pass_skipped(self) -> None:
        """A phase the sequence of play skips on this turn is passed over: play is in the
        next phase that happens.  VASSAL's turn tracker cannot skip a phase by turn, so it
        shows such a phase (the first of the sequence, at the start) until a player clicks
        on; when no later phase of the turn happens, the phase is not known."""
        phase, turn = self.phase, self.turn
        if phase is None or turn is None or phase.happens(turn):
            return
        leaves = [info for info, _ in self._phases]
        at = next((i for i, info in enumerate(leaves) if info is phase), None)
        later = leaves[at + 1:] if at is not None else []
        self.phase = next((info for info in later if info.happens(turn)), None)
        self.phase_known = self.phase is not None

    def phase_named(self, text: str) -> PhaseInfo | None:
        """The phase a tracker or chat shows: its `A - B` path, name or id, with or without
        a leading number (`2. Round di Gioco`)."""
        text = text.strip()
        forms = self._phase_forms  # (the first phase any of its forms names)
        at = forms.get(text)
        if text[:1].isdecimal() and ". " in text:
            other = forms.get(text.split(". ", 1)[1])
            if other is not None and (at is None or other < at):
                at = other
        return self._phases[at][0] if at is not None else None


def derive_tables(module: AuditModule) -> None:
    """Fill the module's `Derived` tables now: place names, phases, piece names and the hex
    boards' neighbours, read by every log audited with the module (the rules each check
    judges: `rules.choose_rules`)."""
    derived = module.derived
    game = module.game
    PlaceNames.of(module)
    _game_tables(module)
    for board in game.boards or [] if game is not None else []:
        grid = board.hex_grid()
        if grid is not None and board.id not in derived.neighbours:
            derived.neighbours[board.id] = {h: grid.neighbours(h) for h in grid.all_ids()}


def _game_tables(module: AuditModule) -> tuple[list[tuple[PhaseInfo, str]], dict[str, Piece]]:
    """The module's leaf phases and uniquely named pieces, derived on first use."""
    derived = module.derived
    if derived.phases is None or derived.phase_forms is None:
        derived.phases = phase_leaves(module.game)
        derived.phase_forms = {}
        for index, (info, path) in enumerate(derived.phases):
            for form in (path, info.name, info.id, _unnumbered(info.name)):
                derived.phase_forms.setdefault(form, index)
    if derived.unique_names is None:
        derived.unique_names = unique_names(module.game)
    return derived.phases, derived.unique_names


def unique_names(game: Game | None) -> dict[str, Piece]:
    """The game's pieces by name, for the names only one piece has."""
    pieces = game.pieces or [] if game is not None else []
    counts: dict[str, int] = {}
    for p in pieces:
        counts[p.name] = counts.get(p.name, 0) + 1
    return {p.name: p for p in pieces if counts[p.name] == 1}


def _unnumbered(name: str) -> str:
    """A phase name without its leading `2. ` (a tracker may show either)."""
    return name.split(". ", 1)[1] if name[:1].isdecimal() and ". " in name else name


def _leading_int(text: str) -> int | None:
    digits = ""
    for ch in text.strip():
        if ch.isdecimal():
            digits += ch
        else:
            break
    return int(digits) if digits else None


def phase_leaves(game: Game | None) -> list[tuple[PhaseInfo, str]]:
    """Every leaf phase of the sequence with the `A - B` path the turn tracker shows."""
    out: list[tuple[PhaseInfo, str]] = []

    def walk(phases: list[Phase], path: tuple[str, ...], side: str | None,
             section: str | None, when: tuple[When, ...]) -> None:
        for ph in phases:
            here = path + (ph.name,)
            s = ph.side or side
            sec = ph.section or section
            w = when + (ph.when,) if ph.when is not None else when
            if ph.phases:
                walk(ph.phases, here, s, sec, w)
            else:
                out.append((PhaseInfo(ph.id, ph.name, s, sec, w), phase_path(here)))

    if game is not None and game.sequence:
        walk(game.sequence, (), None, None, ())
    return out


def layer_faces(game: Game | None, piece: Piece, layer: str | None) -> list[Face]:
    """The faces a piece's layer levels show, in level order, as the builder lays them out."""
    if game is None:
        return []
    levels = levels_of(game, piece)
    return list(levels.faces) if levels is not None else []
