"""The referee flow on saves of the VASSAL 2.7–2.8 era (Ark of the Covenant, Carcassonne: The
Discovery, 2006): each player count has its own predefined setup, and the module's at-start
stacks place every player's pieces.

- A piece in a stack is saved with map 'null'; its stack, saved after it, names the map and
  point (Ark's 'Blue' scoring marker, stacked with 'Green' on the score track).  The audit
  placed it from its stack, import left it out of the setup's scenario.
- Both the setup's own scenario and the at-start stacks' match every piece of the setup;
  the audit took the first, whose other players' pieces were all 'missing' (27 false
  violations in each of Ark's 2-player setups).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, ESC, UNIT, _save, write_module

SCOUT = ("+/null/piece;;;front.png;Scout/null;0;0;4;0")
MODULE = BUILDFILE.replace(
    "</VASSAL.build.module.folder.MapSubFolder>",
    '<VASSAL.build.module.map.SetupStack name="Far" owningBoard="Main" useGridLocation="false"'
    ' x="325" y="325"><VASSAL.build.widget.PieceSlot entryName="Scout" gpid="4" width="64"'
    f' height="64">{SCOUT}</VASSAL.build.widget.PieceSlot></VASSAL.build.module.map.SetupStack>'
    "</VASSAL.build.module.folder.MapSubFolder>", 1)
# the 1st Bn, saved with map 'null' before the stack that stands at the Reserve's square
SETUP = ESC.join([
    "begin_save", "",
    "+/100/" + UNIT[len("+/null/"):].replace("null;0;0;{gpid};0", "null;0;0;2;0"),
    "+/101/stack/Main Map;75;125;100",
    "Main MapBoardPicker\tMain\t0\t0",
    "end_save"])


@pytest.fixture(scope="module")
def referee(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, int, dict]:
    tmp = tmp_path_factory.mktemp("stacked")
    module = write_module(tmp / "old.vmod", MODULE, files={"scenario.vsav": _save(SETUP)})
    game = tmp / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    save = tmp / "scenario.vsav"
    save.write_bytes(_save(SETUP))
    report_file = tmp / "report.json"
    code = main(["audit", str(save), "--module", str(module), "--game", str(game),
                 "--format", "json", "-o", str(report_file)])
    scenarios = json.loads((game / "scenarios.json").read_text(encoding="utf-8"))
    return scenarios, code, json.loads(report_file.read_text(encoding="utf-8"))


def test_a_stacked_piece_saved_without_a_map_is_placed_where_its_stack_stands(
        referee: tuple[dict, int, dict]) -> None:
    scenarios, _code, _report = referee
    own = next(s for s in scenarios["scenarios"] if s["id"] == "scenario")
    assert [(p["piece"], p["at"]) for p in own["setup"]] == [
        ("1st-bn", {"board": "main", "space": "1-2"})], own


def test_the_setup_is_judged_by_its_own_scenario_not_the_at_start_stacks(
        referee: tuple[dict, int, dict]) -> None:
    _scenarios, code, report = referee
    assert [f["message"] for f in report["findings"]] == [] and code == 0
    assert [c["rules"] for c in report["checks_run"] if c["check"] == "setup"] == [
        ["scenario scenario"]], report["checks_run"]


def test_the_imported_folder_as_the_module_names_whole_boards_and_squares(
        tmp_path: Path) -> None:
    """Audited with the imported folder as its module (its kept build file, named by the
    game's places), a piece on a square cell and one on a board no grid names were 'starts
    at (1550,1550) [Table]; scenario places it at 1616' and 'starts at (225,31) [Blue
    Supply]; scenario places it at blue-s-supply' (Ark of the Covenant: 18 violations)."""
    bare = ('<VASSAL.build.module.map.boardPicker.Board name="Supply" width="300" '
            'height="100" reversible="false"/>')
    text = MODULE.replace("</VASSAL.build.module.map.boardPicker.Board>",
                          "</VASSAL.build.module.map.boardPicker.Board>" + bare, 1)
    setup = SETUP.replace("Main MapBoardPicker\tMain\t0\t0",
                          "+/102/" + SCOUT[len("+/null/"):].replace("null;0;0;4;0",
                                                                     "Main Map;600;50;4;0")
                          + ESC + "Main MapBoardPicker\tMain\t0\t0\tSupply\t1\t0")
    module = write_module(tmp_path / "old.vmod", text, files={"scenario.vsav": _save(setup)})
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    own = next(s for s in json.loads((game / "scenarios.json").read_text(encoding="utf-8"))
               ["scenarios"] if s["id"] == "scenario")
    assert {p["piece"]: p["at"] for p in own["setup"]} == {
        "1st-bn": {"board": "main", "space": "1-2"},
        "scout": {"board": "supply", "space": "supply"}}, own
    save = tmp_path / "scenario.vsav"
    save.write_bytes(_save(setup))
    report = tmp_path / "report.json"
    code = main(["audit", str(save), "--module", str(game), "--format", "json", "-o",
                 str(report)])
    found = json.loads(report.read_text(encoding="utf-8"))["findings"]
    assert [f["message"] for f in found] == [] and code == 0


def test_the_setup_is_judged_by_the_scenario_placing_most_of_its_pieces_each_counted_once(
        tmp_path: Path) -> None:
    """Warmachine & Hordes' 'Leryn City Center 2' save was judged by scenario 'City Street
    2' (36 false violations): a piece off the boards matches every placement at a point past
    the board, and each placement counted every such piece, so a scenario with more of those
    placements scored higher than the save's own.  Here 'Other' lays three Scouts off the
    board and the save two and the 1st Bn."""
    def off(number: int, x: int, y: int) -> str:
        return "+/%d/" % number + SCOUT[len("+/null/"):].replace(
            "null;0;0;4;0", f"Main Map;{x};{y};4;0")

    own = SETUP.replace("Main MapBoardPicker", off(102, -40, 60) + ESC + off(103, -40, 160)
                        + ESC + "Main MapBoardPicker")
    other = ESC.join(["begin_save", "", off(102, -40, 300), off(103, -40, 400),
                      off(104, -40, 500), "Main MapBoardPicker\tMain\t0\t0", "end_save"])
    text = MODULE.replace(
        '<VASSAL.build.module.PredefinedSetup name="Scenario" file="scenario.vsav" '
        'useFile="true" isMenu="false"/>',
        '<VASSAL.build.module.PredefinedSetup name="Other" file="other.vsav" useFile="true" '
        'isMenu="false"/><VASSAL.build.module.PredefinedSetup name="Scenario" '
        'file="scenario.vsav" useFile="true" isMenu="false"/>')
    module = write_module(tmp_path / "old.vmod", text, files={
        "scenario.vsav": _save(own), "other.vsav": _save(other)})
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    save = tmp_path / "scenario.vsav"
    save.write_bytes(_save(own))
    report_file = tmp_path / "report.json"
    code = main(["audit", str(save), "--module", str(game), "--format", "json", "-o",
                 str(report_file)])
    report = json.loads(report_file.read_text(encoding="utf-8"))
    assert [c["rules"] for c in report["checks_run"] if c["check"] == "setup"] == [
        ["scenario scenario"]], report["checks_run"]
    assert [f["message"] for f in report["findings"]] == [] and code == 0
