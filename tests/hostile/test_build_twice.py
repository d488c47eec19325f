"""Two games of one id built into one folder would write one module over the other: the
second is refused by name (exit 2) and the first's module kept; the same game named twice
is built once."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.hostile.conftest import Run
from tests.hostile.inputs import MINI


def test_a_second_game_of_the_same_id_is_refused_and_the_first_module_kept(
        run: Run, tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    shutil.copytree(MINI, first)
    shutil.copytree(MINI, second)
    out = tmp_path / "dist"
    code, _, err = run("build", first, "-o", out, "-q")
    assert code == 0, err
    alone = (out / "mini.vmod").read_bytes()
    (second / "game.json").write_text((second / "game.json").read_text(encoding="utf-8")
                                      .replace('"title": "', '"title": "Other ', 1),
                                      encoding="utf-8")
    code, out_text, err = run("build", first, second, "-o", out, "-q")
    assert code == 2 and out_text == ""
    assert err == (f"vconv build: {second}: its module {out}/mini.vmod was written for {first} "
                   "in this run (both games have the id 'mini'); build them into different "
                   "folders\n")
    assert (out / "mini.vmod").read_bytes() == alone


def test_the_same_game_named_twice_is_built_once(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "dist"
    code, text, err = run("build", MINI, MINI / "game.json", "-o", out)
    assert code == 0, err
    assert text.count(f"{out}/mini.vmod: ") == 1
