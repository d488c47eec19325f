"""`vconv audit` through the CLI: exit codes, formats, output file, unreadable input."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from converter.builder.scripted import PASSWORD, ScriptedGame
from converter.builder.module import BuiltModule
from converter.cli import main
from converter.vassal.savefile import encode_saved_game, save_archive_bytes
from tests.audit.conftest import MINI, REAL, clean_mini, mini_built, mini_vmod  # noqa: F401


def _write(tmp_path: Path, game: ScriptedGame, name: str = "game.vlog") -> Path:
    path = tmp_path / name
    path.write_bytes(game.log_bytes())
    return path


def test_clean_log_exits_0(tmp_path: Path, mini_built: BuiltModule, mini_vmod: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    log = _write(tmp_path, clean_mini(mini_built))
    assert main(["audit", str(log), "--module", str(mini_vmod)]) == 0
    out = capsys.readouterr().out
    assert "findings: 0 violation(s), 0 warning(s)" in out
    assert "  players: Alice (Blu), Bob (Rosso)\n" in out
    assert "combat: combat (1 judged)" in out
    assert PASSWORD not in out


def test_violation_exits_1_and_names_rule_step_and_side(
        tmp_path: Path, mini_built: BuiltModule, mini_vmod: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.move("na-1", hex="0803")
    log = _write(tmp_path, s)
    assert main(["audit", str(log), "--module", str(mini_vmod)]) == 1
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "violation: move" in x)
    assert line.strip().startswith(f"game.vlog: step {len(s.steps)} ")
    assert "move §5 [Alice (Blu)]: I Corpo moves hex 0203 (Alfa; \"città\") → hex 0803" in line
    assert PASSWORD not in out


def test_json_report_names_a_named_hex_as_the_players_see_it(
        tmp_path: Path, mini_built: BuiltModule, mini_vmod: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.move("na-1", hex="0803")  # from hex 0203, named Alfa; "città" on the map
    log = _write(tmp_path, s)
    assert main(["audit", str(log), "--module", str(mini_vmod), "--format", "json"]) == 1
    f = json.loads(capsys.readouterr().out)["findings"][0]
    assert f["places"] == ['hex 0203 (Alfa; "città")', "hex 0803"]
    assert f["message"].startswith('I Corpo moves hex 0203 (Alfa; "città") → hex 0803 costing')


def test_game_folder_as_module(tmp_path: Path, mini_built: BuiltModule,
                               capsys: pytest.CaptureFixture[str]) -> None:
    log = _write(tmp_path, clean_mini(mini_built))
    assert main(["audit", str(log), "--module", str(MINI)]) == 0
    assert "findings: 0 violation(s)" in capsys.readouterr().out


def test_json_report(tmp_path: Path, mini_built: BuiltModule, mini_vmod: Path,
                     capsys: pytest.CaptureFixture[str]) -> None:
    s = clean_mini(mini_built)
    s.roll("d6", 9)
    log = _write(tmp_path, s)
    assert main(["audit", str(log), "--module", str(mini_vmod), "--format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "mini" and doc["violations"] == 1
    f = doc["findings"][0]
    assert (f["rule"], f["step"], f["check"], f["expected"], f["happened"]) == \
        ("die:d6", len(s.steps), "dice", "one of 1-6", "rolled 9")
    assert {c["check"] for c in doc["checks_run"]} >= {"movement", "stacking", "combat"}
    # the clean game crosses hexes the mini map does not describe: said, not passed
    assert {"check": "entry", "rule": "no-lake", "section": "5.2",
            "reason": "the terrain of the place entered is not in the game data",
            "details": ["hex 0503", "hex 0602", "hex 0701"], "count": 3,
            "first_step": 14} in doc["not_checkable"]


def test_html_report_is_self_contained(tmp_path: Path, mini_built: BuiltModule,
                                       mini_vmod: Path) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.move("na-1", hex="0803")
    log = _write(tmp_path, s)
    out = tmp_path / "report.html"
    assert main(["audit", str(log), "--module", str(mini_vmod), "--format", "html",
                 "-o", str(out)]) == 1
    page = out.read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") >= 1       # the board picture, embedded
    assert "<script>" in page and "<style>" in page
    assert "src=\"http" not in page and "href=\"http" not in page
    assert page.count("class=mv ") >= 5                      # each move drawn
    assert "class=bad " in page                               # the violation marked
    assert "<polyline class=bad" in page                      # with the path it needed
    assert "I Corpo moves hex 0203 (Alfa; &quot;città&quot;) → hex 0803" in page
    assert PASSWORD not in page
    # deterministic: the same input gives the same bytes
    again = tmp_path / "again.html"
    main(["audit", str(log), "--module", str(mini_vmod), "--format", "html", "-o", str(again)])
    assert again.read_bytes() == out.read_bytes()


def test_real_tour_log_without_game_description(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(REAL / "tour.vlog"), "--module", str(REAL / "tour.vmod")]) == 0
    out = capsys.readouterr().out
    assert "114 steps" in out
    assert "carries no vconv game description" in out
    assert "only replay/dump-level checks ran" in out
    assert "rkinney's password" not in out


def _bad_inputs(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    good = save_archive_bytes("begin_save\x1bend_save\x1bLOG\tCHAThello")
    out: dict[str, tuple[Path, str]] = {}

    def put(name: str, data: bytes, expect: str) -> None:
        p = tmp_path / name
        p.write_bytes(data)
        out[name] = (p, expect)

    put("truncated.vlog", good[: len(good) // 2], "not a readable zip archive")
    wrong = encode_saved_game("begin_save\x1bend_save", key=0x31).replace(b"!VCSK31", b"!VCSK32")
    put("wrongkey.vlog", wrong, "wrong key?")
    cut = encode_saved_game("begin_save\x1bend_save", key=0x31)[:-1]
    put("cutoff.vlog", cut, "odd number of hex digits")
    put("garbage.vlog", b"\x00\x01garbage that is no save", "not a VASSAL save or log")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", b"begin_save" + b"\x1b" * (70 * 1024 * 1024))
    put("bomb.vlog", buf.getvalue(), "byte limit")
    return out


def test_unreadable_input_exits_2_with_one_line(tmp_path: Path, mini_vmod: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    for name, (path, expect) in _bad_inputs(tmp_path).items():
        assert main(["audit", str(path), "--module", str(mini_vmod)]) == 2, name
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err, (name, err)
        assert name in err and expect in err, (name, err)


def test_bad_module_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.vlog"
    log.write_bytes(save_archive_bytes("begin_save\x1bend_save"))
    assert main(["audit", str(log), "--module", str(tmp_path / "none.vmod")]) == 2
    assert "no such module file or game folder" in capsys.readouterr().err
    junk = tmp_path / "junk.vmod"
    junk.write_bytes(b"not a zip")
    assert main(["audit", str(log), "--module", str(junk)]) == 2
    assert "not a ZIP archive" in capsys.readouterr().err


def test_module_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["audit", "x.vlog"])
    assert exc.value.code == 2


def test_broken_game_description_is_one_line(tmp_path: Path, mini_copy,  # type: ignore[no-untyped-def]
                                             capsys: pytest.CaptureFixture[str]) -> None:
    folder = mini_copy("game.json", lambda d: d["rules"].append({"id": "x", "kind": "nonsense"}))
    log = tmp_path / "g.vlog"
    log.write_bytes(save_archive_bytes("begin_save\x1bend_save"))
    assert main(["audit", str(log), "--module", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "problem" in err and "run vconv validate" in err


def test_game_json_as_module(capsys: pytest.CaptureFixture[str]) -> None:
    log = Path(__file__).resolve().parents[1] / "data" / "logs" / "mini-clean.vlog"
    assert main(["audit", str(log), "--module", str(MINI / "game.json")]) == 0
    assert "(game mini:" in capsys.readouterr().out
