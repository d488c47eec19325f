"""Lookups by id answer for the model as it is now, however it was edited since the last one."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from converter.model.game import Game
from converter.validate import load_model
from tests.conftest import MINI


@pytest.fixture(scope="module")
def loaded() -> Game:
    return load_model(MINI)


@pytest.fixture
def game(loaded: Game) -> Game:
    return copy.deepcopy(loaded)


def test_a_piece_added_after_a_lookup_is_found(game: Game) -> None:
    first = game.pieces[0]
    assert game.piece(first.id) is first
    added = replace(first, id="added-later")
    game.pieces.append(added)
    assert game.piece("added-later") is added


def test_a_removed_piece_is_gone(game: Game) -> None:
    last = game.pieces[-1]
    assert game.piece(last.id) is last
    game.pieces.remove(last)
    assert game.piece(last.id) is None


def test_a_replaced_piece_is_the_new_one(game: Game) -> None:
    old = game.pieces[0]
    assert game.piece(old.id) is old
    new = replace(old, name="Renamed")
    game.pieces[0] = new
    assert game.piece(old.id) is new


def test_a_renamed_id_is_found_under_the_new_id_only(game: Game) -> None:
    piece = game.pieces[0]
    old_id = piece.id
    assert game.piece(old_id) is piece
    piece.id = "new-id"
    assert game.piece("new-id") is piece
    assert game.piece(old_id) is None


def test_a_swapped_list_is_read_afresh(game: Game) -> None:
    side = game.sides[0]
    assert game.side(side.id) is side
    game.sides = [replace(s, name=s.name + "!") for s in game.sides]
    assert game.side(side.id) is game.sides[0]


def test_spaces_follow_edits_of_boards(game: Game) -> None:
    board = next(b for b in game.boards if b.spaces)
    space = board.spaces[0]
    assert game.space(space.id) == (board, space)
    moved = replace(space, id="moved-space")
    board.spaces[0] = moved
    assert game.space(space.id) is None
    assert game.space("moved-space") == (board, moved)
