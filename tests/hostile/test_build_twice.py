"""Two games of one id built into one folder would write one module over the other: the
second is refused by name (exit 2) and the first's module kept; the same game named twice
is built once.  (A game of one side: what is judged is the folder, not the module.)"""

from __future__ import annotations

from pathlib import Path

from tests.hostile.conftest import Run
from tests.hostile.inputs import TINY_GAME, game_with_text


def test_a_second_game_of_the_same_id_is_refused_and_the_first_module_kept(
        run: Run, tmp_path: Path) -> None:
    first = game_with_text(tmp_path / "first", TINY_GAME)
    second = game_with_text(tmp_path / "second", TINY_GAME.replace('"title": "', '"title": "Other ', 1))
    out = tmp_path / "dist"
    code, _, err = run("build", first, "-o", out, "-q")
    assert code == 0, err
    alone = (out / "tiny.vmod").read_bytes()
    code, out_text, err = run("build", first, second, "-o", out, "-q")
    assert code == 2 and out_text == ""
    assert err == (f"vconv build: {second}: its module {out}/tiny.vmod was written for {first} "
                   "in this run (both games have the id 'tiny'); build them into different "
                   "folders\n")
    assert (out / "tiny.vmod").read_bytes() == alone


def test_the_same_game_named_twice_is_built_once(run: Run, tmp_path: Path) -> None:
    game = game_with_text(tmp_path / "game", TINY_GAME)
    out = tmp_path / "dist"
    code, text, err = run("build", game, game / "game.json", "-o", out)
    assert code == 0, err
    assert text.count(f"{out}/tiny.vmod: ") == 1
