"""Which logged step an Undo takes back, as VASSAL's own Undo button walks its log.

VASSAL's logger keeps every step it logs in order; the Undo button takes back the step at its
undo mark and moves the mark one step back, and each new step moves the mark onto itself
(BasicLogger's ``logOutput`` and ``nextUndo``).  The undo is logged as one more step holding
the inverse of the step taken back: each command's inverse, last command first (a move back,
a change to the old state, a removal for an addition, an added piece for a removal, a
property set back, the chat line said again as ``* UNDO: …``).  VASSAL 3.6.7 and later
bracket that step with ``UNDO⇥true`` … ``UNDO⇥false``; earlier versions (3.6.0 to 3.6.6, and
before) log it bare, so a bare undo is told here by those inverses: a referee's log of
either kind then shows the undone move and its undo as such, and judges neither.
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


class UndoHistory:
    """The logged steps of one file and VASSAL's undo mark among them."""

    def __init__(self) -> None:
        self._steps: list[tuple[int, Sequence[cmd.Command]]] = []
        self._undoable: dict[int, list[cmd.Command]] = {}  # by index, read when first asked
        self._mark = -1  # the index of the step the Undo button takes back next; -1: none

    def logged(self, step: int, commands: Sequence[cmd.Command]) -> None:
        """A step played (not an undo): the undo mark moves onto it if it can be undone."""
        self._steps.append((step, commands))
        if any(type(c) in _INVERTIBLE for c in commands):
            self._mark = len(self._steps) - 1

    def undo(self, step: int, commands: Sequence[cmd.Command]) -> int | None:
        """An undo step: the step it takes back (None when the file shows none), the mark
        moved one step back, as VASSAL moves it."""
        mark = self._mark
        self._steps.append((step, commands))
        if mark < 0:
            return None
        self._mark = mark - 1
        return self._steps[mark][0]

    def marked(self) -> int | None:
        """The step the Undo button takes back next (None: none)."""
        return self._steps[self._mark][0] if self._mark >= 0 else None

    def undone_by(self, commands: Sequence[cmd.Command]) -> int | None:
        """The step a step of *commands* takes back when it is an undo logged without its
        markers: exactly the inverses of the undo mark's step, last first; else None."""
        if self._mark < 0 or not commands:
            return None
        done = self._undoable.get(self._mark)
        if done is None:
            done = self._undoable[self._mark] = _undoable(self._steps[self._mark][1])
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
