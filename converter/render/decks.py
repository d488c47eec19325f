"""Deck cards at poker size (63×88 mm): fronts with title, number, values and text; backs by deck.

A card whose text the rulebook does not give says so on its face in red, so a printed deck
never passes off an empty card as a card without effect.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw, ImageFont

from converter.model.cards import Card, Deck
from converter.model.game import Game
from converter.render.cards import readable, with_names
from converter.render.words import words
from converter.render.text import RGB, color, fit_font, font, ink_on, mm_to_px, pt_to_px, put_text, px, wrap

CARD_W_MM = 63.0
CARD_H_MM = 88.0
MARGIN_MM = 3.5

DEFAULT_THEME: dict[str, Any] = {
    "deck": "#5a4a3a",          # a deck with no colour of its own or of its owner
    "face": "#fbf8ef",
    "ink": "#111111",
    "missing": "#b00020",
    "title_pt": 10,
    "body_pt": 8,
    "small_pt": 6,
    "min_pt": 6,               # a long text shrinks to this size before it ends in "…"
}

MISSING_TEXT = "Text missing from the rulebook"


def deck_colour(game: Game, deck: Deck, theme: dict[str, Any] | None = None) -> RGB:
    t = {**DEFAULT_THEME, **(theme or {})}
    if deck.color:
        return color(deck.color)
    if deck.owner:
        owner = game.faction(deck.owner) or game.side(deck.owner) or game.nationality(deck.owner)
        if owner is not None and getattr(owner, "color", None):
            return color(owner.color)
    return color(t["deck"])


def printed_cards(game: Game, deck: Deck, *, include_missing: bool = False) -> list[Card]:
    """The cards of *deck* to print, in card-number order (unnumbered ones last, as listed);
    a card the rulebook tells nothing of (no text, no value) only with *include_missing*."""
    cards = game.cards_of(deck.id)
    if not include_missing:
        cards = [c for c in cards if not wholly_unknown(c)]
    order = {c.id: k for k, c in enumerate(cards)}
    return sorted(cards, key=lambda c: (c.number is None, c.number or 0, order[c.id]))


def wholly_unknown(card: Card) -> bool:
    """Neither picture, text nor any value: every field of the printed card would read '?'."""
    return not card.image and not card.text and all(v is None for v in (card.values or {}).values())


def card_size_px(dpi: float) -> tuple[int, int]:
    return px(CARD_W_MM, dpi), px(CARD_H_MM, dpi)


def card_front(game: Game, card: Card, *, dpi: float = 300, theme: dict[str, Any] | None = None,
               lacking: str | None = None) -> Image.Image:
    """A card's face drawn from its data; a card without text says *lacking* in red (by
    default, that the rulebook lacks its text)."""
    t = {**DEFAULT_THEME, **(theme or {})}
    w, h = card_size_px(dpi)
    deck = game.deck(card.deck)
    band = deck_colour(game, deck, t) if deck else color(t["deck"])
    if card.nationality:
        nat = game.nationality(card.nationality)
        if nat and nat.color:
            band = color(nat.color)
    img = Image.new("RGB", (w, h), color(t["face"]))
    draw = ImageDraw.Draw(img)
    m = int(mm_to_px(MARGIN_MM, dpi))
    ink = color(t["ink"])
    band_h = int(mm_to_px(14, dpi))
    draw.rectangle([0, 0, w, band_h], fill=band)
    head_ink = ink_on(band)
    number = f"#{card.number}" if card.number is not None else ""
    small = font("regular", pt_to_px(t["small_pt"], dpi))
    if number:
        put_text(draw, (w - m, m * 0.6), number, font=font("bold", pt_to_px(t["small_pt"] + 1, dpi)), fill=head_ink, anchor="ra")
    title_font = font("bold", pt_to_px(t["title_pt"], dpi))
    lines = wrap(draw, card.title, title_font, w - 2 * m)
    if len(lines) > 2:  # condensed, then smaller, until two lines hold the whole title
        size = pt_to_px(t["title_pt"], dpi)
        while True:
            title_font = font("condensed-bold", size)
            lines = wrap(draw, card.title, title_font, w - 2 * m)
            if len(lines) <= 2 or size <= pt_to_px(t["min_pt"], dpi):
                break
            size = max(pt_to_px(t["min_pt"], dpi), int(size * 0.9))
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
            title_font = fit_font(draw, lines[1], "condensed-bold", int(title_font.size), w - 2 * m)
    y = band_h - m * 0.4 - len(lines) * title_font.size * 1.15
    for line in lines:
        put_text(draw, (m, y), line, font=title_font, fill=head_ink, anchor="la")
        y += title_font.size * 1.15
    y = band_h + m * 0.6
    sub = " · ".join(x for x in (_subdeck_name(deck, card.subdeck), card.type or "") if x)
    if sub:
        put_text(draw, (m, y), sub, font=small, fill=ink, anchor="la")
        y += small.size * 1.5
    # values as labelled boxes
    fields = list(deck.card_fields or []) if deck else []
    for key in card.values or {}:
        if key not in fields:
            fields.append(key)
    if fields:  # four boxes to a row, as many rows as the card has values
        box_w = (w - 2 * m) / max(1, min(4, len(fields)))
        value_font = font("bold", pt_to_px(t["title_pt"] + 2, dpi))
        pad = mm_to_px(1.0, dpi)
        labels = [value_label(draw, readable(key), box_w - 4 - 2 * pad, int(small.size)) for key in fields]
        label = min((fnt for fnt, _lines in labels), key=lambda fnt: fnt.size)  # one size on a card
        label_h = max(len(lines) for _fnt, lines in labels) * label.size * 1.15
        box_h = pad + label_h + value_font.size * 1.6
        for i, key in enumerate(fields):
            row, col = divmod(i, 4)
            value = (card.values or {}).get(key)
            missing = value is None
            text = "?" if missing else str(value)
            x, top = m + col * box_w, y + row * (box_h + m * 0.3)
            draw.rectangle([x + 2, top, x + box_w - 2, top + box_h], outline=ink, width=max(1, px(0.2, dpi)))
            lines = labels[i][1]
            for n, line in enumerate(lines):
                put_text(draw, (x + box_w / 2, top + pad * 0.8 + n * label.size * 1.15), line, font=label,
                         fill=ink, anchor="ma")
            put_text(draw, (x + box_w / 2, top + pad + label_h + value_font.size * 0.75), text,
                     font=value_font, fill=color(t["missing"]) if missing else ink, anchor="mm")
        rows = (len(fields) + 3) // 4
        y += rows * box_h + (rows - 1) * m * 0.3 + m * 0.6
    body = font("regular", pt_to_px(t["body_pt"], dpi))
    if card.text:
        body, text_lines = card_text_lines(draw, card.text, w - 2 * m, h - 3 * m - y, dpi, t)
        for line in text_lines:
            put_text(draw, (m, y), line, font=body, fill=ink, anchor="la")
            y += body.size * 1.25
    else:
        fnt = font("bold", pt_to_px(t["body_pt"], dpi))
        box_top = y + m * 0.5
        lines = wrap(draw, lacking or words(game.language)(MISSING_TEXT), fnt, w - 4 * m)
        box_bottom = box_top + len(lines) * fnt.size * 1.3 + m
        draw.rectangle([m, box_top, w - m, box_bottom], outline=color(t["missing"]), width=max(1, px(0.3, dpi)))
        ty = box_top + m / 2
        for line in lines:
            put_text(draw, (w / 2, ty), line, font=fnt, fill=color(t["missing"]), anchor="ma")
            ty += fnt.size * 1.3
    footer = []
    if card.flags:
        footer.append(", ".join(with_names(game, f) if "-" not in f or with_names(game, f) != f else readable(f)
                                for f in card.flags))
    if deck:
        footer.append(deck.name)
    foot = " · ".join(footer)
    fnt = fit_font(draw, foot, "regular", pt_to_px(t["small_pt"], dpi), w - 2 * m)
    put_text(draw, (m, h - m), foot, font=fnt, fill=ink, anchor="ld")
    draw.rectangle([0, 0, w - 1, h - 1], outline=(90, 90, 90), width=max(1, px(0.15, dpi)))
    return img


def value_label(draw: ImageDraw.ImageDraw, name: str, room: float,
                size: int) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """A value's name over its box: one line, condensed, down to 85 % of *size*; past that,
    two lines of about the same width at that size (shrunk only if a line is still too wide)."""
    one = fit_font(draw, name, "condensed", size, room)
    words_ = name.split()
    if one.size >= size * 0.85 or len(words_) < 2:
        return one, [name]
    fnt = font("condensed", max(1, int(size * 0.85)))
    splits = [[" ".join(words_[:k]), " ".join(words_[k:])] for k in range(1, len(words_))]
    lines = min(splits, key=lambda pair: max(draw.textlength(text, font=fnt) for text in pair))
    widest = max(lines, key=lambda text: draw.textlength(text, font=fnt))
    return fit_font(draw, widest, "condensed", int(fnt.size), room), lines


def card_text_lines(draw: ImageDraw.ImageDraw, text: str, width: float, room: float, dpi: float,
                    theme: dict[str, Any]) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """A card's text wrapped to *width* in as few lines as fit *room* pixels: at the body
    size, else smaller down to ``min_pt``; what still does not fit ends in '…' (the whole
    text never silently loses its end)."""
    size = float(theme["body_pt"])
    while True:
        fnt = font("regular", pt_to_px(size, dpi))
        lines = wrap(draw, text, fnt, width)
        fits = max(1, int(room // (fnt.size * 1.25)))
        if len(lines) <= fits:
            return fnt, lines
        if size <= theme["min_pt"]:
            kept = lines[:fits]
            last = kept[-1].rstrip(" ,;.:")
            while last and draw.textlength(last + "…", font=fnt) > width:
                last = last[:-1].rstrip()
            return fnt, kept[:-1] + [last + "…"]
        size = max(float(theme["min_pt"]), size * 0.9)


def _subdeck_name(deck: Deck | None, subdeck: str | None) -> str:
    if not subdeck:
        return ""
    for sd in (deck.subdecks or []) if deck else []:
        if sd.id == subdeck:
            return sd.name
    return subdeck


SMALL_BACK_MM = 40.0  # a back shorter than this (a chit's) has no room for the game's title
BACK_NAME_MIN_PT = 5.0


def card_back(game: Game, deck: Deck, *, dpi: float = 300, theme: dict[str, Any] | None = None,
              size_mm: tuple[float, float] | None = None) -> Image.Image:
    """The back of *deck*'s cards: its colour, a frame, its name and the game's title; drawn
    at *size_mm* (poker size by default), so a chit's back reads as well as a card's (drawn
    at poker size and shrunk to FOF2's 15.9 mm skill chits, the deck's name was 2.5 pt)."""
    t = {**DEFAULT_THEME, **(theme or {})}
    w, h = card_size_px(dpi) if size_mm is None else (px(size_mm[0], dpi), px(size_mm[1], dpi))
    short_mm = min(size_mm) if size_mm is not None else CARD_W_MM
    bg = deck_colour(game, deck, t)
    img = Image.new("RGB", (w, h), bg)
    draw = ImageDraw.Draw(img)
    m = int(mm_to_px(min(MARGIN_MM, short_mm * 0.08), dpi))
    ink = ink_on(bg)
    draw.rounded_rectangle([m, m, w - m, h - m], radius=m, outline=ink, width=max(1, px(min(0.5, short_mm * 0.02), dpi)))
    fnt = font("bold", pt_to_px(14, dpi))
    lines = wrap(draw, deck.name, fnt, w - 4 * m)
    smallest = pt_to_px(BACK_NAME_MIN_PT, dpi)
    while fnt.size > smallest and (len(lines) * fnt.size * 1.2 > h - 4 * m or any(
            draw.textlength(word, font=fnt) > w - 4 * m for word in deck.name.split())):
        fnt = font("bold", int(fnt.size) - 1)  # a chit: the name as large as its face holds
        lines = wrap(draw, deck.name, fnt, w - 4 * m)
    small = h < mm_to_px(SMALL_BACK_MM, dpi)
    y = h / 2 - (len(lines) - (1 if small else 0)) * fnt.size * 0.6  # a chit's name centred
    for line in lines:
        put_text(draw, (w / 2, y), line, font=fnt, fill=ink, anchor="mm")
        y += fnt.size * 1.2
    if small:
        draw.rectangle([0, 0, w - 1, h - 1], outline=(90, 90, 90), width=max(1, px(0.15, dpi)))
        return img
    fnt = font("regular", pt_to_px(7, dpi))
    put_text(draw, (w / 2, h - 2 * m), game.title, font=fit_font(draw, game.title, "regular", int(fnt.size), w - 4 * m),
              fill=ink, anchor="md")
    draw.rectangle([0, 0, w - 1, h - 1], outline=(90, 90, 90), width=max(1, px(0.15, dpi)))
    return img
