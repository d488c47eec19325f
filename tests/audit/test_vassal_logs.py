"""Logs written by the real VASSAL engine (tests/data/vlogs, made by vlog-maker): every
planted violation is found at its step under its rule, a clean log gives only what the game's
own setup gives, and our replay ends where VASSAL's own replay of the log ends."""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

import pytest

from converter.audit.auditor import audit_files
from converter.audit.module import AuditModule, from_components
from converter.audit.replay import replay
from converter.audit.report.json_report import render_json
from converter.audit.report.text import render_text
from converter.audit.rules import choose_rules
from converter.audit.state import derive_tables
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game
from tests.conftest import built_once
from tests.helpers_vassal import VassalCheckResult, start_vassal_check

ROOT = Path(__file__).resolve().parents[2]
VLOGS = ROOT / "tests" / "data" / "vlogs"
MANIFEST = json.loads((VLOGS / "manifest.json").read_text(encoding="utf-8"))["logs"]


@pytest.fixture(scope="module")
def game_module() -> Callable[[str], AuditModule]:
    """The module each log was made on, rebuilt from its game folder (the build is
    deterministic; the session's build of each game is reused)."""
    cache: dict[str, AuditModule] = {}

    def get(game: str) -> AuditModule:
        if game not in cache:
            built = built_once(ROOT / game)
            cache[game] = from_components(str(ROOT / game), built.archive.buildfile,
                                          built.game, built.archive.images.get)
        return cache[game]
    return get


@pytest.mark.parametrize("entry", MANIFEST, ids=[e["log"] for e in MANIFEST])
def test_vassal_written_log_gives_exactly_its_planted_findings(
        entry: dict, game_module: Callable[[str], AuditModule]) -> None:
    log = VLOGS / entry["log"]
    result = audit_files([log], log, module=game_module(entry["game"]))
    got = sorted((f.rule, f.pos.step) for f in result.findings)
    assert got == sorted(tuple(f) for f in entry["findings"]), \
        "\n".join(f.line() for f in result.findings)
    for planted in entry.get("planted", []):
        assert (planted["rule"], planted["step"]) in got or \
            [planted["rule"], planted["rule"], planted["step"]] in entry.get("not_checkable", [])
    judged = {c.check: c.applied for c in result.checks}
    for check, least in entry.get("judged", {}).items():
        assert judged[check] >= least, (check, judged[check])
    unjudged = [(n.check, n.rule, n.first.step if n.first else None)
                for n in result.not_checkable]
    for check, rule, step in entry.get("not_checkable", []):
        assert (check, rule, step) in unjudged, unjudged


@pytest.mark.parametrize("entry", [e for e in MANIFEST if "violations" in e["log"]][:3],
                         ids=lambda e: e["log"])
def test_text_and_json_reports_are_the_same_without_the_step_list(
        entry: dict, game_module: Callable[[str], AuditModule]) -> None:
    """`vconv audit` keeps the step list only for the HTML report: text and JSON, which
    never show it, say the same without it."""
    from converter.audit.report.json_report import render_json
    from converter.audit.report.text import render_text

    log = VLOGS / entry["log"]
    kept = audit_files([log], log, module=game_module(entry["game"]))
    bare = audit_files([log], log, module=game_module(entry["game"]), steps=False)
    assert kept.files[0].recorded and not bare.files[0].recorded
    assert render_text(bare) == render_text(kept)
    assert render_json(bare) == render_json(kept)


def test_at_start_stack_pieces_stand_where_their_stack_stands(
        game_module: Callable[[str], AuditModule]) -> None:
    """VASSAL writes a SetupStack's pieces with map null; the stack carries the place."""
    _, record = read_game(VLOGS / "mini" / "clean.vlog")
    r = replay(record, game_module("tests/data/games/mini"), source="clean.vlog")
    at = sorted((p.game.id, p.place.location) for p in r.state.pieces.values()
                if p.game is not None and p.game.kind == "unit")
    assert at == [("na-1", "0303"), ("na-2", "0204"), ("sa-1", "0505")]


REPLAY_TEST = "test_our_replay_ends_where_vassal_replay_ends"


@pytest.fixture(scope="module")
def vassal_replays(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                   ) -> Callable[[dict], tuple[Future[VassalCheckResult], Path]]:  # type: ignore[type-arg]
    """The engine's replay of each log this run tests, all started at the first one's test
    (they run in the background, tests/helpers_vassal.py): (the run, the save it writes)."""
    from converter.builder import write_module

    out = tmp_path_factory.mktemp("replays")
    vmods: dict[str, Path] = {}
    wanted = {i.name for i in request.session.items}

    def start(entry: dict, urgent: bool) -> tuple[Future[VassalCheckResult], Path]:  # type: ignore[type-arg]
        game = entry["game"]
        if game not in vmods:  # the session's build of the game, written once
            vmods[game] = write_module(built_once(ROOT / game), out, epoch=0)
        after = out / f"after-{MANIFEST.index(entry)}.vsav"
        run = start_vassal_check(vmods[game], "--game", str(VLOGS / entry["log"]), "--execute",
                                 "--max", "0", "--quiet-chat", "--save", str(after),
                                 images=False, urgent=urgent)
        return run, after

    def get(entry: dict) -> tuple[Future[VassalCheckResult], Path]:  # type: ignore[type-arg]
        if not vmods:
            for other in MANIFEST:
                if other is not entry and f"{REPLAY_TEST}[{other['log']}]" in wanted:
                    start(other, urgent=False)
        return start(entry, urgent=True)
    return get


@pytest.mark.parametrize("entry", MANIFEST, ids=[e["log"] for e in MANIFEST])
def test_our_replay_ends_where_vassal_replay_ends(
        entry: dict, game_module: Callable[[str], AuditModule],
        vassal_replays: Callable[[dict], tuple[Future[VassalCheckResult], Path]]) -> None:  # type: ignore[type-arg]
    log = VLOGS / entry["log"]
    run, after = vassal_replays(entry)
    result = run.result()
    assert (result.errors, result.warnings) == (0, 0), result.output[-2000:]
    _, theirs = read_game(after)
    members: dict[str, tuple[str, int, int]] = {}
    vassal_at: dict[str, tuple[str | None, int, int]] = {}
    for c in theirs.restored():
        if isinstance(c, cmd.AddPiece) and c.type == "stack":
            parts = c.state.split(";")  # map;x;y;member ids
            for m in parts[3:]:
                if m and not m.startswith("@@") and parts[0] != "null":
                    members[m] = (parts[0], int(parts[1]), int(parts[2]))
        elif isinstance(c, cmd.AddPiece) and c.type.startswith("deck;"):
            deck_map, x, y, _face_down, cards = cmd.deck_place(c.state)  # (a deck's cards
            for m in cards:                                   # are at its point)
                if deck_map is not None:
                    members[m] = (deck_map, x, y)
        elif isinstance(c, cmd.AddPiece) and c.is_piece:
            b = c.piece().basic  # type: ignore[union-attr]
            vassal_at[c.id] = (None if b.map_id in (None, "null") else b.map_id, b.x, b.y)
    for pid, where in members.items():
        if pid in vassal_at and vassal_at[pid][0] is None:
            vassal_at[pid] = where
    _, ours = read_game(log)
    r = replay(ours, game_module(entry["game"]), source=log.name)
    our_at = {pid: (p.map, p.x, p.y) for pid, p in r.state.pieces.items()}
    assert our_at == {pid: v for pid, v in vassal_at.items() if pid in our_at}
    assert set(our_at) <= set(vassal_at)


def test_a_log_of_another_game_is_refused_with_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from converter.builder import write_module
    from converter.cli import main

    vmod = write_module(built_once(ROOT / "modules" / "quartermaster-general-1914"), tmp_path,
                        epoch=0)
    log = VLOGS / "mini" / "clean.vlog"
    assert main(["audit", str(log), "--module", str(vmod)]) == 2
    err = capsys.readouterr()
    assert "0 of its 9 pieces belong to game quartermaster-general-1914" in err.out + err.err
    assert "Traceback" not in err.out + err.err


def test_a_deck_card_named_like_a_unit_is_a_card_not_that_unit(
        game_module: Callable[[str], AuditModule]) -> None:
    """Pursuit of Glory's deck holds a card named Yildirim, as a unit is: the card stays a
    card (never stacked, counted or moved as the unit), and the log of the game is not
    refused as another game's, although its deck's cards outnumber its pieces."""
    _, record = read_game(VLOGS / "pursuit-of-glory" / "clean.vlog")
    r = replay(record, game_module("modules/pursuit-of-glory"), source="clean.vlog")
    cards = [p for p in r.state.pieces.values() if p.name == "Yildirim"]
    assert cards and all(p.game is None and p.card_id for p in cards)
    result = audit_files([VLOGS / "pursuit-of-glory" / "clean.vlog"], VLOGS,
                         module=game_module("modules/pursuit-of-glory"))
    assert result.findings == []


def test_a_conditional_place_rule_is_judged_where_its_places_are_not_entered(
        game_module: Callable[[str], AuditModule]) -> None:
    """A may-not-enter rule with a condition the log cannot show (TU LCUs in Galizia, save
    an event) is obeyed by a corps placed in Constantinople whatever the condition: judged,
    not reported "not checkable"."""
    log = VLOGS / "pursuit-of-glory" / "clean.vlog"
    result = audit_files([log], log, module=game_module("modules/pursuit-of-glory"))
    assert [n for n in result.not_checkable if n.rule == "tu-lcu-galizia"] == []


@pytest.mark.parametrize("entry", MANIFEST, ids=[e["log"] for e in MANIFEST])
def test_our_location_names_are_vassal_names(
        entry: dict, game_module: Callable[[str], AuditModule]) -> None:
    """Where VASSAL said each added or moved piece stood (its own location name, recorded
    by make_vlogs.py from vlog-maker's report), our replay names the same place, and every
    piece our replay leaves at such a point carries that name."""
    log = VLOGS / entry["log"]
    reported = json.loads(log.with_suffix(".where.json").read_text(encoding="utf-8"))
    assert reported, "the script places no piece"
    module = game_module(entry["game"])
    _, record = read_game(log)
    r = replay(record, module, source=log.name)
    map_ids = {geo.name: mid for mid, geo in module.maps.items()}
    theirs = {(map_ids[w["map"]], w["x"], w["y"]): w["location"] for w in reported}
    ours = {point: r.state.locator.place(*point).location for point in theirs}
    assert ours == theirs
    at_points = {(p.map, p.x, p.y): p.place.location for p in r.state.pieces.values()
                 if (p.map, p.x, p.y) in theirs}
    assert at_points and at_points == {k: theirs[k] for k in at_points}


GAMES = sorted({e["game"] for e in MANIFEST})


@pytest.mark.parametrize("game", GAMES)
def test_logs_audited_with_one_module_report_as_each_with_its_own(game: str) -> None:
    """Each check picks its rules out of the game once per module (`Check.chosen`), for
    every later log of an archive: every log audited after others with one module gives the
    report it gives alone with a module of its own, the rules no check can judge included."""
    def fresh() -> AuditModule:
        built = built_once(ROOT / game)
        return from_components(str(ROOT / game), built.archive.buildfile, built.game,
                               built.archive.images.get)

    logs = [VLOGS / e["log"] for e in MANIFEST if e["game"] == game]
    shared = fresh()
    derive_tables(shared)
    choose_rules(shared)  # (the choices made up front, as an archive makes them)
    for _ in range(2):
        for log in logs:
            alone = render_json(audit_files([log], log, module=fresh()))
            assert render_json(audit_files([log], log, module=shared)) == alone, log.name
            assert render_text(audit_files([log], log, module=shared)) == \
                render_text(audit_files([log], log, module=fresh())), log.name
