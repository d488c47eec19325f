"""Cards in decks, as VASSAL keeps them: a deck is a stack whose state lists its cards (the
cards' own states name no map), a card drawn leaves it, a card dropped on it or sent back by
its Return to Deck joins it, a shuffle puts its cards in a new order.

tour-decks.vlog was played by the VASSAL 3.6 engine on its own tutorial module (vlog-maker,
with draws made through the deck); tour-decks.end.vsav is the engine's own replay of it
(vassal-check36 --execute --save), the truth each deck's cards are compared with."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from converter.audit.module import load_module
from converter.audit.replay import Replay
from converter.cli import main
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game
from tests.audit.conftest import REAL
from tests.conftest import imported_once
from tests.audit.test_vlogmaker_real_modules import engine_actions, step_list

LOG = REAL / "tour-decks.vlog"
TOUR = REAL / "tour.vmod"


def _replayed(path: Path, module: Path) -> Replay:
    _save, record = read_game(path)
    replay = Replay(load_module(module))
    replay.run(record, path.name)
    return replay


def _decks(path: Path) -> dict[str, tuple[str, tuple[str | None, int, int], list[str]]]:
    """deck id → (name, point, cards bottom to top), read from a save's own deck states."""
    _save, record = read_game(path)
    out = {}
    for c in record.restored():
        if type(c) is cmd.AddPiece and c.type.startswith("deck;"):
            deck_map, x, y, _face_down, cards = cmd.deck_place(c.state)
            out[c.id] = (cmd.deck_name(c.type), (deck_map, x, y), cards)
    return out


def test_each_deck_ends_with_the_cards_vassal_leaves_in_it() -> None:
    """Airplane Reserves loses a Dauntless and gets it back (Return to Deck), Ship Reserves
    loses a DD and gets the Loop card, Cards loses the Loop and is shuffled: each deck's
    cards, in order, and each card at its deck's point, as in VASSAL's own end state.  The
    replay kept no deck: its cards had no map until drawn, and a card put back lay loose.

    The shuffled deck's cards are compared without their order: the log's ChangePiece puts
    them in the order the players' game had, which VASSAL 3.6's replay of the log leaves
    as it was (so does it for every deck shuffled in a log: three such logs tried)."""
    replay = _replayed(LOG, TOUR)
    ends = _decks(REAL / "tour-decks.end.vsav")
    assert sorted(name for name, _point, _cards in ends.values()) == \
        ["Airplane Reserves", "Cards", "Ship Reserves"]
    pieces = replay.state.pieces
    for deck_id, (name, point, cards) in ends.items():
        ours = replay.state.stacks[deck_id]
        assert (sorted(ours) if name == "Cards" else ours) == \
            (sorted(cards) if name == "Cards" else cards), name
        for card in cards:
            assert (pieces[card].map, pieces[card].x, pieces[card].y) == point, (name, card)
            assert pieces[card].place.label() == f"deck {name!r} [Force Pool]"
    assert len(ends) == 3 and sum(len(cards) for *_rest, cards in ends.values()) == 10


def test_the_step_list_says_what_was_drawn_from_and_put_into_which_deck(
        tmp_path: Path) -> None:
    """Where the engine names a deck's point by the deck ('Airplane Reserves'), the step
    list said 'off-map' for a card drawn and the deck's bare pixels for one put back."""
    steps = step_list(LOG, TOUR, tmp_path / "report.html")
    assert sorted(steps) == [step for step, _kind, _said in engine_actions(LOG)]
    assert steps[1] == ("Dauntless: drawn from deck 'Airplane Reserves' [Force Pool] → "
                        "G7 [Main Map]")
    assert steps[3].startswith("Dauntless: H6 [Main Map] → put into deck 'Airplane Reserves' "
                               "[Force Pool]")
    assert "drawn from deck 'Cards' [Force Pool] → I6 [Main Map]" in steps[4]
    assert steps[5].startswith("Loop [others see '?']: I6 [Main Map] → put into deck "
                               "'Ship Reserves' [Force Pool]")
    assert steps[6].startswith("DD: drawn from deck 'Ship Reserves' [Force Pool] → J5")


def test_a_shuffle_is_told_without_the_order_a_face_down_deck_hides(tmp_path: Path) -> None:
    """The Cards deck (face down) shuffled: the step had no line."""
    steps = step_list(LOG, TOUR, tmp_path / "report.html")
    assert steps[8] == "deck 'Cards' at (658,94) [Force Pool]: its 2 cards in a new order"


def test_a_save_s_cards_are_in_their_decks() -> None:
    """Almoravid's Scenario A save: its 42 decks hold 109 cards whose own states name no map;
    each is in its deck, on its deck's map (they were off every map)."""
    save = REAL / "almoravid" / "Scenario_A_Toledo_Beset.vsav"
    replay = _replayed(save, REAL / "almoravid" / "Almoravid-1.3-noimages.vmod")
    decks = _decks(save)
    pieces = replay.state.pieces
    in_decks = [(name, point, card) for name, point, cards in decks.values() for card in cards]
    assert len(decks) == 42 and len(in_decks) == 109
    for name, point, card in in_decks:
        piece = pieces[card]
        assert (piece.map, piece.x, piece.y) == point and piece.deck == name, (name, card)
        assert piece.place.label() == f"deck {name!r} [{point[0]}]"


def test_a_card_driven_module_s_draws_name_the_decks_vassal_names(tmp_path: Path) -> None:
    """Almoravid (alm-decks.vlog, the engine on the module given blank boards of its
    pictures' sizes): an Arts of War card drawn into the Christian hand and discarded on its
    deck's discard pile, a Command card drawn onto the hand's Plan 1 pile.  Where the
    engine names a point by a deck ('Christian Plan 1'), the line names that deck; it said
    'off-map' for each card drawn, and the zone under a pile for a card put on it."""
    folder = REAL / "almoravid"
    log = folder / "alm-decks.vlog"
    steps = step_list(log, folder / "Almoravid-1.3-noimages.vmod", tmp_path / "report.html")
    decks = {name for name, _point, _cards in _decks(log).values()}
    # (the script's side choice comes before its new game: action n is step n - 3)
    moves = [(step - 1, said) for step, kind, said in engine_actions(log) if kind == "move_xy"]
    assert len(moves) == 3 and sorted(steps) == [1, 2, 3, 4, 5]
    for step, said in moves:
        places = re.findall(r'\[([^(\]]+) \(\d+,\d+\) "([^"]*)"\]', said)
        (from_map, origin), (to_map, destination) = places
        words = [f"drawn from deck {origin!r} [{from_map}]" if origin in decks else
                 f"{origin} [{from_map}]",
                 f"put into deck {destination!r} [{to_map}]" if destination in decks else
                 f"{destination} [{to_map}]"]
        assert f"{words[0]} → {words[1]}" in steps[step], (steps[step], said)
    assert steps[4] == ("deck 'Christian Arts of War' at Decks [Main Map]: its 25 cards in a "
                        "new order")


def test_cards_left_in_their_decks_are_not_said_to_be_unjudged_pieces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Audited against its import, the tour's log ends with the Force Pool's cards in their
    decks: in no player's play, so not in the note on pieces no rule judged.  The cards
    drawn out of a deck during the log would be."""
    folder = imported_once(TOUR, "tour")
    capsys.readouterr()
    report = tmp_path / "report.txt"
    main(["audit", str(REAL / "tour.vlog"), "--module", str(folder), "-o", str(report)])
    text = report.read_text(encoding="utf-8")
    assert "Dauntless" not in text and "no piece of game" not in text, text[:2000]


def test_a_log_that_draws_cards_audits_against_the_module_s_import(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A referee audits VASSAL's log of draws against the module's import: the cards drawn
    are the game's deck cards (import made them of the decks' card slots), not pieces of
    another game, and the proposed mapping says so instead of listing them as untied."""
    folder = imported_once(TOUR, "tour")
    capsys.readouterr()
    report, mapping = tmp_path / "report.txt", tmp_path / "tour.mapping.json"
    code = main(["audit", str(LOG), "--module", str(TOUR), "--game", str(folder),
                 "--mapping", str(mapping), "-o", str(report)])
    assert code == 0, capsys.readouterr().err
    text = report.read_text(encoding="utf-8")
    assert "10 of 15 module pieces (5 more are cards of its decks)" in text, text[:1500]
    assert "no piece of game" not in text, text[:1500]
    untied = json.loads(mapping.read_text(encoding="utf-8"))["unmatched"]["module_pieces"]
    assert not {"DD", "Dauntless", "Loop", "Turn Left", "Turn Right"} & set(untied), untied
