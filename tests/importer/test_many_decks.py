"""Carcassonne 2.0 (VASSAL 3.0.11) keeps each player's meeples in a deck of its own, 75 decks
in all: import wrote a note once per deck, and its summary counted the decks but not their
335 cards.  A card keeps its picture; decks whose pictures the module lacks share one note."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module

PILE = BUILDFILE[BUILDFILE.index("<VASSAL.build.module.map.DrawPile"):
                 BUILDFILE.index("</VASSAL.build.module.map.DrawPile>")
                 + len("</VASSAL.build.module.map.DrawPile>")]


def test_decks_share_one_note_and_the_summary_counts_their_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    piles = "".join(PILE.replace('name="Deck"', f'name="Supply {i}"') for i in range(1, 9))
    module = write_module(tmp_path / "decks.vmod", BUILDFILE.replace(PILE, piles))
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    assert "8 decks, 8 cards," in out
    assert "pictures the module names are not in it" not in out, out
    cards = json.loads((tmp_path / "game" / "pieces.json").read_text())["cards"]
    assert {c["image"] for c in cards} == {"images/card.png"}


def test_decks_whose_card_pictures_are_absent_share_one_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    piles = "".join(PILE.replace('name="Deck"', f'name="Supply {i}"') for i in range(1, 9))
    images = {n: png(*s) for n, s in IMAGES.items() if n != "card.png"}
    module = write_module(tmp_path / "decks.vmod", BUILDFILE.replace(PILE, piles), images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    assert out.count("pictures the module names are not in it") == 1, out
    assert ("note: decks 'Supply 1', 'Supply 2', 'Supply 3', 'Supply 4', 'Supply 5', "
            "'Supply 6' and 2 more: card pictures the module names are not in it; vconv print "
            "draws those cards from their titles") in out, out
