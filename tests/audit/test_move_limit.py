"""The example of adding a rule kind (docs/architecture.md, "Add a rule kind"): the designer
test game's "ferrovia" rule is a move-limit (at most 3 steps of Italian armies move in the
Italian movement phase of a turn), read into `MoveLimitRule` and judged by
converter/audit/rules/move_limit.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.audit.auditor import AuditResult, audit_files
from converter.audit.module import AuditModule, from_components
from converter.builder.module import BuiltModule
from converter.builder.scripted import ScriptedGame
from converter.model.rules import MoveLimitRule
from converter.validate import load_model, validate_path
from tests.conftest import built_once

DESIGNER = Path(__file__).resolve().parents[2] / "tests" / "data" / "games" / "designer"


@pytest.fixture(scope="module")
def designer() -> tuple[BuiltModule, AuditModule]:
    built = built_once(DESIGNER)
    return built, from_components(str(DESIGNER), built.archive.buildfile, built.game,
                                  built.archive.images.get)


def _played(tmp_path: Path, designer: tuple[BuiltModule, AuditModule],
            moves: list[tuple[int, str, str, str]], undo_after: int | None = None) -> AuditResult:
    """The scenario's setup, then each (turn, phase, piece, hex) move in order."""
    built, module = designer
    s = ScriptedGame(built)
    s.setup()
    now: tuple[int, str] | None = None
    for k, (turn, phase, piece, hex_id) in enumerate(moves):
        if now != (turn, phase):
            s.turn(turn, phase)
            now = (turn, phase)
        s.move(piece, hex=hex_id)
        if k == undo_after:
            s.undo_move()
    path = tmp_path / "game.vlog"
    path.write_bytes(s.log_bytes())
    return audit_files([path], path, module=module)


def _limits(result: AuditResult) -> list[str]:
    return [f"{f.rule}: {f.message} ({f.happened})" for f in result.findings if f.check == "move-limit"]


def test_the_rule_is_read_into_its_kind() -> None:
    rule = next(r for r in load_model(DESIGNER).rules or [] if r.id == "ferrovia")
    assert isinstance(rule, MoveLimitRule)
    assert (rule.counts, rule.limit, rule.period, rule.phases) == ("steps", 3, "turn", ["ita-move"])


def test_two_full_armies_moving_in_one_turn_are_over_the_limit(
        tmp_path: Path, designer: tuple[BuiltModule, AuditModule]) -> None:
    result = _played(tmp_path, designer, [(1, "ita-move", "it-8", "0404"),
                                          (1, "ita-move", "it-3", "0307")])
    assert _limits(result) == ["ferrovia: Italia moved 4 steps in turn 1, over the limit of 3 "
                               "(8a Armata, 3a Armata)"]


def test_one_army_moving_twice_counts_once_and_another_turn_starts_afresh(
        tmp_path: Path, designer: tuple[BuiltModule, AuditModule]) -> None:
    result = _played(tmp_path, designer, [(1, "ita-move", "it-8", "0404"),
                                          (1, "ita-move", "it-8", "0405"),
                                          (2, "ita-move", "it-3", "0307")])
    assert _limits(result) == []
    run = next(c for c in result.checks if c.check == "move-limit")
    assert run.rules == ["ferrovia"] and run.applied == 2


def test_an_undone_move_and_a_move_in_another_phase_do_not_count(
        tmp_path: Path, designer: tuple[BuiltModule, AuditModule]) -> None:
    result = _played(tmp_path, designer, [(1, "ita-move", "it-8", "0404"),
                                          (1, "ita-move", "it-3", "0307"),
                                          (1, "ita-combat", "it-8", "0405")], undo_after=0)
    assert _limits(result) == []


def test_a_phase_the_sequence_lacks_is_named(tmp_path: Path) -> None:
    data = json.loads((DESIGNER / "game.json").read_text(encoding="utf-8"))
    rule = next(r for r in data["rules"] if r["id"] == "ferrovia")
    rule["phases"] = ["ita-rail"]
    folder = tmp_path / "designer"
    folder.mkdir()
    for f in DESIGNER.iterdir():
        (folder / f.name).write_bytes(f.read_bytes())
    (folder / "game.json").write_text(json.dumps(data), encoding="utf-8")
    problems = [str(p) for p in validate_path(folder)[1]]
    assert any("/rules/1/phases/0" in p and "ita-rail" in p for p in problems), problems


def test_a_move_to_another_board_does_not_count(
        tmp_path: Path, designer: tuple[BuiltModule, AuditModule]) -> None:
    """Only a move between two places of one board counts: an army sent from the map to the
    reserve box (another board) is no rail move, so the other army's move stays in the limit."""
    built, module = designer
    s = ScriptedGame(built)
    s.setup()
    s.turn(1, "ita-move")
    s.move("it-8", space="reserve")
    s.move("it-3", hex="0307")
    path = tmp_path / "game.vlog"
    path.write_bytes(s.log_bytes())
    result = audit_files([path], path, module=module)
    assert _limits(result) == []
    run = next(c for c in result.checks if c.check == "move-limit")
    assert run.applied == 1
