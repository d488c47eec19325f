"""Scripted games: write a .vlog as VASSAL would record it, move by move, against a module
built by the builder.  Tests and benchmarks use it to make clean games and games with one
planted violation; a referee can use it to reproduce a dispute.

>>> from converter.builder import build_module  # doctest: +SKIP
>>> s = ScriptedGame(build_module("tests/data/games/mini"))  # doctest: +SKIP
>>> s.setup("battle"); s.turn(1, "blue-move"); s.move("na-1", hex="0303")  # doctest: +SKIP
>>> data = s.log_bytes()  # doctest: +SKIP
"""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.builder.conventions import FACE_LAYERS, leaf_phases, level_for, levels_of
from converter.builder.module import BuiltModule
from converter.builder.pieces import PieceArt, face_image_name, piece_definition
from converter.builder.setup import scenario_setup
from converter.errors import AuditError
from converter.model.game import Game
from converter.vassal import sequence
from converter.vassal.commands import (
    AddPiece, ChangePiece, Chat, Command, LogEntry, MarkGameNotNew, MovePiece, NullCommand,
    PlayerJoin, RemovePiece, SetBoards, SetupCommand, TurnTrackerChange, Undo, encode_command)
from converter.vassal.archive import VASSAL_VERSION, module_metadata
from converter.vassal.savefile import save_archive_bytes, savedata_xml
from converter.vassal.traits import Layer, decode_piece

PASSWORD = "secret-password-never-shown"


def _art(game: Game) -> PieceArt:
    """Image names only (no rendering): the piece definitions need the names, not pixels."""
    art = PieceArt()
    for piece in game.pieces or []:
        for face in piece.faces:
            art.names[(piece.id, face.counter, face.side)] = face_image_name(piece, face)
    return art


@dataclass
class _Live:
    vid: str
    piece_id: str
    type_text: str
    state_text: str
    map: str
    x: int
    y: int


@dataclass
class ScriptedGame:
    """A game being written: the restored part (setup) then one logged step per action."""

    built: BuiltModule
    player: str = "Alice"
    side: str | None = None
    restored: list[Command] = field(default_factory=list)
    steps: list[LogEntry] = field(default_factory=list)
    live: dict[str, _Live] = field(default_factory=dict)
    _next: int = 1000
    _last_move: tuple[str, str, int, int, str, int, int] | None = None
    restored_tracker: TurnTrackerChange | None = None

    def __post_init__(self) -> None:
        self.game = self.built.game
        self.art = _art(self.game)
        self.side = self.side or self.game.sides[0].name
        # one player per side (Alice, Bob, Carol...): moves carry the mover's "password"
        names = [self.player, "Bob", "Carol", "Dave", "Erin", "Frank"]
        self.passwords: dict[str, str] = {}
        self.roster = []
        for i, side in enumerate(self.game.sides):
            password = PASSWORD if i == 0 else f"{PASSWORD}-{i}"
            self.passwords[side.id] = password
            self.roster.append(PlayerJoin((password, names[i % len(names)], side.name)))

    def _password(self, piece_id: str) -> str:
        gp = self.game.piece(piece_id)
        side = self.game.side_of(gp) if gp is not None else None
        return self.passwords.get(side.id if side else "", PASSWORD)

    # ------------------------------------------------------------------ where things are
    def point(self, *, hex: str | None = None, space: str | None = None,
              track: tuple[str, int] | None = None, board: str | None = None
              ) -> tuple[str, int, int]:
        """(map name, x, y) of a hex, space or track cell, as the builder laid them out."""
        if hex is not None:
            for bid, placed in self.built.boards.items():
                if (board is None or bid == board) and hex in placed.hex_centres:
                    x, y = placed.hex_centres[hex]
                    return placed.map_name, round(x), round(y)
        if space is not None:
            for placed in self.built.boards.values():
                if space in placed.spaces:
                    _, (x, y) = placed.spaces[space]
                    return placed.map_name, x, y
        if track is not None and self.built.display is not None:
            cell = self.built.display.track_cells.get(track)
            if cell is not None:
                return self.built.display.map_name, cell[1][0], cell[1][1]
        raise AuditError(f"no place {hex or space or track!r} on the built module's boards")

    # ------------------------------------------------------------------ setup
    def setup(self, scenario_id: str | None = None) -> None:
        """The restored game: every piece of the scenario where the builder places it."""
        scenario = self.game.scenario(scenario_id) if scenario_id else \
            next(iter(self.game.scenarios or []), None)
        if scenario is None:
            return
        setup = scenario_setup(self.game, scenario, self.art, self.built.boards,
                               self.built.display)
        for start in setup.pieces:
            x, y = start.spot.point
            self._add_definition(start.placement.piece, start.definition,
                                 start.spot.placed.map_name, x, y, restored=True)

    def relocate(self, piece_id: str, *, nth: int = 0, **where: object) -> None:
        """Put a restored (setup) piece somewhere else before play starts."""
        vid = self.vid(piece_id, nth)
        p = self.live[vid]
        map_name, x, y = self.point(**where)  # type: ignore[arg-type]
        chain = decode_piece(p.type_text, p.state_text)
        chain.basic.map_id, chain.basic.x, chain.basic.y = map_name, x, y
        _, p.state_text = chain.encode()
        p.map, p.x, p.y = map_name, x, y
        for i, c in enumerate(self.restored):
            if isinstance(c, AddPiece) and c.id == vid:
                self.restored[i] = AddPiece(vid, p.type_text, p.state_text)

    def place(self, piece_id: str, *, steps: int | None = None, restored: bool = False,
              **where: object) -> str:
        """A piece enters (from the palette): an AddPiece, logged unless *restored*."""
        gp = self.game.piece(piece_id)
        if gp is None:
            raise AuditError(f"no piece {piece_id!r} in the game")
        level = level_for(levels_of(self.game, gp), gp, steps=steps)
        definition = piece_definition(self.game, gp, self.art, level=level)
        map_name, x, y = self.point(**where)  # type: ignore[arg-type]
        return self._add_definition(piece_id, definition, map_name, x, y, restored=restored)

    def _add_definition(self, piece_id: str, definition, map_name: str, x: int, y: int, *,
                        restored: bool) -> str:  # type: ignore[no-untyped-def]
        self._next += 1
        vid = str(self._next)
        basic = definition.basic
        basic.map_id, basic.x, basic.y = map_name, x, y
        type_text, state_text = definition.encode()
        self.live[vid] = _Live(vid, piece_id, type_text, state_text, map_name, x, y)
        add = AddPiece(vid, type_text, state_text)
        if restored:
            self.restored.append(add)
        else:
            self.steps.append(LogEntry(add, children=[
                LogEntry(Chat(f"* {basic.name} created in {map_name} *"))]))
        return vid

    def vid(self, piece_id: str, nth: int = 0) -> str:
        """The VASSAL id of the *nth* live copy of a game piece."""
        found = [v for v, p in self.live.items() if p.piece_id == piece_id]
        if len(found) <= nth:
            raise AuditError(f"piece {piece_id!r} is not in play")
        return found[nth]

    # ------------------------------------------------------------------ actions
    def move(self, piece: str, *, nth: int = 0, **where: object) -> None:
        """Drag a piece (by game id or VASSAL id) to a hex/space/track cell: one step."""
        vid = piece if piece in self.live else self.vid(piece, nth)
        p = self.live[vid]
        map_name, x, y = self.point(**where)  # type: ignore[arg-type]
        self._last_move = (vid, p.map, p.x, p.y, map_name, x, y)
        cmd = MovePiece(vid, map_name, x, y, None, p.map, p.x, p.y, None,
                        self._password(p.piece_id))
        p.map, p.x, p.y = map_name, x, y
        self.steps.append(LogEntry(cmd, children=[LogEntry(Chat(f"* {p.piece_id} moves *"))]))

    def undo_move(self) -> None:
        """VASSAL's Undo of the last move: UNDO⇥true, the inverse move, UNDO⇥false."""
        if self._last_move is None:
            raise AuditError("nothing to undo")
        vid, old_map, ox, oy, new_map, nx, ny = self._last_move
        p = self.live[vid]
        p.map, p.x, p.y = old_map, ox, oy
        self.steps.append(LogEntry(Undo(("true",)), children=[
            LogEntry(MovePiece(vid, old_map, ox, oy, None, new_map, nx, ny, None,
                               self._password(p.piece_id))),
            LogEntry(Undo(("false",)))]))
        self._last_move = None

    def set_level(self, piece: str, level: int, *, nth: int = 0) -> None:
        """Set the step/flip layer's level (1 = full strength): a ChangePiece step."""
        vid = piece if piece in self.live else self.vid(piece, nth)
        p = self.live[vid]
        chain = decode_piece(p.type_text, p.state_text)
        layer = next((t for t in chain.traits_of(Layer) if t.name in FACE_LAYERS), None)
        if layer is None:
            raise AuditError(f"piece {p.piece_id!r} has no step or flip layer")
        layer.value = level
        chain.basic.map_id, chain.basic.x, chain.basic.y = p.map, p.x, p.y
        _, new_state = chain.encode()
        self.steps.append(LogEntry(ChangePiece(vid, new_state, p.state_text)))
        p.state_text = new_state

    def remove(self, piece: str, *, nth: int = 0) -> None:
        vid = piece if piece in self.live else self.vid(piece, nth)
        del self.live[vid]
        if self._last_move is not None and self._last_move[0] == vid:
            self._last_move = None  # VASSAL would undo the removal first
        self.steps.append(LogEntry(RemovePiece(vid)))

    def roll(self, die_id: str, *values: int | str) -> None:
        """A dice button's report, as the builder's DiceButton formats it (face labels for
        a special die)."""
        die = self.game.die(die_id)
        label = die.name if die is not None else die_id
        shown = ",".join(map(str, values))
        self.steps.append(LogEntry(Chat(f"*** {label} = {shown} *** &lt;{self.player}&gt;")))

    def chat(self, text: str) -> None:
        self.steps.append(LogEntry(Chat(f"&lt;{self.player}&gt; - {text}")))

    def turn(self, turn: int, phase_id: str | None = None, *, restored: bool = False) -> None:
        """The turn tracker moves to *turn* and the leaf phase *phase_id* (in the restored
        game when *restored*: a log that starts mid-game)."""
        if restored:
            self.restored_tracker = self._tracker(turn, phase_id)
            return
        self.steps.append(LogEntry(Chat(f"* &lt;{self.player}&gt; Turn Updated *"),
                                   children=[LogEntry(self._tracker(turn, phase_id))]))

    def _tracker(self, turn: int, phase_id: str | None) -> TurnTrackerChange:
        leaves = [phase.id for phase, _ in leaf_phases(self.game.sequence or [])]
        phase_index = leaves.index(phase_id) if phase_id in leaves else 0
        phase_state = sequence.join([phase_index, 0, 0, ",".join(["true"] * len(leaves))], ";")
        turns = self.game.turns
        numbers = turns.numbers() if turns is not None else []
        if turns is not None and turns.labels:
            outer = sequence.join([numbers.index(turn), 0, 0,
                                   ",".join(["true"] * len(numbers)), phase_state], ";")
        elif turns is not None:
            outer = sequence.join([turn, 0, "false", -1, phase_state], ";")
        else:
            outer = phase_state
        return TurnTrackerChange("TurnTracker0", sequence.join([0, outer], "|"))

    # ------------------------------------------------------------------ output
    def record_text(self) -> str:
        stacks: list[Command] = []
        root = SetupCommand(False)
        root.children.append(NullCommand())
        root.children.append(NullCommand(children=[*self.restored, *stacks]))
        for placed in [*self.built.boards.values(), *([self.built.display]
                                                      if self.built.display else [])]:
            root.children.append(SetBoards(placed.map_name, (placed.board_name, "0", "0")))
        root.children.extend(self.roster)
        if self.restored_tracker is not None:
            root.children.append(self.restored_tracker)
        root.children.append(MarkGameNotNew(("",)))
        root.children.append(SetupCommand(True))
        root.children.extend(self.steps)
        return encode_command(root)

    def log_bytes(self) -> bytes:
        """The .vlog archive with savedata and the module's moduledata (deterministic)."""
        root = self.built.archive.buildfile
        name = str(getattr(root, "name", self.game.title))
        version = str(getattr(root, "version", "1.0"))
        return save_archive_bytes(
            self.record_text(),
            savedata=savedata_xml(vassal_version=VASSAL_VERSION, module_version=version),
            moduledata=module_metadata(name=name, version=version,
                                       vassal_version=VASSAL_VERSION))
