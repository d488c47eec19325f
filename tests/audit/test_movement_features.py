"""Movement effects of map features (a fort, a fortified zone, a minefield): they count in
the path cost and legality like a place's own terrain."""

from __future__ import annotations

import itertools
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from converter.audit.auditor import AuditResult, audit_files
from converter.cli.audit import open_module
from converter.builder.scripted import ScriptedGame
from converter.builder import build_module

MINI = Path(__file__).resolve().parents[1] / "data" / "games" / "mini"
CORRIDOR = ["0203", "0303", "0403", "0503", "0603"]


def _corridor_map(feature: dict[str, Any] | None, at: str = "0303") -> Callable[[Any], None]:
    """Every hex of the main board known: row 03 clear (a corridor), the rest lake, so the
    only way east from 0203 runs along the row; *feature* is put on hex *at*."""

    def edit(data: Any) -> None:
        if feature is not None:
            data["terrain"].append(feature)
        main = next(b for b in data["boards"] if b["id"] == "main")
        old = {h["id"]: h for h in main["hexes"]}
        hexes = []
        for col in range(1, 9):
            for row in range(1, 7):
                hid = f"{col:02d}{row:02d}"
                h = old.get(hid, {"id": hid})
                h["terrain"] = ["clear"] if hid in CORRIDOR else ["lake"]
                hexes.append(h)
        if feature is not None:
            spot = next(h for h in hexes if h["id"] == at)
            spot["features"] = [*spot.get("features", []), feature["id"]]
        main["hexes"] = hexes
        main["hexsides"] = []

    return edit


def _game_copy(folder: Path, feature: dict[str, Any] | None, at: str = "0303") -> Path:
    """A fresh copy of the small game with the corridor map (one copy per game played)."""
    shutil.copytree(MINI, folder)
    path = folder / "map.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    _corridor_map(feature, at)(data)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return folder


@pytest.fixture
def play(tmp_path: Path) -> Callable[..., AuditResult]:
    """Audit a short game: *moves* are (piece, hex) moves, or (turn, phase) phase changes,
    starting mid-game in *phase* of turn 2 with the pieces at *start*."""

    counter = itertools.count()

    def run(feature: dict[str, Any] | None, moves: list[tuple[Any, str]], *,
            start: dict[str, str], phase: str = "blue-move", at: str = "0303") -> AuditResult:
        n = next(counter)
        folder = _game_copy(tmp_path / f"game{n}", feature, at)
        s = ScriptedGame(build_module(folder, draw=False))
        s.turn(2, phase, restored=True)
        for piece, where in start.items():
            s.place(piece, hex=where, restored=True)
        for what, where in moves:
            if isinstance(what, int):
                s.turn(what, where)
            else:
                s.move(what, hex=where)
        log = tmp_path / f"game{n}.vlog"
        log.write_bytes(s.log_bytes())
        return audit_files([log], folder, module=open_module(folder))

    return run


FZ = {"id": "fz", "name": "Zona Fortificata", "applies_to": "feature",
      "movement": {"ends_move": True}}


def _found(result: AuditResult) -> list[tuple[str, int, str]]:
    return [(f.rule, f.pos.step, f.message) for f in result.findings]


def test_a_move_through_a_place_that_ends_movement_is_a_violation(play) -> None:  # type: ignore[no-untyped-def]
    result = play(FZ, [("na-1", "0503")], start={"na-1": "0203"})
    assert _found(result) == [
        ("move", 1, "I Corpo cannot reach hex 0503 from hex 0203 (Alfa; \"città\"): no path it may use "
                    "(forbidden terrain, enemy-occupied or missing connection)")]
    # the same move along the same corridor without the fortified zone is legal (3 of 4 MP)
    assert _found(play(None, [("na-1", "0503")], start={"na-1": "0203"})) == []


def test_a_move_ending_in_the_place_is_legal_but_it_may_not_go_on(play) -> None:  # type: ignore[no-untyped-def]
    ends_there = play(FZ, [("na-1", "0303")], start={"na-1": "0203"})
    assert _found(ends_there) == []
    goes_on = play(FZ, [("na-1", "0303"), ("na-1", "0403")], start={"na-1": "0203"})
    assert _found(goes_on) == [
        ("move", 2, "I Corpo moves on from hex 0303, where its move had to end (terrain or "
                    "feature that ends movement)")]
    # next phase: the piece may leave the fortified zone again
    next_phase = play(FZ, [("na-1", "0303"), (2, "red-move"), (3, "blue-move"),
                           ("na-1", "0503")], start={"na-1": "0203"})
    assert _found(next_phase) == []


def test_a_piece_may_leave_a_place_that_ends_movement(play) -> None:  # type: ignore[no-untyped-def]
    assert _found(play(FZ, [("na-1", "0503")], start={"na-1": "0303"})) == []


def test_undone_stop_gives_the_move_back(tmp_path: Path) -> None:
    folder = _game_copy(tmp_path / "game", FZ)
    s = ScriptedGame(build_module(folder, draw=False))
    s.turn(2, "blue-move", restored=True)
    s.place("na-1", hex="0203", restored=True)
    s.move("na-1", hex="0303")
    s.undo_move()                  # taken back: the piece never stopped in the zone
    s.move("na-1", hex="0403")     # 0203 → 0403 through the zone: no path
    log = tmp_path / "undo.vlog"
    log.write_bytes(s.log_bytes())
    found = audit_files([log], folder, module=open_module(folder)).findings
    assert [(f.rule, f.pos.step) for f in found] == [("move", 3)]
    assert "cannot reach hex 0403" in found[0].message


def test_a_feature_never_entered_by_a_nationality(play) -> None:  # type: ignore[no-untyped-def]
    mines = {"id": "mines", "name": "Campo Minato", "applies_to": "feature",
             "movement": {"never": {"nationalities": ["NA"]}}}
    blue = play(mines, [("na-1", "0303")], start={"na-1": "0203"})
    assert _found(blue) == [
        ("move", 1, "I Corpo cannot reach hex 0303 from hex 0203 (Alfa; \"città\"): no path it may use "
                    "(forbidden terrain, enemy-occupied or missing connection)")]
    red = play(mines, [("sa-1", "0503")], start={"sa-1": "0203"}, phase="red-move")
    assert _found(red) == []


def test_a_prohibited_feature_forbids_entry_to_all(play) -> None:  # type: ignore[no-untyped-def]
    wall = {"id": "wall", "name": "Muro", "applies_to": "feature",
            "movement": {"prohibited": True}}
    red = play(wall, [("sa-1", "0503")], start={"sa-1": "0203"}, phase="red-move")
    assert [(r, s) for r, s, _ in _found(red)] == [("move", 1)]


def test_a_feature_cost_joins_the_terrain_cost(play) -> None:  # type: ignore[no-untyped-def]
    """A fort costing 3 in a clear hex: the dearer of the two counts (3 + 1 + 1 > 4 MP)."""
    fort = {"id": "fort", "name": "Forte", "applies_to": "feature", "movement": {"cost": 3}}
    over = play(fort, [("na-1", "0503")], start={"na-1": "0203"})
    assert _found(over) == [
        ("move", 1, "I Corpo moves hex 0203 (Alfa; \"città\") → hex 0503 costing at least 5 MP, over its "
                    "allowance of 4")]
    assert _found(play(fort, [("na-1", "0403")], start={"na-1": "0203"})) == []
    # a cheap feature does not make a hex cheaper: 0.5 in clear still costs 1 per hex
    path = {"id": "path", "name": "Sentiero", "applies_to": "feature",
            "movement": {"cost": 0.5}}
    assert _found(play(path, [("na-1", "0603")], start={"na-1": "0203"})) == []
    assert _found(play(path, [("na-1", "0603"), ("na-1", "0503")],
                       start={"na-1": "0203"})) == [
        ("move", 2, "I Corpo moves hex 0603 → hex 0503 costing at least 4 earlier this "
                    "phase + 1 MP, over its allowance of 4")]


def test_a_feature_without_movement_data_changes_nothing(play) -> None:  # type: ignore[no-untyped-def]
    keep = {"id": "keep", "name": "Rocca", "applies_to": "feature", "combat": {"drm": -1}}
    assert _found(play(keep, [("na-1", "0603")], start={"na-1": "0203"})) == []


def test_a_network_board_s_steps_are_learnt_once_for_every_later_move(mini_module) -> None:  # type: ignore[no-untyped-def]
    """`network_path` rebuilt an area or point-to-point board's steps at every move; the
    movement check now asks the module's PathFinder, which learns them once per piece,
    allowance, turn (a link may open on a turn) and cost model.  What a move costs is the
    same either way, enemy-occupied places included."""
    from converter.audit.rules.paths import PathFinder, network_path

    game = mini_module.game
    finder = PathFinder(game)
    board, piece = game.board("east"), game.piece("sa-1")
    network = finder.network(board, piece, 4.0, 3, "link")
    assert finder.network(board, piece, 4.0, 3, "link") is network
    assert finder.network(board, piece, 4.0, 2, "link") is not network
    for blocked in (set(), {"space:minsk"}, {"space:odessa"}):
        for model in ("link", "terrain", "adjacent"):
            fresh = network_path(game, board, piece, "kiev", "odessa", 4.0, 3, blocked, model)
            kept = network_path(game, board, piece, "kiev", "odessa", 4.0, 3, blocked, model,
                                finder.network(board, piece, 4.0, 3, model))
            assert (kept.low, kept.high, kept.unknown, kept.path) == \
                (fresh.low, fresh.high, fresh.unknown, fresh.path)


def test_a_terrain_s_movement_effect_holds_only_when_its_when_says(mini_module) -> None:  # type: ignore[no-untyped-def]
    """Terrain movement's `when` (the schema's "only in winter turns") was not read by hex
    path costs: the effect held on every turn.  Mini's river adds 1 to entering the forest
    of 0404 from 0405 (2 + 1); limited to turn 1, it adds nothing on turn 2, and when a
    condition in words decides, the cost lies between the two (2 to 3)."""
    import copy

    from converter.audit.rules.paths import PathFinder
    from converter.model.common import When

    game = copy.deepcopy(mini_module.game)
    river = game.terrain_type("river")
    river.movement.when = When(turns=[1])
    finder = PathFinder(game)
    board, piece = game.board("main"), game.piece("sa-1")
    spring = finder.hex_path(board, piece, "0405", "0404", 6.0, set(), 1)
    summer = finder.hex_path(board, piece, "0405", "0404", 6.0, set(), 2)
    assert (spring.low, spring.high) == (3.0, 3.0)
    assert (summer.low, summer.high) == (2.0, 2.0)
    river.movement.when = When(condition="when the river is in flood")
    flood = PathFinder(game).hex_path(board, piece, "0405", "0404", 6.0, set(), 2)
    assert (flood.low, flood.high, flood.unknown) == (2.0, 3.0, ["hexside 0405/0404"])


def test_a_when_limits_network_spaces_links_and_features_as_it_limits_hexes(mini_module) -> None:  # type: ignore[no-untyped-def]
    """Terrain movement's `when` was read by hex terrain and hexsides only: a space's
    terrain, a link type and a feature (of a space or of a hex) cost the same on every turn.
    Now each reads `_effect_holds` as hex terrain does: off this turn, a space's terrain or a
    link type costs what the game does not say (unknown), a feature adds nothing; when a
    condition in words decides, a feature adds nothing or its cost."""
    import copy

    from converter.audit.rules.paths import INF, PathFinder, network_path
    from converter.model.board import TerrainMovement
    from converter.model.common import When

    game = copy.deepcopy(mini_module.game)
    east, piece = game.board("east"), game.piece("sa-1")
    east.complete = True  # (else no lower bound: more connections may exist)
    kiev = game.space("kiev")[1]
    for other in ("minsk", "odessa"):  # clear (1), so only kiev's cost is in question
        game.space(other)[1].terrain = ["clear"]

    def cost(turn: int, model: str, to: str = "kiev") -> tuple[float, float, list[str]]:
        found = network_path(game, east, piece, "minsk", to, 6.0, turn, set(), model)
        return found.low, found.high, found.unknown

    forest = game.terrain_type("forest")
    forest.movement.when = When(turns=[1])  # (a space's terrain: forest costs 2)
    kiev.terrain = ["forest"]
    assert cost(1, "terrain") == (2.0, 2.0, [])
    assert cost(2, "terrain") == (0.0, INF, ["terrain of kiev"])
    forest.movement.when = None

    road = game.terrain_type("road")  # (minsk - odessa is a road: 1 to cross)
    road.movement.when = When(turns=[1])
    assert cost(1, "link", "odessa") == (1.0, 1.0, [])
    assert cost(2, "link", "odessa") == (0.0, INF, ["cost of road links"])
    road.movement.when = None

    city = game.terrain_type("city")  # a city costing 3 to enter, on turn 1 only
    city.movement = TerrainMovement(cost=3, when=When(turns=[1]))
    kiev.terrain, kiev.features = ["clear"], ["city"]
    assert cost(1, "terrain") == (3.0, 3.0, [])
    assert cost(2, "terrain") == (1.0, 1.0, [])
    city.movement.when = When(condition="when the city is under siege")
    assert cost(2, "terrain") == (1.0, 3.0, ["features of kiev"])

    # the same city on hex 0404 (forest, 2; the river between 0405 and 0404 adds 1)
    main = game.board("main")
    main.hex("0404").features = ["city"]
    city.movement.when = When(turns=[1])
    finder = PathFinder(game)
    on = finder.hex_path(main, piece, "0405", "0404", 6.0, set(), 1)
    off = finder.hex_path(main, piece, "0405", "0404", 6.0, set(), 2)
    assert (on.low, on.high, off.low, off.high) == (4.0, 4.0, 3.0, 3.0)
    city.movement.when = When(condition="when the city is under siege")
    siege = PathFinder(game).hex_path(main, piece, "0405", "0404", 6.0, set(), 2)
    assert (siege.low, siege.high, siege.unknown) == (3.0, 4.0, ["0404"])


@pytest.mark.parametrize(("turns", "stops"), [([2, 3], True), ([1], False)])
def test_a_place_ends_movement_only_on_the_turns_its_when_names(
        play, turns: list[int], stops: bool) -> None:  # type: ignore[no-untyped-def]
    """A fortified zone that ends movement on turn 1 only: on turn 2 a piece may go on
    through it (the 'when' of its costs was honoured, that of its stop was not)."""
    timed = {**FZ, "movement": {"ends_move": True, "when": {"turns": turns}}}
    through = _found(play(timed, [("na-1", "0503")], start={"na-1": "0203"}))
    goes_on = _found(play(timed, [("na-1", "0303"), ("na-1", "0403")], start={"na-1": "0203"}))
    assert bool(through) == stops and bool(goes_on) == stops, (through, goes_on)
    if stops:
        assert "cannot reach hex 0503" in through[0][2]
        assert "moves on from hex 0303, where its move had to end" in goes_on[0][2]
