"""SVG pictures (The Longest Day's counters and boards, Paths of Glory's cards), drawn by
resvg (the ``resvg-py`` binding) after vconv has made the file safe to hand it.

resvg on its own reads any file an ``<image>`` names by path (``/etc/passwd``, a path
relative to the working directory), and aborts the whole process when asked for a canvas it
cannot allocate (an SVG declaring 1000000 x 1000000 px).  So the SVG is first parsed here,
with the same parser as every other untrusted XML (no entity, no DTD loaded, nothing fetched,
a bounded tree): a file declaring XML entities is refused, every reference outside the file is
dropped unread (only ``#id`` and ``data:`` pictures stay, and those are checked against the
pixel limits like any picture), and the declared size is measured before a pixel is drawn.
Text is set in vconv's own DejaVu fonts (no system font: the same file draws the same pixels
on every machine); a family vconv lacks falls back to DejaVu Sans, as Batik falls back to a
default font.
"""

from __future__ import annotations

import base64
import binascii
import io
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from converter.safexml import safe_parser

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
FONTS = Path(__file__).parent / "render" / "fonts"
# CSS lengths in user units (px at 96 per inch), as resvg measures them
UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54,
         "in": 96.0, "em": 16.0, "ex": 8.0}
GENERIC_FONTS = ("serif", "sans-serif", "monospace", "cursive", "fantasy")
_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-z%]*)\s*$")
_FONT_FAMILY = re.compile(r"(font-family\s*:\s*)([^;]*)")
SVG_BYTES = 64 * 1024 * 1024  # the largest SVG read (Paths of Glory's biggest card: 290 KB)
ENTITIES = "the SVG declares XML entities, which vconv does not expand"
_DATA_URL = re.compile(r"data:([^,;]*)((?:;[^,;]*)*),", re.IGNORECASE)


class BrokenSvg(Exception):
    """Why this SVG cannot be drawn (the caller names the file)."""


@dataclass(frozen=True)
class SafeSvg:
    """An SVG rewritten to load nothing from outside itself, with its declared size in px."""
    text: str
    width: float
    height: float


def looks_like_svg(head: bytes) -> bool:
    """An XML document (every picture Pillow reads starts with a binary signature, none
    with '<'), so a file named .png that holds an SVG is drawn too, as Batik would."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return text.startswith(b"<") or head.startswith((b"\xff\xfe<", b"\xfe\xff\x00<"))


PictureCheck = Callable[[bytes], str | None]


def safe_svg(data: bytes, check_picture: PictureCheck | None = None) -> SafeSvg:
    """*data* parsed and rewritten for resvg.

    *check_picture* (bytes -> MIME type, raising on a picture past the limits or unreadable)
    vets each embedded ``data:`` picture.

    Raises:
        BrokenSvg: not well-formed XML, not an SVG, XML entities declared, no usable size.
    """
    try:
        root = etree.fromstring(data, safe_parser())
    except (etree.XMLSyntaxError, ValueError) as exc:
        text = " ".join(str(exc).split())
        if "entity" in text.lower() and "amplification" in text.lower():  # libxml2 stops it
            raise BrokenSvg(ENTITIES) from None
        raise BrokenSvg(f"malformed SVG: {text}") from None
    dtd = root.getroottree().docinfo.internalDTD
    entities = getattr(dtd, "iterentities", None)  # (lxml's stubs lack it)
    if entities is not None and any(True for _ in entities()):
        raise BrokenSvg(ENTITIES)
    if root.tag != f"{{{SVG_NS}}}svg":
        raise BrokenSvg(f"not an SVG picture (its root element is {root.tag!r})")
    width, height = _declared_size(root)
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        for attribute in (XLINK_HREF, "href"):
            href = element.get(attribute)
            if href is None or href.strip().startswith("#"):
                continue
            kept = _embedded(href.strip(), check_picture) if element.tag == f"{{{SVG_NS}}}image" \
                else None
            if kept is None:
                del element.attrib[attribute]  # outside the file: never read
            else:
                element.set(attribute, kept)
        _with_fallback_font(element)
    return SafeSvg(etree.tostring(root, encoding="unicode"), width, height)


def _embedded(href: str, check_picture: PictureCheck | None) -> str | None:
    """A ``data:`` picture as a data URL resvg reads (its MIME type from its bytes: Paths of
    Glory writes ``data:img/png``), or None for anything else (a path, a URL, an SVG)."""
    match = _DATA_URL.match(href)
    if match is None or ";base64" not in match.group(2).lower() or check_picture is None:
        return None
    try:
        payload = base64.b64decode("".join(href[match.end():].split()), validate=True)
    except (binascii.Error, ValueError):
        return None
    mime = check_picture(payload)
    if mime is None:
        return None
    return f"data:{mime};base64," + base64.b64encode(payload).decode("ascii")


def _with_fallback_font(element: etree._Element) -> None:
    """Every font family followed by a generic one, which resvg maps to DejaVu."""
    family = element.get("font-family")
    if family is not None:
        element.set("font-family", _fallback(family))
    style = element.get("style")
    if style is not None and "font-family" in style:
        element.set("style", _FONT_FAMILY.sub(lambda m: m.group(1) + _fallback(m.group(2)),
                                              style))


def _fallback(families: str) -> str:
    names = [name.strip().strip("'\"").lower() for name in families.split(",")]
    return families if any(n in GENERIC_FONTS for n in names) else f"{families}, sans-serif"


def _declared_size(root: etree._Element) -> tuple[float, float]:
    """The size VASSAL (Batik) draws the picture at: its width and height, else its viewBox's,
    else 100 x 100 (what resvg and Batik take)."""
    box: list[float] | None = None
    view_box = root.get("viewBox")
    if view_box:
        try:
            numbers = [float(n) for n in view_box.replace(",", " ").split()]
        except ValueError:
            numbers = []
        if len(numbers) == 4 and numbers[2] > 0 and numbers[3] > 0:
            box = numbers[2:]
    width = _length(root.get("width"), box[0] if box else 100.0)
    height = _length(root.get("height"), box[1] if box else 100.0)
    if box and root.get("width") is None and root.get("height") is not None:
        width = height * box[0] / box[1]
    if box and root.get("height") is None and root.get("width") is not None:
        height = width * box[1] / box[0]
    if not (math.isfinite(width) and math.isfinite(height)) or width <= 0 or height <= 0:
        raise BrokenSvg(f"the SVG declares no drawable size ({root.get('width')!r} x "
                        f"{root.get('height')!r})")
    return width, height


def _length(value: str | None, whole: float) -> float:
    if value is None:
        return whole
    match = _LENGTH.match(value)
    if match is None:
        raise BrokenSvg(f"the SVG's size {value!r} is not a length")
    number, unit = float(match.group(1)), match.group(2)
    if unit == "%":
        return whole * number / 100
    if unit not in UNITS:
        raise BrokenSvg(f"the SVG's size {value!r} has a unit SVG does not know")
    return number * UNITS[unit]


def render(svg: SafeSvg, width: int, height: int) -> bytes:
    """*svg* drawn into *width* x *height* pixels (its proportions kept), as PNG bytes.

    Raises:
        BrokenSvg: resvg cannot draw it.
    """
    import resvg_py  # a Rust extension: loaded only when an SVG is drawn

    fonts = sorted(str(path) for path in FONTS.glob("*.ttf"))
    try:
        png = resvg_py.svg_to_bytes(
            svg_string=svg.text, width=width, height=height, skip_system_fonts=True,
            font_files=fonts, font_family="DejaVu Sans", sans_serif_family="DejaVu Sans",
            serif_family="DejaVu Sans", monospace_family="DejaVu Sans",
            cursive_family="DejaVu Sans", fantasy_family="DejaVu Sans")
    except (ValueError, RuntimeError, OSError) as exc:
        raise BrokenSvg(" ".join(str(exc).split()) or type(exc).__name__) from None
    return bytes(png)
