"""Cells of a numbered board grid under zones: VASSAL's ZonedGrid asks the zones first, so a
point inside a zone whose location format is '$name$' is called by the zone's name ('East'),
never by the cell's ('5,2'); the 3.6 engine (vlog-maker) reports '1st Bn moves West  -> East'
for a drop at (275,125) of the test module.  Import made a space of every cell all the same
(64 squares, 32 of them never named so); it now leaves those out and says so, and keeps the
cells a '$gridLocation$' zone over the board's grid names by their own names.  A hex board
keeps its whole grid (the format lays hexes by rows and columns), with a note."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.cli import main
from tests.audit.test_unnumbered_grid import _referee
from tests.check.conftest import BUILDFILE, write_module
from tests.importer.test_real_world_modules import HEX, NUMBERING, ZONED


def _import(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> tuple[str, dict]:
    module = write_module(tmp_path / "m.vmod", text)
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    boards = json.loads((tmp_path / "game" / "boards.json").read_text(encoding="utf-8"))
    return capsys.readouterr().out, boards["boards"][0]


def test_squares_under_a_zone_named_by_its_name_are_no_spaces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, board = _import(tmp_path, capsys, BUILDFILE)
    squares = {s["name"] for s in board["spaces"] if s["kind"] == "square"}
    # West (x < 200) names its points by the board's cells: '0,0' .. '3,7' stay
    assert squares == {f"{c},{r}" for c in range(4) for r in range(8)}
    assert ("note: board 'Main': 32 cells of its square grid ('4,0', '5,0', '6,0', ...) lie "
            "under zones, which name every point there, so VASSAL never names them: no "
            "space") in out, out
    assert {"west", "east"} <= {s["id"] for s in board["spaces"]}


def test_a_point_there_is_the_zone_in_the_audit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The module's own setup puts 1st Bn at '1,2' (in West, a cell of its own); a save with
    it at (275,125), where VASSAL says 'East', is judged as East by the import."""
    messages = _referee(tmp_path, capsys, BUILDFILE, "east", "Main Map;275;125;")
    assert any(m.startswith("1st Bn starts at East (east); ") for m in messages), messages


def test_hexes_under_a_zone_stay_with_a_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    zone = ('<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Box" '
            'path="0,0;130,0;130,150;0,150" locationFormat="$name$" useParentGrid="false"/>')
    zoned = ("<VASSAL.build.module.map.boardPicker.board.ZonedGrid>" + zone
             + HEX.format(numbering=NUMBERING)
             + "</VASSAL.build.module.map.boardPicker.board.ZonedGrid>")
    text = BUILDFILE.replace(ZONED, zoned).replace('useGridLocation="true" location="1,2"',
                                                   'useGridLocation="false"')
    out, board = _import(tmp_path, capsys, text)
    assert board["kind"] == "hex" and "grid" in board
    assert ("note: board 'Main': 4 hexes lie under zones that name every point there "
            "('0101', '0102', '0202', ... under 'Box'): VASSAL never names them, and a piece "
            "there is in the zone; they stay hexes of the grid") in out, out
