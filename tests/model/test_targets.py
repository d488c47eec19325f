"""A rule's target groups take in every group above a place's own, on the place's own board."""

from __future__ import annotations

from dataclasses import dataclass

from converter.model.board import Board, Group, Hex
from converter.model.rules import Target
from converter.model.targets import TargetMatcher
from converter.validate import load_model
from tests.conftest import MINI


@dataclass
class At:
    hex: str | None = None
    space: str | None = None


def board(board_id: str, parents: dict[str, str | None]) -> Board:
    return Board(id=board_id, name=board_id, kind="hex-grid",
                 hexes=[Hex(id="0101", groups=["village"]), Hex(id="0102")],
                 groups=[Group(id=g, name=g, parent=p) for g, p in parents.items()])


def test_a_hex_is_in_the_groups_above_its_own_on_each_board() -> None:
    matcher = TargetMatcher(load_model(MINI))
    east = board("east", {"village": "valley", "valley": "east-front", "east-front": None})
    west = board("west", {"village": "hills", "hills": None})
    assert matcher.groups(east, At(hex="0101")) == {"village", "valley", "east-front"}
    # the same group ids on another board have that board's parents
    assert matcher.groups(west, At(hex="0101")) == {"village", "hills"}
    assert matcher.groups(east, At(hex="0101")) == {"village", "valley", "east-front"}
    assert matcher.groups(east, At(hex="0102")) == set()
    assert matcher.in_target(Target(groups=["east-front"]), east, At(hex="0101")) is True
    assert matcher.in_target(Target(groups=["east-front"]), west, At(hex="0101")) is False
