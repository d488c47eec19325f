"""Replay a decoded save or log onto the module's game state, handing each event to visitors.

The reader (converter.vassal.commands) only tokenizes; here each command is applied to the
state (python-chess's board) and turned into an event for the visitors (the rule checks, a
recorder for the HTML report).  A command that cannot be applied (a move of a piece never
added, an unreadable trait chain) is a `ReplayProblem` given to `handle_error`, and the replay
goes on.  Undo steps are applied like any step, their events marked `undo`, and the step
they take back is remembered in `undone_steps`.  VASSAL 3.6.7 and later bracket an undo's
commands with ``UNDO⇥true`` … ``UNDO⇥false``; older versions log the inverse commands bare,
so such a step is told by matching it against the step VASSAL's Undo button would take back
(`undo.py`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from converter.audit.events import (
    BoardsLaid, Chatted, DeckChanged, DiceRolled, EmptyStackMoved, Event, LogPos, MoveIgnored,
    PieceAdded, PieceChanged, UndoFragment, UndoRewritten,
    PieceMoved, PieceRemoved, PieceTouched, PropertyChanged, ReplayProblem, Reported,
    StackReordered, StepEnded, TurnChanged)
from converter.audit.module import AuditModule, tracker_values
from converter.audit.places import Place
from converter.audit.stacking import Stacking
from converter.audit.state import GameState, PieceState
from converter.audit.traits import UNREADABLE, Traits
from converter.audit.undo import UndoHistory
from converter.vassal import commands as cmd


class Visitor:
    """The replay's visitor protocol; every method is optional.

    `handles` lists the event classes `visit_event` wants (empty: all of them), so a long
    log does not call every check for every command; `restored` says whether it wants the
    events of the restored game (step 0) as well: the thousands of pieces a real log starts
    with are neither named nor placed for a visitor that ignores them.
    """

    handles: tuple[type[Event], ...] = ()
    restored: bool = True

    def begin_game(self, state: GameState) -> None:
        pass

    def visit_event(self, state: GameState, event: Event) -> None:
        pass

    def end_game(self, state: GameState) -> None:
        pass

    def handle_error(self, problem: ReplayProblem) -> None:
        pass


_TURN_CHAT = re.compile(r"^(?:turn|turno|round)\s+(?P<turn>\d+)\b[\s,.:;\-–]*(?P<phase>.*)$",
                        re.I | re.S)
_ROLLED_BY = re.compile(r"\brolled by ([^()<>]+?)\s*(?:\)|<|$)", re.I)


class Replay:
    """One replay of one file: apply every command in order, tell the visitors."""

    def __init__(self, module: AuditModule, visitors: Iterable[Visitor] = (),
                 state: GameState | None = None) -> None:
        self.state = state if state is not None else GameState(module)
        self.visitors = list(visitors)
        self._dispatch: dict[type[Event], list[Visitor]] = {}  # for the logged steps
        self._dispatch0: dict[type[Event], list[Visitor]] = {}  # for the restored game
        self.problems: list[ReplayProblem] = []
        self.undone_steps: set[int] = set()
        self.undo_of: dict[int, int] = {}  # each undo step: the step it takes back
        self.steps = 0
        self.commands = 0
        self._source = ""
        self._index = 0
        self._step = 0
        self._in_undo = False
        self._history = UndoHistory()  # the steps VASSAL's Undo button would take back
        self._step_player: str | None = None
        self._tracker_cache = self.state.module.derived.tracker_values  # (never changed)
        self._tracker_seen = False  # once the turn tracker speaks, chat and markers do not
        self._handlers: dict[type, Callable[[Any, bool], None]] = {
            cmd.MovePiece: self._move, cmd.AddPiece: self._add, cmd.ChangePiece: self._change,
            cmd.RemovePiece: self._remove, cmd.Chat: self._chat,
            cmd.TurnTrackerChange: self._tracker, cmd.PlayerJoin: self._player_join,
            cmd.SetBoards: self._boards, cmd.SpecialDiceResults: self._special_dice,
            cmd.PropertyChange: self._property,
        }
        self._rolled_step = -1  # the step whose special dice SHOW_RESULTS already told
        # a special dice roll told by the module's own faces (no game die has them), said at
        # the step's end unless the step's chat tells the roll first ('*** … = 4/1 ***')
        self._faces_roll: DiceRolled | None = None
        self._want_move = True  # whether a visitor wants PieceMoved (PieceAdded) now
        self._want_add = True
        self._want_change = True  # whether a visitor wants PieceChanged or PieceTouched now
        self._stack_at: dict[str, tuple[str, int, int]] = {}  # at-start stack members' places
        # the commands of the step being replayed, and whether `_note_stacks` has read them
        # (only a piece added without a map needs it: most steps add none)
        self._step_commands: list[cmd.Command] = []
        self._stacks_noted = True
        self._unknown_maps: set[str] = set()  # maps the file names and the module lacks
        # stacks and what lies loose where, as VASSAL keeps them; a piece it moves is moved
        # here by the command's player
        self._stacking = Stacking(self.state.pieces, self.state.stacks)
        self._stacking.mover = self._stacked_move
        self._mover_id: str | None = None
        self._moves_told = 0
        self._made_at: dict[str, int] = {}  # the stacks logged steps made: id -> step
        self._fragment_of: int | None = None  # the step whose stack this step only removed

    # ------------------------------------------------------------------ driving

    def run(self, record: cmd.GameRecord, source: str) -> GameState:
        """Replay *record* (the restored game, then every logged step) from file *source*."""
        self._source = source
        st = self.state
        for v in self.visitors:
            v.begin_game(st)
        self._step = 0
        self._want_move = self._listens(PieceMoved)
        self._want_change = self._listens(PieceChanged) or self._listens(PieceTouched)
        handlers = self._handlers
        restored = record.restored()
        self._step_commands, self._stacks_noted = restored, False
        boards = cmd.SetBoards
        for c in restored:  # a save lists its boards after its pieces; VASSAL names the
            if type(c) is boards:  # restored pieces by them all the same
                self._boards(c, True)
        self._want_add = self._listens(PieceAdded)
        if st.game is None and not self._want_add:
            self._restore_unjudged(restored)
        else:
            index = self._index  # (inlined: a save restores thousands of commands, most of
            for c in restored:   # them, as a game's global properties, with no handler)
                handler = handlers.get(type(c))
                if handler is not None:
                    self._index = index
                    handler(c, True)
                index += 1
            self.commands += len(restored)
            self._index = index
        self._emit(StepEnded(self._pos()))
        self._step = 1
        self._want_move = self._listens(PieceMoved)  # (the logged steps' visitors)
        self._want_add = self._listens(PieceAdded)
        self._want_change = self._listens(PieceChanged) or self._listens(PieceTouched)
        for number, step in enumerate(record.steps, start=1):
            self._step = number
            self.steps = number
            self._in_undo = False
            self._step_player = None
            undo_step = False
            logged = _logged(step)
            self._step_commands, self._stacks_noted = logged, False
            undone = self._history.undone_by(logged)  # an undo logged without its markers
            whole = None
            if undone is not None:
                undo_step = self._in_undo = True
                whole = self._history.written_before()
            self._fragment_of = None
            if whole is not None and len(whole[1]) > len(logged):  # (something lost)
                self._replay_whole(logged, *whole)
            else:
                for c in logged:
                    kind = type(c)
                    if kind is cmd.Undo:
                        if c.in_progress:  # type: ignore[attr-defined]
                            undo_step = self._in_undo = True
                        elif undone is None:
                            self._in_undo = False
                        self._index += 1
                        continue
                    self.commands += 1  # (inlined: this loop runs once per command)
                    handler = handlers.get(kind)
                    if handler is not None:
                        handler(c, False)
                    self._index += 1
            if not undo_step and self._fragment_of is not None \
                    and self._fragment_of == self._history.marked():
                undo_step = True  # the start of an undo whose move back the log lacks
            if undo_step:
                taken = self._history.undo(number, logged)
                if taken is not None:
                    self.undone_steps.add(taken)
                    self.undo_of[number] = taken
            else:
                self._history.logged(number, logged)
            if self._faces_roll is not None:
                self._emit(self._faces_roll)
                self._faces_roll = None
            if self._listens(StepEnded):
                self._emit(StepEnded(self._pos(), undo=undo_step, player=self._step_player,
                                     undoes=self.undo_of.get(number)))
        for v in self.visitors:
            v.end_game(st)
        return st

    def _replay_whole(self, logged: list[cmd.Command], whole_step: int,
                      whole: Sequence[cmd.Command]) -> None:
        """An undo VASSAL wrote again as its first command alone (`converter.audit.undo`):
        replayed as the players' game ran it, whole, as step *whole_step* logged it.  The
        log's later moves start where this leaves the pieces; VASSAL's own replay of the
        file runs only the first command.  Positions stay on the step's own commands."""
        index = self._index
        self._step_commands, self._stacks_noted = list(whole), False
        handlers = self._handlers
        for c in whole:
            handler = handlers.get(type(c))
            if handler is not None and type(c) is not cmd.Undo:
                handler(c, False)
        self._step_commands = logged
        if self._listens(UndoRewritten):
            self._emit(UndoRewritten(self._pos(), whole_step, undo=True,
                                     player=self._step_player))
        self._index = index + len(logged)
        self.commands += sum(type(c) is not cmd.Undo for c in logged)

    def _pos(self) -> LogPos:
        return LogPos(self._source, self._step, self._index)

    def _listens(self, kind: type[Event]) -> bool:
        """Whether any visitor wants *kind* now (no event is built for nobody)."""
        return bool(self._targets(kind))

    def _targets(self, kind: type[Event]) -> list[Visitor]:
        """The visitors that want events of *kind* at this step."""
        table = self._dispatch if self._step else self._dispatch0
        targets = table.get(kind)
        if targets is None:
            targets = table[kind] = [
                v for v in self.visitors if (not v.handles or issubclass(kind, v.handles))
                and (self._step or v.restored)]
        return targets

    def _emit(self, event: Event) -> None:
        kind = type(event)
        table = self._dispatch if self._step else self._dispatch0
        targets = table.get(kind)
        if targets is None:
            targets = self._targets(kind)
        for v in targets:
            v.visit_event(self.state, event)

    def _problem(self, message: str) -> None:
        problem = ReplayProblem(self._pos(), message)
        self.problems.append(problem)
        for v in self.visitors:
            v.handle_error(problem)

    def _note_stacks(self) -> None:
        """Remember where each stack the step adds stands, by member: asked once per step,
        by the first piece the step adds without a map.

        VASSAL writes a piece of an at-start stack (SetupStack) with map `null`, before the
        stack that carries the map and position, so a member is placed from its stack.
        """
        add = cmd.AddPiece
        self._stacks_noted = True
        for c in self._step_commands:  # (a restored game's thousands: each looked at once)
            if type(c) is not add:
                continue
            kind = c.type
            if kind == "stack":
                place = cmd.stack_place(c.state)
                if place is None:
                    continue
                map_name, x, y, members = place
                for member in members:
                    self._stack_at[member] = (map_name, x, y)
            elif kind[:5] == "deck;":  # (its cards saved with map null)
                deck_map, x, y, _face_down, cards = cmd.deck_place(c.state)
                if deck_map is not None:
                    for card in cards:
                        self._stack_at[card] = (deck_map, x, y)

    def _restore_unjudged(self, restored: list[cmd.Command]) -> None:
        """The restored game of a module without a game description, to no visitor of
        its added pieces: what `_add` does for each, in one loop.

        A real log restores thousands of pieces and stacks and names none of them, so
        each costs only its place (`where`) and one `PieceState`; the other commands go
        to their handlers."""
        st = self.state
        pieces, stack_at, stacking = st.pieces, self._stack_at, self._stacking
        reader = st.module.traits
        where, maps, locator = reader.where, st.module.maps, st.locator
        handlers, add, new_piece = self._handlers, cmd.AddPiece, PieceState
        layout = locator.layout
        index = self._index
        for c in restored:
            if type(c) is add:
                added: cmd.AddPiece = c
                type_text, piece_id, state = added.type, added.id, added.state
                if type_text == "stack":
                    stacking.set_stack(piece_id, state)
                elif type_text[:5] == "deck;":
                    self._add_deck(piece_id, type_text, state)
                else:
                    unnamed, map_id, x, y = where(type_text, state)
                    if unnamed:
                        self._index = index
                        self._problem(f"piece {piece_id} has an unreadable trait chain; "
                                      "kept off the board")
                    if not self._stacks_noted:
                        self._note_stacks()
                    stood = stack_at.pop(piece_id, None)
                    if stood is not None:  # (`_add`: a stack's piece stands where it does)
                        map_id, x, y = stood
                    if map_id is not None and map_id not in maps:
                        self._index = index
                        self._unknown_map(map_id)
                    # (as `_add` makes it; positional: a real log makes thousands)
                    piece = pieces[piece_id] = new_piece(
                        piece_id, type_text, state, map_id, x, y, None, layout, None, None,
                        map_id is not None, None, None, reader)
                    stacking.added(piece)
            else:
                handler = handlers.get(type(c))
                if handler is not None:
                    self._index = index
                    handler(c, True)
                    layout = locator.layout  # (a SetBoards lays new boards)
            index += 1
        self.commands += len(restored)
        self._index = index

    # ------------------------------------------------------------------ commands

    def _player_join(self, c: cmd.PlayerJoin, restored: bool) -> None:
        self.state.players[c.player_id] = (roster_name(c.name), html.unescape(c.side))

    def _boards(self, c: cmd.SetBoards, restored: bool) -> None:
        geo = self.state.module.maps.get(c.map_name)
        if geo is not None:
            before = geo.placed
            boards = c.boards
            geo.place([b.name for b in boards], [(b.column, b.row) for b in boards])
            if len(before) != len(geo.placed) or any(
                    x0 != x1 or y0 != y1 or b0 is not b1
                    for (x0, y0, b0), (x1, y1, b1) in zip(before, geo.placed)):
                # (unchanged: a save's boards are laid before its pieces and again in turn)
                self._relay(c.map_name)
        else:
            self._unknown_map(c.map_name, boards=True)
        if not restored and self._listens(BoardsLaid):
            self._emit(BoardsLaid(self._pos(), c.map_name, tuple(b.name for b in c.boards),
                                  undo=self._in_undo, player=self._step_player))

    def _relay(self, map_name: str) -> None:
        """Other boards on *map_name*: VASSAL leaves each piece at its pixels and names it
        by the boards laid now, so the map's pieces are named again, when next asked."""
        locator = self.state.locator
        locator.forget()
        layout = locator.layout
        for piece in self.state.pieces.values():
            if piece.map == map_name:
                piece.layout = layout
                piece._place = None

    def _unknown_map(self, name: str, *, boards: bool = False, moved: bool = False) -> None:
        """Say once per file that it names a map the module lacks (saved with another
        version of the module).  VASSAL drops a choice of boards for such a map without a
        word, and reports 'No such map' for a piece on it, which it shows nowhere."""
        if name not in self._unknown_maps:
            self._unknown_maps.add(name)
            what = ("VASSAL ignores the boards it lays there, and reports 'No such map' for "
                    "any piece on it" if boards else
                    "VASSAL moves nothing there: each piece stays where it was" if moved else
                    "VASSAL reports 'No such map' and shows its pieces on no map")
            self._problem(f"the file names map {name!r}, which the module does not have "
                          f"({what}): it was probably saved with another version of the module")

    def _add(self, c: cmd.AddPiece, restored: bool) -> None:
        st = self.state
        if c.type == "stack":
            self._mover_id = None
            self._stacking.set_stack(c.id, c.state)
            if not restored:
                self._made_at[c.id] = self._step
            return
        if c.type.startswith("deck;"):
            self._add_deck(c.id, c.type, c.state)
            return
        reader = st.module.traits
        piece = PieceState(c.id, c.type, c.state, reader=reader)
        game_id = card_id = None
        if st.game is None:  # no check identifies it: its traits wait until it is named
            unnamed, piece.map, piece.x, piece.y = reader.where(c.type, c.state)
        else:  # identified by its ids; its name and face wait until something asks
            unnamed, piece.map, piece.x, piece.y, game_id, card_id = reader.ids(c.type,
                                                                                 c.state)
        if unnamed:
            self._problem(f"piece {c.id} has an unreadable trait chain; kept off the board")
        if piece.map is None or restored:
            # a stack's piece stands at its stack's point on its stack's map, whatever its
            # own state says: VASSAL saves an at-start stack's pieces with map null, and The
            # Longest Day's 2007 saves keep in a piece the map it had before it was stacked
            # (1/508/82 'Normandy (33,103)' in a stack of the Allied Airborne Display)
            if not self._stacks_noted:
                self._note_stacks()
            found = self._stack_at.pop(c.id, None)
            if found is not None:
                piece.map, piece.x, piece.y = found
        if piece.map is not None and piece.map not in st.module.maps:
            self._unknown_map(piece.map)
        piece.layout = st.locator.layout  # (named when first asked)
        piece.on_board = piece.map is not None
        if st.game is not None:
            st.identify(piece, game_id, card_id)
        st.pieces[c.id] = piece
        self._stacking.added(piece)
        if self._want_add:
            self._emit(PieceAdded(self._pos(), piece, piece.place, restored,
                                  undo=self._in_undo))
        if st.game is not None:
            self._turn_marker(piece)

    def _add_deck(self, deck_id: str, type_text: str, state: str) -> None:
        """A deck: its cards are in it, at its point (`Stacking.add_deck`)."""
        self._mover_id = None
        stacking = self._stacking
        stacking.add_deck(deck_id, cmd.deck_name(type_text), state)
        deck_map = stacking.stack_at[deck_id][0]
        if deck_map is not None and deck_map not in self.state.module.maps:
            self._unknown_map(deck_map)
        self._in_deck(deck_id)

    def _in_deck(self, deck_id: str) -> None:
        """Each card a deck's new state lists is now named as in that deck."""
        pieces, name = self.state.pieces, self._stacking.decks[deck_id]
        for card in self.state.stacks.get(deck_id, ()):
            piece = pieces.get(card)
            if piece is not None:
                piece.deck = name

    def _move(self, c: cmd.MovePiece, restored: bool = False) -> None:
        """A MovePiece, as VASSAL applies it (`Stacking.move`): onto the piece it names
        when that piece is still at the point, else onto what lies there by position, else
        loose; a stack moves with its pieces."""
        st = self.state
        piece = st.pieces.get(c.id)
        stacking = self._stacking
        if piece is None and c.id not in stacking.stack_at:
            self._problem(f"MovePiece of piece {c.id}, which is not in the game")
            return
        if c.new_map is not None and c.new_map not in st.module.maps:
            self._move_lost(c, piece, restored)
            return
        self._mover_id = c.player_id
        told = self._moves_told
        if c.new_map is None:
            stacking.moved_off(c.id, (None, c.new_x, c.new_y))
        else:
            stacking.move(c.id, (c.new_map, c.new_x, c.new_y), c.new_under)
        if self._moves_told != told:
            return
        if piece is not None:  # moved where it was (within its stack): still the player's move
            self._move_piece(piece, piece.map, piece.x, piece.y, c.player_id)
        elif not restored and self._listens(EmptyStackMoved):
            locate = st.locator.place
            self._emit(EmptyStackMoved(
                self._pos(), locate(c.old_map, c.old_x, c.old_y),
                locate(c.new_map, c.new_x, c.new_y), undo=self._in_undo,
                player=self._player(c.player_id)))

    def _move_lost(self, c: cmd.MovePiece, piece: PieceState | None, restored: bool) -> None:
        """A move to a map the module lacks: said once as a replay problem; VASSAL leaves
        the piece (or stack) where it was, and the step list says so."""
        st = self.state
        self._unknown_map(c.new_map or "", moved=True)
        self._stacking.move_lost(c.id, c.old_map)
        if restored or not self._listens(MoveIgnored):
            return
        if piece is not None:
            names: tuple[object, ...] = (piece.name_then(),)
            place = piece.place
        else:
            known = st.pieces
            names = tuple(known[m].name_then() for m in st.stacks.get(c.id, ()) if m in known)
            place = st.locator.place(*self._stacking.stack_at[c.id])
        self._emit(MoveIgnored(self._pos(), names, place, c.new_map or "",
                               undo=self._in_undo, player=self._player(c.player_id)))

    def _stacked_move(self, piece: PieceState, new_map: str | None, x: int, y: int) -> None:
        """A piece `Stacking` puts elsewhere, moved by the current command's player."""
        self._moves_told += 1
        self._move_piece(piece, new_map, x, y, self._mover_id)

    def _move_piece(self, piece: PieceState, new_map: str | None, x: int, y: int,
                    player_id: str | None) -> None:
        st = self.state
        if not self._want_move and st.game is None:
            # no one is told of the move, and no turn marker is looked for: the piece's
            # place is named when first asked, by the boards laid now (as `_relay` leaves
            # it); a real log's moves are mostly never named
            piece.map, piece.x, piece.y = new_map, x, y
            piece._place = None
            piece.layout = st.locator.layout
            piece.on_board = new_map is not None
            piece.moved_by = self._player(player_id)
            piece.deck = self._stacking.deck_of(piece.id)
            return
        origin = piece.place  # (in the deck it was drawn from)
        from_xy = (piece.x, piece.y)
        piece.map, piece.x, piece.y = new_map, x, y
        piece.deck = self._stacking.deck_of(piece.id)
        piece.place = st.locator.place(new_map, x, y)
        destination = piece.place  # (in the deck it was put into)
        piece.on_board = new_map is not None
        player = self._player(player_id)
        piece.moved_by = player
        if self._want_move:
            self._emit(PieceMoved(self._pos(), piece, origin, destination, from_xy, (x, y),
                                  undo=self._in_undo, player=player))
        self._turn_marker(piece)

    def _restack(self, stack_id: str, state: str, old_state: str | None) -> None:
        """A stack's new state: VASSAL puts each piece it lists into the stack, at the
        stack's point, wherever it was (The Longest Day's 2007 log stacks units on a hex by
        the stack's ChangePiece alone, with no MovePiece)."""
        st = self.state
        before = list(st.stacks.get(stack_id, ()))
        self._mover_id = None
        told = self._moves_told
        self._stacking.set_stack(stack_id, state, old_state)
        members = st.stacks[stack_id]
        deck = self._stacking.decks.get(stack_id)
        if deck is not None:
            self._in_deck(stack_id)
            self._deck_changed(stack_id, deck, before, state, old_state,
                               self._moves_told == told)
            return
        if self._moves_told == told and before != members and self._listens(StackReordered):
            known = st.pieces
            map_name, x, y = self._stacking.stack_at[stack_id]
            self._emit(StackReordered(
                self._pos(), st.locator.place(map_name, x, y),
                tuple(known[m].name_then() for m in members if m in known),
                undo=self._in_undo, player=self._step_player))

    def _deck_changed(self, deck_id: str, deck: str, before: list[str], state: str,
                      old_state: str | None, still: bool) -> None:
        """Tell a deck's new order or face, when no card moved in or out of it."""
        if not still or not self._listens(DeckChanged):
            return
        members = self.state.stacks[deck_id]
        reordered = before != members
        face_down = cmd.deck_place(state)[3]
        turned = old_state is not None and cmd.deck_place(old_state)[3] != face_down
        if reordered or turned:
            map_name, x, y = self._stacking.stack_at[deck_id]
            self._emit(DeckChanged(self._pos(), deck, self.state.locator.place(map_name, x, y),
                                   len(members), reordered, face_down if turned else None,
                                   undo=self._in_undo, player=self._step_player))

    def _roster_entry(self, name: str) -> str:
        """A player named in chat as the step list names players: 'name (side)' when the
        roster has one of that name and side."""
        for known, side in self.state.players.values():
            if known == name:
                return f"{name} ({side})" if side else name
        return name

    def _player(self, player_id: str | None) -> str | None:
        """The mover as 'name (side)' from the roster; the id itself is a password."""
        if not player_id:
            return self._step_player
        entry = self.state.players.get(player_id)
        if entry is None:
            return self._step_player
        name, side = entry
        who = f"{name} ({side})" if side else name
        self._step_player = who
        return who

    def _change(self, c: cmd.ChangePiece, restored: bool = False) -> None:
        st = self.state
        piece = st.pieces.get(c.id)
        if piece is None:
            if c.id in self._stacking.stack_at:
                self._restack(c.id, c.new_state, c.old_state)
                return
            self._problem(f"ChangePiece of piece {c.id}, which is not in the game")
            return
        if not self._want_change and st.game is None:
            self._change_unjudged(piece, c)
            return
        known = piece._traits
        moved = st.module.traits.moved_only(piece.type_text, piece.state_text, c.new_state,
                                            known)
        if moved is not None:  # (a "moved" mark: nothing the audit reads but the position)
            (was_map, was_x, was_y), where = moved
            if piece.state_text != c.new_state and self._listens(PieceTouched):
                # a trait the audit does not read, as a rotation or a Hideable's 'Hide':
                # still the step list's words for a step that does nothing else
                self._emit(PieceTouched(self._pos(), st.traits(piece).name, piece.type_text,
                                        piece.state_text, c.new_state, undo=self._in_undo,
                                        player=self._step_player))
            piece.state_text = c.new_state
            if known is not None and (known.map, known.x, known.y) != where:
                piece._traits = Traits(known.name, known.game_id, known.level, known.layer,
                                       known.masked, *where, known.card_id, known.hidden_as)
            self._set_basic(piece, c, where)  # e.g. Send to Location
            return
        old = st.traits(piece)
        old_step = st.step_of(piece) if piece.game is not None else None
        old_state = piece.state_text
        piece.state_text = c.new_state
        piece._traits = piece.named = None
        new = st.traits(piece)
        if new is UNREADABLE:
            self._problem(f"ChangePiece of piece {c.id}: the new state does not fit its type")
        new_step = st.step_of(piece) if piece.game is not None else None
        if (old.level, old.masked, old.name) != (new.level, new.masked, new.name):
            self._emit(PieceChanged(self._pos(), piece, old_step, new_step, old.masked,
                                    new.masked, old.name, new.name, undo=self._in_undo,
                                    player=self._step_player))
        elif old_state != c.new_state and self._listens(PieceTouched):
            self._emit(PieceTouched(self._pos(), new.name, piece.type_text, old_state,
                                    c.new_state, undo=self._in_undo, player=self._step_player))
        if new is not UNREADABLE:
            self._set_basic(piece, c, (new.map, new.x, new.y))  # e.g. Send to Location

    def _change_unjudged(self, piece: PieceState, c: cmd.ChangePiece) -> None:
        """A change no one is told of, in a game without a description: what `_change`
        does of it but the event, from the two states' positions alone (`TraitReader.where`,
        which says what `read` says of them without decoding the naming traits); the new
        traits are decoded when first asked."""
        where = self.state.module.traits.where
        piece.state_text = c.new_state
        piece._traits = piece.named = None
        unnamed, new_map, x, y = where(piece.type_text, c.new_state)
        if unnamed:
            self._problem(f"ChangePiece of piece {c.id}: the new state does not fit its type")
            return
        self._set_basic(piece, c, (new_map, x, y))  # e.g. Send to Location

    def _set_basic(self, piece: PieceState, c: cmd.ChangePiece,
                   where: tuple[str | None, int, int]) -> None:
        """A change's map and point, as VASSAL takes them: only when the BasicPiece's part
        of the state differs from the state the change was made from (Decorator and
        BasicPiece mergeState), so a stale map kept in a stacked piece's state (The Longest
        Day's air units) moves nothing; then `Stacking.set_basic`."""
        if c.old_state is not None:
            basic = self.state.module.traits.basic_state
            new = basic(piece.type_text, c.new_state)
            if new is not None and new == basic(piece.type_text, c.old_state):
                return
        self._mover_id = None
        self._stacking.set_basic(piece, where)

    def _remove(self, c: cmd.RemovePiece, restored: bool = False) -> None:
        st = self.state
        piece = st.pieces.pop(c.id, None)
        point = self._stacking.stack_at.get(c.id)
        self._stacking.removed(c.id)
        if piece is None:
            members = st.stacks.pop(c.id, None)
            if members is None:
                self._problem(f"RemovePiece of piece {c.id}, which is not in the game")
            elif point is not None and c.id in self._made_at \
                    and all(type(x) is cmd.RemovePiece and x.id not in members  # (not a
                            for x in self._step_commands):                 # deletion)
                self._fragment_of = self._made_at[c.id]
                if not self._listens(UndoFragment):
                    return
                known = st.pieces
                self._emit(UndoFragment(
                    self._pos(), self._made_at[c.id],
                    tuple(known[m].name_then() for m in members if m in known),
                    st.locator.place(*point), undo=self._in_undo, player=self._step_player))
            return
        piece.on_board = False
        self._emit(PieceRemoved(self._pos(), piece, piece.place, undo=self._in_undo,
                                player=self._step_player))

    def _special_dice(self, c: cmd.SpecialDiceResults, restored: bool = False) -> None:
        """A special dice button's roll, told by the faces it shows (``SHOW_RESULTS``):
        whatever report format the module gives its chat line (Nevsky's
        '* Black Die = <img …> (1 rolled by …)' names no face the audit can read), the
        roll is the game's die's faces; its chat line then adds nothing."""
        die_id = self.state.module.dice_names.get(c.button) or None
        die = self.state.game.die(die_id) if die_id and self.state.game is not None else None
        faces = die.faces if die is not None else None
        if restored:
            return
        if not faces:
            self._roll_by_module(c)
            return
        shown = []
        for index in c.fields[1:]:
            at = int(index) if index.isdecimal() else -1
            if not 0 <= at < len(faces):
                return  # not a face of the game's die: the chat line tells the roll
            shown.append(faces[at].label)
        if not shown:
            return
        self._rolled_step = self._step
        self._emit(DiceRolled(self._pos(), c.button, ", ".join(shown), None, die_id,
                              undo=self._in_undo, player=self._step_player))

    def _property(self, c: cmd.PropertyChange, restored: bool = False) -> None:
        if not restored and self._listens(PropertyChanged):
            self._emit(PropertyChanged(self._pos(), c.name, c.old_value, c.new_value,
                                       undo=self._in_undo, player=self._step_player))

    def _roll_by_module(self, c: cmd.SpecialDiceResults) -> None:
        """A special dice roll no game die reads: each die's face as the module labels it
        (Almoravid's, Nevsky's and Paths of Glory's dice, whose chat lines ('* Green Die =
        <img …> (5 rolled by …)') read as no roll), kept for the step's end."""
        dice = self.state.module.special_faces.get(c.button) or ()
        indexes = c.fields[1:]
        if not indexes or len(indexes) > len(dice):
            return
        shown = []
        for faces, index in zip(dice, indexes):
            at = int(index) if index.isdecimal() else -1
            if not 0 <= at < len(faces):
                return
            shown.append(faces[at])
        self._faces_roll = DiceRolled(self._pos(), c.button, ", ".join(shown), None, None,
                                      undo=self._in_undo, player=self._step_player)

    def _chat(self, c: cmd.Chat, restored: bool = False) -> None:
        text = c.text
        if text[:1] == "*":
            if text.startswith("***") or text.startswith("** "):
                dice = c.dice
                if dice is not None and dice.values is None and \
                        any(ch.isdigit() and not ch.isdecimal() for ch in dice.result):
                    self._problem(f"dice report {text[:60]!r} has a value that is not a number")
                if dice is not None and self._rolled_step != self._step:
                    self._faces_roll = None  # the chat tells this roll
                    die = self.state.module.dice_names.get(dice.label) or None
                    self._emit(DiceRolled(self._pos(), dice.label, dice.result, dice.values,
                                          die, undo=self._in_undo, player=dice.player))
            elif self._step and self._listens(Reported):
                self._emit(Reported(self._pos(), text, undo=self._in_undo))
            roll = self._faces_roll
            if roll is not None and roll.player is None:  # the button's own line names the
                roller = _ROLLED_BY.search(text)           # roller ('(5 rolled by Joel)')
                if roller:
                    roll.player = self._roster_entry(html.unescape(roller.group(1)).strip())
            return  # the auto-reports of moves and traits repeat what the commands say
        message = text
        m = cmd._CHAT.match(text)
        if m:
            message = m.group("message")
        turn = _TURN_CHAT.match(message.strip())
        if turn and not self._tracker_seen:  # players announcing "Turn 3 <phase>" in chat
            st = self.state
            st.turn = int(turn.group("turn"))
            phase = st.phase_named(turn.group("phase")) if turn.group("phase") else None
            st.phase, st.phase_known = phase, phase is not None
            st.pass_skipped()
            phase = st.phase
            self._emit(TurnChanged(self._pos(), st.turn, phase.id if phase else None, message,
                                   undo=self._in_undo))
            return
        self._emit(Chatted(self._pos(), text, undo=self._in_undo))

    def _tracker(self, c: cmd.TurnTrackerChange, restored: bool = False) -> None:
        st = self.state
        trackers = st.module.trackers
        self._tracker_seen = True
        index = c.index
        if not trackers or index >= len(trackers):
            return
        key = (index, c.state)
        values = self._tracker_cache.get(key)
        if values is None:  # a long game cycles through the same few tracker states
            if len(self._tracker_cache) >= 10_000:
                self._tracker_cache.clear()
            values = self._tracker_cache[key] = tracker_values(trackers[index], c.state)
        st.set_turn(values)
        phase = st.phase.id if st.phase is not None else None
        self._emit(TurnChanged(self._pos(), st.turn, phase, " ".join(values.values()),
                               undo=self._in_undo))

    def _turn_marker(self, piece: PieceState) -> None:
        """A marker moved onto the turn track sets the turn (when no tracker says it)."""
        game = self.state.game
        if game is None or self._tracker_seen:
            return
        place = piece.place
        if place.track is None or place.track_value is None:
            return
        track = game.track(place.track)
        if track is None or track.kind != "turn":
            return
        if piece.game is not None and piece.game.kind != "marker":
            return
        if self.state.turn != place.track_value:
            self.state.turn = place.track_value
            self._emit(TurnChanged(self._pos(), self.state.turn, None, place.location,
                                   undo=self._in_undo))


def _logged(step: cmd.LogEntry) -> list[cmd.Command]:
    """Every command of a step in order (``LogEntry.logged`` without nested generators)."""
    out: list[cmd.Command] = []
    stack: list[cmd.Command] = [step]
    log_entry = cmd.LogEntry
    while stack:
        node = stack.pop()
        if type(node) is log_entry:
            inner = node.command
            if node.children:
                stack.extend(reversed(node.children))
            if inner is not None:
                if inner.children:
                    out.extend(inner.walk())
                else:
                    out.append(inner)
        else:
            out.extend(node.walk())
    return out


def replay(record: cmd.GameRecord, module: AuditModule, visitors: Iterable[Visitor] = (),
           *, source: str = "<log>") -> Replay:
    """Replay one file; returns the finished replay (state, problems, undone steps).

    >>> from converter.audit.module import AuditModule
    >>> rec = cmd.read_record("begin_save\\x1bend_save\\x1bLOG\\tCHAThi")
    >>> r = replay(rec, AuditModule("<none>", {}, None))
    >>> r.steps, r.problems
    (1, [])
    """
    r = Replay(module, visitors)
    r.run(record, source)
    return r


__all__ = ["Replay", "Visitor", "replay", "Place"]


def roster_name(name: str) -> str:
    """The player's name as a roster entry holds it, without the chat's wrapping: Paths of
    Glory's chatter keeps '&lt;Brian Reynolds (<observer>)&gt;', the name as its chat
    line shows it, escaped; every report shows 'Brian Reynolds' (and the side apart)."""
    name = html.unescape(name)
    if len(name) > 2 and name[0] == "<" and name[-1] == ">":
        name = name[1:-1]
        head, sep, tail = name.rpartition(" (")
        if sep and head.strip() and tail.endswith(")"):
            name = head
    return name
