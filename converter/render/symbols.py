"""NATO-style unit symbols (APP-6 in spirit), one drawing function per schema symbol.

Each function draws inside the frame box (left, top, right, bottom) with a stroke width
and an ink colour; the frame itself is drawn by ``draw_symbol`` unless the symbol has none.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from converter.render.text import RGB, draw_centered, fit_font

Frame = tuple[float, float, float, float]
Painter = Callable[[ImageDraw.ImageDraw, Frame, int, RGB], None]

_FRAMELESS = {"none", "air", "naval", "fleet", "airship"}


def _x(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    d.line([(l, t), (r, b)], fill=ink, width=w)
    d.line([(l, b), (r, t)], fill=ink, width=w)


def _slash(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    d.line([(l, b), (r, t)], fill=ink, width=w)


def _track(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cw, ch = r - l, b - t
    d.rounded_rectangle([l + cw * 0.18, t + ch * 0.25, r - cw * 0.18, b - ch * 0.25],
                        radius=ch * 0.25, outline=ink, width=w)


def _dot(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB, scale: float = 0.14) -> None:
    l, t, r, b = f
    cx, cy, rad = (l + r) / 2, (t + b) / 2, (b - t) * scale
    d.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], fill=ink)


def _combined(*parts: Painter) -> Painter:
    """A symbol made of others drawn one over the next (naval infantry: an X and an anchor)."""
    def paint(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
        for part in parts:
            part(d, f, w, ink)
    return paint


def _siege(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cx, cy, rad = (l + r) / 2, (t + b) / 2, (b - t) * 0.3
    _dot(d, f, w, ink, 0.12)
    d.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], outline=ink, width=w)


def _fortress(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cw, ch = r - l, b - t
    base, top = b - ch * 0.2, t + ch * 0.3
    merlon = cw * 0.6 / 5
    x = l + cw * 0.2
    points = [(x, base), (x, top)]
    for i in range(5):
        y = top if i % 2 == 0 else top + ch * 0.18
        points += [(x + i * merlon, y), (x + (i + 1) * merlon, y)]
    points += [(x + 5 * merlon, top), (x + 5 * merlon, base), (x, base)]
    d.line(points, fill=ink, width=w, joint="curve")


def _anchor(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cx, ch = (l + r) / 2, b - t
    d.arc([cx - ch * 0.22, b - ch * 0.42, cx + ch * 0.22, b - ch * 0.02], 20, 160, fill=ink, width=w)


def _peak(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cx, ch = (l + r) / 2, b - t
    d.polygon([(cx - ch * 0.22, b), (cx + ch * 0.22, b), (cx, b - ch * 0.3)], fill=ink)


def _label(text: str) -> Painter:
    def paint(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
        l, t, r, b = f
        fnt = fit_font(d, text, "condensed-bold", max(8, int((b - t) * 0.62)), (r - l) * 0.85, min_px=8)
        draw_centered(d, ((l + r) / 2, (t + b) / 2), text, fnt, ink)
    return paint


def _engineer(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cw, ch = r - l, b - t
    x0, x1, y0, y1 = l + cw * 0.25, r - cw * 0.25, t + ch * 0.35, b - ch * 0.3
    d.line([(x0, y1), (x0, y0), (x1, y0), (x1, y1)], fill=ink, width=w)
    d.line([((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1)], fill=ink, width=w)


def _air(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cx, cy, cw, ch = (l + r) / 2, (t + b) / 2, r - l, b - t
    d.ellipse([cx - cw * 0.4, cy - ch * 0.15, cx, cy + ch * 0.15], outline=ink, width=w)
    d.ellipse([cx, cy - ch * 0.15, cx + cw * 0.4, cy + ch * 0.15], outline=ink, width=w)


def _ship(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cx, cw, ch = (l + r) / 2, r - l, b - t
    deck, keel = t + ch * 0.55, b - ch * 0.1
    d.polygon([(l, deck), (r, deck), (r - cw * 0.15, keel), (l + cw * 0.15, keel)], fill=ink)
    d.rectangle([cx - cw * 0.15, t + ch * 0.35, cx + cw * 0.15, deck], fill=ink)
    d.line([(cx, t + ch * 0.05), (cx, deck)], fill=ink, width=w)


def _bar(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    d.line([(l, (t + b) / 2), (r, (t + b) / 2)], fill=ink, width=w)


def _hump(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    ch = b - t
    d.arc([l + (r - l) * 0.05, t + ch * 0.1, l + (r - l) * 0.45, t + ch * 0.7], 180, 360, fill=ink, width=w)


def _tribe(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cx, ch = (l + r) / 2, b - t
    d.polygon([(cx - ch * 0.35, b - ch * 0.15), (cx + ch * 0.35, b - ch * 0.15), (cx, t + ch * 0.15)],
              outline=ink, width=w)


def _truck(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cw, ch = r - l, b - t
    rad = ch * 0.13
    for cx in (l + cw * 0.33, l + cw * 0.67):
        cy = (t + b) / 2
        d.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], outline=ink, width=w)
    d.line([(l + cw * 0.2, (t + b) / 2 - rad * 1.6), (r - cw * 0.2, (t + b) / 2 - rad * 1.6)], fill=ink, width=w)


def _anti_aircraft(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cw, ch = r - l, b - t
    d.arc([l + cw * 0.1, t + ch * 0.3, r - cw * 0.1, b + ch * 0.6], 180, 360, fill=ink, width=w)


def _mortar(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cx, ch = (l + r) / 2, b - t
    rad = ch * 0.1
    d.ellipse([cx - rad, b - ch * 0.15 - 2 * rad, cx + rad, b - ch * 0.15], outline=ink, width=w)
    d.line([(cx, b - ch * 0.15 - 2 * rad), (cx, t + ch * 0.15)], fill=ink, width=w)
    d.polygon([(cx - rad, t + ch * 0.3), (cx + rad, t + ch * 0.3), (cx, t + ch * 0.12)], fill=ink)


def _machine_gun(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cx, ch = (l + r) / 2, b - t
    d.line([(cx, b - ch * 0.12), (cx, t + ch * 0.15)], fill=ink, width=w)
    d.line([(cx - ch * 0.15, t + ch * 0.3), (cx, t + ch * 0.12), (cx + ch * 0.15, t + ch * 0.3)], fill=ink, width=w)
    d.line([(cx - ch * 0.15, b - ch * 0.3), (cx + ch * 0.15, b - ch * 0.3)], fill=ink, width=w)


def _medic(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cx, cy, ch = (l + r) / 2, (t + b) / 2, b - t
    d.line([(cx - ch * 0.3, cy), (cx + ch * 0.3, cy)], fill=ink, width=2 * w)
    d.line([(cx, cy - ch * 0.3), (cx, cy + ch * 0.3)], fill=ink, width=2 * w)


def _anti_tank(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    d.line([(l, b), ((l + r) / 2, t), (r, b)], fill=ink, width=w)


def _rail_gun(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cw, ch = r - l, b - t
    _dot(d, (l, t - ch * 0.1, r, b - ch * 0.1), w, ink, 0.13)
    rad = ch * 0.07
    y = b - ch * 0.18
    d.line([(l + cw * 0.15, y + rad), (r - cw * 0.15, y + rad)], fill=ink, width=w)
    for cx in (l + cw * 0.35, l + cw * 0.65):
        d.ellipse([cx - rad, y - rad, cx + rad, y + rad], outline=ink, width=w)


def _gas(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cw, ch = r - l, b - t
    rad = ch * 0.15
    for cx, cy in ((l + cw * 0.35, t + ch * 0.55), (l + cw * 0.5, t + ch * 0.4), (l + cw * 0.65, t + ch * 0.55)):
        d.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], outline=ink, width=w)


def _airship(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    l, t, r, b = f
    cw, ch = r - l, b - t
    d.ellipse([l + cw * 0.05, t + ch * 0.25, r - cw * 0.05, b - ch * 0.3], fill=ink)
    d.rectangle([l + cw * 0.4, b - ch * 0.32, r - cw * 0.4, b - ch * 0.15], fill=ink)


def _mine_layer(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    _ship(d, f, w, ink)
    l, t, r, b = f
    rad = (b - t) * 0.08
    for cx in (l + rad, r - rad):
        d.ellipse([cx - rad, t + rad, cx + rad, t + 3 * rad], fill=ink)


def _none(d: ImageDraw.ImageDraw, f: Frame, w: int, ink: RGB) -> None:
    return None


PAINTERS: dict[str, Painter] = {
    "infantry": _x,
    "cavalry": _slash,
    "armour": _track,
    "artillery": _dot,
    "siege-artillery": _siege,
    "fortress": _fortress,
    "naval-infantry": _combined(_x, _anchor),
    "mountain-infantry": _combined(_x, _peak),
    "hq": _label("HQ"),
    "engineer": _engineer,
    "air": _air,
    "naval": _ship,
    "fleet": _ship,
    "army": _combined(_x, _bar),
    "camel": _combined(_slash, _hump),
    "armoured-car": _combined(_slash, _track),
    "irregular": _label("IRR"),
    "tribe": _tribe,
    "truck": _truck,
    "anti-aircraft": _anti_aircraft,
    "mortar": _mortar,
    "machine-gun": _machine_gun,
    "medic": _medic,
    "anti-tank": _anti_tank,
    "rail-gun": _rail_gun,
    "gas": _gas,
    "airship": _airship,
    "mine-layer": _mine_layer,
    "none": _none,
}


def draw_symbol(draw: ImageDraw.ImageDraw, symbol: str, frame: Frame, width: int, ink: RGB,
                fill: RGB | None = None) -> None:
    """Draw the unit symbol *symbol* in *frame*; an unknown symbol is drawn as its name."""
    painter = PAINTERS.get(symbol) or _label(symbol[:3].upper())
    if symbol not in _FRAMELESS:
        draw.rectangle(frame, outline=ink, width=width, fill=fill)
    if symbol in _FRAMELESS:
        painter(draw, frame, width, ink)
        return
    inset = width / 2
    l, t, r, b = frame
    painter(draw, (l + inset, t + inset, r - inset, b - inset), width, ink)
