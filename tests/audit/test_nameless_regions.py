"""Carcassonne: Hunters and Gatherers (VASSAL 2.7) lays each player's supply as a board of
five regions without a name; VASSAL names every point of them '' and import makes them one
space 'region'.  The referee flow matched the empty name to no space, so each setup showed
its supply's pieces as 'starts at  [Red Supply]; scenario places it at region' (14, 21 and
28 false violations in its 2-, 3- and 4-player setups)."""

from __future__ import annotations

import json
from pathlib import Path

from converter.cli import main
from tests.check.conftest import BUILDFILE, ESC, UNIT, _save, write_module

ZONED_GRID_END = "</VASSAL.build.module.map.boardPicker.board.ZonedGrid>"

REGIONS = ('<VASSAL.build.module.map.boardPicker.board.RegionGrid snapto="true" visible="false">'
           '<VASSAL.build.module.map.boardPicker.board.Region name="" originx="75" originy="125"/>'
           '<VASSAL.build.module.map.boardPicker.board.Region name="" originx="175" originy="125"/>'
           '</VASSAL.build.module.map.boardPicker.board.RegionGrid>')
SETUP = ESC.join([
    "begin_save", "",
    "+/100/" + UNIT[len("+/null/"):].replace("null;0;0;{gpid};0", "Main Map;175;125;1;0"),
    "Main MapBoardPicker\tMain\t0\t0",
    "end_save"])


def test_a_piece_in_a_nameless_region_is_where_its_setup_places_it(tmp_path: Path) -> None:
    start = BUILDFILE.index("<VASSAL.build.module.map.boardPicker.board.ZonedGrid>")
    end = BUILDFILE.index(ZONED_GRID_END) + len(ZONED_GRID_END)
    text = BUILDFILE[:start] + REGIONS + BUILDFILE[end:]
    text = text.replace('useGridLocation="true" location="1,2" x="0" y="0"',
                        'useGridLocation="false" x="75" y="125"')
    module = write_module(tmp_path / "hunters.vmod", text, files={"scenario.vsav": _save(SETUP)})
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    notes = [n["text"] for n in json.loads((game / "game.json").read_text(encoding="utf-8"))["notes"]]
    assert ("board 'Main': its 2 regions without a name are one space 'region': VASSAL gives "
            "every point of them the name ''") in notes, notes
    scenarios = json.loads((game / "scenarios.json").read_text(encoding="utf-8"))
    own = next(s for s in scenarios["scenarios"] if s["id"] == "scenario")
    assert [p["at"] for p in own["setup"]] == [{"board": "main", "space": "region"}]
    save = tmp_path / "scenario.vsav"
    save.write_bytes(_save(SETUP))
    report = tmp_path / "report.json"
    code = main(["audit", str(save), "--module", str(module), "--game", str(game),
                 "--format", "json", "-o", str(report)])
    found = json.loads(report.read_text(encoding="utf-8"))["findings"]
    assert [f["message"] for f in found] == [] and code == 0
    # the imported folder as the module (its kept build file, named by the game's places)
    code = main(["audit", str(save), "--module", str(game), "--format", "json", "-o",
                 str(report)])
    found = json.loads(report.read_text(encoding="utf-8"))["findings"]
    assert [f["message"] for f in found] == [] and code == 0
