"""Stacks as VASSAL's replay keeps them, on small logs written here (the real cases are The
Longest Day's, tests/audit/test_stack_merge.py): where each piece ends is what a referee's
step list and map show."""

from __future__ import annotations

import pytest

from converter.audit.module import AuditModule, MapGeometry
from converter.audit.replay import replay
from converter.vassal import commands as cmd

ESC = "\x1b"


def _piece(piece_id: str, name: str, state: str) -> cmd.Command:
    return cmd.AddPiece(piece_id, f"piece;;;;{name}", state)


def _ends(restored: list[cmd.Command], steps: list[cmd.Command]) -> dict[str, tuple]:
    text = ESC.join(["begin_save", *(cmd.encode_command(c) for c in restored), "end_save",
                     *("LOG\t" + cmd.encode_command(c) for c in steps)])
    maps = {"Main": MapGeometry("Main", (0, 0), {})}  # (a move to a map it lacks moves nothing)
    r = replay(cmd.read_record(text), AuditModule("<none>", maps, None))
    return {p.name: (p.map, p.x, p.y) for p in r.state.pieces.values()}


AT_START = [_piece("1", "A", "Main;100;100;;0"), cmd.AddPiece("9", "stack", "Main;100;100;1")]


@pytest.mark.parametrize("drop, b_ends", [((100, 100), (500, 500)), ((101, 100), (101, 100))])
def test_a_piece_dropped_on_a_stack_by_position_goes_with_it_and_beside_it_stays(
        drop: tuple[int, int], b_ends: tuple[int, int]) -> None:
    """B's MovePiece names no piece under it, yet lands on the stack's point: VASSAL merges
    it into the stack, so the stack's drag takes it along; dropped a pixel beside, it stays."""
    ends = _ends(AT_START, [
        _piece("2", "B", "Main;300;300;;0"),
        cmd.MovePiece("2", "Main", *drop, None, "Main", 300, 300, None),
        cmd.MovePiece("9", "Main", 500, 500, None, "Main", 100, 100, None)])
    assert ends == {"A": ("Main", 500, 500), "B": ("Main", *b_ends)}


def test_a_change_whose_piece_part_is_unchanged_leaves_a_stacked_piece_in_its_stack() -> None:
    """A's state still names the map it came from (Old); the change's old and new states
    differ in a trait only, so VASSAL sets no map or point."""
    ends = _ends(AT_START, [cmd.ChangePiece("1", "Old;7;7;;0", "Old;7;7;;0")])
    assert ends == {"A": ("Main", 100, 100)}


def test_a_change_naming_another_map_takes_a_stacked_piece_out() -> None:
    ends = _ends(AT_START, [
        cmd.ChangePiece("1", "Other;7;7;;0", "Main;100;100;;0"),
        cmd.MovePiece("9", "Main", 500, 500, None, "Main", 100, 100, None)])
    assert ends == {"A": ("Other", 7, 7)}


def test_a_change_of_point_on_the_same_map_leaves_a_stacked_piece_at_its_stack() -> None:
    ends = _ends(AT_START, [cmd.ChangePiece("1", "Main;7;7;;0", "Main;100;100;;0")])
    assert ends == {"A": ("Main", 100, 100)}


def test_a_move_to_a_map_the_module_lacks_moves_nothing() -> None:
    """VASSAL's MovePiece finds no map 'Gone' and leaves B where it was; the replay put it
    at (10,10) of 'Gone'."""
    ends = _ends([_piece("2", "B", "Main;300;300;;0")], [
        cmd.MovePiece("2", "Gone", 10, 10, None, "Main", 300, 300, None)])
    assert ends == {"B": ("Main", 300, 300)}


def test_a_move_to_a_map_the_module_lacks_is_a_replay_problem_that_says_so() -> None:
    """Said once, as for a piece on such a map, with what VASSAL does of the move."""
    text = ESC.join(["begin_save", cmd.encode_command(_piece("2", "B", "Main;300;300;;0")),
                     "end_save", *("LOG\t" + cmd.encode_command(
                         cmd.MovePiece("2", "Gone", x, 10, None, "Main", 300, 300, None))
                         for x in (10, 20))])
    maps = {"Main": MapGeometry("Main", (0, 0), {})}
    r = replay(cmd.read_record(text), AuditModule("<none>", maps, None))
    assert [p.message for p in r.problems] == [
        "the file names map 'Gone', which the module does not have (VASSAL moves nothing "
        "there: each piece stays where it was): it was probably saved with another version "
        "of the module"]
