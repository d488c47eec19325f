"""The model carries every datum: load → model → dump gives the same document back."""

from __future__ import annotations

import pytest

from converter.load import load_game
from converter.validate import load_model
from converter.model import Game
from tests.conftest import MINI, bundled_games


@pytest.mark.parametrize("folder", [MINI, *bundled_games()], ids=lambda p: p.name)
def test_load_dump_round_trip(folder) -> None:
    doc = load_game(folder)
    game = Game.from_dict(doc.data)
    assert game.to_dict() == doc.data
    assert Game.from_dict(game.to_dict()) == game


def test_lookups_resolve_owners_and_colours() -> None:
    game = load_model(MINI)
    cav = game.piece("na-2")
    assert cav.nationalities == ["NA", "NB"]
    assert game.faction_of(cav).id == "north"
    assert game.side_of(cav).id == "blue"
    assert game.color_of(cav) == "#6b8fd6"
    dummy = game.piece("dummy")
    assert game.side_of(dummy).id == "blue" and game.color_of(dummy) == "#1f4e9c"
    assert game.counter_mm(cav) == 12.7


def test_faces_and_steps() -> None:
    game = load_model(MINI)
    corps = game.piece("na-1")
    assert corps.counters() == [1, 2]
    assert [f.step for f in corps.step_faces()] == [4, 3, 2, 1]
    assert corps.face(2, "front").mark == "dot"
    assert corps.faces[0].factor_text(game.factor_order()) == "6-7-4"
    assert game.piece("na-2").faces[0].factor_text(game.factor_order()) == "(2)-3-6"
    assert game.piece("sa-hq").faces[0].factor_text(game.factor_order()) == "?-5"


def test_crt_lookup_clamps_and_parses() -> None:
    crt = load_model(MINI).table("crt")
    assert crt.lookup("1:1", 0) == "1/1"        # clamped up to 1
    assert crt.lookup("2:1", 9) == "0/3R"       # clamped down to 6
    assert crt.lookup("1:2", 5) is None         # the missing cell
    assert crt.parse_result("0/2R") == {"attacker": "0", "defender": "2", "retreat": "R"}
    assert crt.parse_result("x") is None


def test_dice_values() -> None:
    game = load_model(MINI)
    assert game.die("d6").possible_values() == {1, 2, 3, 4, 5, 6}
    assert game.die("2d6").possible_values() == set(range(2, 13))
    assert game.die("special").possible_values() is None   # faces missing: unknown, not guessed
    assert game.die("special").face_labels() is None
    from converter.model import Die
    from converter.model.tables import DieFace
    partial = Die("s", "S", faces=[DieFace("S", 0)], missing=["sides"])
    assert partial.face_labels() is None and partial.possible_values() is None
    whole = Die("c", "C", faces=[DieFace("S", 0), DieFace("1"), DieFace("2")])
    assert whole.face_labels() == ["S", "1", "2"] and whole.possible_values() == {0, 1, 2}


def test_filters() -> None:
    from converter.model import Filter
    game = load_model(MINI)
    corps, hq = game.piece("na-1"), game.piece("sa-hq")
    assert game.matches(corps, Filter(sides=["blue"], types=["inf"]))
    assert not game.matches(hq, Filter(sides=["blue"]))
    assert game.matches(hq, Filter(not_=Filter(flags=["elite"])))
    assert not game.matches(corps, Filter(not_=Filter(flags=["elite"])))
    either = Filter(any_of=[Filter(nationalities=["SA"]), Filter(flags=["elite"])])
    assert game.matches(corps, either) and game.matches(hq, either)
    assert not game.matches(game.piece("na-2"), either)


def test_network_adjacency_reads_links_both_ways() -> None:
    board = load_model(MINI).board("east")
    assert board.adjacent_spaces("odessa") == {"kiev", "minsk"}
    assert board.adjacent_spaces("kiev") == {"minsk", "odessa"}
