"""The face a piece starts on: a scenario's counter flipped at start, a unit set up reduced.

VASSAL keeps the level a piece's face layer shows in its state (in an at-start stack's slot,
in a predefined setup's saved game) or takes it from the property the layer follows; the
import placed every piece on its first face.  Paths of Glory's French 6th Army starts
reduced (its prototype 'Unit_Reduced' sets CounterLayer 2); 178 of For the People's
political control markers start on the second level of their 'Flip (CSA/USA)' layer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from converter.cli import main
from converter.validate import load_model, validate_path
from converter.vassal.savefile import save_archive_bytes
from tests.check.conftest import BUILDFILE, SCENARIO, TAB, module  # noqa: F401  (the fixture)

SLOT_STATE = TAB + "1\\" + TAB + "null;0;0;2;0"  # the at-start stack's slot: Step level 1
SAVED_STATE = TAB + "1\\" + TAB + "Main Map;75;125;1;0"  # the saved game's piece


def _setups(tmp_path: Path, vmod: Path) -> dict[str, list[dict]]:
    folder = tmp_path / "game"
    assert main(["import", str(vmod), "-o", str(folder), "-q"]) == 0
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    scenarios = json.loads((folder / "scenarios.json").read_text(encoding="utf-8"))
    return {s["name"]: s.get("setup", []) for s in scenarios["scenarios"]}


def test_a_piece_starts_on_the_level_its_state_shows(tmp_path: Path,
                                                     module: Callable[..., Path]) -> None:
    assert SLOT_STATE in BUILDFILE
    scenario = SCENARIO.replace(SAVED_STATE, SAVED_STATE.replace("1\\", "2\\", 1))
    assert scenario != SCENARIO
    vmod = module(replace={SLOT_STATE: SLOT_STATE.replace("1\\", "2\\", 1)},
                  files={"scenario.vsav": save_archive_bytes(scenario)})
    setups = _setups(tmp_path, vmod)
    assert [(p["piece"], p.get("face")) for p in setups["At start (VASSAL set-up stacks)"]] == [
        ("1st-bn", 1)]
    assert [(p["piece"], p.get("face")) for p in setups["Scenario"]] == [("1st-bn", 1)]


def test_a_piece_on_its_first_level_names_no_face(tmp_path: Path,
                                                  module: Callable[..., Path]) -> None:
    setups = _setups(tmp_path, module())
    assert [(p["piece"], p.get("face")) for p in setups["At start (VASSAL set-up stacks)"]] == [
        ("1st-bn", None)]
    assert [(p["piece"], p.get("face")) for p in setups["Scenario"]] == [("1st-bn", None)]


def test_two_copies_on_two_faces_at_one_place_are_two_placements(
        tmp_path: Path, module: Callable[..., Path]) -> None:
    """For the People's Confederate SP markers: some at a place show another face."""
    flipped = SCENARIO.replace(SAVED_STATE, SAVED_STATE.replace("1\\", "2\\", 1))
    start = SCENARIO.index("+/100/")
    end = SCENARIO.index("\x1b", start)
    both = SCENARIO[:end] + "\x1b" + flipped[start:].replace("+/100/", "+/101/", 1)
    vmod = module(files={"scenario.vsav": save_archive_bytes(both)})
    setups = _setups(tmp_path, vmod)
    assert [(p["piece"], p.get("face"), p.get("count", 1)) for p in setups["Scenario"]] == [
        ("1st-bn", None, 1), ("1st-bn", 1, 1)]


def test_a_layer_following_a_property_starts_where_the_property_says(
        tmp_path: Path, module: Callable[..., Path]) -> None:
    """Paths of Glory's French 6th Army: its Status layer follows CounterLayer, which its
    prototype 'Unit_Reduced' sets to 2, whatever level the slot's state last drew."""
    prototype = "delete;Delete;68,130;" + TAB + "piece;;;;/" + TAB + "null;0;0;;0"
    vmod = module(replace={prototype: "mark;CounterLayer" + TAB + "piece;;;;/2" + TAB
                           + "null;0;0;;0",
                           "true;Step;;;false;;1;1": "true;Step;;;true;CounterLayer;1;1"})
    setups = _setups(tmp_path, vmod)
    assert [(p["piece"], p.get("face")) for p in setups["At start (VASSAL set-up stacks)"]] == [
        ("1st-bn", 1)]


def test_the_setup_card_says_which_face_shows(tmp_path: Path, module: Callable[..., Path],
                                              words_drawn: Callable[[Any], list[tuple[str, int]]]
                                              ) -> None:
    """What a print-and-play player reads: the piece set up on its back says so."""
    import converter.render.cards as cards

    vmod = module(replace={SLOT_STATE: SLOT_STATE.replace("1\\", "2\\", 1)})
    _setups(tmp_path, vmod)
    game = load_model(tmp_path / "game")
    drawn = words_drawn(cards)
    scenario = next(s for s in game.scenarios or [] if s.id == "vassal-setup")
    assert cards.setup_card(game, scenario, dpi=100) is not None
    text = " ".join(t for t, _ in drawn)
    assert "1st Bn (showing reduced)" in text, text  # its level name '+ (reduced)'



def test_a_face_edited_in_the_json_is_said_when_the_module_is_built(
        tmp_path: Path, module: Callable[..., Path], capsys: pytest.CaptureFixture[str]) -> None:
    """The built module keeps the at-start slot's layer state: a face the module builder
    turns in the JSON does not reach it, and the build says so instead of dropping it."""
    _setups(tmp_path, module())
    path = tmp_path / "game" / "scenarios.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    at_start = next(s for s in data["scenarios"] if s["id"] == "vassal-setup")
    at_start["setup"][0] = {"piece": "1st-bn", "at": at_start["setup"][0]["at"], "face": 1,
                            "provenance": at_start["setup"][0]["provenance"]}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["build", str(tmp_path / "game"), "-o", str(tmp_path / "dist"), "-q"]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning:" in line]
    index = [s["id"] for s in data["scenarios"]].index("vassal-setup")
    assert warnings == [
        f"vconv build: warning: scenarios.json#/scenarios/{index}/setup/0/face: edited, but "
        "the module keeps this verbatim in its build file (the face a set-up piece shows "
        "(face 1 of piece '1st-bn') is the level its slot's layer keeps); the built module "
        "does not have the edit"]
