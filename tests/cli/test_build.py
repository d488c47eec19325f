"""`vconv build` through the CLI: what a user sees and the exit codes."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from converter.vassal.checker import Finding

MINI = Path(__file__).resolve().parents[1] / "data" / "games" / "mini"


def test_build_writes_the_module_and_lists_its_notes(tmp_path: Path, capsys) -> None:
    assert main(["build", str(MINI), "-o", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    vmod = tmp_path / "mini.vmod"
    assert f"{vmod}: 3 boards, 8 pieces" in out
    assert "note: die 'Dado speciale' (special): its faces are not all known" in out
    with zipfile.ZipFile(vmod) as z:
        names = set(z.namelist())
    assert {"buildFile.xml", "moduledata", "vconv/game.json", "vconv/notes.html"} <= names
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_build_accepts_game_json_and_stays_quiet(tmp_path: Path, capsys) -> None:
    assert main(["build", str(MINI / "game.json"), "-o", str(tmp_path), "-q"]) == 0
    assert capsys.readouterr().out == ""
    assert (tmp_path / "mini.vmod").is_file()


def test_missing_game_folder_is_exit_2(tmp_path: Path, capsys) -> None:
    assert main(["build", str(tmp_path / "nope"), "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "Traceback" not in err
    assert not list(tmp_path.glob("*.vmod"))


def test_invalid_game_is_exit_2_with_the_problem(mini_copy, tmp_path: Path, capsys) -> None:
    def break_setup(data):
        data["scenarios"][0]["setup"][0]["piece"] = "no-such-piece"

    folder = mini_copy("game.json", break_setup)
    out = tmp_path / "out"
    assert main(["build", str(folder), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "no-such-piece" in err and "the game has 1 problem (run vconv validate)" in err
    assert not out.exists() or not list(out.glob("*.vmod"))


def test_checker_findings_are_exit_1_and_nothing_is_written(monkeypatch, tmp_path: Path,
                                                           capsys) -> None:
    """A module our checker rejects is never written; the findings are listed."""
    from converter.builder import module as builder

    finding = Finding("error", "GameModule/Map['Mappa']", "map has no board")
    monkeypatch.setattr(builder, "check_archive", lambda archive: [finding])
    assert main(["build", str(MINI), "-o", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "the module has 1 problem; nothing written" in err
    assert "error: GameModule/Map['Mappa']: map has no board" in err
    assert not (tmp_path / "mini.vmod").exists()


def test_a_bad_game_does_not_stop_the_others(tmp_path: Path, capsys) -> None:
    assert main(["build", str(tmp_path / "nope"), str(MINI), "-o", str(tmp_path), "-q"]) == 2
    assert (tmp_path / "mini.vmod").is_file()


def test_usage_error_is_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["build"])
    assert exc.value.code == 2
