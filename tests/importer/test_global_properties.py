"""A module's global properties (Paths of Glory has 225: VP totals, events in play, whose turn
it is) come into the canonical form with their start values, limits and the map keeping them,
validate, and a build from the JSON alone has them again."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from converter.validate import validate_path
from converter.vassal.buildfile import read_buildfile
from converter.vassal.components import GlobalProperty, Map
from tests.check.conftest import BUILDFILE, write_module
from tests.helpers_vassal import run_vassal_check
from tests.importer.helpers import merged

P = "VASSAL.build.module.properties."
MODULE_PROPERTIES = (
    f'<{P}GlobalProperties><VASSAL.build.module.folder.GlobalPropertyFolder name="Score">'
    f'<{P}GlobalProperty description="Allied victory points" initialValue="3" isNumeric="true" '
    f'max="50" min="0" name="VP_Allies" wrap="false"/></VASSAL.build.module.folder.'
    f'GlobalPropertyFolder><{P}GlobalProperty initialValue="None" isNumeric="false" max="" '
    f'min="" name="Event" wrap="false"/><{P}GlobalProperty initialValue="1" isNumeric="true" '
    f'max="4" min="1" name="Phase" wrap="true"/></{P}GlobalProperties>')
MAP_PROPERTY = (f'<{P}GlobalProperties><{P}GlobalProperty initialValue="0" isNumeric="true" '
                f'max="" min="0" name="Hand Count" wrap="false"/></{P}GlobalProperties>')


def _module(tmp_path: Path) -> Path:
    text = BUILDFILE.replace("<VASSAL.build.module.Documentation/>",
                             "<VASSAL.build.module.Documentation/>" + MODULE_PROPERTIES, 1)
    text = text.replace("<VASSAL.build.module.map.BoardPicker>",
                        MAP_PROPERTY + "<VASSAL.build.module.map.BoardPicker>", 1)
    return write_module(tmp_path / "props.vmod", text)


def _imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    folder = tmp_path / "game"
    assert main(["import", str(_module(tmp_path)), "-o", str(folder)]) == 0
    return folder, capsys.readouterr().out


def test_each_global_property_comes_in_with_its_start_limits_and_map(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, out = _imported(tmp_path, capsys)
    assert "4 global properties" in out.splitlines()[0]
    assert "GlobalPropert" not in out  # none left to the note of what has no counterpart
    props = {p["name"]: p for p in merged(folder)["global_properties"]}
    plain = {n: {k: v for k, v in p.items() if k not in ("id", "provenance")}
             for n, p in props.items()}
    assert plain == {
        "VP_Allies": {"name": "VP_Allies", "initial": "3", "numeric": True, "min": 0,
                      "max": 50, "description": "Allied victory points"},
        "Event": {"name": "Event", "initial": "None"},
        "Phase": {"name": "Phase", "initial": "1", "numeric": True, "min": 1, "max": 4,
                  "wrap": True},
        "Hand Count": {"name": "Hand Count", "initial": "0", "numeric": True, "min": 0,
                       "board": "main"}}
    assert props["VP_Allies"]["provenance"]["note"] == (
        "imported from GameModule[Test]/GlobalProperties/GlobalPropertyFolder[Score]/"
        "GlobalProperty[VP_Allies]")
    assert [p.line() for p in validate_path(folder)[1]] == []


def test_limits_out_of_order_an_unknown_board_and_a_name_twice_are_problems(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = _imported(tmp_path, capsys)
    path = folder / "properties.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["global_properties"][0]["min"] = 60
    data["global_properties"][1]["board"] = "nowhere"
    data["global_properties"][2]["name"] = "VP_Allies"
    path.write_text(json.dumps(data), encoding="utf-8")
    lines = [p.line() for p in validate_path(folder)[1]]
    assert any("properties.json:/global_properties/0/max: the highest value 50 is below the "
               "lowest 60" in line for line in lines), lines
    assert any("properties.json:/global_properties/1/board: unknown board 'nowhere'" in line
               for line in lines), lines
    assert any("properties.json:/global_properties/2/name: property 'VP_Allies' is given twice"
               in line for line in lines), lines


def test_a_build_from_the_json_alone_has_the_properties_where_the_module_had_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = _imported(tmp_path, capsys)
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    del game["vassal"]
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    vmod = tmp_path / "out" / "game.vmod"
    with zipfile.ZipFile(vmod) as archive:
        root = read_buildfile(archive.read("buildFile.xml"))
    on_maps = {p.name for m in root.find_all(Map) for p in m.find_all(GlobalProperty)}
    assert on_maps == {"Hand Count"}
    everywhere = {p.name: p for p in root.find_all(GlobalProperty)}
    vp = everywhere["VP_Allies"]
    assert (vp.initial_value, vp.is_numeric, vp.min, vp.max, vp.wrap, vp.description) == \
        ("3", True, "0", "50", False, "Allied victory points")
    assert (everywhere["Phase"].wrap, everywhere["Event"].initial_value) == (True, "None")
    assert run_vassal_check(vmod, images=False).errors == 0


def test_properties_edited_added_or_removed_in_the_json_are_so_in_the_built_module(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = _imported(tmp_path, capsys)
    path = folder / "properties.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    vp, event, phase, hand = data["global_properties"]
    vp.update(initial="5", max=60)
    phase["name"] = "Stage"
    del hand["board"]
    data["global_properties"] = [vp, phase, hand,
                                 {"id": "weather", "name": "Weather", "initial": "Clear"},
                                 {"id": "cards", "name": "Cards", "initial": "0",
                                  "numeric": True, "min": 0, "board": "main"}]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "vconv build: warning: properties.json#/global_properties/1/name: renamed from "
        "'Phase': the module's expressions and traits that name it are not changed",
        "vconv build: warning: properties.json#/global_properties/2/board: edited, but the "
        "module keeps this verbatim in its build file (a property moves to another map only "
        "in the module's editor); the built module does not have the edit"]
    again = tmp_path / "again"
    assert main(["import", str(tmp_path / "out" / "game.vmod"), "-o", str(again)]) == 0
    props = {p["name"]: p for p in merged(again)["global_properties"]}
    assert set(props) == {"VP_Allies", "Stage", "Hand Count", "Weather", "Cards"}
    assert (props["VP_Allies"]["initial"], props["VP_Allies"]["max"]) == ("5", 60)
    assert props["Stage"]["wrap"] is True
    assert props["Hand Count"]["board"] == "main"  # not moved
    assert "board" not in props["Weather"] and props["Weather"]["initial"] == "Clear"
    assert props["Cards"]["board"] == "main" and props["Cards"]["min"] == 0
