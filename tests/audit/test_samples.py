"""The sample logs in tests/data/logs (written by make_logs.py) against the mini game, from
the game folder and from a built .vmod: what a referee trying the tool would see."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.audit.auditor import audit_files
from converter.cli.audit import open_module
from converter.cli import main
from tests.audit.conftest import MINI, ROOT

LOGS = ROOT / "tests" / "data" / "logs"

EXPECTED = [  # (rule, section, step, who, what)
    ("move", "5", 23, "Alice (Blu)", "I Corpo moves hex 0203 (Alfa; \"città\") → hex 0803 costing at least 6 MP, "
                                     "over its allowance of 4"),
    ("allowed:steppe", None, 24, "Blu", "2 Cav stands in Kiev (kiev), but group Steppa "
                                        "(steppe) admits only sides red"),
    ("die:d6", None, 25, "Alice", "1d6 roll '8' is impossible for this die"),
    ("sequence", None, 27, "Alice (Blu)", "I Corpo (Blu) moves during Movimento of Rosso"),
    ("move", "5", 29, "Bob (Rosso)", "QG Sud cannot reach hex 0606 (Lago Charlie) from hex 0705: no path it "
                                     "may use (forbidden terrain, enemy-occupied or missing "
                                     "connection)"),
    ("no-lake", "5.2", 29, "Bob (Rosso)", "QG Sud enters hex 0606 (Lago Charlie), where the rule forbids it"),
]


@pytest.mark.parametrize("module", ["folder", "vmod"])
def test_sample_violations(module: str, mini_vmod: Path) -> None:
    path = MINI if module == "folder" else mini_vmod
    result = audit_files([LOGS / "mini-violations.vlog"], path, module=open_module(path))
    got = [(f.rule, f.section, f.pos.step, f.player, f.message) for f in result.findings]
    assert got == EXPECTED


def test_sample_clean(mini_vmod: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(LOGS / "mini-clean.vlog"), "--module", str(mini_vmod)]) == 0
    assert "findings: 0 violation(s), 0 warning(s)" in capsys.readouterr().out


def test_sample_logs_in_sequence(mini_vmod: Path) -> None:
    """Several files of one game are audited in the order given, each with its positions."""
    result = audit_files([LOGS / "mini-clean.vlog", LOGS / "mini-violations.vlog"], mini_vmod)
    assert {f.pos.file for f in result.findings} == {"mini-violations.vlog"}
    assert len(result.files) == 2


@pytest.mark.parametrize("name, message", [
    ("truncated.vlog", "not a readable zip archive (truncated or corrupt)"),
    ("garbage.vlog", "not a VASSAL save or log"),
])
def test_sample_unreadable(name: str, message: str, mini_vmod: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(LOGS / name), "--module", str(mini_vmod)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"vconv audit: error: {LOGS / name}") and message in err


def test_log_of_another_module_is_noted(capsys: pytest.CaptureFixture[str]) -> None:
    tour = ROOT / "tests" / "data" / "real" / "tour.vmod"
    assert main(["audit", str(LOGS / "mini-clean.vlog"), "--module", str(tour)]) == 0
    out = capsys.readouterr().out
    assert ("note: mini-clean.vlog was saved with module 'Mini Battle; a \"test\" game, à la "
            "1914', not 'VASSAL Tour'") in out
    assert "carries no vconv game description" in out


def test_continuity_between_files(tmp_path: Path, mini_built, mini_vmod: Path) -> None:  # type: ignore[no-untyped-def]
    """The second log must start where the first ended: a piece nudged in between is found."""
    from converter.builder.scripted import ScriptedGame

    def log(name: str, na1: str) -> Path:
        second = ScriptedGame(mini_built)
        second.turn(2, "red-move", restored=True)
        second.place("na-1", hex=na1, restored=True)
        second.place("na-2", hex="0405", restored=True)
        path = tmp_path / name
        path.write_bytes(second.log_bytes())
        return path

    first = ScriptedGame(mini_built)
    first.turn(2, "blue-move", restored=True)
    first.place("na-1", hex="0203", restored=True)
    first.place("na-2", hex="0404", restored=True)
    first.move("na-2", hex="0405")
    a = tmp_path / "1-blue.vlog"
    a.write_bytes(first.log_bytes())
    result = audit_files([a, log("2-red.vlog", "0204")], mini_vmod)
    got = [(f.rule, f.pos.file, f.pos.step, f.message) for f in result.findings]
    assert got == [("continuity", "2-red.vlog", 0, "I Corpo ended at hex 0203 (Alfa; \"città\") but starts at "
                                                   "hex 0204 (the position 1-blue.vlog ended in)")]
    clean = audit_files([a, log("2-red-ok.vlog", "0203")], mini_vmod)
    assert clean.findings == []
    assert {c.check: c.applied for c in clean.checks}["continuity"] == 1
