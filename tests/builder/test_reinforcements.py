"""Reinforcements wait where module builders put them: on the turn track cell of their entry
turn, or in the display's box of pieces that enter on an event."""

from __future__ import annotations

import json
import shutil
from collections import Counter

import pytest

from converter.builder.conventions import event_box_name, track_values
from converter.model.game import Game
from converter.model.scenario import Scenario
from converter.builder.module import build_module, write_module
from tests.builder.conftest import GAME_IDS, GAMES, MINI, BuildCache, fixed_epoch
from tests.builder.readback import Module

EVENT_BOX_IT = "Rinforzi (a evento)"  # the box's label in an Italian game


def expected_reinforcements(game: Game, scenario: Scenario) -> Counter:
    """(piece id, location name) → copies waiting, worked out from the rules stated above."""
    out: Counter = Counter()
    in_setup = {p.piece for p in scenario.setup or []}
    turn_track = next((t for t in game.tracks or [] if t.kind == "turn"), None)
    all_turns = game.turns.numbers() if game.turns else []
    for piece in game.pieces or []:
        entry = piece.entry
        if entry is None or piece.id in in_setup:
            continue
        if entry.turn is not None and turn_track is not None:
            lo = scenario.turns.min if scenario.turns and scenario.turns.min else min(all_turns)
            hi = scenario.turns.max if scenario.turns and scenario.turns.max else max(all_turns)
            if lo <= entry.turn <= hi:
                values, labels = track_values(game, turn_track.id)
                cell = f"{turn_track.name} {labels[values.index(entry.turn)]}"
                out[(piece.id, cell)] += piece.count or 1
        elif entry.turn is None and entry.code:
            out[(piece.id, event_box_name(game))] += piece.count or 1
    return out


def _placed(module: Module, game: Game) -> dict[str, list]:
    scenarios = game.scenarios or []
    if len(scenarios) == 1:
        return {scenarios[0].name: module.stack_pieces()}
    return {name: module.save_pieces(entry) for name, entry in module.setups().items()}


def _entering(game: Game) -> bool:
    return any(p.entry is not None and (p.entry.turn is not None or p.entry.code)
               for p in game.pieces or [])


@pytest.mark.parametrize("folder", GAMES, ids=GAME_IDS)
def test_reinforcements_wait_on_their_entry_turn_or_in_the_event_box(
        builds: BuildCache, folder) -> None:
    built = builds.get(folder)
    game = built.module.game
    if not _entering(game) or not game.scenarios:
        pytest.skip("no reinforcements in this game")
    module = Module.read(built.path)
    placed = _placed(module, game)
    display = module.maps()["Display"]
    entering = {p.id for p in game.pieces or [] if p.entry is not None}
    total = 0
    for scenario in game.scenarios:
        expected = expected_reinforcements(game, scenario)
        in_setup = {p.piece for p in scenario.setup or []}
        actual = Counter((piece.properties()["vconv_id"], where)
                         for map_name, where, piece in placed[scenario.name]
                         if map_name == display.map_name
                         and piece.properties()["vconv_id"] in entering - in_setup)
        assert actual == expected, scenario.name
        total += sum(expected.values())
    if not total:  # every entering piece is placed by the setups (checked in test_module)
        pytest.skip("the setups place every reinforcement")


def _mini_variant(tmp_path, *, hq_code: str | None = None, turn_kind: str = "turn"):
    """The mini game with Armata A (enters on turn 3) left out of the setup, the HQ
    entering on *hq_code*, and the turn track of kind *turn_kind*: built and written."""
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    game_json = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    (scenario,) = game_json["scenarios"]
    scenario["setup"] = [p for p in scenario["setup"] if p["piece"] != "sa-1"]
    next(t for t in game_json["tracks"] if t["id"] == "turn")["kind"] = turn_kind
    (folder / "game.json").write_text(json.dumps(game_json), encoding="utf-8")
    pieces_json = json.loads((folder / "pieces.json").read_text(encoding="utf-8"))
    if hq_code is not None:
        next(p for p in pieces_json["pieces"] if p["id"] == "sa-hq")["entry"] = {"code": hq_code}
    (folder / "pieces.json").write_text(json.dumps(pieces_json), encoding="utf-8")
    with fixed_epoch():
        built = build_module(folder)
        path = write_module(built, tmp_path / "out")
    return built, Module.read(path)


def _waiting(module: Module) -> Counter:
    return Counter((piece.properties()["vconv_id"], w)
                   for _m, w, piece in module.stack_pieces()
                   if piece.properties()["vconv_id"] in ("sa-1", "sa-hq"))


def test_a_one_scenario_game_has_them_in_its_at_start_stacks(tmp_path) -> None:
    """At-start stacks on 'Turno 3' (Armata A) and in the event box (the HQ, entering on B+3)."""
    _built, module = _mini_variant(tmp_path, hq_code="B+3")
    assert _waiting(module) == Counter({("sa-1", "Turno 3"): 1, ("sa-hq", EVENT_BOX_IT): 1})


def test_without_a_turn_track_they_stay_in_the_palette_and_the_notes_say_so(tmp_path) -> None:
    built, module = _mini_variant(tmp_path, turn_kind="level")
    assert _waiting(module) == Counter()
    assert any("reinforcements left in the palette, since the module has no turn track cell "
               "for turn 3: Armata A (sa-1)" in note for note in built.notes)
