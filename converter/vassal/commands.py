"""The VASSAL command stream: ESC-joined command trees, read and written (reference §4.3-4.5).

This is a tokenizer only: it turns the text into typed commands and back, and decides nothing
about legality.  Any command it does not know is kept as ``UnknownCommand(raw)`` and written
back unchanged.  ``decode_command(encode_command(c)) == c`` holds for every tree the writer
accepts; it refuses text VASSAL could not read back (a field ending in a backslash, an ESC
inside a command, a whole command wrapped in single quotes).

Speed matters (long logs are replayed many times), so splitting uses ``str.split`` and only
falls back to escape handling where a backslash sits before a delimiter.

To add a command type: a subclass of ``Command`` with its fields in ``__slots__`` (set in its
``__init__``), a ``KIND`` and ``own_text()`` (or of ``_TabCommand`` with a ``PREFIX`` for
``PREFIX⇥field⇥…`` commands, registered in ``_TAB_COMMANDS``), a branch in ``_leaf`` if it has
another shape, and a line in the ``test_each_command_decodes_to_its_type_and_back`` table.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from converter.errors import VassalFormatError
from converter.limits import LOG_COMMANDS, RESULT_DIGITS
from converter.vassal.sequence import split as seq_split

if TYPE_CHECKING:  # the trait decoders are imported when a piece is first decoded
    from converter.vassal.traits import PieceTraits

ESC = "\x1b"
TAB = "\t"
_new_object = object.__new__


# ----------------------------------------------------------------------------- codec

def fast_split(text: str, delimiter: str) -> list[str]:
    """``sequence.split`` at ``str.split`` speed; the same result for every input.

    Every backslash-delimiter pair is an escaped delimiter (§0.2), so the pairs are swapped
    for a placeholder, the text is split, and the placeholder becomes the bare delimiter.
    """
    escaped = "\\" + delimiter
    if escaped not in text:
        raw = text.split(delimiter)
    elif _HOLD not in text:
        raw = text.replace(escaped, _HOLD).split(delimiter)
        raw = [p.replace(_HOLD, delimiter) if _HOLD in p else p for p in raw]
    else:
        raw = _merge_escaped(text.split(delimiter), delimiter)
    if "'" in text:
        for i, piece in enumerate(raw):
            if len(piece) > 1 and piece[0] == "'" and piece[-1] == "'":
                raw[i] = piece[1:-1]
    return raw


_HOLD = "\x00"  # stands in for an escaped delimiter while splitting (falls back if present)


def stack_place(state: str) -> tuple[str, int, int, list[str]] | None:
    """Where a stack stands and which pieces it holds, from its state
    `map;x;y;id1;id2…[;@@layer]`: (map, x, y, member ids); None when it names no map or its
    point is not two integers.  VASSAL saves a piece of an at-start stack with map `null`,
    so import and audit alike place such a piece from its stack."""
    parts = fast_split(state, ";")
    if len(parts) < 3 or parts[0] in ("", "null"):
        return None
    try:
        x, y = int(parts[1]), int(parts[2])
    except ValueError:
        return None
    return parts[0], x, y, [m for m in parts[3:] if m and not m.startswith("@@")]


def deck_place(state: str) -> tuple[str | None, int, int, bool, list[str]]:
    """Where a deck lies, whether face down, and its cards bottom to top, from its state
    `map;x;y;faceDown;id1,id2…` (VASSAL's Deck.getState: the cards are one field, unlike a
    stack's); map None for `null`, a point that is no integer 0.

    >>> deck_place("Force Pool;658;94;true;17,18")
    ('Force Pool', 658, 94, True, ['17', '18'])
    >>> deck_place("Main Map;2486;4001;false")
    ('Main Map', 2486, 4001, False, [])
    """
    parts = seq_split(state, ";")
    map_name = parts[0] if parts and parts[0] not in ("", "null") else None
    x, y = (_int_or_0(parts[i]) if len(parts) > i else 0 for i in (1, 2))
    face_down = parts[3:4] == ["true"]
    cards = [c for c in seq_split(parts[4], ",") if c] if len(parts) > 4 else []
    return map_name, x, y, face_down, cards


def _int_or_0(text: str) -> int:
    return int(text) if text.lstrip("-").isdecimal() else 0


def deck_name(type_text: str) -> str:
    """A deck's name as its DrawPile gives it (the 13th field of its type `deck;…`), or
    'deck' when an old deck has none.

    >>> deck_name("deck;false;0,0,0;60;60;Never;Never;false;false;false;Re-shuffle;;;Cards;;")
    'Cards'
    """
    fields = seq_split(type_text[5:] if type_text.startswith("deck;") else type_text, ";")
    return fields[12] if len(fields) > 12 and fields[12] else "deck"


def _merge_escaped(raw: list[str], delimiter: str) -> list[str]:
    merged: list[str] = []
    buf: list[str] = []
    for piece in raw:
        if piece.endswith("\\"):
            # an escaped delimiter: drop the backslash, keep the delimiter as text
            buf.append(piece[:-1])
            buf.append(delimiter)
        elif buf:
            buf.append(piece)
            merged.append("".join(buf))
            buf = []
        else:
            merged.append(piece)
    if buf:
        # the text ended with a backslash, not an escape: put it back
        buf[-1] = "\\"
        merged.append("".join(buf))
    return merged


def fast_join(fields: list[str], delimiter: str) -> str:
    """``sequence.join`` for strings; refuses a field ending in a backslash that VASSAL
    does not quote (unreadable: it escapes the next delimiter)."""
    out = []
    for text in fields:
        if not text:
            out.append("")
            continue
        if text[-1] == "\\" and text[0] != "\\":
            raise VassalFormatError(
                f"field {text[:60]!r} ends with a backslash, which VASSAL cannot read back")
        if delimiter in text:
            text2 = text.replace(delimiter, "\\" + delimiter)
        else:
            text2 = text
        if text[0] == "\\" or (text[0] == "'" and text[-1] == "'"):
            text2 = "'" + text2 + "'"
        out.append(text2)
    return delimiter.join(out)


# ----------------------------------------------------------------------------- commands

class Command:
    """One node of a command tree; ``children`` are its sub-commands, in order.

    Commands are plain classes with ``__slots__``, not dataclasses: every `vconv dump` and
    audit starts by importing them, and creating two dozen dataclasses took longer than
    decoding a whole log.  They behave as slotted dataclasses would: the fields (each class's
    ``__slots__``, in order) are shown by ``repr`` (``children`` is not) and compared by
    ``==`` together with the children, and a command is not hashable.
    """

    __slots__ = ("children",)
    _FIELDS: ClassVar[tuple[str, ...]] = ()  # the slots but children, base class first
    KIND: ClassVar[str] = "Command"
    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # mutable, compared by value

    def __init__(self, *, children: list[Command] | None = None) -> None:
        self.children: list[Command] = [] if children is None else children

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_FIELDS" not in cls.__dict__:  # (a class with a field read lazily names its own)
            cls._FIELDS = cls._FIELDS + tuple(cls.__dict__.get("__slots__", ()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELDS)
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.children == other.children and all(
            getattr(self, name) == getattr(other, name) for name in self._FIELDS)

    def own_text(self) -> str:
        raise NotImplementedError

    def walk(self) -> Iterator[Command]:
        """This command and all its descendants, parent before children."""
        stack: list[Command] = [self]
        while stack:
            node = stack.pop()
            yield node
            if node.children:
                stack.extend(reversed(node.children))


class NullCommand(Command):
    """The empty command (a parent of restored pieces, or VASSAL's dropped version check)."""

    __slots__ = ()
    KIND: ClassVar[str] = "Null"

    def own_text(self) -> str:
        return ""


class SetupCommand(Command):
    """``begin_save`` (game_starting False) / ``end_save`` (True) around the restored game."""

    __slots__ = ("game_starting",)
    KIND: ClassVar[str] = "SetupCommand"

    def __init__(self, game_starting: bool, *, children: list[Command] | None = None) -> None:
        self.game_starting = game_starting
        self.children = [] if children is None else children

    def own_text(self) -> str:
        return "end_save" if self.game_starting else "begin_save"


class AddPiece(Command):
    """``+/id/type/state``: a piece (or stack, deck) enters the game."""

    __slots__ = ("id", "type", "state")
    KIND: ClassVar[str] = "AddPiece"

    def __init__(self, id: str, type: str, state: str, *,
                 children: list[Command] | None = None) -> None:
        self.id = id
        self.type = type
        self.state = state
        self.children = [] if children is None else children

    def own_text(self) -> str:
        return "+/" + fast_join([self.id, self.type, self.state], "/")

    @property
    def is_stack(self) -> bool:
        return self.type == "stack"

    @property
    def is_piece(self) -> bool:
        """False for stacks and decks, whose type/state are not trait chains."""
        return not (self.type == "stack" or self.type.startswith("deck;"))

    def piece(self) -> PieceTraits | None:
        """The decoded trait chain (name, layers, mask, properties); None for a stack/deck.

        Decoded on demand, so reading a long log stays fast.

        Raises:
            VassalFormatError: the type and state chains do not match.
        """
        if not self.is_piece:
            return None
        from converter.vassal.traits import decode_piece
        return decode_piece(self.type, self.state)


class RemovePiece(Command):
    """``-/id``: a piece leaves the game."""

    __slots__ = ("id",)
    KIND: ClassVar[str] = "RemovePiece"

    def __init__(self, id: str, *, children: list[Command] | None = None) -> None:
        self.id = id
        self.children = [] if children is None else children

    def own_text(self) -> str:
        return "-/" + self.id  # the id is not escaped (VASSAL's RemovePiece encoder)


class ChangePiece(Command):
    """``D/id/newState[/oldState]``: a piece's state chain changes (flip, label, layer...)."""

    __slots__ = ("id", "new_state", "old_state")
    KIND: ClassVar[str] = "ChangePiece"

    def __init__(self, id: str, new_state: str, old_state: str | None = None, *,
                 children: list[Command] | None = None) -> None:
        self.id = id
        self.new_state = new_state
        self.old_state = old_state
        self.children = [] if children is None else children

    def own_text(self) -> str:
        fields = [self.id, self.new_state]
        if self.old_state is not None:
            fields.append(self.old_state)
        return "D/" + fast_join(fields, "/")

    def piece(self, type_text: str) -> PieceTraits:
        """The new state decoded against the piece's type (from its AddPiece)."""
        from converter.vassal.traits import decode_piece
        return decode_piece(type_text, self.new_state)

    def old_piece(self, type_text: str) -> PieceTraits | None:
        from converter.vassal.traits import decode_piece
        return None if self.old_state is None else decode_piece(type_text, self.old_state)


class MovePiece(Command):
    """``M/...``: a piece moves; maps by mapName (None = off-map), map pixel coordinates."""

    __slots__ = ("id", "new_map", "new_x", "new_y", "new_under", "old_map", "old_x", "old_y",
                 "old_under", "player_id")
    KIND: ClassVar[str] = "MovePiece"

    def __init__(self, id: str, new_map: str | None, new_x: int, new_y: int,
                 new_under: str | None, old_map: str | None, old_x: int, old_y: int,
                 old_under: str | None, player_id: str | None = None, *,
                 children: list[Command] | None = None) -> None:
        self.id = id
        self.new_map = new_map
        self.new_x = new_x
        self.new_y = new_y
        self.new_under = new_under
        self.old_map = old_map
        self.old_x = old_x
        self.old_y = old_y
        self.old_under = old_under
        self.player_id = player_id  # VASSAL writes the mover's password here (privacy!)
        self.children = [] if children is None else children

    def own_text(self) -> str:
        fields = [self.id, _null(self.new_map), str(self.new_x), str(self.new_y),
                  _null(self.new_under), _null(self.old_map), str(self.old_x), str(self.old_y),
                  _null(self.old_under)]
        if self.player_id is not None:
            fields.append(self.player_id)
        return "M/" + fast_join(fields, "/")


class DiceReport(NamedTuple):
    """A dice result recognised in a chat line (the line itself stays on the Chat)."""

    label: str
    result: str
    values: tuple[int, ...] | None
    player: str | None


_DICE = re.compile(r"^\*\*\* ?(?P<label>.*?) = (?P<result>.*?) \*\*\*(?P<rest>.*)$", re.S)
_PLAYER = re.compile(r"(?:&lt;|<)(?P<name>[^<>&]*)(?:&gt;|>)")
_CHAT = re.compile(r"^(?:&lt;|<)(?P<sender>.*?)(?:&gt;|>) - (?P<message>.*)$", re.S)


class Chat(Command):
    """``CHAT`` + text: player chat and the ``*``-reports of moves, traits and dice."""

    __slots__ = ("text",)
    KIND: ClassVar[str] = "Chat"

    def __init__(self, text: str, *, children: list[Command] | None = None) -> None:
        self.text = text
        self.children = [] if children is None else children

    def own_text(self) -> str:
        return "CHAT" + self.text

    @property
    def is_report(self) -> bool:
        return self.text.startswith("*")

    @property
    def sender(self) -> str | None:
        """The player name of a chat line ``<Alice> - hi`` (None for reports)."""
        m = _CHAT.match(self.text)
        return m.group("sender") if m else None

    @property
    def message(self) -> str:
        """The text after ``<Alice> - `` for player chat; the whole line otherwise."""
        m = _CHAT.match(self.text)
        return m.group("message") if m else self.text

    @property
    def dice(self) -> DiceReport | None:
        """The dice roll this line reports (``*** 2d6 = 3,4 *** <Alice>``), if it is one."""
        m = _DICE.match(self.text)
        if not m:
            return None
        result = m.group("result").strip()
        values: tuple[int, ...] | None = None
        items = [v.strip() for v in re.split(r"[,/ ]+", result) if v.strip()]
        if items and all(v.lstrip("-").isdecimal() and v.isascii()
                         and len(v) <= RESULT_DIGITS.default for v in items):
            values = tuple(int(v) for v in items)
        p = _PLAYER.search(m.group("rest"))
        return DiceReport(label=m.group("label"), result=result, values=values,
                          player=p.group("name") if p else None)


class LogEntry(Command):
    """``LOG⇥cmd``: one logged command; a top-level entry is one replay step.

    ``command`` is None for ``LOG⇥null`` (VASSAL 3.6's wrapper of a drag, add or delete).
    The step's further commands are nested ``LogEntry`` children.
    """

    __slots__ = ("command",)
    KIND: ClassVar[str] = "Log"

    def __init__(self, command: Command | None, *, children: list[Command] | None = None) -> None:
        self.command = command
        self.children = [] if children is None else children

    def own_text(self) -> str:
        if self.command is None:
            return "LOG\tnull"
        if self.command.children:
            raise VassalFormatError("a logged command's sub-commands must be nested LogEntry "
                                    "children, not children of the logged command")
        inner = self.command.own_text()
        _check_own(inner)
        return "LOG\t" + inner

    def logged(self) -> Iterator[Command]:
        """Every command of this step in order (null wrappers give nothing)."""
        # a command without children is yielded as is, without a nested generator for it:
        # most of a step is such report lines
        command = self.command
        if command is not None:
            if command.children:
                yield from command.walk()
            else:
                yield command
        for child in self.children:
            node: Command | None = child
            if isinstance(child, LogEntry):
                if child.children:
                    yield from child.logged()
                    continue
                node = child.command  # a wrapper of one command: that command
            if node is None:
                continue  # a null wrapper
            if node.children:
                yield from node.walk()
            else:
                yield node

    def entries(self) -> Iterator[LogEntry]:
        """This LOG wrapper and every LOG wrapper nested in it."""
        yield self
        for child in self.children:
            if isinstance(child, LogEntry):
                if child.children:
                    yield from child.entries()
                else:  # the usual report line: no nested generator for it
                    yield child


class _TabCommand(Command):
    """A command written ``PREFIX⇥field⇥field…`` with the SequenceEncoder on TAB."""

    __slots__ = ("fields",)
    PREFIX: ClassVar[str] = ""

    def __init__(self, fields: tuple[str, ...], *, children: list[Command] | None = None) -> None:
        self.fields = fields
        self.children = [] if children is None else children

    def own_text(self) -> str:
        return fast_join([self.PREFIX, *self.fields], TAB)

    def field(self, index: int, default: str = "") -> str:
        return self.fields[index] if index < len(self.fields) else default


class Undo(_TabCommand):
    """``UNDO⇥true`` / ``UNDO⇥false`` bracket the inverse commands of an undo."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "UNDO"
    KIND: ClassVar[str] = "Undo"

    @property
    def in_progress(self) -> bool:
        return self.field(0) == "true"


class PropertyChange(_TabCommand):
    """``MutableProperty⇥name⇥old⇥new⇥container``: a global/map/zone property changes."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "MutableProperty"
    KIND: ClassVar[str] = "PropertyChange"

    name = property(lambda self: self.field(0))
    old_value = property(lambda self: self.field(1))
    new_value = property(lambda self: self.field(2))
    container = property(lambda self: self.field(3))


class GlobalPropertyRestore(Command):
    """``GlobalProperty⇥;name;value;container`` in the restored game.

    A save restores every global property of the game (hundreds in a bundled game's log)
    and a replay reads none of them, so a decoded one (`from_line`) keeps its line and
    splits it into `values` when they are first read."""

    __slots__ = ("_values", "_line")
    _FIELDS: ClassVar[tuple[str, ...]] = ("values",)
    KIND: ClassVar[str] = "GlobalProperty"
    _HEAD: ClassVar[str] = "GlobalProperty\t"  # how its line starts

    def __init__(self, values: tuple[str, ...], *,
                 children: list[Command] | None = None) -> None:
        self._values: tuple[str, ...] | None = values
        self._line = ""
        self.children = [] if children is None else children

    @classmethod
    def from_line(cls, line: str) -> GlobalPropertyRestore:
        """The command of a line ``GlobalProperty⇥…``, its values not yet split.  Made
        without `__init__` (whose keyword handling cost more than the rest of reading
        one): the decoder makes hundreds, one after the other."""
        made = _new_object(cls)
        made._values = None
        made._line = line
        made.children = []
        return made

    @property
    def values(self) -> tuple[str, ...]:
        values = self._values
        if values is None:
            values = self._values = tuple(fast_split(self._line[len(self._HEAD):], ";"))
        return values

    def own_text(self) -> str:
        return self._HEAD + fast_join(list(self.values), ";")

    name = property(lambda self: self.values[1] if len(self.values) > 1 else "")
    value = property(lambda self: self.values[2] if len(self.values) > 2 else "")


class TurnTrackerChange(Command):
    """``TURN<trackerId>⇥state``: the turn tracker's levels (``current|level1|level2…``)."""

    __slots__ = ("tracker_id", "state")
    KIND: ClassVar[str] = "TurnTracker"

    def __init__(self, tracker_id: str, state: str, *,
                 children: list[Command] | None = None) -> None:
        self.tracker_id = tracker_id
        self.state = state
        self.children = [] if children is None else children

    def own_text(self) -> str:
        return "TURN" + fast_join([self.tracker_id, self.state], TAB)

    @property
    def levels(self) -> list[str]:
        return fast_split(self.state, "|")

    @property
    def index(self) -> int:
        """Which of the module's turn trackers this is: VASSAL ids them TurnTracker<n>, n
        their place in the build file (0 when the id ends in no number)."""
        m = _TRACKER_INDEX.search(self.tracker_id)
        return int(m.group(1)) if m else 0


_TRACKER_INDEX = re.compile(r"(\d+)$")


class BoardPlacement(NamedTuple):
    """One board of a SetBoards: its name, whether it is reversed, its column and row."""

    name: str
    reversed: bool
    column: int
    row: int


class SetBoards(Command):
    """``<mapName>BoardPicker⇥board⇥col⇥row…``: which boards a map shows."""

    __slots__ = ("map_name", "fields")
    KIND: ClassVar[str] = "SetBoards"

    def __init__(self, map_name: str, fields: tuple[str, ...], *,
                 children: list[Command] | None = None) -> None:
        self.map_name = map_name
        self.fields = fields
        self.children = [] if children is None else children

    def own_text(self) -> str:
        return fast_join([self.map_name + "BoardPicker", *self.fields], TAB)

    @property
    def boards(self) -> list[BoardPlacement]:
        out = []
        f = self.fields
        for i in range(0, len(f) - 2, 3):
            name, rev = (f[i][:-4], True) if f[i].endswith("/rev") else (f[i], False)
            out.append(BoardPlacement(name, rev, _int(f[i + 1]), _int(f[i + 2])))
        return out


class MarkGameNotNew(_TabCommand):
    """``SETUP_STACK⇥``: not a new game, so at-start stacks are not placed again."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "SETUP_STACK"
    KIND: ClassVar[str] = "MarkGameNotNew"


class PlayerJoin(_TabCommand):
    """``PLAYER⇥id⇥name⇥side``: a roster entry; the id is the player's password."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "PLAYER"
    KIND: ClassVar[str] = "Player"

    player_id = property(lambda self: self.field(0))
    name = property(lambda self: self.field(1))
    side = property(lambda self: self.field(2))


class PlayerRemove(_TabCommand):
    """``PYREMOVE⇥id``: a player leaves the roster."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "PYREMOVE"
    KIND: ClassVar[str] = "PlayerRemove"


class PrivateNote(_TabCommand):
    """``PNOTE⇥owner⇥text``: a private note; the owner is the player's password."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "PNOTE"
    KIND: ClassVar[str] = "PrivateNote"


class SecretNote(_TabCommand):
    """``SNOTE⇥…``: a secret note (owner id, name, time, hidden text)."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "SNOTE"
    KIND: ClassVar[str] = "SecretNote"


class VersionCheck(_TabCommand):
    """``CHECK⇥condition⇥action``: a pre-3.0 version check (3.x ignores it)."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "CHECK"
    KIND: ClassVar[str] = "VersionCheck"


class SecureEmail(_TabCommand):
    """``SEMAIL⇥…``: an old e-mail address record (3.x ignores it)."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "SEMAIL"
    KIND: ClassVar[str] = "SecureEmail"


class SpecialDiceResults(_TabCommand):
    """``SHOW_RESULTS⇥button⇥face…``: the faces of a graphical (special) dice roll."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "SHOW_RESULTS"
    KIND: ClassVar[str] = "SpecialDice"

    button = property(lambda self: self.field(0))


class ComponentState(_TabCommand):
    """``PREFIX⇥field…`` that a module component writes to carry its own state (VASSAL's
    Startup Global Key Command, chess clocks, the LOS thread, a flare): named, never judged."""

    __slots__ = ()


class StartupKeyState(ComponentState):
    """``SGKC⇥id⇥fired``: whether a Startup Global Key Command has fired (VASSAL 3.7)."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "SGKC"
    KIND: ClassVar[str] = "StartupGlobalKey"


class ChessClockState(ComponentState):
    """``CLOCK⇥…``: one player's chess clock (its side, time, running)."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "CLOCK"
    KIND: ClassVar[str] = "ChessClock"


class ChessClockControlState(ComponentState):
    """``CLOCKCONTROL⇥…``: the chess clocks' controls."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "CLOCKCONTROL"
    KIND: ClassVar[str] = "ChessClockControl"


class LosThreadState(ComponentState):
    """``LOS⇥thread⇥x⇥y⇥x⇥y…``: a line of sight drawn and kept on the map."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "LOS"
    KIND: ClassVar[str] = "LosThread"


class FlareState(ComponentState):
    """``FLARE⇥map⇥x⇥y…``: a flare shown on a map."""

    __slots__ = ()
    PREFIX: ClassVar[str] = "FLARE"
    KIND: ClassVar[str] = "Flare"


class Notes(Command):
    """``NOTES⇥text`` (scenario notes) or ``PNOTES⇥text`` (public notes); text kept raw."""

    __slots__ = ("public", "text")
    KIND: ClassVar[str] = "Notes"

    def __init__(self, public: bool, text: str, *, children: list[Command] | None = None) -> None:
        self.public = public
        self.text = text
        self.children = [] if children is None else children

    def own_text(self) -> str:
        return ("PNOTES\t" if self.public else "NOTES\t") + self.text


class PlayAudio(Command):
    """``AUDIO⇥clip``: a Play Sound trait or an action button plays a sound file of the
    module (VASSAL's PlayAudioClipCommand); the clip name is kept raw."""

    __slots__ = ("clip",)
    KIND: ClassVar[str] = "PlayAudio"

    def __init__(self, clip: str, *, children: list[Command] | None = None) -> None:
        self.clip = clip
        self.children = [] if children is None else children

    def own_text(self) -> str:
        return "AUDIO\t" + self.clip


class UnknownCommand(Command):
    """A command this reader has no type for: kept verbatim, never dropped."""

    __slots__ = ("raw",)
    KIND: ClassVar[str] = "Unknown"

    def __init__(self, raw: str, *, children: list[Command] | None = None) -> None:
        self.raw = raw
        self.children = [] if children is None else children

    def own_text(self) -> str:
        return self.raw


_TAB_COMMANDS: dict[str, type[_TabCommand]] = {
    c.PREFIX: c for c in (Undo, PropertyChange, MarkGameNotNew, PlayerJoin, PlayerRemove,
                          PrivateNote, SecretNote, VersionCheck, SecureEmail,
                          SpecialDiceResults, StartupKeyState, ChessClockState,
                          ChessClockControlState, LosThreadState, FlareState)
}


# ----------------------------------------------------------------------------- decoding

class _Located(VassalFormatError):
    """A decode error that learns its position in the tree as it bubbles up."""

    def __init__(self, message: str, path: list[int]) -> None:
        self.bare = message
        self.path = path
        super().__init__(message)

    def __str__(self) -> str:
        path = [str(i) for i in self.path]
        if len(path) > 12:  # a hostile depth: the ends say where, not 200 indices
            where = f"{'/'.join(path[:6])}/.../{'/'.join(path[-3:])} ({len(path)} levels)"
        else:
            where = "/".join(path) or "root"
        return f"command {where}: {self.bare}"


def decode_command(text: str, *, source: str | None = None) -> Command:
    """Decode one encoded command tree (a whole savedGame text, or one command).

    >>> decode_command("begin_save\\x1bend_save").children
    [SetupCommand(game_starting=True)]

    Raises:
        VassalFormatError: a known command with unreadable fields; the message names
            *source*, the command's position in the tree (child indices) and, in a log,
            the step.
    """
    limit = LOG_COMMANDS.value()
    try:
        with _gc_paused(promote=len(text) >= PROMOTE_TEXT_CHARS):
            if ESC not in text:
                return _decode(text)  # one command
            # each command but the first follows an ESC: cut at no more than *limit* of
            # them, so a text of too many commands is refused without a list of them all
            # (and the text is not scanned once more to count them before it is cut)
            pieces = text.split(ESC, limit)
            if len(pieces) <= limit:
                return _decode_pieces(pieces, "'" in text, 0)
    except _Located as exc:
        prefix = f"{source}: " if source else ""
        raise VassalFormatError(prefix + str(exc) + _step_of(text, exc.path)) from None
    except RecursionError:
        prefix = f"{source}: " if source else ""
        raise VassalFormatError(prefix + "command tree nested too deeply to read") from None
    commands = text.count(ESC) + 1
    raise VassalFormatError(LOG_COMMANDS.refusal(source or "savedGame", f"{commands} commands"))


def _step_of(text: str, path: list[int]) -> str:
    """' (in logged step N)' when the bad command sits in a top-level LOG entry."""
    if not path or path[0] == 0:
        return ""
    top = fast_split(text, ESC)
    if path[0] >= len(top) or not top[path[0]].startswith("LOG\t"):
        return ""
    step = sum(1 for part in top[1:path[0] + 1] if part.startswith("LOG\t"))
    return f" (in logged step {step})"


PROMOTE_TEXT_CHARS = 1 << 20  # from this text length, the tree goes to the oldest GC generation
MAX_DEPTH = 200  # VASSAL's own files nest a few levels; deeper is hostile (and quadratic)


@contextmanager
def _gc_paused(promote: bool = False) -> Iterator[None]:
    """Building a big tree makes no cycles, yet the collector rescans it again and again
    (a third of the decode time of a large save); pause it while the tree is built."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if promote and gc.get_freeze_count() == 0:
                # Left young, a large new tree would be scanned whole by the very next
                # collection (a fifth of a large log's replay time) and again on each
                # promotion; freeze then unfreeze moves it, unscanned, to the oldest
                # generation, which only full collections visit.  Only for large texts (small
                # ones cost little to scan, and frequent promotion would starve the young
                # collections); skipped if anyone froze objects, so none is unfrozen.
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _decode(text: str, depth: int = 0) -> Command:
    if depth > MAX_DEPTH:
        raise _Located(f"commands nested more than {MAX_DEPTH} levels deep", [])
    if ESC not in text:
        if len(text) > 1 and text[0] == "'" and text[-1] == "'":
            return _decode(text[1:-1], depth + 1)
        return _leaf(text, depth)
    return _decode_pieces(text.split(ESC), "'" in text, depth)


def _decode_pieces(pieces: list[str], quotes: bool, depth: int) -> Command:
    """The command whose text is ``ESC.join(pieces)``: its own text, then its children.

    The text is split on every ESC once, and the pieces are regrouped here: a piece ending
    in a backslash ends in an escaped ESC, so it and the pieces after it form one field, a
    child with children of its own.  That child's pieces are the same pieces with the one
    escaping backslash dropped, so a sub-tree (a save's restored pieces are one) is never
    unescaped and split again as a whole.  *quotes* is False when no piece holds a ``'``,
    so no field can be quote-wrapped.
    """
    if depth > MAX_DEPTH:
        raise _Located(f"commands nested more than {MAX_DEPTH} levels deep", [])
    node: Command | None = None
    index = 0  # the field being decoded: 0 is the command's own text, then its children
    i, last = 0, len(pieces) - 1
    try:
        while i <= last:
            piece = pieces[i]
            i += 1
            if piece[-1:] != "\\" or i > last:
                # a field without ESC (a trailing backslash at the very end is kept as text)
                requoted = False
                if quotes and len(piece) > 1 and piece[0] == "'" and piece[-1] == "'":
                    piece = piece[1:-1]
                    requoted = len(piece) > 1 and piece[0] == "'" and piece[-1] == "'"
                if requoted or (node is None and depth >= MAX_DEPTH):
                    child = _decode(piece, depth + 1)  # strips the quotes, or says how deep
                elif node is not None and piece[:2] == "+/" and not (quotes and "'" in piece):
                    # a save is mostly AddPiece, one after the other: each is cut here at
                    # its two separators, found from each end (its type holds many escaped
                    # '/', its id and state seldom any), without splitting the type at each
                    # of them, and the next piece is taken at once while it is another
                    children = node.children
                    while True:
                        k = piece.find("/", 2)
                        j = piece.rfind("/")
                        # (each escaped '/' of the type makes it one shorter un-escaped: if
                        # that many '/' are left, none of the type's ends a field)
                        if (1 < k < j and piece[k - 1] != "\\" and piece[j - 1] != "\\"
                                and (type_text := piece[k + 1:j].replace("\\/", "/"))
                                .count("/") == j - k - 1 - len(type_text)):
                            children.append(AddPiece(piece[2:k], type_text, piece[j + 1:]))
                        else:
                            children.append(_add(piece))
                        index += 1
                        if i > last:
                            break
                        piece = pieces[i]
                        if (piece[:2] != "+/" or piece[-1:] == "\\"
                                or (quotes and "'" in piece)):
                            break  # anything else: the general steps above
                        i += 1
                    continue
                elif node is not None and piece[:15] == "GlobalProperty\t":
                    # a game's global properties, restored one after the other (hundreds in
                    # a bundled game's log): each made here, as `_leaf` makes it
                    children = node.children
                    restore = GlobalPropertyRestore.from_line
                    while True:
                        children.append(restore(piece))
                        index += 1
                        if i > last:
                            break
                        piece = pieces[i]
                        if piece[:15] != "GlobalProperty\t" or piece[-1:] == "\\":
                            break  # anything else: the general steps above
                        i += 1
                    continue
                else:
                    child = _leaf(piece, depth + 1)
            else:
                group = [piece[:-1]]
                while i < last and pieces[i][-1:] == "\\":
                    group.append(pieces[i][:-1])
                    i += 1
                group.append(pieces[i])
                i += 1
                if quotes and group[0][:1] == "'" and group[-1][-1:] == "'":
                    group[0] = group[0][1:]
                    group[-1] = group[-1][:-1]
                child = _decode_pieces(group, quotes, depth + 1)
            if node is None:
                node = child
            else:
                node.children.append(child)
            index += 1
    except _Located as exc:
        exc.path.insert(0, index)
        raise
    assert node is not None  # there are always at least two pieces
    return node


def _leaf(text: str, depth: int) -> Command:
    if text[:4] == "LOG\t":  # half of a log's commands: checked first
        inner = text[4:]
        if inner == "null":
            return LogEntry(None)
        if (depth >= MAX_DEPTH or ESC in inner
                or (len(inner) > 1 and inner[0] == "'" and inner[-1] == "'")):
            return LogEntry(_decode(inner, depth + 1))
        parser = _BY_HEAD.get(inner[:2])  # a logged move, change, add or removal
        return LogEntry(_leaf(inner, depth + 1) if parser is None else parser(inner))
    parser = _BY_HEAD.get(text[:2])
    if parser is not None:
        return parser(text)
    if text.startswith("CHAT"):
        return Chat(text[4:])
    tab = text.find(TAB)
    if tab >= 0:
        word = text[:tab]
        cls = _TAB_COMMANDS.get(word)
        if cls is not None:
            return cls(tuple(fast_split(text[tab + 1:], TAB)))
        if word == "LOG":
            inner = text[4:]
            return LogEntry(None if inner == "null" else _decode(inner, depth + 1))
        if word == "GlobalProperty":
            return GlobalPropertyRestore.from_line(text)
        if word == "NOTES" or word == "PNOTES":
            return Notes(word == "PNOTES", text[tab + 1:])
        if word == "AUDIO":
            return PlayAudio(text[tab + 1:])
        if word.endswith("BoardPicker"):
            return SetBoards(word[:-11], tuple(fast_split(text[tab + 1:], TAB)))
        if word.startswith("TURN"):
            parts = fast_split(text[4:], TAB)
            if len(parts) == 2:
                return TurnTrackerChange(parts[0], parts[1])
    elif text == "begin_save":
        return SetupCommand(False)
    elif text == "end_save":
        return SetupCommand(True)
    elif text == "":
        return NullCommand()
    return UnknownCommand(text)


def _add(text: str) -> Command:
    f = text[2:].split("/") if "\\/" not in text and "'" not in text \
        else fast_split(text[2:], "/")
    if len(f) < 3:
        raise _Located(f"AddPiece needs id/type/state, got {len(f)} field(s): {text[:60]!r}", [])
    return AddPiece(f[0], f[1], f[2])


def _remove(text: str) -> Command:
    return RemovePiece(text[2:])


def _change(text: str) -> Command:
    f = fast_split(text[2:], "/")
    if len(f) < 2:
        raise _Located(f"ChangePiece needs id/newState, got {text[:60]!r}", [])
    return ChangePiece(f[0], f[1], f[2] if len(f) > 2 else None)


def _move(text: str) -> Command:
    f = text[2:].split("/") if "\\" not in text and "'" not in text \
        else fast_split(text[2:], "/")
    if len(f) < 9:
        raise _Located(f"MovePiece needs 9 fields, got {len(f)}: {text[:80]!r}", [])
    try:
        return MovePiece(f[0], None if f[1] == "null" else f[1], int(f[2]), int(f[3]),
                         None if f[4] == "null" else f[4], None if f[5] == "null" else f[5],
                         int(f[6]), int(f[7]), None if f[8] == "null" else f[8],
                         f[9] if len(f) > 9 else None)
    except ValueError:
        raise _Located(f"MovePiece coordinates are not integers: {text[:80]!r}", []) from None


_BY_HEAD: dict[str, Callable[[str], Command]] = {
    "+/": _add, "-/": _remove, "D/": _change, "M/": _move,
}


def _null(value: str | None) -> str:
    return "null" if value is None else value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0


# ----------------------------------------------------------------------------- encoding

def encode_command(command: Command) -> str:
    """The text of a command tree, as VASSAL's GameModule.encode writes it.

    Raises:
        VassalFormatError: a field that VASSAL could not read back (ends with a backslash).
    """
    own = command.own_text()
    _check_own(own)
    if not command.children:
        return own
    return fast_join([own, *(encode_command(c) for c in command.children)], ESC)


def _check_own(own: str) -> None:
    if ESC in own:  # it would read back as sub-commands
        raise VassalFormatError(f"command text holds an ESC character: {own[:60]!r}")
    if len(own) > 1 and own[0] == "'" and own[-1] == "'":  # the reader strips the quotes
        raise VassalFormatError(f"command text is wrapped in single quotes: {own[:60]!r}")


# ----------------------------------------------------------------------------- game record

class GameRecord:
    """A decoded save or log: the restored game, then the logged steps (``LOG`` entries)."""

    __slots__ = ("root", "steps")
    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # mutable, compared by value

    def __init__(self, root: Command, steps: list[LogEntry]) -> None:
        self.root = root
        self.steps = steps

    def __repr__(self) -> str:
        return f"GameRecord(root={self.root!r}, steps={self.steps!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.root, self.steps) == (other.root, other.steps)

    def restored(self) -> list[Command]:
        """Every command of the restored game (the tree with the LOG entries left out), in
        file order.

        A list, made by walking each node's children in one loop (a save restores thousands
        of commands, nearly all children of one or two nodes)."""
        if isinstance(self.root, LogEntry):
            return []
        out: list[Command] = [self.root]
        walks = [iter(self.root.children)]
        log_entry = LogEntry
        while walks:
            for node in walks[-1]:
                if isinstance(node, log_entry):
                    continue
                out.append(node)
                if node.children:
                    walks.append(iter(node.children))
                    break
            else:
                walks.pop()
        return out

    def log_entries(self) -> Iterator[LogEntry]:
        """Every LOG wrapper, nested ones included, in file order."""
        for step in self.steps:
            yield from step.entries()

    def unknown(self) -> list[UnknownCommand]:
        """Commands with no type (kept raw); a clean real file has none."""
        return [c for c in self.all_commands() if isinstance(c, UnknownCommand)]

    def to_text(self) -> str:
        """The savedGame text of this record (``read_record(r.to_text()) == r``)."""
        return encode_command(self.root)

    def all_commands(self) -> Iterator[Command]:
        yield from self.restored()
        for step in self.steps:
            for entry in step.entries():
                yield entry
            yield from step.logged()


def read_record(text: str, *, source: str | None = None) -> GameRecord:
    """Decode a savedGame text and separate the restored game from the logged steps.

    >>> rec = read_record("begin_save\\x1bend_save\\x1bLOG\\tCHAThi\\x1bLOG\\t-/7")
    >>> [step.command for step in rec.steps]
    [Chat(text='hi'), RemovePiece(id='7')]

    Raises:
        VassalFormatError: as ``decode_command``.
    """
    root = decode_command(text, source=source)
    steps: list[LogEntry] = []
    if isinstance(root, LogEntry):
        steps.append(root)
    else:
        _find_steps(root, steps)
    return GameRecord(root=root, steps=steps)


def _find_steps(node: Command, steps: list[LogEntry]) -> None:
    """Top-level LOG entries in file order (depth is bounded by MAX_DEPTH)."""
    for child in node.children:
        if isinstance(child, LogEntry):
            steps.append(child)
        elif child.children:
            _find_steps(child, steps)


def counts(commands: Iterable[Command]) -> dict[str, int]:
    """How many commands of each kind (for reports and tests)."""
    out: dict[str, int] = {}
    for c in commands:
        out[c.KIND] = out.get(c.KIND, 0) + 1
    return out

