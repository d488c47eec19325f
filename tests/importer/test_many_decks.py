"""Carcassonne 2.0 (VASSAL 3.0.11) keeps each player's meeples in a deck of its own, 75 decks
in all: import wrote 'deck X: the card pictures are not imported' once per deck, and its
summary counted the decks but not their 335 cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, write_module

PILE = BUILDFILE[BUILDFILE.index("<VASSAL.build.module.map.DrawPile"):
                 BUILDFILE.index("</VASSAL.build.module.map.DrawPile>")
                 + len("</VASSAL.build.module.map.DrawPile>")]


def test_decks_with_pictures_share_one_note_and_the_summary_counts_their_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    piles = "".join(PILE.replace('name="Deck"', f'name="Supply {i}"') for i in range(1, 9))
    module = write_module(tmp_path / "decks.vmod", BUILDFILE.replace(PILE, piles))
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    assert "8 decks, 8 cards," in out
    assert out.count("the card pictures are not imported") == 1, out
    assert ("note: decks 'Supply 1', 'Supply 2', 'Supply 3', 'Supply 4', 'Supply 5', "
            "'Supply 6' and 2 more: the card pictures are not imported; the format's cards "
            "have no image") in out, out
