"""Pages of reference cards and of deck cards, at exact size, with cut lines round each card."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from types import EllipsisType
from typing import Any

from PIL import Image, ImageDraw

from converter.model.cards import Card, Deck
from converter.model.game import Game
from converter.printkit.layout import MARGIN_MM, Paper
from converter.printkit.cache import BoundedCache
from converter.render.cardpictures import UNDRAWN, card_picture, counter_art_scale, deck_card_mm
from converter.render.cards import ReferenceCard
from converter.render.decks import CARD_H_MM, CARD_W_MM, card_back, card_front, printed_cards
from converter.render.text import fit_font, mm_to_px, pt_to_px, put_text, px
from converter.render.words import words

GAP_MM = 4.0
DECK_MARGIN_MM = 6.0  # nine poker cards fit A4 and US Letter only with a narrow margin
LABEL_PT = 8

DEFAULT_THEME: dict[str, Any] = {"paper": "#ffffff", "label": "#333333", "cut": "#9a9a9a"}


def _blank(paper: Paper, dpi: float, label: str, theme: dict[str, Any], top_mm: float = MARGIN_MM - 4) -> Image.Image:
    img = Image.new("RGB", (px(paper.width_mm, dpi), px(paper.height_mm, dpi)), theme["paper"])
    draw = ImageDraw.Draw(img)
    fnt = fit_font(draw, label, "regular", pt_to_px(LABEL_PT, dpi), img.width * 0.9)
    put_text(draw, (img.width / 2, mm_to_px(top_mm, dpi)), label, font=fnt, fill=theme["label"], anchor="mt")
    return img


def card_pages(cards: Iterable[ReferenceCard], paper: Paper, *, dpi: float, title: str,
               theme: dict[str, Any] | None = None, what: str = "reference cards",
               page_label: str = "page {n}") -> list[Image.Image]:
    """Reference cards stacked down pages; a card taller than a page continues on the next one."""
    return list(each_card_page(cards, paper, dpi=dpi, title=title, theme=theme, what=what,
                               page_label=page_label))


def each_card_page(cards: Iterable[ReferenceCard], paper: Paper, *, dpi: float, title: str,
                   theme: dict[str, Any] | None = None,
                   what: str = "reference cards",
                   page_label: str = "page {n}") -> Iterator[Image.Image]:
    """The pages of `card_pages`, each given as soon as it is full: with cards drawn as they
    are asked for, memory holds one page and one card."""
    t = {**DEFAULT_THEME, **(theme or {})}
    top = px(MARGIN_MM, dpi)
    bottom = px(paper.height_mm - MARGIN_MM, dpi)
    gap = px(GAP_MM, dpi)
    count = 0
    page: Image.Image | None = None
    y = top
    for card in cards:
        room = bottom - y if page is not None else 0
        for k, (start, end) in enumerate(card_parts(card, bottom - top, room)):
            head = heading_rows(card, start) if k else None
            tall = end - start + (head[1] - head[0] if head else 0)
            if page is None or (y + tall > bottom and not (k == 0 and tall <= room)):
                if page is not None:
                    yield page
                count += 1
                page = _blank(paper, dpi, f"{title} — {what} — " + page_label.format(n=count), t)
                y = top
            x = (page.width - card.image.width) // 2
            if head:  # a table going on from the page before: its column heads again
                page.paste(card.image.crop((0, head[0], card.image.width, head[1])), (x, y))
                y += head[1] - head[0]
            art = card.image if (start, end) == (0, card.image.height) else \
                card.image.crop((0, start, card.image.width, end))  # one part at a time
            page.paste(art, (x, y))
            y += art.height + gap
            del art
        del card  # before the next card is drawn: one card held at a time
    if page is not None:
        yield page


def heading_rows(card: ReferenceCard, start: int) -> tuple[int, int] | None:
    """The rows (top, bottom) of the column heads of the table a part of *card* beginning
    at row *start* goes on with, or None when it begins no table's body row."""
    first = [c for c in card.cells if c.box[1] == start]
    if not first or any(c.head or c.grid < 0 for c in first):
        return None
    heads = [c for c in card.cells if c.head and c.grid == first[0].grid]
    if not heads:
        return None
    return int(min(c.box[1] for c in heads)), int(max(c.box[3] for c in heads))


def _heads_height(card: ReferenceCard) -> int:
    """The tallest row of column heads of the card's tables (repeated over a part going on)."""
    tallest: dict[int, tuple[float, float]] = {}
    for c in card.cells:
        if c.head:
            top, bottom = tallest.get(c.grid, (c.box[1], c.box[3]))
            tallest[c.grid] = (min(top, c.box[1]), max(bottom, c.box[3]))
    return int(max((b - t for t, b in tallest.values()), default=0))


FILL_SHARE = 1 / 3   # a card goes on in the room left on a page when that is this much of a page…
REST_SHARE = 1 / 8   # …and what it carries over to the next page is this much of a page or more


def card_parts(card: ReferenceCard, height: int, room: int = 0) -> list[tuple[int, int]]:
    """The rows (top, bottom) of *card*, in its pixels, that each page prints.  A card taller
    than a page (*height*) is cut between two rows of its grids into page-high parts, the
    last holding words (the card's bottom margin alone is not a page of its own).  A card
    taller than the *room* left on the page begins there when that room is a third of a page
    or more, cut between rows into a part at least half as tall as the room: Pursuit of
    Glory's aids had left 40 % of a page blank before its terrain card, 45 % before its
    counter key.  (Parts are cut from the card as they are pasted: Paths of Glory's imported
    setup cards are 23,000 px tall, 195 MB each, and parts cut all at once held a copy.)"""
    art_h = card.image.height
    boxes = [c.box for c in card.cells]
    going_on = height - _heads_height(card)  # a part going on repeats its table's column heads
    words_end = int(max([b[3] for b in boxes], default=art_h))
    end_all = min(art_h, words_end + 2)
    cuts = sorted({int(b[1]) for b in boxes} | {int(b[3]) for b in boxes})  # between two rows
    parts: list[tuple[int, int]] = []
    start = 0
    if art_h > room >= height * FILL_SHARE:
        fitting = [y for y in cuts if room / 2 <= y <= room and end_all - y >= height * REST_SHARE]
        if fitting:
            parts.append((0, fitting[-1]))
            start = fitting[-1]
    while end_all - start > (limit := height if start == 0 else going_on):
        fitting = [y for y in cuts if start < y <= start + limit]
        end = fitting[-1] if fitting and fitting[-1] > start + limit // 4 else start + limit
        parts.append((start, end))
        start = end
    parts.append((start, min(art_h, start + (height if start == 0 else going_on))))
    return parts


def deck_pages(game: Game, deck: Deck, paper: Paper, *, dpi: float,
               theme: dict[str, Any] | None = None, include_missing: bool = False) -> list[Image.Image]:
    """Poker-size cards in card-number order, fronts then mirrored backs (duplex, long edge),
    with cut marks; cards the rulebook tells nothing of only with *include_missing*."""
    return list(each_deck_page(game, deck, paper, dpi=dpi, theme=theme,
                               include_missing=include_missing))


def deck_grid(paper: Paper, card_mm: tuple[float, float]) -> tuple[int, int]:
    """Columns and rows of cards of *card_mm* on a page of *paper* (at least one of each)."""
    cols = int((paper.width_mm - 2 * DECK_MARGIN_MM) // card_mm[0])
    rows = int((paper.height_mm - 2 * DECK_MARGIN_MM) // card_mm[1])
    return max(1, cols), max(1, rows)


def deck_card_size(game: Game, deck: Deck, *, include_missing: bool = False,
                   mm_per_px: float | None | EllipsisType = ...) -> tuple[float, float]:
    """The printed width and height in mm of *deck*'s cards: its pictures' card size (a
    chit's at the counters' scale *mm_per_px*, measured from the game's pieces when not
    given: `counter_art_scale`), else poker size."""
    cards = printed_cards(game, deck, include_missing=include_missing)
    scale = counter_art_scale(game) if mm_per_px is ... else mm_per_px
    return deck_card_mm(game, cards, scale) or (CARD_W_MM, CARD_H_MM)


BACK_CACHE = 8  # back pictures kept while a deck prints (a deck has one or a few backs)


def each_deck_page(game: Game, deck: Deck, paper: Paper, *, dpi: float,
                   theme: dict[str, Any] | None = None,
                   include_missing: bool = False,
                   mm_per_px: float | None | EllipsisType = ...) -> Iterator[Image.Image]:
    """The pages of `deck_pages`, each drawn when asked for: a printer writes a sheet's two
    pages and drops them before the next sheet is drawn (a deck's pages are 26 MB each at
    300 dpi).  Cards with pictures print them, at the card size their pictures give, and
    each back behind its front: the picture of the card's back, else the deck's drawn back.
    *mm_per_px* is the counters' scale a deck of chits prints at (`deck_card_size`)."""
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    cards = [c for c in printed_cards(game, deck, include_missing=include_missing) for _ in range(c.count or 1)]
    card_mm = deck_card_size(game, deck, include_missing=include_missing, mm_per_px=mm_per_px)
    w, h = px(card_mm[0], dpi), px(card_mm[1], dpi)
    page_w, page_h = px(paper.width_mm, dpi), px(paper.height_mm, dpi)
    cols, rows = deck_grid(paper, card_mm)
    per_page = cols * rows
    x0 = (page_w - cols * w) // 2
    y0 = (page_h - rows * h) // 2
    drawn_back: Image.Image | None = None
    backs: BoundedCache = BoundedCache(BACK_CACHE)
    size = f"{round(card_mm[0], 1):g} × {round(card_mm[1], 1):g} mm"

    def back_of(card: Card) -> Image.Image:
        nonlocal drawn_back
        if card.back_image:
            if card.back_image not in backs:
                backs[card.back_image] = card_picture(game, card.back_image, (w, h))
            if backs[card.back_image] is not None:
                return backs[card.back_image]  # type: ignore[no-any-return]
        if drawn_back is None:
            drawn_back = _sized(card_back(game, deck, dpi=dpi, size_mm=card_mm), (w, h))
        return drawn_back

    for start in range(0, len(cards), per_page):
        chunk = cards[start:start + per_page]
        number = start // per_page + 1
        head = f"{game.title} — {deck.name} — " + tr("sheet {n}", n=number)
        front_page = _blank(paper, dpi, f"{head} — " + tr("FRONTS") + f" — {size}", t, 1.5)
        back_page = _blank(paper, dpi, f"{head} — " + tr("BACKS (duplex, long edge)"), t, 1.5)
        for k, card in enumerate(chunk):
            r, c = divmod(k, cols)
            x, y = x0 + c * w, y0 + r * h
            front = card_picture(game, card.image, (w, h)) or _sized(card_front(
                game, card, dpi=dpi, lacking=UNDRAWN.format(name=card.image.rsplit("/", 1)[-1])
                if card.image else None), (w, h))
            front_page.paste(front, (x, y))
            back_page.paste(back_of(card), (page_w - x - w, y))
        # marks at the edges of the cards there are: a sheet's last few chits (204 to an A4
        # page) had marks down the whole empty page, cutting lines through nothing
        used_cols, used_rows = min(cols, len(chunk)), -(-len(chunk) // cols)
        for img in (front_page, back_page):
            _grid_marks(img, x0 if img is front_page else page_w - x0 - used_cols * w, y0, w, h,
                        used_cols, used_rows, dpi, t)
        yield front_page
        yield back_page


def _sized(card: Image.Image, size: tuple[int, int]) -> Image.Image:
    """A drawn (poker-size) card fitted to a deck whose pictures make its cards another size."""
    return card if card.size == size else card.resize(size, Image.Resampling.LANCZOS)


def _grid_marks(img: Image.Image, x0: int, y0: int, w: int, h: int, cols: int, rows: int, dpi: float,
                t: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(img)
    near, far = px(1, dpi), px(5, dpi)
    for c in range(cols + 1):
        x = x0 + c * w
        draw.line([(x, y0 - far), (x, y0 - near)], fill=t["cut"], width=max(1, px(0.15, dpi)))
        draw.line([(x, y0 + rows * h + near), (x, y0 + rows * h + far)], fill=t["cut"], width=max(1, px(0.15, dpi)))
    for r in range(rows + 1):
        y = y0 + r * h
        draw.line([(x0 - far, y), (x0 - near, y)], fill=t["cut"], width=max(1, px(0.15, dpi)))
        draw.line([(x0 + cols * w + near, y), (x0 + cols * w + far, y)], fill=t["cut"], width=max(1, px(0.15, dpi)))
