"""Cards printed from their own pictures (a VASSAL module's card art), at a real card's size.

A picture has pixels, not millimetres (the DPI a module's PNG records is whatever its editor
wrote: 72, 96, 150), so the printed size comes from its proportions: the standard card size
whose width-to-height ratio is nearest, exactly when the picture is within SNAP of it (a
few pixels of border cropped or added by the scan), else that size's long side with the
picture's own proportions.  Nevsky's 273 x 382 and For the People's 370 x 519 cards print
at poker size, 63 x 88 mm, as the boxed games' cards are.

A picture no longer than one and a half of the module's counters is a chit drawn from a cup,
not a card (FOF2's 75 x 75 px skill chits, as large as its 75 px counters): it prints at the
scale the counters print at, the size VASSAL shows it beside them, not blown up to a
70 x 70 mm square card.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable

from PIL import Image

from converter.model.cards import Card
from converter.model.game import Game
from converter.pictures import UnreadablePicture, decoded, picture_size

# (name, width mm, height mm), portrait; a landscape picture takes the same sizes turned
STANDARD_CARDS: tuple[tuple[str, float, float], ...] = (
    ("poker", 63.0, 88.0),
    ("bridge", 57.0, 89.0),
    ("tarot", 70.0, 120.0),
    ("mini", 44.0, 68.0),
    ("square", 70.0, 70.0),
)
SNAP = 0.06  # a picture this close to a standard size's proportions prints at that size
CHIT_COUNTERS = 1.5  # a picture at most this many counters long is a chit, not a card
SCALE_SAMPLE = 300  # the counters' scale is read from this many pictures at most (an SVG's
                    # size costs 4 ms to read: The Longest Day has 2000 counters)


def card_mm_for(width_px: int, height_px: int) -> tuple[float, float]:
    """The printed width and height in mm of a card whose picture is *width_px* x *height_px*."""
    landscape = width_px > height_px
    ratio = min(width_px, height_px) / max(1, max(width_px, height_px))
    _name, short, long_ = min(STANDARD_CARDS,
                              key=lambda s: abs(math.log(ratio / (s[1] / s[2]))))
    if abs(ratio / (short / long_) - 1) > SNAP:
        short = round(long_ * ratio, 1)
    return (long_, short) if landscape else (short, long_)


def counter_art_scale(game: Game) -> float | None:
    """Millimetres of paper per pixel of the module's counter pictures: the printed counter
    edge over the commonest edge of the pieces' pictures (each piece's first face that has
    one, its longer side; the first SCALE_SAMPLE in the game's order); None when no piece
    has a picture that reads (a game drawn from its data, a module imported without its
    images)."""
    edges: Counter[int] = Counter()
    for piece in game.pieces or []:
        name = next((f.image for f in piece.faces if f.image), None)
        size = picture_px(game, name) if name else None
        if size is not None:
            edges[max(size)] += 1
            if edges.total() >= SCALE_SAMPLE:
                break
    if not edges:
        return None
    edge = min(edges, key=lambda e: (-edges[e], e))  # ties: the smaller, so the same every run
    return game.counter_mm() / edge


def chit_mm(game: Game, width_px: int, height_px: int,
            mm_per_px: float | None) -> tuple[float, float] | None:
    """The printed size of a picture at the counters' scale *mm_per_px* when it is a chit,
    no longer than CHIT_COUNTERS counters at that scale; None for a card.  (Flashpoint:
    South China Sea's 364 x 509 px event cards are three of its 162 px counters long: cards.)"""
    if mm_per_px is None:
        return None
    w, h = width_px * mm_per_px, height_px * mm_per_px  # exactly as a counter of its pixels
    if max(w, h) > CHIT_COUNTERS * game.counter_mm():
        return None
    return w, h


def picture_px(game: Game, name: str) -> tuple[int, int] | None:
    """A picture's pixel size from its header, or None when it is absent or unreadable."""
    try:
        return picture_size(game.resource(name))
    except (OSError, UnreadablePicture):
        return None


def deck_card_mm(game: Game, cards: Iterable[Card],
                 mm_per_px: float | None = None) -> tuple[float, float] | None:
    """The printed size of a deck's cards, from the first card whose face picture reads
    (None when no card has one: the deck is drawn at poker size): a chit's at the counters'
    scale *mm_per_px* (`counter_art_scale`), else a card's (`card_mm_for`)."""
    for card in cards:
        for name in (card.image, card.back_image):
            size = picture_px(game, name) if name else None
            if size is not None:
                return chit_mm(game, *size, mm_per_px) or card_mm_for(*size)
    return None


def card_picture(game: Game, name: str | None, size: tuple[int, int]) -> Image.Image | None:
    """The picture *name* of the game's folder laid on white (a card's transparent corners
    print as paper, not black) and scaled to *size*; None when absent or unreadable."""
    if not name:
        return None
    try:  # ImageTooLarge (exit 2) past the pixel limit, read from the header
        path = game.resource(name)
        picture = decoded(path, "RGBA", cover=size)  # an SVG drawn sharp
    except (OSError, UnreadablePicture):
        return None
    card = Image.new("RGB", picture.size, (255, 255, 255))
    card.paste(picture, (0, 0), picture)
    if card.size != size:
        card = card.resize(size, Image.Resampling.LANCZOS)
    return card


UNDRAWN = "Its picture {name!r} cannot be drawn"


def undrawn_pictures(game: Game, cards: Iterable[Card]) -> list[str]:
    """The face pictures of *cards* that cannot be drawn (broken, or a format neither Pillow
    nor resvg reads), each once: those cards are drawn from their titles instead."""
    out: list[str] = []
    for card in cards:
        if card.image and card.image not in out and picture_px(game, card.image) is None:
            out.append(card.image)
    return out
