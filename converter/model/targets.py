"""Whether a place is one of a rule's target places (board, hexes, spaces, groups with their
parents, terrain and features), shared by the auditor's checks and validate's setup check; "cannot say"
when the game data marks what decides it as missing."""

from __future__ import annotations

from typing import Protocol

from converter.model.board import Board, Hex, Space
from converter.model.game import Game
from converter.model.rules import Target


class Place(Protocol):
    """A place as the matcher reads it: a hex id or a space id (an audited piece's place, a
    setup's location)."""

    @property
    def hex(self) -> str | None: ...

    @property
    def space(self) -> str | None: ...


class TargetMatcher:
    """Answers "is this place in the target?" against one game's boards."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.unknown = "terrain"  # what the last `None` answer could not read
        # each board's group parents (group id -> parent id), made at its first place
        # asked; keyed by the board's identity, the board kept so the key stays its own
        self._parents: dict[int, tuple[Board, dict[str, str | None]]] = {}

    def in_target(self, target: Target, board: Board, place: Place) -> bool | None:
        """Whether *place* is one of the target's; None when the data cannot say (what is
        unknown is left in `unknown`)."""
        if target.board is not None and target.board != board.id:
            return False
        if not (target.hexes or target.spaces or target.groups or target.terrain):
            return target.board is not None  # the whole board
        if target.hexes and place.hex in target.hexes:
            return True
        if target.spaces and place.space in target.spaces:
            return True
        unknown = None
        if target.groups:
            if set(target.groups) & self.groups(board, place):
                return True
            if self.groups_missing(board, place):
                unknown = "groups"
        if target.terrain:
            terrain = self.terrain(board, place)
            if terrain is None:
                unknown = "terrain" if unknown is None else "groups and terrain"
            elif set(target.terrain) & terrain:
                return True
        if unknown is not None:
            self.unknown = unknown
            return None
        return False

    def groups_missing(self, board: Board, place: Place) -> bool:
        """Whether the game data marks the place's groups as missing."""
        item: Hex | Space | None
        if place.hex is not None:
            item = board.hex(place.hex)
        else:
            found = self.game.space(place.space or "")
            item = found[1] if found is not None else None
        missing = getattr(item, "missing", None) if item is not None else None
        return bool(missing and "groups" in missing)

    def groups(self, board: Board, place: Place) -> set[str]:
        """The place's groups and every group above them (a board's parents read once)."""
        own: list[str] = []
        if place.hex is not None:
            h = board.hex(place.hex)
            own = list(h.groups or []) if h is not None else []
        elif place.space is not None:
            found = self.game.space(place.space)
            if found is not None:
                own = list(found[1].groups or [])
        out: set[str] = set()
        if not own:
            return out
        known = self._parents.get(id(board))
        if known is None:
            known = self._parents[id(board)] = (
                board, {g.id: g.parent for g in board.groups or []})
        parents = known[1]
        for gid in own:
            while gid and gid not in out:
                out.add(gid)
                gid = parents.get(gid) or ""
        return out

    def terrain(self, board: Board, place: Place) -> set[str] | None:
        if place.hex is not None:
            h = board.hex(place.hex)
            if h is None or (not h.terrain and not h.features):
                return None
            return set(h.terrain or []) | set(h.features or [])
        found = self.game.space(place.space or "")
        if found is None:
            return None
        s = found[1]
        if s.missing and "terrain" in s.missing:
            return None
        return set(s.terrain or []) | set(s.features or []) | {s.kind or ""}
