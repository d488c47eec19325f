"""SVG pictures (The Longest Day's counters and boards, Paths of Glory's cards), drawn by
resvg (the ``resvg-py`` binding) after vconv has made the file safe to hand it.

resvg on its own reads any file an ``<image>`` names by path (``/etc/passwd``, a path
relative to the working directory), and aborts the whole process when asked for a canvas it
cannot allocate (an SVG declaring 1000000 x 1000000 px).  So the SVG is first parsed here,
with the same parser as every other untrusted XML (no entity, no DTD loaded, nothing fetched,
a bounded tree): a file declaring XML entities is refused, every reference outside the file is
dropped unread (only ``#id``, ``data:`` pictures and the files of the picture's own folder or
one below it, by relative name, stay: a ``<use>`` or ``url()`` of another SVG's element
(``symbols.svg#s``, ``fill="url(paint.svg#grad)"``) and an ``<image>`` of another picture
(``art/photo.png``, ``badge.svg``), as VASSAL's Batik resolves them inside the module; each
is checked against the pixel limits like any picture), and the declared size is measured
before a pixel is drawn.
Text is set in vconv's own DejaVu fonts (no system font: the same file draws the same pixels
on every machine); a family vconv lacks falls back to DejaVu Sans, as Batik falls back to a
default font.
"""

from __future__ import annotations

import base64
import binascii
import copy
import io
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

from converter.safexml import holds_more_elements, safe_parser
from converter.svgtext import NARROW_SUFFIXES, fit_text

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
FONTS = Path(__file__).parent / "render" / "fonts"
# CSS lengths in user units (px at 96 per inch), as resvg measures them
UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54,
         "in": 96.0, "em": 16.0, "ex": 8.0}
GENERIC_FONTS = ("serif", "sans-serif", "monospace", "cursive", "fantasy")
_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-z%]*)\s*$")
_FONT_FAMILY = re.compile(r"(font-family\s*:\s*)([^;]*)")
_FONT_STRETCH = re.compile(r"(font-stretch\s*:\s*)([^;]*)")
# fonts of Helvetica's widths, drawn in DejaVu Sans condensed (as wide as they are)
NARROW_FONTS = frozenset({"arial", "arialmt", "arial mt", "helvetica", "helvetica neue",
                          "nimbus sans", "nimbus sans l", "liberation sans", "freesans",
                          "arimo", "sans", "sansserif", "sans-serif"})
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


NeighbourReader = Callable[[str], bytes | None]
NEIGHBOUR_DEPTH = 4  # an SVG using one that uses another ... (The Longest Day: 1)
NEIGHBOUR_FILES = 32  # distinct SVGs one picture may draw from
USE_NESTING = 64  # a <use> of a group holding a <use> of ...
DRAWN_ELEMENTS = 200_000  # elements drawn, each <use> counted with what it draws
# a file or folder name a reference may name (and one `vconv import` keeps as it is)
NAME_SEGMENT = r"[A-Za-z0-9_][A-Za-z0-9 _.()+-]*"
# a file of the picture's folder or one below it: no '..', no absolute path, no URL
_NEIGHBOUR_FILE = re.compile(rf"(?:{NAME_SEGMENT}/){{0,{NEIGHBOUR_DEPTH}}}{NAME_SEGMENT}")
_NEIGHBOUR_SVG = re.compile(rf"(?:{NAME_SEGMENT}/){{0,{NEIGHBOUR_DEPTH}}}{NAME_SEGMENT}\.svg",
                            re.IGNORECASE)
_URL_ID = re.compile(r"url\(\s*(['\"]?)#([^)'\"\s]+)\1\s*\)")
_URL_OUTSIDE = re.compile(r"url\(\s*(['\"]?)([^#)'\"\s][^)'\"]*?)\1\s*\)")
USE = f"{{{SVG_NS}}}use"
IMAGE = f"{{{SVG_NS}}}image"
STYLE = f"{{{SVG_NS}}}style"


@dataclass
class _Neighbours:
    """The files beside the picture that it draws from: SVGs its ``<use href="symbols.svg#s">``
    or ``url(paint.svg#g)`` names (The Longest Day's counters take their coloured box and
    unit symbol from symbols.svg), each read once, its ids renamed so they cannot meet the
    picture's own; and pictures its ``<image>`` names, kept as data URLs."""
    read: NeighbourReader
    loaded: dict[str, etree._Element | None]
    size: int = 0
    used: set[str] = field(default_factory=set)  # the (renamed) ids a <use> names
    pictures: dict[str, str | None] = field(default_factory=dict)  # <image> file: data URL
    drawn: dict[str, int] = field(default_factory=dict)  # an SVG's data URL: what it draws


def safe_svg(data: bytes, check_picture: PictureCheck | None = None,
             neighbours: NeighbourReader | None = None) -> SafeSvg:
    """*data* parsed and rewritten for resvg.

    *check_picture* (bytes -> MIME type, raising on a picture past the limits or unreadable)
    vets each embedded ``data:`` picture.  *neighbours* (a name relative to the picture's
    folder -> its bytes, or None) reads the files of that folder or below it that a
    ``<use>``, a ``url()`` or an ``<image>`` names, as VASSAL draws them; without it, or for
    any other name, the reference is dropped.

    Raises:
        BrokenSvg: not well-formed XML, not an SVG, XML entities declared, no usable size,
            more elements to draw than DRAWN_ELEMENTS.
    """
    root = _parsed(data)
    width, height = _declared_size(root)
    context = _Neighbours(neighbours, {}, len(data)) if neighbours is not None else None
    _made_safe(root, check_picture, context, ())
    fit_text(root, *_horizontal_edges(root, width), NARROW_FONTS)
    if context is not None:
        _insert_needed(root, context)
    _check_drawn(root, context.drawn if context is not None else {})
    return SafeSvg(etree.tostring(root, encoding="unicode"), width, height)


def _parsed(data: bytes) -> etree._Element:
    """The SVG's root element, parsed without entities or anything fetched."""
    if holds_more_elements(data, DRAWN_ELEMENTS):  # before its tree takes the memory
        raise BrokenSvg(f"the SVG holds over {DRAWN_ELEMENTS:,} elements, more than vconv draws")
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
    return root


def _made_safe(root: etree._Element, check_picture: PictureCheck | None,
               context: _Neighbours | None, chain: tuple[str, ...]) -> None:
    """Every reference outside *root* dropped, or pointed at the neighbour file it names
    (*chain*: the files being read, the last one *root*'s, whose folder names resolve in)."""
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        for attribute in (XLINK_HREF, "href"):
            href = element.get(attribute)
            if href is None or href.strip().startswith("#"):
                continue
            if element.tag == IMAGE:
                kept = _embedded(href.strip(), check_picture)
                if kept is None and context is not None:
                    kept = _neighbour_picture(href.strip(), check_picture, context, chain)
            elif element.tag == USE and context is not None:
                kept = _neighbour_id(href.strip(), check_picture, context, chain)
            else:
                kept = None
            if kept is None:
                del element.attrib[attribute]  # outside the file: never read
            else:
                element.set(attribute, kept)
        for key, raw in element.attrib.items():
            value = raw if isinstance(raw, str) else raw.decode()
            if "url(" in value:
                element.set(key, _urls_inside(value, check_picture, context, chain))
        if element.tag == STYLE and element.text and "url(" in element.text:
            element.text = _urls_inside(element.text, check_picture, context, chain)
        _with_fallback_font(element)


_HREF_TO_FILE = re.compile(rb"""href\s*=\s*["']\s*([^"'#]*)#""", re.IGNORECASE)


def draws_from(data: bytes) -> set[str]:
    """The SVGs of its folder (or below it) an SVG's ``href="name.svg#id"`` names, as
    `_neighbour_id` follows them: the files a copy of the picture must keep beside it.  Read
    from the text, nothing parsed; an unreadable name is no neighbour."""
    names = set()
    for match in _HREF_TO_FILE.finditer(data):
        try:
            name = match.group(1).decode("utf-8").strip()
        except UnicodeDecodeError:
            continue
        if _NEIGHBOUR_SVG.fullmatch(name) is not None:
            names.add(name)
    return names


def _urls_inside(value: str, check_picture: PictureCheck | None,
                 context: _Neighbours | None, chain: tuple[str, ...]) -> str:
    """*value* with each ``url(other.svg#id)`` pointed at the copied element, or ``none``
    where vconv does not follow it (a path out of the folder, a URL, a missing id)."""
    def local(match: re.Match[str]) -> str:
        target = match.group(2).strip()
        if target.lower().startswith("data:"):
            return match.group(0)  # resvg reads nothing from outside for it
        kept = (_neighbour_id(target, check_picture, context, chain)
                if context is not None and "#" in target else None)
        return f"url({kept})" if kept is not None else "none"
    return _URL_OUTSIDE.sub(local, value)


def _resolved(href: str, chain: tuple[str, ...], pattern: re.Pattern[str]) -> str | None:
    """*href* (a relative name) as a path from the picture's folder, as Batik resolves it
    from the file naming it; None for anything that may lead out of the folder."""
    if pattern.fullmatch(href) is None:
        return None
    here = chain[-1].rpartition("/")[0] if chain else ""
    path = f"{here}/{href}" if here else href
    return path if path.count("/") <= NEIGHBOUR_DEPTH else None


def _neighbour_picture(href: str, check_picture: PictureCheck | None, context: _Neighbours,
                       chain: tuple[str, ...]) -> str | None:
    """A data URL of the picture file *href* names (a PNG, or an SVG made safe in turn),
    or None for a path out of the folder, a file that is not there or a picture vconv does
    not draw; each file read once, counted against NEIGHBOUR_FILES and SVG_BYTES."""
    name = _resolved(href, chain, _NEIGHBOUR_FILE)
    if name is None or name in chain or len(chain) >= NEIGHBOUR_DEPTH:
        return None
    if name in context.pictures:
        return context.pictures[name]
    data = _claimed(name, context.pictures, context)
    if data is None:
        return None
    if looks_like_svg(data[:16]):
        try:
            doc = _parsed(data)
            _declared_size(doc)
        except BrokenSvg as exc:
            raise BrokenSvg(f"{name}, which it draws: {exc}") from None
        inner = _Neighbours(context.read, context.loaded, context.size,
                            pictures=context.pictures, drawn=context.drawn)
        _made_safe(doc, check_picture, inner, chain + (name,))
        context.size = inner.size
        _insert_needed(doc, inner)
        drawn = _check_drawn(doc, context.drawn)
        url = "data:image/svg+xml;base64," + base64.b64encode(
            etree.tostring(doc, encoding="utf-8")).decode("ascii")
        context.drawn[url] = drawn
    else:
        mime = check_picture(data) if check_picture is not None else None
        if mime is None:
            return None
        url = f"data:{mime};base64," + base64.b64encode(data).decode("ascii")
    context.pictures[name] = url
    return url


def _insert_needed(doc: etree._Element, context: _Neighbours) -> None:
    """The neighbours' elements *doc* uses (`_needed`), copied into a <defs> at its start."""
    if context.used:
        holder = etree.Element(f"{{{SVG_NS}}}defs")
        for element in _needed(context):
            holder.append(element)
        doc.insert(0, holder)


def _claimed(name: str, table: dict[str, Any], context: _Neighbours) -> bytes | None:
    """The bytes of the neighbour file *name*, marked in *table* (`loaded` or `pictures`) as
    loading, so that a reference back to it is a cycle; None past NEIGHBOUR_FILES or when
    the file is absent."""
    if len(context.loaded) + len(context.pictures) >= NEIGHBOUR_FILES:
        return None
    table[name] = None
    return _read_neighbour(name, context)


def _read_neighbour(name: str, context: _Neighbours) -> bytes | None:
    """The bytes of the file *name*, counted against SVG_BYTES, or None when absent."""
    data = context.read(name)
    if data is None:
        return None
    context.size += len(data)
    if context.size > SVG_BYTES:
        raise BrokenSvg(f"the files it draws from ({name} …) add up to over "
                        f"{SVG_BYTES:,} bytes, more than vconv reads")
    return data


def _neighbour_id(href: str, check_picture: PictureCheck | None, context: _Neighbours,
                  chain: tuple[str, ...]) -> str | None:
    """``#id`` of the element ``name.svg#id`` names, copied in from the SVG *name* of the
    same folder; None for a path, a URL, a cycle, a chain too deep or a missing id."""
    relative, _, fragment = href.partition("#")
    name = _resolved(relative, chain, _NEIGHBOUR_SVG)
    if not fragment or name is None or name in chain or len(chain) >= NEIGHBOUR_DEPTH:
        return None
    if name not in context.loaded:
        data = _claimed(name, context.loaded, context)
        if data is None:
            return None
        try:
            doc = _parsed(data)
        except BrokenSvg as exc:
            raise BrokenSvg(f"{name}, which it draws from: {exc}") from None
        _made_safe(doc, check_picture, context, chain + (name,))
        context.loaded[name] = _as_defs(doc, _prefix(name))
    loaded = context.loaded[name]
    target = _prefix(name) + fragment
    if loaded is None or not any(e.get("id") == target for e in loaded.iter()):
        return None
    context.used.add(target)
    return "#" + target


def _needed(context: _Neighbours) -> list[etree._Element]:
    """Copies of the neighbours' elements the picture uses, with every element those refer
    to (a symbol's gradient, a group's <use> of a path), each once, in document order."""
    by_id = {e.get("id"): e for doc in context.loaded.values() if doc is not None
             for e in doc.iter() if isinstance(e.tag, str) and e.get("id")}
    wanted, todo = set(), sorted(context.used)
    while todo:
        name = todo.pop()
        if name in wanted or name not in by_id:
            continue
        wanted.add(name)
        for element in by_id[name].iter():
            if not isinstance(element.tag, str):
                continue
            for value in element.attrib.values():
                text = value if isinstance(value, str) else value.decode()
                if text.strip().startswith("#vconv-"):
                    todo.append(text.strip()[1:])
                todo.extend(m.group(2) for m in _URL_ID.finditer(text))
    copies = []
    order = {name: index for index, name in enumerate(by_id)}
    for name in sorted(wanted, key=order.__getitem__):
        element = by_id[name]
        if any(a.get("id") in wanted for a in element.iterancestors()):
            continue  # copied with its ancestor
        copies.append(copy.deepcopy(element))
    return copies


def _prefix(name: str) -> str:
    return "vconv-" + re.sub(r"[^A-Za-z0-9_-]", "_", name) + "-"


def _as_defs(doc: etree._Element, prefix: str) -> etree._Element:
    """*doc*'s content as a ``<defs>`` (drawn only where used), each id and each reference
    to one inside it prefixed."""
    for element in doc.iter():
        if not isinstance(element.tag, str):
            continue
        for attribute, raw in element.attrib.items():
            value = raw if isinstance(raw, str) else raw.decode()
            if attribute == "id":
                element.set(attribute, prefix + value)
            elif attribute in (XLINK_HREF, "href") and value.strip().startswith("#") \
                    and not value.strip().startswith("#vconv-"):
                element.set(attribute, "#" + prefix + value.strip()[1:])
            elif "url(" in value:
                element.set(attribute, _URL_ID.sub(lambda m: m.group(0) if m.group(2).startswith(
                    "vconv-") else f"url({m.group(1)}#{prefix}{m.group(2)}{m.group(1)})", value))
    defs = etree.Element(f"{{{SVG_NS}}}defs")
    defs.extend(list(doc))
    return defs


def _check_drawn(root: etree._Element, pictures: dict[str, int]) -> int:
    """How many elements the SVG draws, each ``<use>`` counted with all it draws (ten nested
    uses of ten copies draw 10^10) and each ``<image>`` of an SVG with what *pictures* says
    it draws; refused past DRAWN_ELEMENTS: resvg would draw it for hours.  A ``<use>`` of
    its own ancestor draws nothing (resvg skips it)."""
    by_id = {e.get("id"): e for e in root.iter() if isinstance(e.tag, str) and e.get("id")}
    counted: dict[int, int] = {}

    def drawn(element: etree._Element, path: frozenset[int]) -> int:
        key = id(element)
        if key in counted:
            return counted[key]
        total, stack = 0, [element]
        while stack:
            node = stack.pop()
            if not isinstance(node.tag, str):
                continue
            total += 1
            if node.tag == IMAGE:
                total += pictures.get(node.get(XLINK_HREF) or node.get("href") or "", 0)
            if total > DRAWN_ELEMENTS:
                break
            if node.tag == USE:
                href = (node.get(XLINK_HREF) or node.get("href") or "").strip()
                target = by_id.get(href[1:]) if href.startswith("#") else None
                if len(path) > 2 * USE_NESTING:
                    raise BrokenSvg(f"the SVG nests <use> over {USE_NESTING} deep, more "
                                    "than vconv draws")
                if target is not None and id(target) not in path | {key}:
                    total += drawn(target, path | {key, id(node)})
            stack.extend(node)
            if total > DRAWN_ELEMENTS:
                break
        counted[key] = total
        return total

    total = drawn(root, frozenset())
    if total > DRAWN_ELEMENTS:
        raise BrokenSvg(f"the SVG draws over {DRAWN_ELEMENTS:,} elements (counting what "
                        "each <use> repeats), more than vconv draws")
    return total


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
    """Every font family followed by a generic one, which resvg maps to DejaVu; text in a
    Helvetica-wide font set condensed (`_narrowed`)."""
    family = element.get("font-family")
    if family is not None:
        element.set("font-family", _fallback(family))
    style = element.get("style")
    if style is not None and "font-family" in style:
        element.set("style", _FONT_FAMILY.sub(lambda m: m.group(1) + _fallback(m.group(2)),
                                              style))
    _narrowed(element)


def _family_of(element: etree._Element) -> str | None:
    """The font family *element* declares itself (its style's over its attribute's)."""
    style = element.get("style")
    match = _FONT_FAMILY.search(style) if style is not None else None
    return match.group(2) if match is not None else element.get("font-family")


def _narrowed(element: etree._Element) -> None:
    """Text in Arial, Helvetica or a font of their widths (or their narrow cuts: Nimbus Sans L
    Condensed, narrowed further by `svgtext`) set in DejaVu Sans condensed:
    DejaVu Sans is a tenth wider, so a label filling its box in the designer's font ran past
    it (The Longest Day's displays name Nimbus Sans L); its condensed face is as wide as
    theirs.  Only where the element declares the family, or a 'normal' width under one (as
    Inkscape writes in every style); a width the SVG asks for otherwise is kept."""
    style = element.get("style") or ""
    stretch = _FONT_STRETCH.search(style)
    declared = stretch.group(2).strip() if stretch is not None else element.get("font-stretch")
    own = _family_of(element)
    if own is None and declared is None:
        return
    family = own if own is not None else next(
        (f for f in map(_family_of, element.iterancestors()) if f is not None), None)
    first = (family or "").split(",")[0].strip().strip("'\"").lower()
    base = re.sub(rf"\s+(?:{'|'.join(NARROW_SUFFIXES)})$", "", first)  # its narrow cut too
    if base not in NARROW_FONTS or declared not in (None, "normal"):
        return
    if stretch is not None:
        element.set("style", _FONT_STRETCH.sub(lambda m: m.group(1) + "condensed", style))
    else:
        element.set("font-stretch", "condensed")


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


def _horizontal_edges(root: etree._Element, width: float) -> tuple[float, float]:
    """The picture's left and right edges in its user units: its viewBox's, else 0 .. its
    width in px."""
    try:
        numbers = [float(n) for n in (root.get("viewBox") or "").replace(",", " ").split()]
    except ValueError:
        numbers = []
    if len(numbers) == 4 and numbers[2] > 0:
        return numbers[0], numbers[0] + numbers[2]
    return 0.0, width


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
