"""Player aids stacked down pages: a card that does not fit the room left on a page begins
there when a third of a page is left, cut between two of its rows, instead of leaving the
page half empty (The First World War's aids: a page held one small table, 8 % of the page,
then a page break; Glory's End's 13 pages held four under half full)."""

from __future__ import annotations

import pytest
from PIL import ImageOps

from converter.printkit.cardsheet import card_parts, each_card_page
from converter.printkit.layout import MARGIN_MM, PAPERS
from converter.render.text import px
from tests.conftest import CARDS_DPI, ROOT, reference_cards_once

# the run's one drawing of each game's reference cards (tests/conftest.py), at its dpi
DPI = CARDS_DPI


@pytest.mark.parametrize("name", ["the-first-world-war", "glorys-end", "when-eagles-fight"])
def test_no_page_but_the_last_is_left_mostly_empty(name: str) -> None:
    game, cards = reference_cards_once(ROOT / "modules" / name)
    paper = PAPERS["a4"]
    top, bottom = px(MARGIN_MM, DPI), px(paper.height_mm - MARGIN_MM, DPI)
    pages = list(each_card_page(cards, paper, dpi=DPI, title=game.title))
    for n, page in enumerate(pages[:-1], start=1):
        ink = ImageOps.invert(page.crop((0, top, page.width, bottom)).convert("L")).getbbox()
        assert ink is not None and ink[3] >= 0.6 * (bottom - top), \
            f"page {n} of {len(pages)} is {ink[3] / (bottom - top) if ink else 0:.0%} full"


def test_a_card_is_cut_only_between_rows_and_each_part_holds_words() -> None:
    _game, cards = reference_cards_once(ROOT / "modules" / "glorys-end")
    height = px(PAPERS["a4"].height_mm - 2 * MARGIN_MM, DPI)
    cut_any = False
    for card in cards:
        for room in (height // 3, height // 2, height * 3 // 4):
            parts = card_parts(card, height, room)
            assert parts[0][0] == 0 and [e for _s, e in parts[:-1]] == [s for s, _e in parts[1:]]
            if len(parts) == 1:
                continue
            cut_any = True
            assert parts[0][1] - parts[0][0] <= max(room, height)
            for start, end in parts[:-1]:  # no line of words runs across a cut
                assert not any(c.box[1] < end < c.box[3] for c in card.cells), (card.name, end)
            for start, end in parts:
                assert any(start <= c.box[1] and c.box[3] <= end for c in card.cells), (card.name, start, end)
    assert cut_any


def test_a_table_going_on_over_a_page_repeats_its_column_heads() -> None:
    """Pursuit of Glory's rules card runs over three pages: its second and third parts had
    begun on a bare row ('Movimento lungo i percorsi | Ogni percorso costa...'), the column
    heads 'Regola | Cosa | §' left on the first page.  Each part going on now opens with
    them, and no page runs past its foot."""
    game, cards = reference_cards_once(ROOT / "modules" / "pursuit-of-glory")
    card = next(c for c in cards if c.name == "rules")
    paper = PAPERS["a4"]
    top, bottom = px(MARGIN_MM, DPI), px(paper.height_mm - MARGIN_MM, DPI)
    heads = [c for c in card.cells if c.head]
    assert [c.text for c in heads][:2] == ["Regola", "Cosa"]
    y0, y1 = int(min(c.box[1] for c in heads)), int(max(c.box[3] for c in heads))
    strip = card.image.crop((0, y0, card.image.width, y1))
    pages = list(each_card_page([card], paper, dpi=DPI, title=game.title))
    assert len(pages) >= 2
    x = (pages[0].width - card.image.width) // 2
    for page in pages[1:]:
        shown = page.crop((x, top, x + strip.width, top + strip.height))
        assert shown.tobytes() == strip.tobytes()
    for start, end in card_parts(card, bottom - top)[1:]:
        assert end - start + (y1 - y0) <= bottom - top
