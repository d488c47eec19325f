"""Pages streamed into the PDF and a bounded counter cache: same bytes, bounded memory."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from converter.printkit.kit import BoundedCache
from converter.printkit.pdf import PdfPage, stream_pdf, write_pdf


def test_a_streamed_pdf_is_the_pdf_written_whole() -> None:
    pages = [PdfPage(Image.new("RGB", (30, 40), (i * 50, 9, 9)), 210, 297) for i in range(4)]
    drawn: list[int] = []

    def lazily():
        for n, page in enumerate(pages):
            drawn.append(n)
            yield page

    out = io.BytesIO()
    assert stream_pdf(out, lazily(), 4, title="t", epoch=0) == 4
    assert out.getvalue() == write_pdf(pages, title="t", epoch=0)
    assert out.getvalue().count(b"/Type /Page ") == 4


def test_a_page_count_that_does_not_match_is_refused() -> None:
    page = PdfPage(Image.new("RGB", (5, 5)), 10, 10)
    with pytest.raises(ValueError, match="announced"):
        stream_pdf(io.BytesIO(), iter([page] * 3), 2, title="t", epoch=0)
    with pytest.raises(ValueError, match="announced"):
        stream_pdf(io.BytesIO(), iter([page]), 2, title="t", epoch=0)


def test_the_counter_cache_forgets_its_oldest_past_its_limit() -> None:
    cache = BoundedCache(3)
    for key in "abcde":
        cache[key] = key.upper()
    assert list(cache) == ["c", "d", "e"]
    cache["d"] = "again"  # replacing keeps the size
    assert len(cache) == 3 and cache["d"] == "again"


def test_a_page_is_deflated_in_bands_to_the_bytes_of_a_whole_page_compression() -> None:
    """A 300 dpi page is 26 MB of pixels: compressed a band at a time, never copied whole."""
    import zlib

    from PIL import ImageDraw

    from converter.printkit.pdf import BAND_BYTES, _deflate

    page = Image.new("RGB", (700, 3 * BAND_BYTES // (3 * 700) + 5), "white")
    ImageDraw.Draw(page).line((0, 0, *page.size), fill=(200, 10, 10), width=5)
    assert _deflate(page, 3) == zlib.compress(page.tobytes(), 3)


def test_a_decks_pages_are_drawn_one_sheet_at_a_time() -> None:
    """Deck pages are given as drawn, as counter pages are: a large deck is not held whole."""
    from converter.model.game import Game
    from converter.printkit.cardsheet import deck_pages, each_deck_page
    from converter.printkit.layout import PAPERS
    from converter.validate import load_model
    from tests.conftest import bundled_games

    game: Game | None = None
    for folder in bundled_games():
        candidate = load_model(folder)
        if any(candidate.cards_of(d.id) for d in candidate.decks or []):
            game = candidate
            break
    assert game is not None
    deck = next(d for d in game.decks or [] if game.cards_of(d.id))
    pages = each_deck_page(game, deck, PAPERS["a4"], dpi=20, include_missing=True)
    assert iter(pages) is pages  # a generator, not a list
    drawn = list(pages)
    assert len(drawn) % 2 == 0 and drawn
    assert [p.tobytes() for p in drawn] == \
        [p.tobytes() for p in deck_pages(game, deck, PAPERS["a4"], dpi=20, include_missing=True)]


def test_a_boards_picture_is_dropped_before_the_next_board_is_drawn(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Paths of Glory's image-less module has two 180 MB map schematics: the kit held every
    board's picture until the last page was written, so its print took their sum."""
    import gc
    import weakref

    from converter.printkit import kit
    from converter.printkit.kit import KitOptions, print_kit
    from converter.validate import load_model
    from tests.conftest import ROOT

    game = load_model(ROOT / "modules" / "the-first-world-war")
    assert len([b for b in game.boards or [] if kit.printable(game, b)]) >= 2
    alive: list[weakref.ref[Image.Image]] = []
    live_when_drawn: list[int] = []
    real = kit.board_print

    def watched(*args, **kwargs):
        gc.collect()
        live_when_drawn.append(sum(ref() is not None for ref in alive))
        bp = real(*args, **kwargs)
        alive.append(weakref.ref(bp.picture))
        return bp

    monkeypatch.setattr(kit, "board_print", watched)
    print_kit(game, tmp_path, KitOptions(dpi=20))
    assert len(live_when_drawn) >= 2
    assert live_when_drawn == [0] * len(live_when_drawn)


@pytest.mark.parametrize("board_id", ["mappa", "caselle"])
def test_a_schematic_printed_apart_from_its_legend_is_not_copied(
        board_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Paths of Glory's image-less Classic Map is a 9456 x 7139 schematic (270 MB as Pillow
    holds it): cut from its legend band, a copy of it stood beside it, and its print took
    560 MB.  The pages print the picture drawn, within its extent; a box board packs its
    boxes into a new, smaller picture."""
    from converter.printkit import mapsheets
    from converter.printkit.layout import PAPERS
    from converter.validate import load_model
    from tests.conftest import ROOT

    game = load_model(ROOT / "modules" / "pursuit-of-glory")
    drawn: list[Image.Image] = []
    real = mapsheets.board_picture

    def kept(*args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(real(*args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(mapsheets, "board_picture", kept)
    bp = mapsheets.board_print(game, game.board(board_id), PAPERS["a4"])
    if board_id == "mappa":
        assert bp.legend is not None and len(bp.tiles) > 1
        assert bp.picture is drawn[0] and bp.extent[1] < drawn[0].height
    else:  # the packed boxes
        assert bp.picture is not drawn[0] and bp.extent == bp.picture.size
    width = max(t.x_mm + t.w_mm for t in bp.tiles)
    assert width == pytest.approx(bp.extent[0] * bp.scale)


@pytest.mark.parametrize("png", [False, True])
def test_a_card_is_let_go_before_the_next_is_drawn(tmp_path, png: bool) -> None:
    """Paths of Glory's imported scenarios make setup cards 23,000 px tall (195 MB each): the
    card PDF held the last card, and the parts of a card cut to pages, while the next card
    was drawn, and its print took 540 MB."""
    import gc
    import weakref

    from converter.printkit.kit import KitOptions, _card_pdf
    from converter.render.cards import CellBox, ReferenceCard

    alive: list[weakref.ref[Image.Image]] = []
    live_when_drawn: list[int] = []

    def cards():  # type: ignore[no-untyped-def]
        for n in range(3):
            gc.collect()
            live_when_drawn.append(sum(ref() is not None for ref in alive))
            image = Image.new("RGB", (300, 5000), "white")  # taller than a page at 72 dpi
            alive.append(weakref.ref(image))
            cells = [CellBox(f"row:{k}", "x", (0, k * 100, 300, (k + 1) * 100)) for k in range(50)]
            yield ReferenceCard(f"card{n}", f"Card {n}", image, cells)
            del image  # as the kit's own card drawers let theirs go

    written = _card_pdf(cards(), tmp_path, "x.pdf", "x-", "T", "T — setup", "setup", "page {n}",
                        KitOptions(dpi=72, png=png), 0)
    assert (tmp_path / "x.pdf") in written
    assert live_when_drawn == [0, 0, 0]
