"""`vconv print` leaves out deck cards the rulebook tells nothing of, unless --include-missing."""

from __future__ import annotations

from pathlib import Path

from converter.cli import main
from converter.validate import load_model
from converter.render.decks import wholly_unknown
from tests.conftest import ROOT

QMG = ROOT / "modules" / "quartermaster-general-1914"


def test_unknown_cards_only_when_asked(tmp_path: Path) -> None:
    game = load_model(QMG)
    known_decks = {d.id for d in game.decks if any(not wholly_unknown(c) for c in game.cards_of(d.id))}
    all_decks = {d.id for d in game.decks if game.cards_of(d.id)}
    assert known_decks < all_decks  # the bundled game has decks of unknown cards only
    assert main(["print", str(QMG), "-o", str(tmp_path / "a"), "--dpi", "72", "--quiet"]) == 0
    assert main(["print", str(QMG), "-o", str(tmp_path / "b"), "--dpi", "72", "--quiet", "--include-missing"]) == 0
    decks = lambda folder: {p.name for p in folder.glob("*-deck-*.pdf")}  # noqa: E731
    assert decks(tmp_path / "a") == {f"{game.id}-deck-{d}.pdf" for d in known_decks}
    assert decks(tmp_path / "b") == {f"{game.id}-deck-{d}.pdf" for d in all_decks}


def test_a_deck_left_out_is_said(tmp_path: Path, capsys) -> None:
    """The player is told which deck got no PDF and why, not left to count files."""
    game = load_model(QMG)
    assert main(["print", str(QMG), "-o", str(tmp_path / "a"), "--dpi", "72"]) == 0
    notes = [line for line in capsys.readouterr().out.splitlines() if "note: deck" in line]
    left_out = [d for d in game.decks if game.cards_of(d.id)
                and all(wholly_unknown(c) for c in game.cards_of(d.id))]
    assert len(notes) == len(left_out) > 0
    russia = next(n for n in notes if "'Mazzo Russia'" in n)
    assert russia == ("  note: deck 'Mazzo Russia': its one card has no picture, text or value to "
                      "print, so no PDF (--include-missing prints blank cards)")
    assert main(["print", str(QMG), "-o", str(tmp_path / "b"), "--dpi", "72",
                 "--include-missing"]) == 0
    assert "note: deck" not in capsys.readouterr().out
