"""A file name holding a line break, a tab or bytes that are not UTF-8 is shown escaped, so
an error stays one line and a report line names one file (`bad\\nname.vlog`, `bad\\xff.vlog`)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.hostile.conftest import Run
from tests.hostile.inputs import ROOT

LOGS = ROOT / "tests" / "data" / "logs"
NAMES = {"line break": (b"bad\nname.vlog", "bad\\nname.vlog"),
         "tab": (b"bad\tname.vlog", "bad\\tname.vlog"),
         "not UTF-8": (b"bad\xffname.vlog", "bad\\xffname.vlog")}


@pytest.mark.parametrize("kind", NAMES)
def test_an_unreadable_log_s_name_is_one_line(run: Run, tmp_path: Path, mini_vmod: Path,
                                              kind: str) -> None:
    raw, escaped = NAMES[kind]
    log = tmp_path / os.fsdecode(raw)
    shutil.copyfile(LOGS / "garbage.vlog", log)
    for args in (["dump", log], ["audit", log, "--module", mini_vmod]):
        code, out, err = run(*args)
        assert code == 2 and out == ""
        assert err.startswith(f"vconv {args[0]}: error: {tmp_path}/{escaped}: not a VASSAL "
                              "save or log"), err
        assert err.count("\n") == 1


def test_a_readable_log_s_name_is_one_line_in_dump_and_the_archive_summary(
        run: Run, tmp_path: Path, mini_vmod: Path) -> None:
    folder = tmp_path / "league"
    folder.mkdir()
    good = folder / os.fsdecode(b"clean\n\xff.vlog")
    shutil.copyfile(LOGS / "mini-clean.vlog", good)
    shutil.copyfile(LOGS / "garbage.vlog", folder / os.fsdecode(b"junk\n.vlog"))
    code, out, _ = run("dump", good)
    assert code == 0 and out.splitlines()[0] == f"file: {folder}/clean\\n\\xff.vlog"
    code, out, _ = run("audit", folder, "--module", mini_vmod)
    assert code == 2
    lines = out.splitlines()
    assert lines[1].startswith(f"{folder}/clean\\n\\xff.vlog: ")
    assert lines[2].startswith("  players: ")
    assert lines[3].startswith(f"{folder}/junk\\n.vlog: unreadable: {folder}/junk\\n.vlog: ")
    assert lines[-1] == f"unreadable: {folder}/junk\\n.vlog"


@pytest.mark.parametrize("where", ["missing", "game.json", "game.json given"])
def test_build_names_the_game_folder_once(run: Run, tmp_path: Path, where: str) -> None:
    """'vconv build: g: g: no such file', 'vconv build: g: g/game.json:2: invalid JSON': an
    error naming the folder, or a file inside it, is not led by the folder again."""
    game = tmp_path / "g"
    if where != "missing":
        game.mkdir()
        (game / "game.json").write_text("{\n", encoding="utf-8")
    named = game / "game.json" if where == "game.json given" else game
    code, out, err = run("build", named, "-o", tmp_path / "dist")
    assert code == 2 and out == ""
    if where == "missing":
        assert err == f"vconv build: {game}: no such file (expected a game folder holding game.json)\n"
    else:
        assert err.startswith(f"vconv build: {game}/game.json:2: invalid JSON: ")


def test_a_game_with_one_problem_says_so_in_the_singular(run: Run, tmp_path: Path) -> None:
    from tests.hostile.inputs import edit_game

    game = edit_game(tmp_path, "game.json", lambda d: d.update(x=1))
    code, out, err = run("build", game, "-o", tmp_path / "dist")
    assert code == 2
    assert err.startswith(f"vconv build: {game}: the game has 1 problem (run vconv validate):\n"), err
    for command in ("print", "audit"):  # load_model says it the same way
        argv = [command, game, "-o", tmp_path / "out"] if command == "print" else \
            [command, ROOT / "tests" / "data" / "logs" / "mini-clean.vlog", "--module", game]
        code, _, err = run(*argv)
        assert code == 2 and "the game has 1 problem (run vconv validate)" in err, err
