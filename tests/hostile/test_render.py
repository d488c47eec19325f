"""A long unbreakable word wraps in a few measures per line; print refuses a resolution
whose pages would not fit in memory (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from converter.render.text import font, wrap
from tests.hostile.conftest import Run
from tests.hostile.inputs import MINI, edit_game, game_with_text


class CountingDraw:
    """A drawing context that counts the characters it measures."""

    def __init__(self) -> None:
        self.draw = ImageDraw.Draw(Image.new("RGB", (4, 4)))
        self.measured = 0

    def textlength(self, text: str, font: object) -> float:
        self.measured += len(text)
        return self.draw.textlength(text, font=font)


@pytest.mark.parametrize("length", [40, 4000])
def test_a_long_word_is_cut_to_the_width_at_a_cost_linear_in_its_length(length: int) -> None:
    draw, fnt = CountingDraw(), font("regular", 20)
    word = ("abcdefghijklmnopqrstuvwxyzWMil" * (length // 30 + 1))[:length]
    lines = wrap(draw, f"see {word} here", fnt, 200)  # type: ignore[arg-type]
    assert "".join(lines).replace(" ", "") == f"see{word}here"
    assert all(draw.draw.textlength(line, font=fnt) <= 200 for line in lines)
    assert len(lines) > length // 30  # a line holds a few dozen characters
    # each line costs a few measures of about a line's length: linear, not quadratic
    assert draw.measured < 60 * length + 2000


def test_a_table_note_with_a_4000_character_word_builds_and_prints(run: Run, tmp_path: Path) -> None:
    """A game of one table (its card the kit's one PDF, its chart the module's)."""
    table = {"id": "t", "name": "T", "kind": "crt", "die": "d6", "method": "differential",
             "columns": [{"label": "0"}], "rows": [{"label": "1-6", "roll": {"min": 1, "max": 6}}],
             "cells": [["-"]], "notes": [{"text": "x" * 4000}]}
    game = game_with_text(tmp_path / "words", json.dumps({
        "format": "vconv-game/1", "id": "words", "title": "Words", "sides": [{"id": "a", "name": "A"}],
        "dice": [{"id": "d6", "name": "1d6", "sides": 6}], "tables": [table]}))
    code, _, err = run("build", game, "-o", tmp_path / "dist", "-q")
    assert code == 0 and err == ""
    code, _, err = run("print", game, "-o", tmp_path / "kit", "--quiet", "--dpi", "72")
    assert code == 0 and err == "" and (tmp_path / "kit" / "words-cards.pdf").is_file()


def test_print_refuses_a_resolution_whose_pages_do_not_fit(run: Run, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VCONV_MAX_PRINT_PIXELS", "250000000")
    code, out, err = run("print", MINI, "-o", tmp_path / "kit", "--dpi", "1200")
    assert code == 2 and out == ""
    assert f"vconv print: error: {MINI}: --dpi 1200 needs 278 million pixels for the counter " \
           "sheets (2 pages), over the limit of 250000000" in err
    assert "raise it with VCONV_MAX_PRINT_PIXELS), or lower --dpi" in err
    assert not (tmp_path / "kit").exists()
    # the estimate follows --dpi and the limit its variable: 150 dpi under a lower limit
    monkeypatch.setenv("VCONV_MAX_PRINT_PIXELS", "1000000")
    code, _, err = run("print", MINI, "-o", tmp_path / "kit", "--dpi", "150")
    assert code == 2 and "--dpi 150 needs 4 million pixels" in err


def test_a_real_game_s_deck_prints_at_300_dpi_and_the_refusal_names_the_largest_pdf(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """For the People has 144 cards: 32 pages of fronts and backs, 279 million pixels at
    300 dpi.  The default limit let only 28 pages through, so its imported kit was refused;
    a refusal names the deck that needs the pixels, not 'one PDF'."""
    from converter.cli.print_kit import _raster_pixels
    from converter.limits import PRINT_PIXELS
    from converter.printkit.kit import KitOptions

    game = edit_game(tmp_path, "game.json", lambda d: d.update(
        decks=[{"id": "strategy", "name": "Strategy Cards"}],
        cards=[{"id": f"c{k}", "title": f"Card {k}", "deck": "strategy"} for k in range(144)]))
    from converter.validate import load_model

    model = load_model(game)
    held, largest = _raster_pixels(model, KitOptions(dpi=300))
    assert largest == "deck 'Strategy Cards' (32 pages)"
    assert 270_000_000 < held <= PRINT_PIXELS.value()
