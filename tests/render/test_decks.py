"""Deck cards: poker size, title and values on the front, a visible mark when the text is missing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from converter.validate import load_model
from converter.model.game import Game
from converter.render.decks import card_back, card_front, card_size_px, deck_colour
from converter.render.text import color
from tests.conftest import MINI, MODULES, bundled_games


@pytest.fixture(scope="module")
def mini() -> Game:
    return load_model(MINI)


def _red(img: Image.Image) -> int:
    """Pixels of the 'missing' red."""
    target = Image.new("RGB", img.size, color("#b00020"))
    diff = ImageChops.difference(img, target).convert("L").point(lambda v: 255 if v < 40 else 0)
    return diff.histogram()[255]


def test_cards_are_poker_size(mini: Game) -> None:
    assert card_size_px(300) == (744, 1039)  # 63 x 88 mm
    card = mini.cards[0]
    assert card_front(mini, card, dpi=300).size == (744, 1039)
    assert card_back(mini, mini.deck("blue-deck"), dpi=300).size == (744, 1039)


def test_missing_text_is_marked_in_red(mini: Game) -> None:
    with_text = card_front(mini, mini.cards[0], dpi=150)       # has text
    without = card_front(mini, mini.cards[1], dpi=150)         # missing text, ops null
    assert _red(with_text) == 0
    assert _red(without) > 500


def test_front_band_and_back_take_the_owners_colour(mini: Game) -> None:
    deck = mini.deck("blue-deck")
    assert deck_colour(mini, deck) == color("#1f4e9c")  # owner 'blue' side colour
    back = card_back(mini, deck, dpi=100)
    assert back.getpixel((back.width // 2, 5)) == color("#1f4e9c")  # outside the inner frame
    front = card_front(mini, mini.cards[0], dpi=100)
    assert front.getpixel((5, 5)) == color("#1f4e9c")


def test_different_cards_differ(mini: Game) -> None:
    a = card_front(mini, mini.cards[0], dpi=100)
    b = card_front(mini, mini.cards[2], dpi=100)
    assert ImageChops.difference(a, b).getbbox() is not None


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_every_deck_of_every_bundled_game_prints(folder) -> None:
    from converter.errors import VconvError
    from converter.printkit.cardsheet import deck_pages
    from converter.printkit.layout import PAPERS

    try:
        game = load_model(folder)
    except VconvError as exc:
        pytest.skip(f"{folder.name} does not load yet: {str(exc).splitlines()[0]}")
    from converter.render.decks import wholly_unknown

    for deck in game.decks or []:
        every = sum(c.count or 1 for c in game.cards_of(deck.id))
        known = sum(c.count or 1 for c in game.cards_of(deck.id) if not wholly_unknown(c))
        for paper in ("a4", "letter"):
            pages = deck_pages(game, deck, PAPERS[paper], dpi=30)
            assert len(pages) == 2 * -(-known // 9)  # nine poker cards a sheet, fronts and backs
        pages = deck_pages(game, deck, PAPERS["a4"], dpi=30, include_missing=True)
        assert len(pages) == 2 * -(-every // 9)


def test_a_long_card_text_shrinks_to_fit_and_never_loses_its_end_silently(
        mini_copy: Callable[..., Path], words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """A card's text longer than the card had its last lines dropped without a sign: a text
    a little too long now shrinks until it fits whole, and one far too long ends in '…'."""
    import converter.render.decks as decks

    sentence = "Muovi due volte e poi attacca ogni spazio adiacente con tutte le unità. "
    def long_text(n: int) -> Callable[[Any], None]:
        def edit(data: Any) -> None:
            data["cards"][0]["text"] = sentence * n
        return edit

    drawn = words_drawn(decks)
    game = load_model(mini_copy("pieces.json", long_text(9)))
    decks.card_front(game, game.cards[0], dpi=150)
    body = [(text, size) for text, size in drawn if text and text.split()[0] in sentence.split()]
    assert " ".join(text for text, _size in body) == (sentence * 9).strip()
    assert max(size for _text, size in body) < 17  # smaller than the 8 pt body (17 px at 150 dpi)
    drawn.clear()
    game = load_model(mini_copy("pieces.json", long_text(40)))
    decks.card_front(game, game.cards[0], dpi=150)
    body = [text for text, _size in drawn if text and text.split()[0] in sentence.split()]
    assert body[-1].endswith("…")


def test_every_value_of_a_card_has_its_box(
        mini_copy: Callable[..., Path], words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """A card with six values shows six labelled boxes, four to a row (the fifth and sixth
    had been left off)."""
    import converter.render.decks as decks

    def six(data: Any) -> None:
        data["cards"][0]["values"] = {f"v{k}": k for k in range(6)}

    drawn = words_drawn(decks)
    game = load_model(mini_copy("pieces.json", six))
    decks.card_front(game, game.cards[0], dpi=150)
    texts = [text for text, _size in drawn]
    for k in range(6):
        assert str(k) in texts, k


def test_a_long_card_title_is_printed_whole(
        mini_copy: Callable[..., Path], words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """A title too long for two lines in the band is set smaller until two lines hold it all
    (its third line had been dropped)."""
    import converter.render.decks as decks

    title = "Controffensiva straordinariamente organizzata dell'esercito imperiale austroungarico"
    def long_title(data: Any) -> None:
        data["cards"][0]["title"] = title

    drawn = words_drawn(decks)
    game = load_model(mini_copy("pieces.json", long_title))
    decks.card_front(game, game.cards[0], dpi=150)
    texts = [text for text, _size in drawn]
    start = next(k for k, text in enumerate(texts) if text.startswith("Controffensiva"))
    assert " ".join(texts[start:start + 2]) == title


def test_value_names_keep_clear_of_their_boxes_edges() -> None:
    """Quartermaster General's Zeppelin card has three values with long names ('Scarti
    potenza UK US'): each name is set inside its box with a margin of about a millimetre,
    on two lines where one would be too small, all at one size; they had run into the
    box's top and sides."""
    from converter.render import decks
    from converter.render.text import mm_to_px

    game = load_model(MODULES / "quartermaster-general-1914")
    card = next(c for c in game.cards if c.title.lower() == "zeppelin")
    assert len(card.values or {}) == 3
    image = card_front(game, card)
    face, ink = color(decks.DEFAULT_THEME["face"]), color(decks.DEFAULT_THEME["ink"])
    m = int(mm_to_px(decks.MARGIN_MM, 300))
    box_w = (image.width - 2 * m) / 3
    clear = int(mm_to_px(0.6, 300))
    left = int(m + 2)
    runs: list[list[int]] = []  # runs of ink down the first box's left side
    for y in range(int(mm_to_px(14, 300)), image.height):
        if image.getpixel((left, y)) == ink:
            if runs and runs[-1][-1] == y - 1:
                runs[-1].append(y)
            else:
                runs.append([y])
    side = max(runs, key=len)
    top, bottom = side[0], side[-1]
    assert bottom - top > mm_to_px(8, 300)
    for col in range(3):
        x0, x1 = int(m + col * box_w + 2), int(m + (col + 1) * box_w - 2)
        for strip in [(x0 + 3, top + 3, x0 + clear, bottom - 3), (x1 - clear, top + 3, x1 - 3, bottom - 3),
                      (x0 + 3, top + 3, x1 - 3, top + clear)]:
            assert {c for _n, c in image.crop(strip).getcolors(1 << 16)} == {face}, (col, strip)
