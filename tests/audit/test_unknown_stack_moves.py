"""Moves of a piece or stack the file never adds: The Longest Day's 0607-1 (github
uckelman/tld-mod, VASSAL 2.9; no licence stated, so a log written here stands in for it)
moves 11 stacks that no step adds, 27 times; VASSAL's own replay skips those moves.  The
report said 'MovePiece of piece …, which is not in the game' 27 times; it says it once."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import ESC, SCENARIO, TAB, _save, write_module


def _audit(tmp_path: Path, capsys: pytest.CaptureFixture[str], moves: list[str]) -> str:
    module = write_module(tmp_path / "m.vmod")
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    log = tmp_path / "ghosts.vlog"
    log.write_bytes(_save(SCENARIO + "".join(
        ESC + "LOG" + TAB + f"M/{ghost}/Main Map/{x}/75/null/Main Map/{x - 50}/75/null/alice"
        for x, ghost in zip(range(125, 400, 50), moves))))
    capsys.readouterr()
    assert main(["audit", str(log), "--module", str(game)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_moves_of_stacks_no_step_adds_are_said_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _audit(tmp_path, capsys, ["9001", "9002", "9001", "9003", "9002"])
    problems = [line for line in out.splitlines() if "replay problem:" in line]
    assert problems == [
        "  replay problem: ghosts.vlog: step 1 (command 4): 5 MovePieces (steps 1-5) move 3 "
        "piece(s) or stack(s) the file never adds (9001, 9002, 9003), which VASSAL's own "
        "replay skips too: whatever they hold stays where it stood"], out


def test_one_such_move_is_said_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _audit(tmp_path, capsys, ["9001"])
    problems = [line for line in out.splitlines() if "replay problem:" in line]
    assert problems == ["  replay problem: ghosts.vlog: step 1 (command 4): MovePiece of "
                        "piece 9001, which is not in the game"], out
