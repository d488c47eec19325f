"""An SVG's text set as wide as its designer's font sets it, and never past the picture's edge.

vconv draws an SVG's text in its own DejaVu faces (`svgpictures`), whatever font the SVG
names.  A label in a font narrower than the face drawn for it then runs wider than designed:
The Longest Day's counters print their strength '(2)' in Nimbus Sans L Condensed, 14 px at
x = 41 of a 50 px counter, and in DejaVu Sans it ran past the counter's right edge.  So each
line of text is measured in the face resvg will draw it with and, where it is wider than the
designer's font would set it or runs past the picture's edge, given that width as its SVG
``textLength`` (glyphs and spacing squeezed alike, its anchor kept).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from lxml import etree
from PIL import ImageFont

SVG_NS = "http://www.w3.org/2000/svg"
TEXT = f"{{{SVG_NS}}}text"
TSPAN = f"{{{SVG_NS}}}tspan"
FONTS = Path(__file__).parent / "render" / "fonts"
FACES = {(False, False): "DejaVuSans.ttf", (True, False): "DejaVuSans-Bold.ttf",
         (False, True): "DejaVuSansCondensed.ttf", (True, True): "DejaVuSansCondensed-Bold.ttf"}
# Helvetica's advance widths (1/1000 em, its regular and bold alike) of the figures and signs
# a counter's factors are printed in, where DejaVu Sans Condensed, drawn for it, is wider (its
# bold figures by a ninth); its letters are within a few per cent of DejaVu Sans Condensed's
HELVETICA_SIGNS = {**dict.fromkeys("0123456789", 556), "(": 333, ")": 333, "/": 278, "-": 333,
                   ".": 278, ",": 278, " ": 278, "+": 584, "=": 584, "*": 389}
# Helvetica's narrow cut (URW's Nimbus Sans L Condensed, Arial Narrow) is 82 % of it
NARROW_CUT = 0.82
NARROW_SUFFIXES = ("condensed", "narrow")
CONDENSED_STRETCHES = frozenset({"condensed", "semi-condensed", "extra-condensed",
                                 "ultra-condensed", "narrower"})
# text kept this fraction of its size inside the edge: a glyph's own side bearing
EDGE_MARGIN = 0.08
# where a text's position is not the picture's: inside these, it is drawn by a <use> or a fill
_ELSEWHERE = frozenset(f"{{{SVG_NS}}}{tag}" for tag in (
    "defs", "symbol", "pattern", "marker", "clipPath", "mask"))
_SIZE_UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4,
               "cm": 96 / 2.54, "in": 96.0}
_NUMBER = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-z]*)\s*$")
_TRANSLATE = re.compile(r"\s*translate\(\s*([^,\s)]+)(?:[\s,]+([^,\s)]+))?\s*\)\s*$")


@dataclass(frozen=True)
class Line:
    """One run of text drawn from one anchor point: a ``<text>``, or a ``<tspan>`` placed on
    its own (The Longest Day's factors: a tspan each, at x = 47)."""
    element: etree._Element
    text: str
    x: float | None  # in the picture's user units; None where a transform moves it


def fit_text(root: etree._Element, left: float, right: float, narrow_fonts: frozenset[str]) -> None:
    """Every line of text in *root* given the width its designer's font sets it at, and
    none past *left* .. *right* (the picture's edges in user units).  *narrow_fonts* are the
    families of Helvetica's width (drawn condensed); their narrow cuts are narrower still."""
    narrower = frozenset(f"{name} {suffix}" for name in narrow_fonts for suffix in NARROW_SUFFIXES)
    for element in root.iter(TEXT):
        if element.get("textLength") is not None:
            continue  # the SVG sets the width itself
        offset = _offset(element)
        for line in _lines(element, offset):
            _fit(line, left, right, narrow_fonts, narrower)


def _fit(line: Line, left: float, right: float, narrow_fonts: frozenset[str],
         narrower: frozenset[str]) -> None:
    size = _font_size(line.element)
    text = " ".join(line.text.split())
    if size is None or size <= 0 or not text:
        return
    bold, condensed = _bold(line.element), _condensed(line.element)
    drawn = _width(text, size, bold, condensed)
    family = (_inherited(line.element, "font-family") or "").split(",")[0].strip().strip("'\"")
    designed = drawn
    if condensed and family.lower() in narrow_fonts | narrower:  # not a width the SVG asks
        designed = sum(HELVETICA_SIGNS[ch] * size / 1000 if ch in HELVETICA_SIGNS
                       else _width(ch, size, bold, True) for ch in text)
        designed *= NARROW_CUT if family.lower() in narrower else 1.0
    room = _room(line, left, right, size)
    width = designed if room is None else min(designed, room)
    if 0 < width < drawn * 0.995:
        line.element.set("textLength", f"{width:.3f}")
        line.element.set("lengthAdjust", "spacingAndGlyphs")


def _room(line: Line, left: float, right: float, size: float) -> float | None:
    """The widest the line may be from its anchor without passing an edge; None when its
    place is not known (a rotated label, a symbol's text) or its anchor is off the picture."""
    if line.x is None or not left <= line.x <= right:
        return None
    margin = size * EDGE_MARGIN
    anchor = (_inherited(line.element, "text-anchor") or "start").strip()
    if anchor == "middle":
        return 2 * (min(line.x - left, right - line.x) - margin)
    if anchor == "end":
        return line.x - left - margin
    return right - line.x - margin


def _lines(element: etree._Element, offset: float | None) -> list[Line]:
    """The lines a ``<text>`` draws, each from the element whose ``textLength`` sets its width;
    a line continued by a tspan without its own x, or of glyphs placed one by one, is left."""
    runs: list[list[tuple[etree._Element, str]]] = [[(element, element.text or "")]]
    starts: list[tuple[float, ...] | None] = [_xs(element)]
    for child in element:
        if not isinstance(child.tag, str):
            continue
        if child.tag != TSPAN or len(child):
            return []  # nested runs: left as drawn
        xs = _xs(child)
        if xs is not None:  # a tspan with its own x starts a line of its own
            runs.append([])
            starts.append(xs)
        runs[-1].append((child, child.text or ""))
        runs[-1].append((element, child.tail or ""))
    lines = []
    for run, xs in zip(runs, starts):
        spoken = [(node, text) for node, text in run if text.strip()]
        if len(spoken) != 1 or spoken[0][0] is not run[0][0] or (xs is not None and len(xs) != 1):
            continue  # its text in several elements, or glyphs placed one by one
        x = None if xs is None or offset is None else xs[0] + offset
        lines.append(Line(spoken[0][0], spoken[0][1], x))
    return lines


def _xs(element: etree._Element) -> tuple[float, ...] | None:
    """The element's own x values (one a glyph); () when one is not a plain number."""
    raw = element.get("x")
    if raw is None:
        return None
    values = []
    for value in raw.replace(",", " ").split():
        match = _NUMBER.match(value)
        if match is None or match.group(2) not in ("", "px"):
            return ()
        values.append(float(match.group(1)))
    return tuple(values)


def _offset(element: etree._Element) -> float | None:
    """How far the element's own x lies from the picture's: the sum of the translations over
    it; None under any other transform or inside a definition drawn elsewhere."""
    total = 0.0
    for node in [element, *element.iterancestors()]:
        if node.tag in _ELSEWHERE:
            return None
        transform = node.get("transform")
        if transform is None or not transform.strip():
            continue
        match = _TRANSLATE.match(transform)
        if match is None:
            return None
        try:
            total += float(match.group(1))
        except ValueError:
            return None
    return total


def _inherited(element: etree._Element, name: str) -> str | None:
    """A presentation property as the element gets it: its style's, its attribute's, else
    its parent's."""
    pattern = _property(name)
    for node in [element, *element.iterancestors()]:
        style = node.get("style")
        match = pattern.search(style) if style else None
        if match is not None and match.group(1).strip() != "inherit":
            return match.group(1).strip()
        value = node.get(name)
        if value is not None and value.strip() != "inherit":
            return value.strip()
    return None


@functools.lru_cache(maxsize=16)
def _property(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?:^|;)\s*{re.escape(name)}\s*:\s*([^;]*)")


def _font_size(element: etree._Element) -> float | None:
    raw = _inherited(element, "font-size")
    if raw is None:
        return 16.0  # resvg's and Batik's default
    match = _NUMBER.match(raw)
    if match is None or match.group(2) not in _SIZE_UNITS:
        return None  # relative sizes ('larger', '120%', '1.2em'): left as drawn
    return float(match.group(1)) * _SIZE_UNITS[match.group(2)]


def _bold(element: etree._Element) -> bool:
    weight = (_inherited(element, "font-weight") or "normal").lower()
    return weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)


def _condensed(element: etree._Element) -> bool:
    return (_inherited(element, "font-stretch") or "normal").lower() in CONDENSED_STRETCHES


def _width(text: str, size: float, bold: bool, condensed: bool) -> float:
    """The advance of *text* in the DejaVu face resvg draws it with, at *size* user units."""
    return _face(bold, condensed).getlength(text) * size / _MEASURE_SIZE


_MEASURE_SIZE = 200


@functools.lru_cache(maxsize=4)
def _face(bold: bool, condensed: bool) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / FACES[bold, condensed]), _MEASURE_SIZE,
                              layout_engine=ImageFont.Layout.BASIC)
