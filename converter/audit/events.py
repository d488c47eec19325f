"""What happened in a recorded game, one event per command that matters, each with its place
in the file (python-chess style: the reader tokenizes, the replay turns commands into these
events, the checks read them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from converter.audit.places import Place

if TYPE_CHECKING:
    from converter.audit.state import PieceState


class LogPos(NamedTuple):
    """Where an event sits: the file, the replay step (0 = the restored game) and the
    index of the command among all the file's commands.  (A tuple: one is made per event.)"""

    file: str
    step: int
    index: int  # type: ignore[assignment]  # the command's index; shadows tuple.index

    def label(self) -> str:
        where = "restored game" if self.step == 0 else f"step {self.step}"
        return f"{self.file}: {where} (command {self.index})"


@dataclass(slots=True)
class Event:
    pos: LogPos
    undo: bool = field(default=False, kw_only=True)  # part of an undo (inverse commands)
    player: str | None = field(default=None, kw_only=True)  # player name or side, never the id


@dataclass(slots=True)
class PieceAdded(Event):
    piece: PieceState
    place: Place
    restored: bool = False


@dataclass(slots=True)
class PieceMoved(Event):
    piece: PieceState
    origin: Place
    destination: Place
    from_xy: tuple[int, int] = (0, 0)   # map pixels, for drawing the move
    to_xy: tuple[int, int] = (0, 0)

    @property
    def on_one_board(self) -> bool:
        """A move between two known places of one game board: the moves that movement
        allowances and move limits count."""
        o, d = self.origin, self.destination
        return o.key is not None and d.key is not None and o.game_board == d.game_board \
            and o.key != d.key


@dataclass(slots=True)
class PieceChanged(Event):
    piece: PieceState
    old_step: int | None
    new_step: int | None
    old_masked: bool
    new_masked: bool
    old_name: str
    new_name: str


@dataclass(slots=True)
class PieceTouched(Event):
    """A piece whose state changed in nothing the audit reads (a marker layer, a property):
    the step list still says what changed, from the texts, when it is shown."""

    name: str
    type_text: str
    old_state: str
    new_state: str


@dataclass(slots=True)
class PieceRemoved(Event):
    piece: PieceState
    place: Place


@dataclass(slots=True)
class DiceRolled(Event):
    label: str
    result: str
    values: tuple[int, ...] | None
    die: str | None  # the game's die id, when the button is one of the game's dice


@dataclass(slots=True)
class TurnChanged(Event):
    turn: int | None
    phase: str | None  # the game's phase id (a leaf of the sequence), when known
    text: str = ""


@dataclass(slots=True)
class Chatted(Event):
    text: str


@dataclass(slots=True)
class Reported(Event):
    """VASSAL's own report of what a step did (a '* …' chat line that is no dice roll): the
    step list's words for a change the audit does not read."""

    text: str


@dataclass(slots=True)
class EmptyStackMoved(Event):
    """A stack that holds no piece dragged elsewhere (The Longest Day's log drags empty stacks
    of its airborne display): nothing moves, but the step is the player's, and is listed."""

    origin: Place
    destination: Place


@dataclass(slots=True)
class StackReordered(Event):
    """A stack's pieces put in another order, or a piece already at its point put in it,
    none moved (The Longest Day's log lifts a unit to the top of its hex's stack): the
    stack's place and its pieces, bottom first."""

    place: Place
    pieces: tuple[object, ...]  # each piece's name as it was (`PieceName`, shown when asked)


@dataclass(slots=True)
class UndoFragment(Event):
    """A step that only removes a stack an earlier step's move made, at no undo the history
    explains: the first command of VASSAL's undo of that move (a full undo also moves the
    piece back).  The Longest Day 0606-1's ten such steps were undos VASSAL wrote again as
    their first command alone (`UndoRewritten`); none is left in its 25 logs."""

    undone: int                 # the step whose move made the stack
    pieces: tuple[object, ...]  # the stack's pieces (`PieceName`)
    place: Place                # where they stay in the replay


@dataclass(slots=True)
class UndoRewritten(Event):
    """An undo VASSAL wrote again as its first command alone (it makes a command's undo once
    and strips it of its other commands the first time it writes it; see
    `converter.audit.undo`): the replay runs it whole, as the step that logged it whole
    did, as the players' game ran it (The Longest Day 0606-1: 14 such steps; the units moved
    next start where the whole undo put them)."""

    whole: int  # the step that logged this undo whole


@dataclass(slots=True)
class MoveIgnored(Event):
    """A move to a map the module lacks (the log was saved with another version of it):
    VASSAL leaves the piece, or the stack with its pieces, where it was (The Longest Day's
    0611-1.log drags a stack of its old Weather map)."""

    pieces: tuple[object, ...]  # each piece's name as it was (`PieceName`); none: a stack
    place: Place                # where it stays
    map: str                    # the map the module lacks


@dataclass(slots=True)
class DeckChanged(Event):
    """A deck's cards put in a new order (its Shuffle, Reverse) or turned face up or down,
    none drawn: the deck's name, its place and how many cards it holds; never their order,
    which a face-down deck hides from every player."""

    deck: str
    place: Place
    cards: int
    reordered: bool
    face_down: bool | None  # its new face when it changed, else None


@dataclass(slots=True)
class BoardsLaid(Event):
    """A map's boards chosen anew in play (SetBoards): VASSAL's tutorial log lays the VIP
    board, then the SL board, on its Main Map."""

    map: str
    boards: tuple[str, ...]


@dataclass(slots=True)
class PropertyChanged(Event):
    """A global, map or zone property set to a new value (a module's toggle, a counter): the
    step list's words for a step that changes nothing else."""

    name: str
    old: str
    new: str


@dataclass(slots=True)
class StepEnded(Event):
    """The end of one replay step (all its commands applied); an undo step says which step
    it takes back."""

    undoes: int | None = field(default=None, kw_only=True)


@dataclass(slots=True)
class ReplayProblem:
    """Something in the file that could not be replayed (kept, reported, never fatal)."""

    pos: LogPos
    message: str
