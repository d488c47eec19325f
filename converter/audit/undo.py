"""Which logged step an Undo takes back, as VASSAL's own Undo button walks its log.

VASSAL's logger keeps every step it logs in order; the Undo button takes back the step at its
undo mark and moves the mark one step back, and each new step moves the mark onto itself
(BasicLogger's ``logOutput`` and ``nextUndo``).  The undo is logged as one more step holding
the inverse of the step taken back: each command's inverse, last command first (a move back,
a change to the old state, a removal for an addition, an added piece for a removal, a
property set back, the chat line said again as ``* UNDO: …``).  VASSAL 3.6.7 and later
bracket that step with ``UNDO⇥true`` … ``UNDO⇥false``; earlier versions (3.6.0 to 3.6.6, and
before) log it bare, so a bare undo is told here by those inverses: a referee's log of
either kind then shows the undone move and its undo as such, and judges neither.  VASSAL
writes no other mark of a bare undo: the `* UNDO: …` line is only the inverse of a chat line
the step had (a move report, where the map makes one), and it is required then, as every
inverse is.  A drag back by hand logs its commands in the order of the drag, not last first,
so only a step of one command (a bare MovePiece: The Longest Day's maps report no move) dragged
back exactly reads as its undo.

VASSAL makes a command's undo once and keeps it (``Command.getUndoCommand``), so the same step
taken back twice, or an undo taken back as often, logs one undo object twice.  VASSAL writes
its log at the end by wrapping each logged object, and the wrapping takes the object's
sub-commands away (``LogCommand`` strips them): the second time, the object is written as its
first command alone.  The Longest Day's 2006 logs have such steps after Undo was pressed
past an earlier undo (0606-1 step 931: only the removal of the stack that the undo of step 920,
logged whole as step 923, began with); the players' game had the whole undo.
"""

from __future__ import annotations

from collections.abc import Sequence

from converter.vassal import commands as cmd

# the commands whose inverse VASSAL logs (others have none, or one this reader cannot tell)
_INVERTIBLE = (cmd.MovePiece, cmd.ChangePiece, cmd.AddPiece, cmd.RemovePiece, cmd.Chat,
               cmd.PropertyChange, cmd.TurnTrackerChange)


def _undoable(commands: Sequence[cmd.Command]) -> list[cmd.Command]:
    """The commands of a step an undo gives the inverse of, in their order.

    A ChangePiece without its old state (written by old VASSAL versions) has no inverse."""
    return [c for c in commands if type(c) in _INVERTIBLE
            and not (type(c) is cmd.ChangePiece and c.old_state is None)]


def inverts(undo: cmd.Command, done: cmd.Command) -> bool:
    """Whether *undo* is the command VASSAL logs to take *done* back."""
    if type(undo) is cmd.MovePiece:
        return type(done) is cmd.MovePiece and undo.id == done.id and (
            undo.new_map, undo.new_x, undo.new_y, undo.new_under,
            undo.old_map, undo.old_x, undo.old_y, undo.old_under) == (
            done.old_map, done.old_x, done.old_y, done.old_under,
            done.new_map, done.new_x, done.new_y, done.new_under)
    if type(undo) is cmd.ChangePiece:
        return type(done) is cmd.ChangePiece and undo.id == done.id \
            and undo.new_state == done.old_state and undo.old_state == done.new_state
    if type(undo) is cmd.RemovePiece:
        return type(done) is cmd.AddPiece and undo.id == done.id
    if type(undo) is cmd.AddPiece:  # (the state is the piece's when it was removed)
        return type(done) is cmd.RemovePiece and undo.id == done.id
    if type(undo) is cmd.Chat:  # the line again, in the module's language ('* UNDO: …')
        return type(done) is cmd.Chat and done.text in undo.text and undo.text != done.text
    if type(undo) is cmd.PropertyChange:
        return type(done) is cmd.PropertyChange and (
            undo.name, undo.old_value, undo.new_value, undo.container) == (
            done.name, done.new_value, done.old_value, done.container)
    if type(undo) is cmd.TurnTrackerChange:  # (the old levels are not in the command)
        return type(done) is cmd.TurnTrackerChange and undo.tracker_id == done.tracker_id
    return False


def _restacks_dropped(undo: list[cmd.Command]) -> list[cmd.Command]:
    """*undo* without the change of a stack that takes back the piece re-added just before
    it: VASSAL's undo of a deletion adds the piece again and logs its stack holding it
    (the tour's Tiger deleted from its stack at J5), a command the deletion has no
    counterpart of."""
    out: list[cmd.Command] = []
    for c in undo:
        if type(c) is cmd.ChangePiece and out and type(out[-1]) is cmd.AddPiece \
                and out[-1].id in c.new_state.split(";")[3:]:
            continue
        out.append(c)
    return out


def _same(a: cmd.Command, b: cmd.Command) -> bool:
    """Whether two commands are written alike, their sub-commands aside."""
    return type(a) is type(b) and all(getattr(a, n) == getattr(b, n) for n in a._FIELDS)


def _written(commands: Sequence[cmd.Command]) -> list[cmd.Command]:
    """*commands* without the UNDO markers and the empty commands that carry others: when
    VASSAL writes an object again, its first command alone."""
    return [c for c in commands if type(c) not in (cmd.Undo, cmd.NullCommand)]


class UndoHistory:
    """The logged steps of one file and VASSAL's undo mark among them.

    Each step is one command object of VASSAL's; an undo step is the undo object of the step
    it takes back, made once per object (a second undo of the same object logs it again)."""

    def __init__(self) -> None:
        self._steps: list[tuple[int, Sequence[cmd.Command]]] = []
        self._object: list[int] = []  # by index: the command object logged there
        self._undo_of: dict[int, int] = {}  # object -> its undo object, once made
        self._first: dict[int, int] = {}  # object -> the index that logged it whole
        self._undoable: dict[int, list[cmd.Command]] = {}  # by object, read when first asked
        self._mark = -1  # the index of the step the Undo button takes back next; -1: none

    def logged(self, step: int, commands: Sequence[cmd.Command]) -> None:
        """A step played (not an undo): the undo mark moves onto it if it can be undone."""
        self._add(step, commands, len(self._first))
        if any(type(c) in _INVERTIBLE for c in commands):
            self._mark = len(self._steps) - 1

    def _add(self, step: int, commands: Sequence[cmd.Command], obj: int) -> None:
        self._first.setdefault(obj, len(self._steps))
        self._steps.append((step, commands))
        self._object.append(obj)

    def undo(self, step: int, commands: Sequence[cmd.Command]) -> int | None:
        """An undo step: the step it takes back (None when the file shows none), the mark
        moved one step back, as VASSAL moves it."""
        mark = self._mark
        if mark < 0:
            self._add(step, commands, len(self._first))
            return None
        obj = self._undo_of.setdefault(self._object[mark], len(self._first))
        self._add(step, commands, obj)
        self._mark = mark - 1
        return self._steps[mark][0]

    def written_before(self) -> tuple[int, Sequence[cmd.Command]] | None:
        """The step that logged whole the undo the Undo button takes next, and its commands,
        when VASSAL made that undo before (it is then written again as its first command
        alone: the players' game ran all of it); else None."""
        if self._mark < 0:
            return None
        again = self._undo_of.get(self._object[self._mark])
        return None if again is None else self._steps[self._first[again]]

    def marked(self) -> int | None:
        """The step the Undo button takes back next (None: none)."""
        return self._steps[self._mark][0] if self._mark >= 0 else None

    def undone_by(self, commands: Sequence[cmd.Command]) -> int | None:
        """The step a step of *commands* takes back when it is an undo logged without its
        markers: exactly the inverses of the undo mark's step, last first, or, when VASSAL
        logged that undo before, its first command again; else None.  (Three undos logged
        a second time in The Longest Day's logs are written whole: 0611-1 step 555 takes
        back 530 again, as 531 did; why VASSAL wrote those whole is not known.)"""
        if self._mark < 0 or not commands:
            return None
        obj = self._object[self._mark]
        again = self._undo_of.get(obj)
        if again is not None:  # (the undo object exists: written again, its first command)
            head, whole = _written(commands), _written(self._steps[self._first[again]][1])
            if len(head) == 1 and whole and _same(head[0], whole[0]):
                return self._steps[self._mark][0]
        done = self._undoable.get(obj)
        if done is None:  # (an object logged again is read as it was logged whole)
            done = self._undoable[obj] = _undoable(self._steps[self._first[obj]][1])
        if not done:
            return None
        first = next((c for c in commands if type(c) in _INVERTIBLE), None)
        if first is None or not inverts(first, done[-1]):  # (most steps: no undo)
            return None
        undo = _restacks_dropped(_undoable(commands))
        if len(undo) != len(done) or not all(
                inverts(u, d) for u, d in zip(undo, reversed(done))):
            return None
        return self._steps[self._mark][0]
