"""A module's turn trackers come in whole: every level of the one counting turns (turn →
phase → segment, counters and lists, a turn that wraps) as the game's turns and nested
phases, and every other tracker (Fields of Fire's 'Activity Level') as one of its
`trackers`.  A build from the JSON alone lays them out as the module did, the real engine
steps the rebuilt tracker through the same values, and edits reach the kept tracker.

Before, only the first list level under the turns was read and a second tracker was
dropped (Fields of Fire 2: 'not imported: TurnTracker[Activity Level]')."""

from __future__ import annotations

import json
import os
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from converter.builder.trackers import turn_state
from converter.cli import main
from converter.render.cards import sequence_card
from converter.validate import load_model, validate_path
from converter.vassal import commands as cmd
from converter.vassal.buildfile import read_buildfile
from converter.vassal.components import (
    CounterTurnLevel, ListTurnLevel, TurnGlobalHotkey, TurnTracker)
from converter.vassal.components.base import Component
from converter.vassal.savefile import read_game
from tests.check.conftest import BUILDFILE, write_module
from tests.helpers_vassal import run_vassal_check

T = "VASSAL.build.module.turn."
TRACKERS = (
    f'<{T}TurnTracker buttonText="Activity [F7]" name="Activity" length="-1" '
    f'lengthStyle="Maximum"><{T}ListTurnLevel configFirst="false" configList="false" '
    f'list="Quiet,Contact,Engaged" name="Activity Level" property="ActivityLevel" '
    f'turnFormat="$value$"/></{T}TurnTracker>'
    f'<{T}TurnTracker buttonText="Turn" name="Game Turn" length="-1" lengthStyle="Maximum">'
    f'<{T}CounterTurnLevel incr="1" loop="true" loopLimit="8" name="Turn" property="Turn" '
    f'start="1" turnFormat="$value$">'
    f'<{T}ListTurnLevel configFirst="false" configList="false" list="Allied,Axis" '
    f'name="Phase" property="Phase" turnFormat="$value$">'
    f'<{T}ListTurnLevel configFirst="false" configList="false" list="Move,Combat" '
    f'name="Segment" property="Segment" turnFormat="$value$"/>'
    f'<{T}CounterTurnLevel incr="1" loop="true" loopLimit="3" name="Impulse" '
    f'property="Impulse" start="1" turnFormat="$value$"/>'
    f'</{T}ListTurnLevel>'
    f'<{T}ListTurnLevel configFirst="false" configList="false" list="Weather,Supply" '
    f'name="Interphase" property="ActiveInterphase" turnFormat="$value$"/>'
    f'</{T}CounterTurnLevel>'
    f'<{T}TurnGlobalHotkey hotkey="35,0" match="" name="Change Turn" reportFormat=""/>'
    f'</{T}TurnTracker>')
VLOG_MAKER = Path(__file__).resolve().parents[3] / "shared" / "tools" / "vlog-maker" / "vlog-maker"


def _module(tmp_path: Path) -> Path:
    text = BUILDFILE.replace("<VASSAL.build.module.Documentation/>",
                             "<VASSAL.build.module.Documentation/>" + TRACKERS, 1)
    return write_module(tmp_path / "trackers.vmod", text)


def _imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path, str]:
    module = _module(tmp_path)
    folder = tmp_path / "game"
    assert main(["import", str(module), "-o", str(folder)]) == 0
    return module, folder, capsys.readouterr().out


def _without_provenance(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_provenance(v) for k, v in value.items() if k != "provenance"}
    if isinstance(value, list):
        return [_without_provenance(v) for v in value]
    return value


def _tree(comp: Component) -> tuple[Any, ...]:
    """What VASSAL reads of a tracker: each level's kind, name, property and values."""
    me: tuple[Any, ...]
    if isinstance(comp, CounterTurnLevel):
        me = ("counter", comp.name, comp.property, comp.start, comp.incr, comp.loop,
              comp.loop_limit if comp.loop else None)
    elif isinstance(comp, ListTurnLevel):
        me = ("list", comp.name, comp.property, tuple(comp.items))
    else:
        me = ("tracker",)
    return me, tuple(_tree(c) for c in comp.children
                     if isinstance(c, (CounterTurnLevel, ListTurnLevel)))


def _trackers(vmod: Path) -> list[TurnTracker]:
    with zipfile.ZipFile(vmod) as archive:
        return read_buildfile(archive.read("buildFile.xml")).find_all(TurnTracker)


def _json_alone(folder: Path) -> None:
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    del game["vassal"]
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")


def test_every_level_and_every_tracker_comes_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, folder, out = _imported(tmp_path, capsys)
    assert "only one turn tracker" not in out and "deeper than one level" not in out
    assert "only one phase level" not in out
    assert "not imported: TurnTracker[Game Turn]: the key it fires as the turn changes " \
        "('Change Turn') stays in the kept build file" in out
    game = _without_provenance(json.loads((folder / "game.json").read_text(encoding="utf-8")))
    assert game["turns"] == {"first": 1, "count": 8, "level": "Turn", "wrap": True}
    segments = [{"id": "move", "name": "Move", "level": "Segment"},
                {"id": "combat", "name": "Combat", "level": "Segment"},
                {"id": "impulse", "name": "Impulse", "level": "Impulse", "counted": True,
                 "first": 1, "repeat": 3}]
    again = [{**s, "id": s["id"] + "-2"} for s in segments]
    assert game["sequence"] == [
        {"id": "allied", "name": "Allied", "level": "Phase", "phases": segments},
        {"id": "axis", "name": "Axis", "level": "Phase", "phases": again},
        {"id": "weather", "name": "Weather", "level": "Interphase",
         "property": "ActiveInterphase"},
        {"id": "supply", "name": "Supply", "level": "Interphase",
         "property": "ActiveInterphase"}]
    assert game["trackers"] == [
        {"id": "activity", "name": "Activity", "button": "Activity [F7]",
         "levels": [{"name": "Activity Level", "property": "ActivityLevel",
                     "items": ["Quiet", "Contact", "Engaged"]}]}]
    assert [p.line() for p in validate_path(folder)[1]] == []


def test_the_sequence_card_shows_the_nested_phases(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, folder, _ = _imported(tmp_path, capsys)
    card = sequence_card(load_model(folder), dpi=60)
    assert card is not None
    assert card.text_of("phase:axis:number") == "2"
    assert card.text_of("phase:combat-2:number") == "2.2"
    assert card.text_of("phase:impulse-2:name") == "Impulse"
    assert "×3" in (card.text_of("phase:impulse-2:details") or "")
    assert card.text_of("phase:supply:number") == "4"


def test_a_build_from_the_json_alone_lays_the_trackers_out_as_the_module_did(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module, folder, _ = _imported(tmp_path, capsys)
    _json_alone(folder)
    assert main(["build", str(folder), "-o", str(tmp_path / "out"), "-q"]) == 0
    rebuilt = tmp_path / "out" / "game.vmod"
    assert sorted(_tree(t) for t in _trackers(rebuilt)) == \
        sorted(_tree(t) for t in _trackers(module))
    activity = next(t for t in _trackers(rebuilt) if t.name == "Activity")
    assert activity.button_text == "Activity [F7]"
    result = run_vassal_check(rebuilt, images=True)
    assert (result.errors, result.warnings) == (0, 0), result.output[-2000:]


def _steps(vmod: Path, tracker: str, tmp_path: Path) -> list[str]:
    """What VASSAL's own turn report says at each of 14 clicks on the tracker's '+'."""
    script = tmp_path / f"{vmod.stem}.json"
    script.write_text(json.dumps([{"new_game": True}] + [
        {"turn": {"tracker": tracker, "step": "next"}}] * 14), encoding="utf-8")
    run = subprocess.run([str(VLOG_MAKER), "--module", str(vmod), "--script", str(script),
                          "--out", str(tmp_path / f"{vmod.stem}.vlog")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return [line.split("Turn Updated from", 1)[1].split("\x1b", 1)[0].split("␛", 1)[0]
            for line in run.stdout.splitlines() if "Turn Updated from" in line]


def test_the_real_engine_steps_the_rebuilt_tracker_through_the_same_phases(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not os.access(VLOG_MAKER, os.X_OK) or not (Path.home() / ".cache/vassal36").is_dir():
        pytest.skip("vlog-maker and its VASSAL engine are not installed")
    module, folder, _ = _imported(tmp_path, capsys)
    _json_alone(folder)
    assert main(["build", str(folder), "-o", str(tmp_path / "out"), "-q"]) == 0
    theirs = _steps(module, "Game Turn", tmp_path)
    ours = _steps(tmp_path / "out" / "game.vmod", "Turn", tmp_path)
    assert theirs[:6] == [" 1 Allied Move  to 1 Allied Combat ",
                          " 1 Allied Combat  to 1 Allied 1 ", " 1 Allied 1  to 1 Allied 2 ",
                          " 1 Allied 2  to 1 Allied 3 ", " 1 Allied 3  to 1 Axis Move ",
                          " 1 Axis Move  to 1 Axis Combat "]
    assert " 1 Supply   to 2 Allied Move " in theirs
    assert ours == theirs
    # a scenario's save starts the tracker where a new game of VASSAL's starts it
    _, record = read_game(tmp_path / "game.vlog")
    fresh = {c.tracker_id: c.state for c in record.restored()
             if isinstance(c, cmd.TurnTrackerChange)}
    assert fresh["TurnTracker0"] == turn_state(load_model(folder), None)
    assert fresh["TurnTracker1"] == "0|0;0;0;true,true,true"


def test_edits_of_turns_phases_and_trackers_reach_the_kept_trackers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, folder, _ = _imported(tmp_path, capsys)
    path = folder / "game.json"
    game = json.loads(path.read_text(encoding="utf-8"))
    game["turns"]["count"] = 10
    for phase in game["sequence"][:2]:
        phase["phases"][1]["name"] = "Fire"
    game["trackers"][0]["levels"][0]["items"].append("Heavy")
    path.write_text(json.dumps(game), encoding="utf-8")
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().err == ""
    trackers = {t.name: t for t in _trackers(tmp_path / "out" / "game.vmod")}
    turn = trackers["Game Turn"]  # the kept tracker: its name, button and key as they were
    assert any(isinstance(c, TurnGlobalHotkey) and c.name == "Change Turn"
               for c in turn.children)
    (counter,) = [c for c in turn.children if isinstance(c, CounterTurnLevel)]
    assert (counter.loop, counter.loop_limit) == (True, 10)
    phase = counter.children[0]
    assert isinstance(phase, ListTurnLevel)
    assert [c.items for c in phase.children if isinstance(c, ListTurnLevel)] == \
        [["Move", "Fire"]]
    (activity,) = [c for c in trackers["Activity"].children if isinstance(c, ListTurnLevel)]
    assert activity.items == ["Quiet", "Contact", "Engaged", "Heavy"]


def test_phases_that_no_longer_fit_the_levels_are_said_and_shown_in_one_list(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """VASSAL repeats one set of sub-levels under every entry of a list: entries whose
    sub-phases differ cannot be laid out so."""
    _, folder, _ = _imported(tmp_path, capsys)
    path = folder / "game.json"
    game = json.loads(path.read_text(encoding="utf-8"))
    del game["sequence"][1]["phases"][2]  # Axis has no impulses
    del game["trackers"]
    path.write_text(json.dumps(game), encoding="utf-8")
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    assert "game.json#/sequence: the phases do not fit the tracker's levels" in err
    trackers = {t.name: t for t in _trackers(tmp_path / "out" / "game.vmod")}
    assert "Activity" not in trackers  # removed
    (counter,) = [c for c in trackers["Game Turn"].children if isinstance(c, CounterTurnLevel)]
    (phases,) = counter.children
    assert isinstance(phases, ListTurnLevel)
    assert phases.items[:4] == ["Allied - Move", "Allied - Combat", "Allied - Impulse",
                                "Axis - Move"]


def test_a_wrapping_track_without_count_an_uncounted_level_and_a_tracker_twice_are_problems(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, folder, _ = _imported(tmp_path, capsys)
    path = folder / "game.json"
    game = json.loads(path.read_text(encoding="utf-8"))
    del game["turns"]["count"]
    del game["sequence"][0]["phases"][2]["level"]
    game["trackers"].append(dict(game["trackers"][0]))
    path.write_text(json.dumps(game), encoding="utf-8")
    lines = [p.line() for p in validate_path(folder)[1]]
    assert any("game.json:/turns/wrap: the turns start again after the last, but the track "
               "has no count" in line for line in lines), lines
    assert any("game.json:/sequence/0/phases/2/counted: phase 'impulse' is counted, but names "
               "no level" in line for line in lines), lines
    assert any("game.json:/trackers/1/id" in line and "'activity'" in line
               for line in lines), lines
