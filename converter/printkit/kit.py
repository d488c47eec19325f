"""The whole print-and-play kit of a game: counter sheets, reference cards, decks, as files.

Files written to the output folder (``<id>`` is the game id):

- ``<id>-counters.pdf``: counter sheets, fronts then backs, page pairs for duplex (long edge)
- ``<id>-cards.pdf``: one reference card per rules table, then victory conditions, terrain,
  rules, sequence, turns, dice, counter key and sources, then the game's own chart pictures
- ``<id>-maps.pdf``: every board at the game's scale, tiled over pages with overlap and
  registration marks (``converter.printkit.mapsheets``)
- ``<id>-setup.pdf``: one setup card per scenario: what goes where
- ``<id>-tracks.pdf``: the track sheet: the turn track and every other track, boxes a counter fits in
- ``<id>-deck-<deck>.pdf``: card fronts and backs of each deck, when the game has cards: poker
  size, or the size the cards' own pictures give (``converter.render.cardpictures``)
- with ``png=True`` also ``<id>-counters-<page>.png``, ``<id>-card-<name>.png``,
  ``<id>-map-<board>-<page>.png``, ``<id>-map-legends-<page>.png``, ``<id>-setup-<scenario>.png``, ``<id>-tracks-<page>.png`` and
  ``<id>-deck-<deck>-<page>.png``

Every file is written atomically and is byte-identical for the same game and options.
"""

from __future__ import annotations

import io
import itertools
import logging
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from PIL import Image

from converter.atomic import source_date_epoch, write_bytes_atomic
from converter.model.board import Board
from converter.model.cards import Deck
from converter.model.game import Game
from converter.printkit.cache import BoundedCache
from converter.printkit.cardsheet import each_card_page, each_deck_page
from converter.printkit.layout import PAPERS, Paper, layout_counter_sheets
from converter.printkit.mapsheets import board_print, fitted_legend, legend_sheets, map_page
from converter.render.boardcontent import printable
from converter.printkit.tracksheet import track_pages
from converter.printkit.pdf import PdfPage, stream_pdf, write_pdf
from converter.printkit.sheets import render_page
from converter.render.cardpictures import counter_art_scale
from converter.render.cards import ReferenceCard, each_reference_card, setup_card
from converter.render.chartcards import each_chart_card
from converter.render.words import words

log = logging.getLogger(__name__)

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class KitOptions:
    paper: str = "a4"
    bleed_mm: float = 0.0
    dpi: int = 300
    png: bool = False
    include_missing: bool = False  # also print deck cards the rulebook tells nothing of

    @property
    def sheet(self) -> Paper:
        return PAPERS[self.paper]


def png_bytes(image: Image.Image, dpi: int) -> bytes:
    """PNG bytes with the physical resolution stored (no time chunk: Pillow writes none).

    Level 1: a mostly flat 300 dpi page compresses several times faster than at Pillow's
    default for somewhat larger files, which print the same."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", dpi=(dpi, dpi), compress_level=1)
    return buf.getvalue()


COUNTER_CACHE_SIZE = 256  # counter images kept for reuse (a few tens of MB at 300 dpi)


@contextmanager
def _atomic_file(path: Path) -> Iterator[BinaryIO]:
    """A file written in pieces that appears at *path* whole or not at all (as
    `write_bytes_atomic`, for output too large to hold in memory first)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def print_kit(game: Game, out_dir: str | Path, options: KitOptions = KitOptions(),
              progress: Progress | None = None,
              undrawn: dict[str, str] | None = None) -> list[Path]:
    """Write every file of the kit into *out_dir*; the paths written, in order.  *undrawn*
    is told each counter picture that cannot be drawn (those counters print from their
    names), and why, in the order the sheets meet them."""
    out = Path(out_dir)
    paper = options.sheet
    epoch = source_date_epoch()
    written: list[Path] = []
    report = progress or (lambda what, done, total: None)

    pages = layout_counter_sheets(game, paper, bleed_mm=options.bleed_mm)
    cache: BoundedCache = BoundedCache(COUNTER_CACHE_SIZE)
    pngs: list[Path] = []

    def counter_pages() -> Iterator[PdfPage]:
        # each page is drawn, written (PNG, then into the PDF) and dropped before the next
        for n, page in enumerate(pages, start=1):
            report("counters", n - 1, len(pages))
            img = render_page(game, page, paper, dpi=options.dpi, bleed_mm=options.bleed_mm,
                              cache=cache, undrawn=undrawn)
            if options.png:
                pngs.append(write_bytes_atomic(out / f"{game.id}-counters-{n:02d}.png",
                                               png_bytes(img, options.dpi)))
            yield PdfPage(img, paper.width_mm, paper.height_mm)

    if pages:
        pdf = out / f"{game.id}-counters.pdf"
        with _atomic_file(pdf) as fh:
            stream_pdf(fh, counter_pages(), len(pages), title=f"{game.title} — counters",
                       epoch=epoch)
        written.extend(pngs)
        written.append(pdf)
    cache.clear()
    report("counters", len(pages), len(pages))

    report("cards", 0, 1)
    cards = itertools.chain(each_reference_card(game, dpi=options.dpi),
                            each_chart_card(game, dpi=options.dpi))
    written.extend(_card_pdf(cards, out, f"{game.id}-cards.pdf",
                             f"{game.id}-card-", game.title, f"{game.title} — reference cards",
                             words(game.language)("reference cards"),
                             words(game.language)("page {n}"),
                             options, epoch))
    report("cards", 1, 1)

    written.extend(_maps(game, out, options, epoch, report))
    written.extend(_setup_and_tracks(game, out, options, epoch, report))

    chit_scale = counter_art_scale(game) if game.cards else None  # read once for every deck
    for deck in game.decks or []:
        if not game.cards_of(deck.id):
            continue
        report(f"deck {deck.id}", 0, 1)
        written.extend(_deck(game, deck, out, options, epoch, chit_scale))
        report(f"deck {deck.id}", 1, 1)
    log.info("wrote %d files to %s", len(written), out)
    return written


def deck_pdf_name(game: Game, deck: Deck) -> str:
    """The file name of a deck's PDF in the kit."""
    return f"{game.id}-deck-{deck.id}.pdf"


def _deck(game: Game, deck: Deck, out: Path, options: KitOptions, epoch: int,
          chit_scale: float | None) -> list[Path]:
    """A deck's PDF (and PNGs), its pages drawn, written and dropped one at a time; nothing
    when it has no page.  *chit_scale*: the counters' mm per pixel, a deck of chits' size."""
    paper = options.sheet
    pngs: list[Path] = []

    def pages() -> Iterator[PdfPage]:
        for n, img in enumerate(each_deck_page(game, deck, paper, dpi=options.dpi,
                                               include_missing=options.include_missing,
                                               mm_per_px=chit_scale), start=1):
            if options.png:
                pngs.append(write_bytes_atomic(out / f"{game.id}-deck-{deck.id}-{n:02d}.png",
                                               png_bytes(img, options.dpi)))
            yield PdfPage(img, paper.width_mm, paper.height_mm)

    drawn = pages()
    first = next(drawn, None)
    if first is None:
        return []
    pdf = out / deck_pdf_name(game, deck)
    with _atomic_file(pdf) as fh:
        stream_pdf(fh, itertools.chain([first], drawn), title=f"{game.title} — {deck.name}",
                   epoch=epoch)
    return [pdf, *pngs]


def _maps(game: Game, out: Path, options: KitOptions, epoch: int, report: Progress) -> list[Path]:
    """Every board's pages into one PDF, each page on its board's sheet (portrait or
    landscape); pages are drawn, written and dropped one at a time, and a board's picture
    is drawn when its pages come and dropped after them (Paths of Glory's two image-less
    maps are 180 MB schematics each: held together, they doubled the memory a print took)."""
    boards = [b for b in game.boards or [] if printable(game, b)]
    if not boards:
        return []
    pngs: list[Path] = []
    legends: list[tuple[Board, Image.Image]] = []

    def pages() -> Iterator[PdfPage]:
        for n, board in enumerate(boards):
            report("maps", n, len(boards))
            bp = board_print(game, board, options.sheet)
            for k, tile in enumerate(bp.tiles, start=1):
                img = map_page(game, board, bp.picture, bp.scale, tile, bp.sheet, dpi=options.dpi)
                if options.png:
                    pngs.append(write_bytes_atomic(out / f"{game.id}-map-{board.id}-{k:02d}.png",
                                                   png_bytes(img, options.dpi)))
                yield PdfPage(img, bp.sheet.width_mm, bp.sheet.height_mm)
            if bp.legend is not None:  # the schematic's legend, printed after every board
                legends.append((board, fitted_legend(bp.legend, options.sheet, dpi=options.dpi)))
            del bp
        # the legends stacked on as few pages as hold them
        for n, (sheet, img) in enumerate(legend_sheets(game, legends, options.sheet, dpi=options.dpi),
                                         start=1):
            if options.png:
                pngs.append(write_bytes_atomic(out / f"{game.id}-map-legends-{n:02d}.png",
                                               png_bytes(img, options.dpi)))
            yield PdfPage(img, sheet.width_mm, sheet.height_mm)

    pdf = out / f"{game.id}-maps.pdf"
    with _atomic_file(pdf) as fh:
        stream_pdf(fh, pages(), title=f"{game.title} — maps", epoch=epoch)
    report("maps", len(boards), len(boards))
    return [*pngs, pdf]


def _setup_and_tracks(game: Game, out: Path, options: KitOptions, epoch: int, report: Progress) -> list[Path]:
    """The setup cards (one per scenario) and the track sheet."""
    paper = options.sheet
    written: list[Path] = []
    report("setup", 0, 1)
    written.extend(_card_pdf(_setup_cards(game, options.dpi), out, f"{game.id}-setup.pdf", f"{game.id}-", game.title,
                             f"{game.title} — setup", words(game.language)("Setup"),
                             words(game.language)("page {n}"), options,
                             epoch))
    report("setup", 1, 1)
    pages = track_pages(game, paper, dpi=options.dpi)
    if pages:
        if options.png:
            for n, img in enumerate(pages, start=1):
                written.append(write_bytes_atomic(out / f"{game.id}-tracks-{n:02d}.png", png_bytes(img, options.dpi)))
        written.append(write_bytes_atomic(out / f"{game.id}-tracks.pdf", write_pdf(
            [PdfPage(img, paper.width_mm, paper.height_mm) for img in pages],
            title=f"{game.title} — tracks", epoch=epoch)))
    return written


def _setup_cards(game: Game, dpi: int) -> Iterator[ReferenceCard]:
    """Each scenario's setup card, drawn when asked for and let go before the next is drawn
    (Paths of Glory's imported scenarios make cards of 195 MB each)."""
    for scenario in game.scenarios or []:
        card = setup_card(game, scenario, dpi=dpi)
        if card is not None:
            yield card
        del card


def _card_pdf(cards: Iterator[ReferenceCard], out: Path, name: str, png_prefix: str,
              game_title: str, pdf_title: str, what: str, page_label: str, options: KitOptions,
              epoch: int) -> list[Path]:
    """Cards stacked down pages into the PDF *name* (none when there is no card), each card
    drawn, laid out and written as it comes: memory holds one page and one card."""
    paper = options.sheet
    pngs: list[Path] = []

    def each_card() -> Iterator[ReferenceCard]:
        for card in cards:
            if options.png:
                pngs.append(write_bytes_atomic(out / f"{png_prefix}{card.name}.png",
                                               png_bytes(card.image, options.dpi)))
            yield card
            del card  # before the next card is drawn

    sheets = (PdfPage(img, paper.width_mm, paper.height_mm)
              for img in each_card_page(each_card(), paper, dpi=options.dpi, title=game_title, what=what,
                                         page_label=page_label))
    pdf = out / name
    with _atomic_file(pdf) as fh:
        count = stream_pdf(fh, sheets, title=pdf_title, epoch=epoch)
    if not count:
        pdf.unlink()
        return pngs
    return [*pngs, pdf]
