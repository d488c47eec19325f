"""Counter art drawn from a piece face: colour, NATO symbol, size, factors, marks and corners.

Layout (fractions of the counter edge, measured from the top-left corner):

    top row 0-0.2     setup hex / entry turn (left), flags and step dot (right)
    size marks        centred just above the symbol
    symbol frame      0.28-0.62 tall, 0.26-0.74 wide; short designation to its left
    factors           0.66-0.96, large bold; a 'stripe' face gets a light band behind them

>>> from converter.validate import load_model
>>> game = load_model("tests/data/games/mini")
>>> counter_image(game, game.piece("na-1"), dpi=300).size
(150, 150)
"""

from __future__ import annotations

import re
from typing import Any

from PIL import Image, ImageDraw

from converter.model.game import Game
from converter.model.pieces import Face, Piece
from converter.pictures import UnreadablePicture, decoded
from converter.render.symbols import draw_symbol
from converter.render.text import (RGB, color, draw_centered, fit_font, font, ink_on, one_line,
                                   put_text, px, wrap)

DEFAULT_DPI = 300

DEFAULT_THEME: dict[str, Any] = {
    "unit": "#c8c8c8",          # a unit whose owner has no colour
    "marker": "#f4f1e6",        # markers, tokens, chips
    "border": "#202020",
    "stripe": "#ffffff",        # reduced band behind the factors
    "stripe_alpha": 150,
    "dot": "#000000",
    "missing": "#b00020",       # the '?' of a factor the rulebook does not give
    "symbol_fill": None,
    "border_mm": 0.12,          # a hairline round the counter: the cut guide on a butted sheet
    "stroke_mm": 0.22,          # symbol lines
}

# fractions of the counter edge
_TOP = 0.02
_CORNER_H = 0.15
_SYMBOL = (0.27, 0.30, 0.73, 0.60)
_SIZE_Y = 0.235
_FACTORS = (0.04, 0.64, 0.96, 0.96)


MIN_TEXT_FRACTION = 0.125 # no word on a counter smaller than this part of its edge...
MIN_TEXT_PX = 8           # ...nor than this many pixels (legible at the module's 52 px pieces)

_NUMBERED = re.compile(r"[,;(]?\s*(?:numerat[oi]|numbered|nos?\.)\s*(\d+)\s*[-–]\s*(\d+)\s*\)?", re.IGNORECASE)


def numbered(piece: Piece, text: str | None = None) -> tuple[str, int, int] | None:
    """(name without the numbering, first, last) for a marker the data calls 'numbered 1-7':
    each copy is its own counter carrying its number."""
    text = text if text is not None else piece.name
    match = _NUMBERED.search(text or "")
    if match is None:
        return None
    lo, hi = int(match.group(1)), int(match.group(2))
    if hi < lo or hi - lo + 1 != piece.copies:
        return None
    return (text[:match.start()] + text[match.end():]).strip(" ,;"), lo, hi


def min_text_px(size: int) -> int:
    """The smallest text a counter of *size* pixels carries."""
    return max(MIN_TEXT_PX, int(round(size * MIN_TEXT_FRACTION)))


def nationality_code(game: Game, piece: Piece) -> str:
    """The nationality code printed on the counter ('GE', 'GE/BU'); '' for no nationality."""
    codes = []
    for nat_id in piece.nationalities:
        nat = game.nationality(nat_id)
        if nat is not None and nat.abbreviation:
            codes.append(nat.abbreviation)
        elif len(nat_id) <= 3 or nat is None:
            codes.append(nat_id.upper())
        else:
            codes.append(nat.name[:3].upper())
    return "/".join(codes)


def unit_name(game: Game, piece: Piece, face: Face | None = None) -> str:
    """The name a unit counter shows: its designation, else its face label or name without the
    nationality the counter already shows ('Armata (Germania)' -> 'Armata')."""
    name = piece.designation or (face.shown_label(piece.name) if face is not None else None) \
        or piece.name
    for nat_id in piece.nationalities:
        nat = game.nationality(nat_id)
        for word in filter(None, (nat.name if nat else None, nat.abbreviation if nat else None, nat_id)):
            for pattern in (f" ({word})", f" {word}"):
                if name.endswith(pattern) and len(name) > len(pattern):
                    name = name[: -len(pattern)]
    return name.strip()


def marker_text(game: Game, piece: Piece, face: Face) -> str:
    """A marker's words: its face label, or its full name when another marker of the game
    carries the same label (so 'Azione' of each side can be told apart)."""
    label = face.shown_label(piece.name) or piece.name
    if label == piece.name:
        return label
    for other in game.pieces or []:
        if other.id != piece.id and other.name != piece.name and any(
                f.shown_label(other.name) == label for f in other.faces) or (other.id != piece.id and other.name == label):
            return piece.name
    return label


def counter_px(game: Game, piece: Piece, *, dpi: float = DEFAULT_DPI) -> int:
    """The counter's edge in pixels at *dpi* (its printed size, rounded to whole pixels)."""
    return max(8, px(game.counter_mm(piece), dpi))


def face_of(piece: Piece, counter: int, side: str) -> Face | None:
    return piece.face(counter, side)


def counter_background(game: Game, piece: Piece, counter: int = 1, side: str = "front",
                       *, theme: dict[str, Any] | None = None) -> RGB:
    """The colour filling the counter (and its bleed): owner colour for units, paper for markers."""
    t = {**DEFAULT_THEME, **(theme or {})}
    face = piece.face(counter, side)
    if face is not None and face.role == "owner":
        return _owner_colour(game, piece, t)
    if piece.kind in ("marker", "token", "chip") or (face is not None and face.role == "marker"):
        return color(game.color_of(piece) if piece.kind == "chip" else None, t["marker"])
    return color(game.color_of(piece), t["unit"])


def _owner_colour(game: Game, piece: Piece, t: dict[str, Any]) -> RGB:
    faction = game.faction_of(piece)
    if faction and faction.color:
        return color(faction.color)
    side = game.side_of(piece)
    return color(side.color if side else None, t["unit"])


def _text_colour(game: Game, piece: Piece, bg: RGB) -> RGB:
    for nat_id in piece.nationalities[:1]:
        nat = game.nationality(nat_id)
        if nat and nat.text_color:
            return color(nat.text_color)
    return ink_on(bg)


def counter_image(game: Game, piece: Piece, counter: int = 1, side: str = "front", *,
                  dpi: float = DEFAULT_DPI, theme: dict[str, Any] | None = None,
                  copy: int = 1, undrawn: dict[str, str] | None = None) -> Image.Image:
    """The art of one side of one counter of *piece*, square, at its printed size at *dpi*.

    A side the piece does not have is drawn as a plain counter of the piece's colour; *copy*
    picks the number of a numbered marker (copy 1 carries the first number).  A picture that
    cannot be drawn (an SVG that would draw without end, a broken file) is drawn from the
    piece's name, and *undrawn* is told which and why (picture name: reason), so the player
    can be told without reading every picture again.
    """
    t = {**DEFAULT_THEME, **(theme or {})}
    size = counter_px(game, piece, dpi=dpi)
    face = piece.face(counter, side)
    bg = counter_background(game, piece, counter, side, theme=t)
    img = Image.new("RGB", (size, size), bg)
    if face is not None and face.image:
        picture = _face_picture(game, face.image, size, undrawn)
        if picture is not None:  # its transparent parts show the counter's colour
            img.paste(picture, ((size - picture.width) // 2, (size - picture.height) // 2),
                      picture)
            _border(img, t, dpi)
            return img
    draw = ImageDraw.Draw(img)
    ink = _text_colour(game, piece, bg)
    if face is None:
        pass
    elif face.role == "owner":
        _draw_owner(game, piece, draw, size, ink)
    elif piece.kind in ("token", "chip", "control"):
        _draw_disc(game, piece, face, draw, size, ink, t, dpi)
    elif piece.kind == "marker" or face.role == "marker":
        label = marker_text(game, piece, face)
        nums = numbered(piece, label) or numbered(piece)
        if nums is not None:
            _draw_label(nums[0], draw, size, ink, height=0.5, top=0.04)
            big = font("bold", int(size * 0.36))
            draw_centered(draw, (size / 2, size * 0.75), str(nums[1] + copy - 1), big, ink)
        else:
            _draw_label(label, draw, size, ink)
    elif piece.kind == "dummy":
        _draw_label(face.shown_label(piece.name) or "?", draw, size, ink)
    else:
        _draw_unit(game, piece, face, img, draw, size, ink, t, dpi)
    _border(img, t, dpi)
    return img


def _face_picture(game: Game, name: str, size: int,
                  undrawn: dict[str, str] | None) -> Image.Image | None:
    """The picture with its transparency (a round token's corners, a module's GIF with a
    transparent colour: read as RGB they printed black or purple), fitted in the *size*
    square with its proportions kept (a 60 x 40 block printed squashed into a square)."""
    try:  # ImageTooLarge (exit 2) past the pixel limit, read from the header
        path = game.resource(name)
        picture = decoded(path, "RGBA", cover=(size, size))  # SVG drawn sharp
    except OSError:
        return None  # absent: the import already said so
    except UnreadablePicture as exc:
        if undrawn is not None:
            undrawn.setdefault(name, str(exc))
        return None
    scale = min(size / picture.width, size / picture.height)
    fitted = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
    return picture.resize(fitted, Image.Resampling.LANCZOS)


def _border(img: Image.Image, t: dict[str, Any], dpi: float) -> None:
    width = max(1, px(t["border_mm"], dpi))
    ImageDraw.Draw(img).rectangle([0, 0, img.width - 1, img.height - 1], outline=color(t["border"]), width=width)


def _draw_owner(game: Game, piece: Piece, draw: ImageDraw.ImageDraw, size: int, ink: RGB) -> None:
    faction = game.faction_of(piece)
    side = game.side_of(piece)
    name = faction.name if faction else side.name if side else ""
    _draw_label(name, draw, size, ink)


def _draw_label(text: str, draw: ImageDraw.ImageDraw, size: int, ink: RGB, width: float = 0.88,
                height: float = 0.88, top: float | None = None, max_lines: int = 4,
                disc: float | None = None) -> None:
    """Text as large as fits *width* x *height* (fractions of the edge) in whole words, never
    smaller than ``min_text_px``: a name too long for that is printed shortened ('Segn. di Mobi.')."""
    top_f = top if top is not None else (1 - height) / 2
    box = ((1 - width) / 2, top_f, (1 + width) / 2, top_f + height)
    fitted = None
    forms = _label_forms(text)
    for candidate in forms:
        fitted = _fit_lines(draw, candidate, size, box, start=0.34, disc=disc)
        if fitted is not None:
            break
    if fitted is None:  # nothing fits: the shortest form, as many lines as the box holds
        fnt = font("condensed-bold", min_text_px(size))
        shortest = min(forms, key=lambda form: draw.textlength(one_line(form), font=fnt))
        if disc is None:
            fitted = (_cut_to(draw, wrap(draw, shortest, fnt, size * width), fnt,
                              size * width, size * height), fnt)
        else:  # a token's lines, each as wide as the disc's chord where it lies
            fitted = (_disc_cut(draw, shortest, fnt, size, size * (box[1] + box[3]) / 2,
                                disc * size, size * width, size * height), fnt)
    lines, fnt = [line.replace(_BREAK, "-").replace(_BREAK[0], "-")
                  .replace(_SLASH_BREAK, "/").replace(_SLASH_BREAK[0], "/") for line in fitted[0]], fitted[1]
    line_h = fnt.size * 1.1
    y = size * (box[1] + box[3]) / 2 - len(lines) * line_h / 2 + line_h / 2
    for line in lines:
        draw_centered(draw, (size / 2, y), line, fnt, ink)
        y += line_h


_INNER_HYPHEN = re.compile(r"(?<=\S)-(?=\w)")  # 'Aus.-Ungheria', not the dash of 'Al - Mat'
_BREAK = "\u2010 "  # a hyphen a line may end at, printed as the word's own '-'
_INNER_SLASH = re.compile(r"(?<=\S)/(?=\w)")  # 'Salem/Vandalia'
_SLASH_BREAK = "\u2215 "  # a slash a line may end at, printed as the word's own '/'


def _label_forms(text: str) -> list[str]:
    """The ways to print a label, longest first: whole, shortened, then its head alone (a
    Lord's title 'Al-Mutawakkil - Umar ibn Muhammad, Banu al-Aftas - Emir of Badajoz' is
    'Al-Mutawakkil'); a hyphenated word may then break after its hyphen ('Aus.-' /
    'Ungheria'), and two names joined by a slash after it ('Salem/' / 'Vandalia'), never
    inside a part, and its parts be shortened ('Al-' / 'Mutawa.')."""
    head = re.split(r"\s+[-–—:]\s+|,\s+|\s+\(", text, maxsplit=1)[0].strip()
    forms = []
    for whole in dict.fromkeys(filter(None, (text, head))):
        own = [whole] + _short_forms(whole)
        broken = [_INNER_SLASH.sub(_SLASH_BREAK, _INNER_HYPHEN.sub(_BREAK, form)) for form in own
                  if _INNER_HYPHEN.search(form) or _INNER_SLASH.search(form)]
        forms += own + broken + [short for form in broken for short in _short_forms(form)]
    return list(dict.fromkeys(forms))


def _cut_to(draw: ImageDraw.ImageDraw, lines: list[str], fnt: Any, width: float,
            height: float) -> list[str]:
    """The lines a box *height* tall holds, the last ending in '…' when some are left out."""
    room = max(1, int((height + fnt.size * 0.1) // (fnt.size * 1.1)))
    if len(lines) <= room:
        return lines
    kept = lines[:room]
    last = kept[-1]
    while last and draw.textlength(last + "…", font=fnt) > width:
        last = last[:-1].rstrip()
    kept[-1] = last + "…"
    return kept


def _chords(fnt: Any, count: int, s: int, middle: float, radius: float) -> list[float]:
    """The width the disc leaves each of *count* lines centred on *middle* as `_draw_label`
    sets them (0 for a line reaching past the disc's top or bottom)."""
    line_h = fnt.size * 1.1
    y = middle - count * line_h / 2 + line_h / 2
    out = []
    for _ in range(count):
        farthest = max(abs(y - fnt.size * 0.5 - s / 2), abs(y + fnt.size * 0.5 - s / 2))
        out.append(2 * (radius * radius - farthest * farthest) ** 0.5 if farthest < radius else 0.0)
        y += line_h
    return out


def _disc_cut(draw: ImageDraw.ImageDraw, text: str, fnt: Any, s: int, middle: float,
              radius: float, width: float, height: float) -> list[str]:
    """A token's label that fits nowhere, as many of its words as the disc holds line by line,
    each line no wider than the disc's chord there, the last ending in '…' when words are
    left out (in the square box's lines, the top and bottom ones ran across the disc)."""
    count = max(1, int((height + fnt.size * 0.1) // (fnt.size * 1.1)))
    while True:
        chords = [min(width, c) for c in _chords(fnt, count, s, middle, radius)]
        while count > 1 and (chords[0] <= 0 or chords[-1] <= 0):
            count -= 1  # the lines past the disc's top and bottom
            chords = [min(width, c) for c in _chords(fnt, count, s, middle, radius)]
        lines, rest = _fill(draw, text.split(), fnt, chords)
        if rest:  # some words left out: the last line says so
            last = lines[-1] if lines else ""
            while last and draw.textlength(last + "…", font=fnt) > chords[len(lines) - 1 if lines else 0]:
                last = last[:-1].rstrip()
            lines = (lines[:-1] if lines else []) + [last.rstrip(".") + "…"]
        if len(lines) >= count or count == 1:
            return lines
        count = len(lines)  # fewer lines, centred anew: nearer the middle, wider chords


def _fill(draw: ImageDraw.ImageDraw, words: list[str], fnt: Any,
          widths: list[float]) -> tuple[list[str], list[str]]:
    """Words laid greedily into lines of *widths*, the lines and the words left over; a word
    wider than its line is cut to its width and closed with '…', and ends the lines."""
    lines: list[str] = []
    rest = list(words)
    for room in widths:
        line = ""
        while rest and draw.textlength((line + " " + rest[0]).strip(), font=fnt) <= room:
            line = (line + " " + rest.pop(0)).strip()
        if not line and rest:  # one word longer than the line: what fits of it ends the label
            word = rest[0]
            while word and draw.textlength(word + "…", font=fnt) > room:
                word = word[:-1]
            return lines + [word + "…"], []
        lines.append(line)
        if not rest:
            break
    return lines, rest


def _draw_disc(game: Game, piece: Piece, face: Face, draw: ImageDraw.ImageDraw, size: int,
               ink: RGB, t: dict[str, Any], dpi: float) -> None:
    """Tokens and chips print as discs inside the square (cut round, or leave square)."""
    m = size * 0.06
    draw.ellipse([m, m, size - m, size - m], outline=color(t["border"]), width=max(1, px(t["stroke_mm"], dpi)))
    text = face.shown_label(piece.name) or face.factor_text(game.factor_order()) or piece.name
    _draw_label(text, draw, size, ink, width=0.8, height=0.8, disc=0.5 - m / size - 0.03)


def _draw_unit(game: Game, piece: Piece, face: Face, img: Image.Image, draw: ImageDraw.ImageDraw,
               size: int, ink: RGB, t: dict[str, Any], dpi: float) -> None:
    s = size
    stroke = max(1, px(t["stroke_mm"], dpi))
    smallest = min_text_px(s)
    # second nationality: a band across the top in its colour
    if len(piece.nationalities) > 1:
        nat = game.nationality(piece.nationalities[1])
        if nat and nat.color:
            draw.rectangle([0, 0, s, int(s * 0.2)], fill=color(nat.color))
    factor_ink = ink
    if face.mark == "stripe":
        band = Image.new("RGB", (s, int(s * (_FACTORS[3] - _FACTORS[1]))), color(t["stripe"]))
        top = int(s * _FACTORS[1])
        region = img.crop((0, top, s, top + band.height))
        img.paste(Image.blend(region, band, t["stripe_alpha"] / 255), (0, top))
        band_colour = img.getpixel((s // 2, top + 1))
        factor_ink = ink_on(band_colour if isinstance(band_colour, tuple) else (255, 255, 255))  # type: ignore[arg-type]
    corner_px = max(smallest, int(s * _CORNER_H * 0.8))
    row_y = s * _TOP
    # top-right: the nationality code, then flag marks and the step dot left of it
    right = s * 0.96
    code = nationality_code(game, piece)
    if code:
        fnt = fit_font(draw, code, "condensed-bold", corner_px, s * 0.5, min_px=smallest)
        put_text(draw, (right, row_y), code, font=fnt, fill=ink, anchor="rt")
        right -= draw.textlength(code, font=fnt) + s * 0.04
    if face.mark == "dot":
        r = s * 0.055
        cy = row_y + corner_px * 0.5
        draw.ellipse([right - 2 * r, cy - r, right, cy + r], fill=color(t["dot"]))
        right -= 2.6 * r
    marks = "".join(_flag_mark(game, f) for f in (face.flags or piece.flags or []))
    if marks:
        fnt = font("condensed-bold", corner_px)
        put_text(draw, (right, row_y), marks, font=fnt, fill=ink, anchor="rt")
        right -= draw.textlength(marks, font=fnt) + s * 0.03
    # top-left: the setup hex or the entry turn, in what room the right side leaves
    corner = _corner_code(piece)
    room = right - s * 0.06
    if corner:
        corner = re.sub(r"\s*\([^)]*\)\s*$", "", corner) if draw.textlength(
            corner, font=font("condensed-bold", smallest)) > room else corner
        fnt = fit_font(draw, corner, "condensed-bold", corner_px, room, min_px=smallest)
        if draw.textlength(corner, font=fnt) <= room:
            put_text(draw, (s * 0.04, row_y), corner, font=fnt, fill=ink, anchor="lt")
    # symbol and size marks
    unit_type = game.unit_type(piece.type) if piece.type else None
    symbol = unit_type.symbol if unit_type else "none"
    fill = color(t["symbol_fill"]) if t["symbol_fill"] else None
    name = unit_name(game, piece, face)
    # a unit number beside the symbol ('42', '10R', 'Gd'); a word, even a short one ('Toul',
    # 'Riga'), is a name and goes under it
    short = bool(piece.designation) and symbol != "none" and "\n" not in name and (
        len(name) <= 3 or (len(name) == 4 and any(ch.isdigit() for ch in name)))
    short_font = fit_font(draw, name, "condensed-bold", int(s * 0.17), s * 0.22, min_px=smallest)
    if short and draw.textlength(name, font=short_font) > s * 0.22:
        short = False  # too wide for the symbol's left ('4 RM' at the smallest legible size)
    with_symbol = (0.04, 0.5, 0.96, 0.71)
    alone = (0.04, 0.19, 0.96, 0.71)
    placed: tuple[list[str], Any, tuple[float, float, float, float]] | None = None
    if name and not short:
        # the whole name under the symbol; else the whole name in the symbol's room; else shortened
        for text, box in [(name, with_symbol if symbol != "none" else alone), (name, alone)] + \
                [(short_name, alone) for short_name in _short_forms(name)]:
            fitted = _fit_lines(draw, text, s, box)
            if fitted is not None:
                placed = (fitted[0], fitted[1], box)
                break
    draw_the_symbol = symbol != "none" and (placed is None or placed[2] is with_symbol)
    frame_frac = _SYMBOL if short or placed is None else (0.33, 0.27, 0.67, 0.49)
    frame = tuple(v * s for v in frame_frac)
    if draw_the_symbol:
        draw_symbol(draw, symbol, frame, stroke, ink, fill)  # type: ignore[arg-type]
    if piece.size and (draw_the_symbol or placed is None):
        _draw_size(draw, piece.size, (s / 2, s * (frame_frac[1] - 0.045)), s, stroke, ink)
    if short:
        put_text(draw, (s * 0.145, s * 0.45), name, font=short_font, fill=ink, anchor="mm")
    elif placed is not None:
        lines, fnt, (_l, name_top, _r, name_bottom) = placed
        line_h = fnt.size * 1.1
        y = s * (name_top + name_bottom) / 2 - len(lines) * line_h / 2 + line_h / 2
        for line in lines:
            draw_centered(draw, (s / 2, y), line, fnt, ink)
            y += line_h
    # factors
    text = face.factor_text(game.factor_order())
    if not text and face.missing and "factors" in face.missing:
        text = "?"
    if text:
        l, factors_top, r, b = (v * s for v in (_FACTORS[0], 0.72, _FACTORS[2], _FACTORS[3]))
        fnt = fit_font(draw, text, "bold", int((b - factors_top) * 0.85), r - l, min_px=smallest)
        put_text(draw, (s / 2, (factors_top + b) / 2 + s * 0.01), text, font=fnt, fill=factor_ink, anchor="mm")


def _fit_lines(draw: ImageDraw.ImageDraw, text: str, s: int, box: tuple[float, float, float, float],
               start: float = 0.17, disc: float | None = None) -> tuple[list[str], Any] | None:
    """Whole-word lines of *text* in the largest font (not below ``min_text_px``) that fits *box*
    (and, for a token, the *disc* of that radius, a fraction of the edge, centred on it)."""
    l, top, r, b = (v * s for v in box)
    smallest = min_text_px(s)
    size = max(smallest, int(s * start))
    while size >= smallest:
        fnt = font("condensed-bold", size)
        if all(draw.textlength(w, font=fnt) <= r - l for w in text.split()):
            lines = wrap(draw, text, fnt, r - l)
            if len(lines) * size * 1.1 <= b - top + size * 0.1 and (
                    disc is None or _inside_disc(draw, lines, fnt, s, (top + b) / 2, disc * s)):
                return lines, fnt
        size -= 1
    return None


def _inside_disc(draw: ImageDraw.ImageDraw, lines: list[str], fnt: Any, s: int, middle: float,
                 radius: float) -> bool:
    """Whether *lines*, centred on *middle* as `_draw_label` sets them, lie inside the disc:
    a line near its top or bottom has only the disc's chord there."""
    line_h = fnt.size * 1.1
    y = middle - len(lines) * line_h / 2 + line_h / 2
    for line in lines:
        farthest = max(abs(y - fnt.size * 0.5 - s / 2), abs(y + fnt.size * 0.5 - s / 2))
        if farthest >= radius or draw.textlength(line, font=fnt) / 2 > (
                radius * radius - farthest * farthest) ** 0.5:
            return False
        y += line_h
    return True


def _short_forms(name: str) -> list[str]:
    """Shorter ways to print a long name: its own abbreviation in brackets ('(CND)'), then its
    long words cut to four letters and a point, as printed counters do ('Div. di Fant.')."""
    out = []
    bracket = re.search(r"\(([^()]{1,12})\)\s*$", name)
    if bracket and sum(ch.isupper() for ch in bracket.group(1)) >= 2:  # an abbreviation, not a word
        out.append(bracket.group(1))
    words = name.split()
    for cut in (6, 4, 3):
        out.append(" ".join(_abbreviate(w, cut) for w in words))
    return out


def _abbreviate(word: str, cut: int) -> str:
    """'Occidentali)' -> 'Occi.)': the letters cut, brackets and punctuation round them kept."""
    match = re.match(r"^(\W*)(\w+)(.*)$", word)
    if match is None or len(match.group(2)) <= cut + 1 or match.group(2).isdecimal():
        return word
    return match.group(1) + match.group(2)[:cut] + "." + match.group(3).lstrip(".")


def entry_code_text(code: str) -> str:
    """An entry code as printed: a code written as an id ('sud-ah') reads 'SUD AH'."""
    return code.replace("-", " ").replace("_", " ").upper() if re.fullmatch(r"[a-z0-9]+([-_][a-z0-9]+)+", code) else code


def _corner_code(piece: Piece) -> str | None:
    if piece.entry is not None:
        if piece.entry.code:
            return entry_code_text(piece.entry.code)
        if piece.entry.turn is not None:
            return f"T{piece.entry.turn}"
    if piece.printed_setup is not None:
        return piece.printed_setup.label()
    return None


def flag_marks(game: Game) -> dict[str, str]:
    """The mark each piece flag prints: its own short mark, else the shortest start of its name
    that no other flag of the game uses ('T' for Truppa, 'Tr' for Trasportabile)."""
    out: dict[str, str] = {}
    flags = game.piece_flags or []
    for flag in flags:
        if flag.mark and len(flag.mark) <= 2:
            out[flag.id] = flag.mark
    for flag in flags:
        if flag.id in out:
            continue
        name = flag.name.replace(" ", "") or flag.id
        mark = name[:1].upper()
        for n in range(1, len(name) + 1):
            mark = name[:1].upper() + name[1:n].lower()
            if mark not in out.values():
                break
        out[flag.id] = mark
    return out


def _flag_mark(game: Game, flag_id: str) -> str:
    return flag_marks(game).get(flag_id, "")


def _draw_size(draw: ImageDraw.ImageDraw, size_mark: str, centre: tuple[float, float], s: int,
               stroke: int, ink: RGB) -> None:
    cx, cy = centre
    if size_mark == "group":
        w, h = s * 0.22, s * 0.05
        draw.line([(cx - w, cy + h), (cx - w, cy - h), (cx + w, cy - h), (cx + w, cy + h)], fill=ink, width=stroke)
        return
    fnt = fit_font(draw, size_mark, "condensed-bold", max(int(s * 0.11), min_text_px(s)), s * 0.44,
                   min_px=min_text_px(s))
    draw_centered(draw, (cx, cy), size_mark, fnt, ink)
