"""Which stack each piece lies in and what lies loose at each point, as VASSAL's replay of a
log keeps them (the engine of 2021, VASSAL 3.6: MovePiece, StackMetrics.merge, Stack.setState
and mergeState, BasicPiece.setState, Map.addPiece and placeAt).

What a referee sees depends on it: a stacked piece stands at its stack's point whatever map
its own state names (The Longest Day's 2007 logs keep an air unit's old map in it), a piece
moved by position alone joins what lies at that point, and a later drag of that stack takes
it along.  Stacks VASSAL makes while replaying get ids no log names (`NEW_STACK`), as the
engine's own do.
"""

from __future__ import annotations

from collections.abc import Callable

from converter.audit.state import PieceState
from converter.vassal.commands import deck_place
from converter.vassal.sequence import split as seq_split

Point = tuple[str | None, int, int]
Mover = Callable[[PieceState, str | None, int, int], None]
NEW_STACK = "vconv-stack-"  # the ids of the stacks the replay makes (a log's are digits)


class Stacking:
    """Stacks (members bottom to top, their points), each piece's stack, and the map order
    of what lies loose or as a stack at each point (VASSAL merges with the first there)."""

    def __init__(self, pieces: dict[str, PieceState], stacks: dict[str, list[str]]) -> None:
        self.pieces = pieces
        self.stacks = stacks  # (the game state's: stack id -> member ids)
        # the stacks that are decks (VASSAL's Deck is a Stack): deck id -> the deck's name
        self.decks: dict[str, str] = {}
        self.parent: dict[str, str] = {}
        self.stack_at: dict[str, Point] = {}
        # a stack's pieces a new state of it no longer lists keep it as their parent (and
        # its point), as VASSAL's Stack.setState leaves them
        self._orphans: dict[str, set[str]] = {}
        self._top: dict[Point, dict[str, int]] = {}  # point -> item -> its map order
        self._top_at: dict[str, Point] = {}
        self._order = 0
        self._made = 0
        self._off: set[str] = set()  # loose pieces whose state took them off their map
        self.mover: Mover = _stay  # told of each piece whose point changes

    # ------------------------------------------------------------------ queries

    def place_of(self, item: str) -> Point | None:
        """Where a piece or a stack stands (None: neither is in the game)."""
        piece = self.pieces.get(item)
        if piece is not None:
            return piece.map, piece.x, piece.y
        return self.stack_at.get(item)

    def deck_of(self, piece_id: str) -> str | None:
        """The name of the deck the piece is in (None: in none)."""
        stack_id = self.parent.get(piece_id)
        return self.decks.get(stack_id) if stack_id is not None else None

    def _found_at(self, point: Point) -> str | None:
        """What a piece dropped at *point* joins: the first deck (even empty), stack with
        pieces or loose piece there, in the map's order (VASSAL's merge finder)."""
        items = self._top.get(point)
        if not items:
            return None
        for item in sorted(items, key=items.__getitem__):
            if item not in self.stacks or self.stacks[item] or item in self.decks:
                return item
        return None

    # ------------------------------------------------------------------ the map's list

    def _lay(self, item: str, point: Point) -> None:
        """*item* lies loose (or as a stack) at *point*: last in its map's order, unless
        it already lay on that map (VASSAL's Map.addPiece keeps its place then)."""
        self._off.discard(item)
        old = self._top_at.get(item)
        order = None
        if old is not None:
            items = self._top[old]
            was = items.pop(item)
            if not items:
                del self._top[old]
            if old[0] == point[0]:
                order = was
            del self._top_at[item]
        if point[0] is None:
            return
        if order is None:
            self._order += 1
            order = self._order
        self._top.setdefault(point, {})[item] = order
        self._top_at[item] = point

    def _lift(self, item: str) -> None:
        """*item* no longer lies on its map by itself (it joined a stack, or left)."""
        old = self._top_at.pop(item, None)
        if old is not None:
            items = self._top[old]
            items.pop(item, None)
            if not items:
                del self._top[old]

    def _put(self, piece_id: str, point: Point) -> None:
        piece = self.pieces.get(piece_id)
        if piece is not None and (piece.map, piece.x, piece.y) != point:
            self.mover(piece, *point)

    # ------------------------------------------------------------------ pieces

    def added(self, piece: PieceState) -> None:
        """A piece added where its state says: loose on its map."""
        self._leave(piece.id)
        self._lay(piece.id, (piece.map, piece.x, piece.y))

    def removed(self, item: str) -> None:
        """A piece or a stack deleted."""
        self._lift(item)
        self._leave(item)
        self.decks.pop(item, None)
        if item in self.stack_at:
            del self.stack_at[item]
            for member in self.stacks.get(item, ()):
                self.parent.pop(member, None)
            for orphan in self._orphans.pop(item, ()):
                self.parent.pop(orphan, None)

    def set_basic(self, piece: PieceState, point: Point) -> None:
        """A piece's BasicPiece state set to *point* (BasicPiece.setState): on another map
        it leaves its stack and lies loose there; on the map it is on, a stacked piece stays
        at its stack's point and a loose one moves; to no map, a stacked piece stays."""
        new_map = point[0]
        stacked = piece.id in self.parent
        now = None if piece.id in self._off else piece.map
        if new_map != now:
            if new_map is not None:
                self._leave(piece.id)
                self._lay(piece.id, point)
                self._put(piece.id, point)
            elif not stacked:  # (off the map while a drag carries it: told by its move)
                self._lift(piece.id)
                self._off.add(piece.id)
        elif not stacked and (piece.x, piece.y) != point[1:]:
            self._lay(piece.id, point)
            self._put(piece.id, point)

    def move(self, item: str, point: Point, under: str | None) -> None:
        """A MovePiece of a piece or a stack to *point* on a map, onto *under* if named."""
        if under is not None and self.place_of(under) == point:
            self.merge(under, item)
            return
        found = self._found_at(point)
        if found is not None:
            self.merge(found, item)
        else:
            self.place_at(item, point)
        if under is None and item in self.parent:  # (the engine's drop by position
            self.insert(self.parent[item], item, 0)  # puts the piece at the stack's bottom)

    def move_lost(self, item: str, old_map: str | None) -> None:
        """A MovePiece to a map the module lacks: VASSAL moves nothing, and only takes a
        loose piece or stack off the list of the map it was on (Map.removePiece), so that
        nothing dropped there joins it."""
        at = self._top_at.get(item)
        if at is not None and at[0] == old_map:
            self._lift(item)

    def moved_off(self, item: str, point: Point) -> None:
        """A MovePiece to no map: the piece (or stack) leaves the board.  VASSAL only takes
        a loose one off its map's list and leaves a stacked one be, but the log says the
        player took it off, and a referee is told so."""
        self._leave(item)
        self._lift(item)
        if item in self.stack_at:
            self._place_stack(item, point)
        else:
            self._put(item, point)

    def place_at(self, item: str, point: Point) -> None:
        """Map.placeAt: a piece lies loose at *point* (leaving its stack), a stack stands
        there with its pieces."""
        if item in self.stack_at:
            self._lay(item, point)
            self._place_stack(item, point)
            return
        self._leave(item)
        self._lay(item, point)
        self._put(item, point)

    # ------------------------------------------------------------------ stacks

    def merge(self, fixed: str, moving: str) -> None:
        """StackMetrics.merge: *moving* (a piece, or a stack's pieces) goes just above
        *fixed* in its stack (above the top piece of a stack); a loose *fixed* first gets a
        stack of its own."""
        members = self.stacks.get(fixed)
        if members:
            self.merge(members[-1], moving)
            return
        target = self.parent.get(fixed)
        index = 0
        if target is not None and fixed in self.stacks.get(target, ()):
            index = self.stacks[target].index(fixed) + 1
        if moving == fixed or moving == target:
            return
        if target is None:
            if fixed in self.stack_at:  # a stack with no pieces
                target, index = fixed, 0
            else:
                target, index = self._new_stack(fixed), 1
        if moving in self.stack_at:
            for member in list(self.stacks.get(moving, ())):
                self._insert_child(target, member, index)
                index += 1
            return
        if self.parent.get(moving) == target:
            index -= 1
        self.insert(target, moving, index)

    def insert(self, stack_id: str, piece_id: str, index: int) -> None:
        """Stack.insert: a piece put at *index* of a stack (moved within it if it is in)."""
        members = self.stacks[stack_id]
        index = max(index, 0)
        if piece_id in members:
            members.remove(piece_id)
            members.insert(min(index, len(members)), piece_id)
        else:
            self._insert_child(stack_id, piece_id, index)

    def add_deck(self, deck_id: str, name: str, state: str) -> None:
        """A deck (its AddPiece): a stack by another name, whose state lists its cards."""
        self.decks[deck_id] = name
        self.set_stack(deck_id, state)

    def set_stack(self, stack_id: str, state: str, old_state: str | None = None) -> None:
        """A stack's state set (its AddPiece) or merged with what changed since *old_state*
        (its ChangePiece, Stack.mergeState): its point and its pieces, each taken from
        wherever it was; pieces it held that the state drops keep following it.  A deck's
        state (a shuffle, its cards turned face down) is set as it is (Deck.setState)."""
        point: Point
        if stack_id in self.decks:
            map_name, x, y, _face_down, listed = deck_place(state)
            point = (map_name, x, y)
            old_state = None
        else:
            fields = seq_split(state, ";")
            if not fields or fields[0] in ("null", ""):
                point = (None, 0, 0)
            else:
                point = (fields[0], _int(fields[1:2]), _int(fields[2:3]))
            listed = [f for f in fields[3:] if f and not f.startswith("@@")]
        members = self.stacks.setdefault(stack_id, [])
        if old_state is not None:
            was = [f for f in seq_split(old_state, ";")[3:] if f and not f.startswith("@@")]
            for i, member in enumerate(members):
                if member not in listed and member not in was:
                    after = listed.index(members[i - 1]) if i and members[i - 1] in listed \
                        else -1
                    listed.insert(after + 1, member)
        held = members[:]
        members.clear()
        self.stack_at[stack_id] = point
        self._lay(stack_id, point)
        for member in listed:
            if member in self.pieces:
                self._insert_child(stack_id, member, len(members))
        orphans = self._orphans.setdefault(stack_id, set())
        orphans.update(m for m in held if self.parent.get(m) == stack_id and m not in members)
        for orphan in orphans:
            self._put(orphan, point)

    def _place_stack(self, stack_id: str, point: Point) -> None:
        self.stack_at[stack_id] = point
        for member in self.stacks.get(stack_id, ()):
            self._put(member, point)
        for orphan in self._orphans.get(stack_id, ()):
            self._put(orphan, point)

    def _new_stack(self, piece_id: str) -> str:
        """A stack VASSAL makes for a loose piece something is dropped on."""
        self._made += 1
        stack_id = f"{NEW_STACK}{self._made}"
        point = self.place_of(piece_id) or (None, 0, 0)
        self.stacks[stack_id] = []
        self.stack_at[stack_id] = point
        self._insert_child(stack_id, piece_id, 0)
        self._lay(stack_id, point)
        return stack_id

    def _insert_child(self, stack_id: str, piece_id: str, index: int) -> None:
        """Stack.insertChild: the piece leaves its stack (or its map's list) for this one."""
        if piece_id in self.parent:
            self._leave(piece_id)
        else:
            self._lift(piece_id)
        self._off.discard(piece_id)
        self.parent[piece_id] = stack_id
        members = self.stacks[stack_id]
        members.insert(min(index, len(members)), piece_id)
        self._put(piece_id, self.stack_at.get(stack_id, (None, 0, 0)))

    def _leave(self, piece_id: str) -> None:
        """The piece out of its stack (Stack.remove); it stands where it stood."""
        stack_id = self.parent.pop(piece_id, None)
        if stack_id is None:
            return
        members = self.stacks.get(stack_id)
        if members is not None and piece_id in members:
            members.remove(piece_id)
        orphans = self._orphans.get(stack_id)
        if orphans:
            orphans.discard(piece_id)


def _int(field: list[str]) -> int:
    text = field[0] if field else ""
    return int(text) if text.lstrip("-").isdecimal() else 0


def _stay(piece: PieceState, map_name: str | None, x: int, y: int) -> None:
    piece.map, piece.x, piece.y = map_name, x, y
