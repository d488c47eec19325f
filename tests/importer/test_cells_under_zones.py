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


# A zone whose points its own RegionGrid names (Paths of Glory's 'General Records', For the
# People's states, Almoravid's and Nevsky's turn boxes: ~30 zones a module). The 3.6 engine,
# through vlog-maker on this module, named a piece dropped at (260,150) 'Reserve A', one at
# (390,380) 'Reserve B' and one at (210,390) 'Reserve B' (the nearest region), never 'East'.
REGION_ZONE = (
    '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="East" '
    'path="200,0;400,0;400,400;200,400" locationFormat="$gridLocation$">'
    '<VASSAL.build.module.map.boardPicker.board.RegionGrid snapto="false" visible="false" '
    'fontsize="9"><VASSAL.build.module.map.boardPicker.board.Region name="Reserve A" '
    'originx="250" originy="50"/><VASSAL.build.module.map.boardPicker.board.Region '
    'name="Reserve B" originx="350" originy="350"/>'
    "</VASSAL.build.module.map.boardPicker.board.RegionGrid>"
    "</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>")
EAST = ('<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="East" '
        'path="200,0;400,0;400,400;200,400" locationFormat="$name$"/>')


def test_a_zone_named_by_the_cells_of_its_grid_has_no_location_of_its_own(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The zone's location read '$gridLocation$' raw in the import: VASSAL never shows
    that, nor the zone's name; each point is the cell there (East's regions; West's squares
    of the board behind it)."""
    out, board = _import(tmp_path, capsys, BUILDFILE.replace(EAST, REGION_ZONE))
    spaces = {s["id"]: s for s in board["spaces"]}
    assert "$gridLocation$" not in json.dumps(board)
    assert "properties" not in spaces["east"] and "properties" not in spaces["west"]
    assert {(s["name"], s.get("parent")) for s in spaces.values() if s["kind"] == "region"} \
        == {("Reserve A", "east"), ("Reserve B", "east")}
    assert ("note: board 'Main': 2 zones name each point by the grid cell there ('West', "
            "'East'): VASSAL never names the zone itself; the zone is a space without a "
            "VASSAL location") in out, out


@pytest.mark.parametrize("at, named", [("Main Map;390;380;", "Reserve B"),
                                       ("Main Map;210;390;", "Reserve B"),
                                       ("Main Map;260;150;", "Reserve A")])
def test_a_point_of_such_a_zone_is_its_nearest_region_in_the_audit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], at: str, named: str) -> None:
    messages = _referee(tmp_path, capsys, BUILDFILE.replace(EAST, REGION_ZONE), "regions", at)
    assert any(m.startswith(f"1st Bn starts at {named} ") for m in messages), messages
