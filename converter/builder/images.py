"""The images a module ships, drawn by converter.render (so the .vmod and the print kit share
their art: counters, boards, cards, reference cards), plus the two the module needs that no
renderer draws: the generic mask and the display board of tracks and decks.

Image names are stable (derived from ids), so rebuilding a module keeps saves refreshable.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from converter.builder.layout import CELL_FONT, CELL_PAD, DECK_FONT, HEX_PX, TRACK_NAME_FONT, DisplayLayout
from converter.builder.conventions import event_box_label
from converter.model.board import Board
from converter.model.cards import Card, Deck
from converter.model.game import Game
from converter.model.pieces import Piece
from converter.render.text import font

COUNTER_PX = 52  # edge of the most common counter in the module, pixels


@dataclass
class ImageSet:
    """The module's images by entry name.  Drawn as they are added; or, for a build only
    an audit reads (no image is shown), kept as the recipe that would draw them, so that
    nothing is rendered unless asked for (an HTML report's board picture)."""

    draw: bool = True
    images: dict[str, bytes] = field(default_factory=dict)
    recipes: dict[str, Callable[[], bytes]] = field(default_factory=dict)

    def add(self, name: str, make: Callable[[], bytes]) -> None:
        if self.draw:
            self.images[name] = make()
        else:
            self.recipes[name] = make

    def get(self, name: str) -> bytes | None:
        """The image's bytes, drawn now when only its recipe was kept; None when unknown."""
        if name in self.images:
            return self.images[name]
        make = self.recipes.get(name)
        return make() if make is not None else None


def png(img: Image.Image, level: int = 6) -> bytes:
    """PNG bytes; Pillow writes no timestamp, so the same image gives the same bytes.
    *level*: zlib's, 6 for a module's images (kept and shipped), 1 for a preview."""
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=False, compress_level=level)
    return out.getvalue()


def safe_name(text: str) -> str:
    """A file-name fragment from an id.  Game ids are letters, digits, '-', '_' and '.', which
    pass unchanged (so distinct ids keep distinct names); anything else becomes '_'."""
    cleaned = re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_.")
    return cleaned or "x"


def free_name(store: dict[str, bytes], name: str, data: bytes, folder: str) -> str:
    """*name*, or where another file of *store* holds it, the first of FOLDER/NAME,
    FOLDER/2/NAME, ... that is free or holds these bytes (two files of one name from two
    folders of the game)."""
    for candidate in (name, f"{folder}/{name}"):
        if store.get(candidate, data) == data:
            return candidate
    n = 2
    while store.get(f"{folder}/{n}/{name}", data) != data:
        n += 1
    return f"{folder}/{n}/{name}"


def counter_dpi(game: Game) -> float:
    """The resolution that makes the game's usual counter COUNTER_PX wide."""
    return 25.4 * COUNTER_PX / game.counter_mm()


def face_image(game: Game, piece: Piece, counter: int, side: str, copy: int = 1) -> bytes:
    from converter.render.counters import counter_image

    return png(counter_image(game, piece, counter, side, dpi=counter_dpi(game), copy=copy).convert("RGBA"))


def mask_image(game: Game) -> bytes:
    """The '?' face shown to other players for a masked piece without an owner back."""
    s = COUNTER_PX
    img = Image.new("RGBA", (s, s), (90, 90, 90, 255))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, s - 1, s - 1), outline=(0, 0, 0, 255), width=2)
    draw.text((s / 2, s / 2), "?", font=font("bold", int(s * 0.6)), fill=(255, 255, 255, 255),
              anchor="mm")
    return png(img)


def board_picture(game: Game, board: Board) -> Image.Image:
    """The board as converter.render.maps draws it: the schematic, or the user's scan with
    the grid laid over it."""
    from converter.render.drawings import board_image

    return board_image(game, board, hex_px=HEX_PX)


def scan_size(game: Game, board: Board) -> tuple[int, int]:
    """The size of a board's scan from its header alone (nothing decoded): the size the
    drawn board would have.

    Raises:
        InputError: the scan cannot be read or is unreasonably large (as when drawn).
    """
    from converter.errors import InputError
    from converter.limits import DECODED_PIXELS
    from converter.pictures import ImageTooLarge, UnreadablePicture, picture_size, pixels_text

    assert board.image is not None
    path = game.resource(board.image.file)
    try:
        width, height = picture_size(path)
    except UnreadablePicture as exc:
        raise InputError(str(path), f"cannot read the map image: {exc.why}") from None
    except OSError as exc:
        raise InputError(str(path), f"cannot read the map image: {exc}") from exc
    if width * height > DECODED_PIXELS.value():  # it would be refused when drawn
        raise ImageTooLarge(str(path), DECODED_PIXELS.exceeded(pixels_text(width, height)))
    return width, height


def display_image(game: Game, layout: DisplayLayout) -> bytes:
    """The display board: track rows with their cell labels, and one place per deck."""
    img = Image.new("RGB", layout.size, (250, 250, 245))
    draw = ImageDraw.Draw(img)
    name_font, cell_font, deck_font = font(*TRACK_NAME_FONT), font(*CELL_FONT), font(*DECK_FONT)
    number_font = font("condensed-bold", CELL_FONT[1])
    for row in layout.tracks:
        first = next(iter(row.cells.values()), None)
        if first is not None:
            top = first.y + first.h // 2 - len(row.name_lines) * 19 // 2
            for k, line in enumerate(row.name_lines):
                draw.text((12, top + k * 19 + 9), line, font=name_font, fill=(20, 20, 20), anchor="lm")
        for value in row.values:
            rect = row.cells[value]
            draw.rectangle((rect.x, rect.y, rect.x + rect.w, rect.y + rect.h),
                           fill=(255, 255, 255), outline=(80, 80, 80))
            lines = row.cell_lines.get(value, [])
            if value in row.numbers:  # the turn's number, over its date
                draw.text((rect.x + CELL_PAD, rect.y + CELL_PAD), row.numbers[value], font=number_font,
                          fill=(20, 20, 20))
            skip = 1 if value in row.numbers else 0
            for k, line in enumerate(lines):
                draw.text((rect.x + CELL_PAD, rect.y + CELL_PAD + (k + skip) * int(CELL_FONT[1] * 1.25)), line,
                          font=cell_font, fill=(60, 60, 60))
    box = layout.event_box
    if box is not None:
        draw.rectangle((box.x, box.y, box.x + box.w, box.y + box.h), fill=(255, 255, 255),
                       outline=(80, 80, 80), width=2)
        draw.text((12, box.y + box.h // 2), event_box_label(game), font=deck_font,
                  fill=(20, 20, 20), anchor="lm")
    for deck in game.decks or []:
        pile = layout.decks.get(deck.id)
        if pile is None:
            continue
        draw.rectangle((pile.x, pile.y, pile.x + pile.w, pile.y + pile.h), outline=(60, 60, 60),
                       width=2)
        for k, line in enumerate(layout.deck_lines.get(deck.id, [deck.name])):
            draw.text((pile.x + pile.w // 2, pile.y + pile.h + 16 + k * 17), line,
                      font=deck_font, fill=(20, 20, 20), anchor="mm")
    return png(img)


CARD_DPI = 60.0  # a 63 mm card is 149 px wide in the module


def card_image(game: Game, card: Card) -> bytes:
    """A card's face as converter.render.decks draws it for the print kit."""
    from converter.render.decks import card_front

    return png(card_front(game, card, dpi=CARD_DPI).convert("RGB"))


def card_back(game: Game, deck: Deck) -> bytes:
    from converter.render.decks import card_back as render_back

    return png(render_back(game, deck, dpi=CARD_DPI).convert("RGB"))
