"""The issue's mutation check: six small bugs once survived the whole suite.  Each test here
fails when its bug is planted back (tried by hand): the CRT's upper clamp, a river's extra
movement cost, JSON-pointer escaping order, atomic writes, a fort's combat factor, and the
rounding of odds above the table's last column."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from converter.atomic import write_text_atomic
from converter.audit.auditor import AuditResult
from converter.builder.scripted import ScriptedGame
from converter.builder.module import BuiltModule
from converter.errors import InputError
from converter.cli import main
from converter.validate import load_model

Audit = Callable[..., AuditResult]


def test_a_roll_above_the_crt_clamp_reads_the_top_row(mini_copy: Callable[..., Path]) -> None:
    """Die + DRM past the clamp's max reads the last row, even when that row is bounded."""
    def bound_rows(tables: dict) -> None:
        crt = next(t for t in tables["tables"] if t["id"] == "crt")
        crt["rows"][-1]["roll"] = {"min": 5, "max": 6}
    game = load_model(mini_copy("tables.json", bound_rows))
    crt = game.table("crt")
    assert crt is not None
    assert crt.lookup("2:1", 6) == crt.lookup("2:1", 9) == "0/3R"
    assert crt.lookup("2:1", -3) == crt.lookup("2:1", 1) == "1/1R"


def test_a_river_hexside_adds_its_cost_to_the_path(mini_built: BuiltModule,
                                                    audit_log: Audit) -> None:
    """I Corpo (4 MP) from forest 0404 over the river to 0405 and on: 1 + 1 (river) + …"""
    s = ScriptedGame(mini_built)
    s.place("na-1", hex="0404", restored=True)
    s.turn(1, "blue-move", restored=True)
    s.move("na-1", hex="0405")      # clear: 1 MP, +1 for the river = 2
    s.move("na-1", hex="0605")      # two more clear hexes: 4 MP in all, the allowance
    ok = audit_log(s)
    assert [f.line() for f in ok.findings if f.rule == "move"] == []
    s.move("na-1", hex="0705")      # a fifth MP only because the river cost one
    over = audit_log(s, "over.vlog")
    moves = [f for f in over.findings if f.rule == "move"]
    assert [f.pos.step for f in moves] == [3], [f.line() for f in over.findings]


@pytest.mark.parametrize(("file", "edit", "pointer"), [
    ("game.json", lambda g: g["rules"][0].update(measure="size-weight",
                                                  weights={"a/b~c": "heavy"}),
     "game.json:/rules/0/weights/a~1b~0c: expected a number"),
    ("tables.json", lambda t: t.update({"x/y~z": 1}),
     "tables.json:/x~1y~0z: unknown property"),
    ("pieces.json", lambda p: p["pieces"][0]["faces"][0]["factors"].update({"p/q~r": 1}),
     "pieces.json:/pieces/0/faces/0/factors/p~1q~0r: unknown factor"),
])
def test_problem_pointers_escape_tilde_before_slash(
        file: str, edit: Callable[[dict], object], pointer: str,
        mini_copy: Callable[..., Path], capsys: pytest.CaptureFixture[str]) -> None:
    folder = mini_copy(file, edit)
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr()
    assert pointer in out.out + out.err


def test_a_failed_write_leaves_the_old_file_whole(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "report.html"
    target.write_text("the old report", encoding="utf-8")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(InputError, match="No space left on device"):  # exit 2, one line
        write_text_atomic(target, "the new report " * 1000)
    assert target.read_text(encoding="utf-8") == "the old report"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]


def _fort_attack(built: BuiltModule, *, attacker_loss: bool) -> ScriptedGame:
    """I Corpo and 2 Cav (6 + 2) attack Armata A (7) in the fort of 0801 (+3): 8:10, the
    1:2 column (without the fort 8:7 would be 1:1); roll 3 → 1/1."""
    s = ScriptedGame(built)
    s.place("na-1", hex="0701", restored=True)
    s.place("na-2", hex="0802", restored=True)
    s.place("sa-1", hex="0801", restored=True)
    s.turn(4, "blue-combat", restored=True)
    s.chat("0701 0802 attack 0801")
    s.roll("d6", 3)
    if attacker_loss:
        s.set_level("na-2", 2)      # the attacker loses a step
    s.remove("sa-1")                # the defender its only step
    return s


def test_a_fort_adds_its_combat_factor_to_the_defence(mini_built: BuiltModule,
                                                      audit_log: Audit) -> None:
    right = audit_log(_fort_attack(mini_built, attacker_loss=True))
    assert [f.line() for f in right.findings if f.check == "combat"] == []
    assert {c.check: c.applied for c in right.checks}["combat"] == 1
    wrong = audit_log(_fort_attack(mini_built, attacker_loss=False), "wrong.vlog")
    assert [f.check for f in wrong.findings] == ["combat"], [f.line() for f in wrong.findings]
    assert "8 vs 10 (fort +3)" in wrong.findings[0].happened + wrong.findings[0].expected \
        + wrong.findings[0].message


def test_odds_above_the_last_column_round_down_to_whole_levels(
        mini_copy: Callable[..., Path]) -> None:
    """7:2 is 3.5:1: one level above the 2:1 column (+1), not two."""
    from converter.audit.rules.combat import _column

    game = load_model(mini_copy())
    crt = game.table("crt")
    assert _column(crt, 7, 2) == ("2:1", 1)
    assert _column(crt, 8, 2) == ("2:1", 2)
    assert _column(crt, 5, 2) == ("2:1", 0)
