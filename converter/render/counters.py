"""Counter art drawn from a piece face: colour, NATO symbol, size, factors, marks and corners.

Layout (fractions of the counter edge, measured from the top-left corner):

    top row 0-0.2     setup hex / entry turn (left), flags and step dot (right)
    size marks        centred just above the symbol
    symbol frame      0.28-0.62 tall, 0.26-0.74 wide; short designation to its left
    factors           0.66-0.96, large bold; a 'stripe' face gets a light band behind them

>>> from converter.load import load_model
>>> game = load_model("tests/data/games/mini")
>>> counter_image(game, game.piece("na-1"), dpi=300).size
(150, 150)
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from converter.model.game import Game
from converter.model.pieces import Face, Piece
from converter.render.symbols import draw_symbol
from converter.render.text import RGB, color, draw_centered, fit_font, font, ink_on, put_text, px, wrap

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
                  dpi: float = DEFAULT_DPI, theme: dict[str, Any] | None = None) -> Image.Image:
    """The art of one side of one counter of *piece*, square, at its printed size at *dpi*.

    A side the piece does not have is drawn as a plain counter of the piece's colour.
    """
    t = {**DEFAULT_THEME, **(theme or {})}
    size = counter_px(game, piece, dpi=dpi)
    face = piece.face(counter, side)
    bg = counter_background(game, piece, counter, side, theme=t)
    img = Image.new("RGB", (size, size), bg)
    if face is not None and face.image:
        picture = _face_picture(game, face.image, size)
        if picture is not None:
            img.paste(picture, (0, 0))
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
        _draw_label(face.label or piece.name, draw, size, ink)
    elif piece.kind == "dummy":
        _draw_label(face.label or "?", draw, size, ink)
    else:
        _draw_unit(game, piece, face, img, draw, size, ink, t, dpi)
    _border(img, t, dpi)
    return img


def _face_picture(game: Game, name: str, size: int) -> Image.Image | None:
    try:
        path = game.resource(name)
        with Image.open(path) as src:
            return src.convert("RGB").resize((size, size), Image.Resampling.LANCZOS)
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


def _border(img: Image.Image, t: dict[str, Any], dpi: float) -> None:
    width = max(1, px(t["border_mm"], dpi))
    ImageDraw.Draw(img).rectangle([0, 0, img.width - 1, img.height - 1], outline=color(t["border"]), width=width)


def _draw_owner(game: Game, piece: Piece, draw: ImageDraw.ImageDraw, size: int, ink: RGB) -> None:
    faction = game.faction_of(piece)
    side = game.side_of(piece)
    name = faction.name if faction else side.name if side else ""
    _draw_label(name, draw, size, ink)


def _draw_label(text: str, draw: ImageDraw.ImageDraw, size: int, ink: RGB, width: float = 0.88) -> None:
    """Marker text: as large as fits *width* (a fraction of the edge), on up to three lines."""
    room = size * width
    for scale in (0.34, 0.28, 0.22, 0.18, 0.15, 0.12, 0.1):
        fnt = font("condensed-bold", int(size * scale))
        lines = wrap(draw, text, fnt, room)
        height = len(lines) * fnt.size * 1.1
        words_fit = all(draw.textlength(w, font=fnt) <= room for w in text.split())
        if len(lines) <= 3 and height <= room and words_fit:
            break
    y = size / 2 - height / 2 + fnt.size * 0.55
    for line in lines:
        draw_centered(draw, (size / 2, y), line, fnt, ink)
        y += fnt.size * 1.1


def _draw_disc(game: Game, piece: Piece, face: Face, draw: ImageDraw.ImageDraw, size: int,
               ink: RGB, t: dict[str, Any], dpi: float) -> None:
    """Tokens and chips print as discs inside the square (cut round, or leave square)."""
    m = size * 0.06
    draw.ellipse([m, m, size - m, size - m], outline=color(t["border"]), width=max(1, px(t["stroke_mm"], dpi)))
    text = face.label or face.factor_text(game.factor_order()) or piece.name
    _draw_label(text, draw, size, ink, width=0.72)


def _draw_unit(game: Game, piece: Piece, face: Face, img: Image.Image, draw: ImageDraw.ImageDraw,
               size: int, ink: RGB, t: dict[str, Any], dpi: float) -> None:
    s = size
    stroke = max(1, px(t["stroke_mm"], dpi))
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
    corner = font("condensed-bold", max(4, int(s * _CORNER_H * 0.8)))
    # top-left: the setup hex or the entry turn
    code = _corner_code(piece)
    if code:
        fnt = fit_font(draw, code, "condensed-bold", corner.size, s * 0.45)
        put_text(draw, (s * 0.05, s * _TOP), code, font=fnt, fill=ink, anchor="lt")
    # top-right: flags marks and the step dot
    marks = "".join(_flag_mark(game, f) for f in (face.flags or piece.flags or []))
    right = s * 0.95
    if face.mark == "dot":
        r = s * 0.055
        cy = s * (_TOP + 0.07)
        draw.ellipse([right - 2 * r, cy - r, right, cy + r], fill=color(t["dot"]))
        right -= 2.6 * r
    if marks:
        put_text(draw, (right, s * _TOP), marks, font=corner, fill=ink, anchor="rt")
    # symbol and size marks
    unit_type = game.unit_type(piece.type) if piece.type else None
    symbol = unit_type.symbol if unit_type else "none"
    frame = tuple(v * s for v in _SYMBOL)
    fill = color(t["symbol_fill"]) if t["symbol_fill"] else None
    if symbol != "none":
        draw_symbol(draw, symbol, frame, stroke, ink, fill)  # type: ignore[arg-type]
    if piece.size:
        _draw_size(draw, piece.size, (s / 2, s * _SIZE_Y), s, stroke, ink)
    # designation: short ones left of the symbol, long ones under it
    name = piece.designation or (face.label if symbol == "none" else None)
    factors_box = _FACTORS
    if name:
        if len(name) <= 4 and symbol != "none":
            fnt = fit_font(draw, name, "condensed-bold", int(s * 0.17), s * 0.22)
            put_text(draw, (s * 0.145, s * 0.45), name, font=fnt, fill=ink, anchor="mm")
        elif symbol == "none":
            fnt = fit_font(draw, name, "condensed-bold", int(s * 0.13), s * 0.9)
            put_text(draw, (s / 2, s * 0.45), name, font=fnt, fill=ink, anchor="mm")
        else:
            # a long name gets its own line under the symbol; the factors move down a little
            fnt = fit_font(draw, name, "condensed-bold", int(s * 0.11), s * 0.92)
            put_text(draw, (s / 2, s * 0.665), name, font=fnt, fill=ink, anchor="mm")
            factors_box = (_FACTORS[0], 0.72, _FACTORS[2], _FACTORS[3])
    # factors
    text = face.factor_text(game.factor_order())
    if not text and face.missing and "factors" in face.missing:
        text = "?"
    if text:
        l, top, r, b = (v * s for v in factors_box)
        fnt = fit_font(draw, text, "bold", int((b - top) * 0.85), r - l)
        put_text(draw, (s / 2, (top + b) / 2 + s * 0.02), text, font=fnt, fill=factor_ink, anchor="mm")


def _corner_code(piece: Piece) -> str | None:
    if piece.entry is not None:
        if piece.entry.code:
            return piece.entry.code
        if piece.entry.turn is not None:
            return f"T{piece.entry.turn}"
    if piece.printed_setup is not None:
        return piece.printed_setup.label()
    return None


def _flag_mark(game: Game, flag_id: str) -> str:
    for flag in game.piece_flags or []:
        if flag.id == flag_id:
            return flag.mark if flag.mark and len(flag.mark) <= 2 else flag.name[:1]
    return ""


def _draw_size(draw: ImageDraw.ImageDraw, size_mark: str, centre: tuple[float, float], s: int,
               stroke: int, ink: RGB) -> None:
    cx, cy = centre
    if size_mark == "group":
        w, h = s * 0.22, s * 0.05
        draw.line([(cx - w, cy + h), (cx - w, cy - h), (cx + w, cy - h), (cx + w, cy + h)], fill=ink, width=stroke)
        return
    fnt = fit_font(draw, size_mark, "condensed-bold", int(s * 0.11), s * 0.44)
    draw_centered(draw, (cx, cy), size_mark, fnt, ink)
