"""A hex grid with no numbering (Kassala: a HexGrid with no HexGridNumbering child): VASSAL
names none of its hexes (every move report says 'offboard'), while import gives the hexes
VASSAL's default ids so the game's rules can name them.  The audit showed those default ids
alone ('hex 0502 → hex 0603'), which a referee finds neither on the map nor in VASSAL's
reports; it now names the point by its map pixels beside the game's hex."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from converter.cli import main
from tests.audit.conftest import save_findings
from tests.check.conftest import BUILDFILE, SCENARIO, write_module
from tests.importer.test_real_world_modules import HEX, NUMBERING, ZONED


def _referee(tmp_path: Path, capsys: pytest.CaptureFixture[str], buildfile: str, name: str,
             at: str) -> list[str]:
    """The findings of a save with 1st Bn at map point *at* ('Main Map;175;125;'), judged
    by the import of the module *buildfile* (its setups put 1st Bn at 'Main Map;75;125;')."""
    module = write_module(tmp_path / f"{name}.vmod", buildfile)
    game = tmp_path / f"game-{name}"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    return save_findings(tmp_path, capsys, SCENARIO.replace("Main Map;75;125;", at), module,
                         game)


def _audit(tmp_path: Path, capsys: pytest.CaptureFixture[str], numbering: str) -> list[str]:
    """The findings of a save with 1st Bn at map pixel 175,125, judged by the module's
    import (its setups put 1st Bn at pixels 30,30 and 75,125)."""
    text = BUILDFILE.replace(ZONED, HEX.format(numbering=numbering)).replace(
        'useGridLocation="true" location="1,2" x="0" y="0"',
        'useGridLocation="false" x="30" y="30"')
    return _referee(tmp_path, capsys, text, f"hex{len(numbering)}", "Main Map;175;125;")


def test_a_point_of_a_grid_without_numbering_is_named_by_its_pixels(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    messages = _audit(tmp_path, capsys, "")
    assert any(m.startswith("1st Bn starts at hex 0403 at (175,125); ") for m in messages), \
        messages
    numbered = _audit(tmp_path, capsys, NUMBERING)  # the module's own numbering: its names
    assert any(m.startswith("1st Bn starts at hex 0403; ") for m in numbered), numbered


def test_a_point_of_a_board_without_a_grid_is_named_by_its_pixels(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Longest Day's Allied Entry Track: a board with no grid, zone or region.  VASSAL
    names every point of it 'offboard' (the 3.6 engine, vlog-maker: a gridless 500x500 board
    of Warmachine & Hordes, a piece dropped at (100,100) is 'created in offboard'); the
    audit named it by the board's name, which VASSAL never shows.  It now names the point."""
    text = BUILDFILE.replace(
        "</VASSAL.build.module.Map>",
        '</VASSAL.build.module.Map><VASSAL.build.module.Map mapName="Reserve Map">'
        "<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board "
        'name="Pool" width="300" height="200" reversible="false"/>'
        "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>", 1)
    messages = _referee(tmp_path, capsys, text, "pool", "Reserve Map;40;60;")
    # the game keeps the board as one space, 'pool'
    assert any(m.startswith("1st Bn starts at pool at (40,60); ") for m in messages), messages


PARENT_GRID = 'locationFormat="$gridLocation$" useParentGrid="true"/>'
SQUARE_NUMBERING = (
    '<VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering first="H" sep="," '
    'hType="N" hLeading="0" hOff="0" vType="N" vLeading="0" vOff="0" stagger="false" '
    'locationFormat="$gridLocation$"/>')


@pytest.mark.parametrize("grid", ["the board's", "its own", "none"])
def test_a_zone_that_names_the_cell_of_a_grid_without_numbering_is_one_space(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], grid: str) -> None:
    """A zone whose location format is '$name$ $gridLocation$' over a grid without numbering:
    the 3.6 engine (vlog-maker, report formats switched on) names its points 'ZoneA ' (the
    zone's name, nothing for the cell), for the zone's own grid and for the board's grid
    alike.  Import made one space per cell by VASSAL's default numbering ('0203', 'West
    0203'), names VASSAL never shows, and the audit named the point by no space ('West
    (175,125) [Main Map]').  Import now keeps the zone as one space, named as VASSAL names
    it, and the audit names the point by that space.  A zone with no grid of its own that
    does not use the board's ('none') names its points so too: VASSAL's Zone sets the
    gridLocation property to nothing when it reads no grid; import had made it a space
    named '$gridLocation$' and the audit named the point 'West $gridLocation$'."""
    if grid == "none":
        text = BUILDFILE.replace(PARENT_GRID, 'locationFormat="$name$ $gridLocation$" '
                                 'useParentGrid="false"/>')
    elif grid == "the board's":
        text = BUILDFILE.replace(PARENT_GRID, PARENT_GRID.replace('"$gridLocation$"',
                                                                  '"$name$ $gridLocation$"'))
        text = text.replace(SQUARE_NUMBERING, "")
    else:
        text = BUILDFILE.replace(PARENT_GRID, (
            'locationFormat="$name$ $gridLocation$" useParentGrid="false">'
            '<VASSAL.build.module.map.boardPicker.board.SquareGrid x0="25" y0="25" dx="50.0" '
            'dy="50.0"/></VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>'))
        assert SQUARE_NUMBERING in text  # (the board's own grid keeps its numbering)
    # the set-up stack stands in East; no predefined setup
    text = text.replace('useGridLocation="true" location="1,2" x="0" y="0"',
                        'useGridLocation="false" x="275" y="125"')
    text = re.sub(r"<VASSAL.build.module.PredefinedSetup [^>]*/>", "", text)
    assert "$name$ $gridLocation$" in text and "PredefinedSetup" not in text
    messages = _referee(tmp_path, capsys, text, "zone", "Main Map;175;125;")
    assert any(m.startswith("1st Bn starts at west at (175,125); ") for m in messages), \
        messages
    boards = json.loads((tmp_path / "game-zone" / "boards.json").read_text(encoding="utf-8"))
    [board] = boards["boards"]
    spaces = {s["id"]: s.get("properties", {}).get("vassal_location", s["name"])
              for s in board["spaces"]}
    # the board's own cells: its grid names none (the board's), or the zones cover them all
    assert spaces == {"west": "West ", "east": "East"}, spaces
