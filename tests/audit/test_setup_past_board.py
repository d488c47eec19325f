"""An at-start stack whose point lies past its own board, on a map of several boards: VASSAL
lays it at that pixel from the board's corner (SetupStack.setup), so with the boards laid in
a row it starts on the next board (the 3.6 engine, vlog-maker: boards Main and Side of the
test module, a stack of Main at (450,100) — Main is 400 pixels wide — is reported in
'Side Box').  The audit of a save so laid, judged by the module's import, found '1st Bn
starts at side at (450,100); scenario ... places it at off board main at (450,100)'; now the
point matches where VASSAL put it, and import and check say where VASSAL may lay it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from converter.cli import main
from tests.audit.conftest import save_findings
from tests.check.conftest import BUILDFILE, SCENARIO, TAB, write_module

SIDE = ('<VASSAL.build.module.map.boardPicker.Board name="Side" width="300" height="400" '
        'reversible="false"><VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
        '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Side Box" '
        'path="0,0;300,0;300,400;0,400" locationFormat="$name$" useParentGrid="false"/>'
        "</VASSAL.build.module.map.boardPicker.board.ZonedGrid>"
        "</VASSAL.build.module.map.boardPicker.Board>")
BOARD_END = "</VASSAL.build.module.map.boardPicker.Board>"
MAIN_LAID = "Main" + TAB + "0" + TAB + "0"


def _module(tmp_path: Path) -> Path:
    text = BUILDFILE.replace(BOARD_END, BOARD_END + SIDE, 1).replace(
        'useGridLocation="true" location="1,2" x="0" y="0"',
        'useGridLocation="false" x="450" y="100"')
    text = re.sub(r"<VASSAL.build.module.PredefinedSetup [^>]*/>", "", text)
    return write_module(tmp_path / "row.vmod", text)


def _findings(tmp_path: Path, capsys: pytest.CaptureFixture[str], module: Path, game: Path,
              at: str, laid: str) -> list[str]:
    return save_findings(tmp_path, capsys,
                         SCENARIO.replace("Main Map;75;125;", at).replace(MAIN_LAID, laid),
                         module, game)


def test_a_stack_past_its_board_starts_on_the_next_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = _module(tmp_path)
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game)]) == 0
    out = capsys.readouterr().out
    assert ("its point (450,100) lies past board 'Main' (VASSAL lays it there from the "
            "board's corner: off the boards ('offboard'), or on the board the players lay "
            "beside it (boards in a row: the next one))") in out, out
    row = MAIN_LAID + TAB + "Side" + TAB + "1" + TAB + "0"
    assert _findings(tmp_path, capsys, module, game, "Main Map;450;100;", row) == []
    # Main alone: the same pixel is off the boards, as VASSAL says 'offboard'
    assert _findings(tmp_path, capsys, module, game, "Main Map;450;100;", MAIN_LAID) == []
    moved = _findings(tmp_path, capsys, module, game, "Main Map;460;100;", row)
    assert moved == ["1st Bn starts at Side Box (side-box); scenario 'At start (VASSAL set-up "
                     "stacks)' places it at off board main at (450,100)"], moved


def test_check_says_where_vassal_lays_it(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(_module(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert ("the at-start stack is at (450, 100), outside board 'Main' (400x400); VASSAL "
            "lays it there from the board's corner without a word: off the boards, or on "
            "whichever board the players lay beside it (boards in a row: the next one)") in out
