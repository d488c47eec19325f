"""Counter art never fails on odd text: any designation, label, factor or size keeps its square."""

from __future__ import annotations

import copy
import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from converter.validate import load_model
from converter.render.counters import counter_image, counter_px
from converter.render.words import words
from tests.conftest import MINI

BASE = load_model(MINI)
TEXT = st.text(min_size=0, max_size=40)


@settings(max_examples=60, deadline=None)
@given(designation=TEXT, label=TEXT, printed=st.one_of(st.none(), TEXT),
       size=st.sampled_from([None, "I", "II", "III", "X", "XX", "XXX", "XXXX", "XXXXX", "group"]),
       piece_id=st.sampled_from(["na-1", "na-2", "sa-1", "sa-hq", "dummy", "turn-marker", "damage", "tank"]),
       dpi=st.sampled_from([72, 150, 300]))
@example(designation="0\n0", label="", printed=None, size=None, piece_id="na-1", dpi=72)  # a short number of two lines
def test_counter_keeps_its_size_whatever_the_text(designation: str, label: str, printed: str | None,
                                                   size: str | None, piece_id: str, dpi: int) -> None:
    game = copy.deepcopy(BASE)
    piece = game.piece(piece_id)
    piece.designation = designation or None
    piece.size = size
    face = piece.faces[0]
    face.label = label or None
    face.printed = printed
    img = counter_image(game, piece, face.counter, face.side, dpi=dpi)
    assert img.size == (counter_px(game, piece, dpi=dpi),) * 2


@settings(max_examples=40, deadline=None)
@given(a=TEXT, b=TEXT, c=TEXT)
@example(a="", b="space", c="")
def test_cards_and_deck_cards_take_any_text(a: str, b: str, c: str) -> None:
    """Newlines and control characters in names, cells and notes once crashed Pillow's text layout."""
    from converter.render.cards import table_card
    from converter.render.decks import card_front

    game = copy.deepcopy(BASE)
    table = game.table("crt")
    table.name = a or "x"
    table.cells[0][0] = b
    table.notes[0].text = c
    card = table_card(game, table, dpi=50)
    tr = words(game.language)
    # exactly the cell's text, but for a kind word of the format ('space'), which a player
    # reads in the game's language ('spazio')
    kind_word = re.fullmatch(r"[a-z]+", b) is not None and tr(b) != b
    assert card.text_of("cell:0:0") == (tr(b) if kind_word else b)
    deck_card = game.cards[0]
    deck_card.title = a or "x"
    deck_card.text = b or None
    assert card_front(game, deck_card, dpi=50).size == (124, 173)
