"""Hostile and broken inputs, made in a temporary folder: one maker per class of issue 14.

Shared by the tests in this folder and by ``bench/fuzz_long.py``.
"""

from __future__ import annotations

import copy
import io
import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

from converter.vassal.savefile import save_archive_bytes, savedata_xml

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "data" / "games" / "mini"


def mini_game(folder: Path) -> Path:
    """A copy of the small test game in *folder*/mini."""
    target = folder / "mini"
    if not target.exists():
        shutil.copytree(MINI, target)
    return target


def game_with_text(folder: Path, game_json: str, files: dict[str, str] | None = None) -> Path:
    """A game folder whose game.json is exactly *game_json* (plus other files)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.json").write_text(game_json, encoding="utf-8", errors="surrogatepass")
    for name, text in (files or {}).items():
        (folder / name).write_text(text, encoding="utf-8", errors="surrogatepass")
    return folder


def edit_game(folder: Path, file: str, edit: Any) -> Path:
    """Copy mini into *folder* and apply *edit* to the parsed *file*; written back as JSON."""
    game = mini_game(folder)
    path = game / file
    data = json.loads(path.read_text(encoding="utf-8"))
    result = edit(data)
    path.write_text(json.dumps(data if result is None else result),
                    encoding="utf-8", errors="surrogatepass")
    return game


def save_bytes(text: str, *, date_saved: str | None = None) -> bytes:
    """A .vlog archive holding *text*, and a savedata whose dateSaved is *date_saved*."""
    savedata = None
    if date_saved is not None:
        savedata = savedata_xml().replace(b"<dateSaved>315532800000</dateSaved>",
                                          f"<dateSaved>{date_saved}</dateSaved>".encode())
        assert date_saved.encode() in savedata
    return save_archive_bytes(text, savedata=savedata)


def zip_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    """A zip with these entries in this order (duplicates allowed)."""
    import warnings

    buf = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns on a duplicate name: that is the point
        with zipfile.ZipFile(buf, "w") as archive:
            for name, data in entries:
                archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)
    return buf.getvalue()


def module_entries(vmod: Path) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(vmod) as archive:
        return [(info.filename, archive.read(info)) for info in archive.infolist()]


def replace_entry(vmod: Path, name: str, data: bytes, out: Path) -> Path:
    entries = [(n, data if n == name else d) for n, d in module_entries(vmod)]
    out.write_bytes(zip_bytes(entries))
    return out


def edit_text(folder: Path, file: str, old: str, new: str) -> Path:
    """Copy mini into *folder* and replace the first *old* in *file* by *new* (raw text)."""
    game = mini_game(folder)
    path = game / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return game


def line_of(path: Path, needle: str) -> int:
    """The 1-based line of *path* holding *needle*."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


# ----------------------------------------------------------------------------- mutation

TOKENS: tuple[bytes, ...] = (
    b"[", b"]", b"{", b"}", b'"', b",", b":", b"\\", b"/", b";", b"\t", b"\x1b", b"\x00",
    b"'", b"<", b">", b"&", b"\\ud800", b'"\\udfff"', b"NaN", b"Infinity", b"-0", b"1e-320",
    b"1e308", b"9" * 60, b"9" * 5000, b"-1", b"null", b"true", b"\xff\xfe", b"\xc3\x28",
    b"<!DOCTYPE x [<!ENTITY e \"E\">]>", b"&e;", b"<![CDATA[", b"]]>", b"LOG\t", b"CHAT",
    b"*** 2d6 = 99999999999999999999999 ***", b"M/", b"+/", b"D/", b"-/", b"\\\x1b",
    b"\n", b" " * 3, b"\xe2\x80\xae", b"..", b"$", b"%",
)


def mutate(data: bytes, seed: int, edits: int = 3) -> bytes:
    """*data* with a few random edits (flip, insert a hostile token, cut, repeat a slice),
    the same for the same seed."""
    import random

    rnd = random.Random(seed)
    out = bytearray(data)
    for _ in range(rnd.randint(1, edits)):
        if not out:
            out += rnd.choice(TOKENS)
            continue
        at = rnd.randrange(len(out))
        op = rnd.random()
        if op < 0.25:
            out[at] = rnd.randrange(256)
        elif op < 0.65:
            out[at:at] = rnd.choice(TOKENS)
        elif op < 0.8:
            del out[at:at + rnd.randint(1, 64)]
        else:
            piece = out[at:at + rnd.randint(1, 200)]
            out[at:at] = piece * rnd.randint(1, 20)
    return bytes(out)


TINY_GAME = json.dumps({"format": "vconv-game/1", "id": "tiny", "title": "Tiny",
                        "sides": [{"id": "a", "name": "A"}], "include": []})

# a valid game whose one board is a scan (map.png) that validate measures and preview draws
PICTURE_GAME = json.dumps({
    "format": "vconv-game/1", "id": "pic", "title": "Pic", "sides": [{"id": "a", "name": "A"}],
    "boards": [{"id": "main", "name": "Main", "kind": "hex",
                "grid": {"orientation": "flat", "first": "column", "digits": 2,
                         "columns": {"min": 1, "max": 3, "increases": "east"},
                         "rows": {"min": 1, "max": 2, "increases": "south"},
                         "stagger": {"lines": "even", "toward": "lower"}},
                "image": {"file": "map.png", "origin": [12, 12], "hex_width_px": 16}}],
    "include": []})

TINY_BUILDFILE = (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
    '<VASSAL.build.GameModule name="Tiny" version="1.0" VassalVersion="3.6.0" nextPieceSlotId="2">\n'
    '  <VASSAL.build.module.Map mapName="Main">\n'
    '    <VASSAL.build.module.map.BoardPicker>\n'
    '      <VASSAL.build.module.map.boardPicker.Board name="B" width="300" height="200">\n'
    '        <VASSAL.build.module.map.boardPicker.board.HexGrid x0="10" y0="10" dx="30.0" dy="34.6">\n'
    '          <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" sep=""/>\n'
    '        </VASSAL.build.module.map.boardPicker.board.HexGrid>\n'
    '      </VASSAL.build.module.map.boardPicker.Board>\n'
    '    </VASSAL.build.module.map.BoardPicker>\n'
    '  </VASSAL.build.module.Map>\n'
    '  <VASSAL.build.widget.PieceWindow name="Pieces">\n'
    '    <VASSAL.build.widget.PieceSlot entryName="Inf" gpid="1" height="40" width="40">'
    '+/null/prototype;Unit\tpiece;;;inf.png;Inf/\t\\\tnull;0;0;0</VASSAL.build.widget.PieceSlot>\n'
    '  </VASSAL.build.widget.PieceWindow>\n'
    '  <VASSAL.build.module.DiceButton name="2d6" nDice="2" nSides="6"/>\n'
    '</VASSAL.build.GameModule>\n')

TINY_LOG = ("begin_save\x1b+/1/prototype;Unit\tpiece;;;inf.png;Inf/\t\\\tnull;0;0;0/"
            "\x1bend_save\x1bLOG\tM/1/Main/40/40/null/Main/70/60/null/Alice"
            "\x1bLOG\tCHAT*** 2d6 = 3,4 *** <Alice>\x1bLOG\tD/1/x/y")


HOSTILE_VALUES: tuple[object, ...] = (
    None, True, 0, -1, -0.0, 1e-320, 1e308, 10**30, "", " ", "\u0000", "x" * 5000,
    "a;b,c\\d/e\tf", "'quoted'", "\u202e", "..", "../../x", "$name$", "%s", "1e999",
    [], {}, [[[[]]]], {"": {}}, ["a"] * 50, -(10**18), 3.5, "99999999999999999999",
)

HOSTILE_TEXTS: tuple[str, ...] = (
    "", "0", "-0", "1e-320", "1e308", "NaN", "-1", "9" * 400, "x" * 2000, "a;b;c", "\\",
    "&lt;x&gt;", "&amp;", "\t", ";;;;", "1,2;x,y", "true", "null", "A", "-", "$gridLocation$",
)


def mutate_json(data: bytes, seed: int) -> bytes:
    """*data* (a JSON document) with a few values replaced by hostile ones: the document
    stays JSON, so the mutation reaches the schema, the cross-references and the model."""
    import random

    rnd = random.Random(seed)
    doc = json.loads(data)
    for _ in range(rnd.randint(1, 3)):
        node, key = doc, None
        path: list[tuple[Any, Any]] = []
        while isinstance(node, (dict, list)) and node and (not path or rnd.random() < 0.8):
            key = rnd.choice(list(node)) if isinstance(node, dict) else rnd.randrange(len(node))
            path.append((node, key))
            node = node[key]
        if not path:
            continue
        parent, key = path[-1]
        value = copy.deepcopy(rnd.choice(HOSTILE_VALUES))
        if rnd.random() < 0.2 and isinstance(parent, dict):  # a hostile key instead
            parent[rnd.choice(["\ud800", "", "x" * 300, "$schema", "include"])] = value
        else:
            parent[key] = value
    return json.dumps(doc).encode()


def mutate_xml(text: bytes, seed: int) -> bytes:
    """*text* (XML) with a few attribute values or element texts replaced by hostile ones;
    the document stays well formed."""
    import random
    import re
    from xml.sax.saxutils import escape

    rnd = random.Random(seed)
    src = text.decode("utf-8")
    spots = [m.span(1) for m in re.finditer(r'="([^"]*)"', src)]
    spots += [m.span(1) for m in re.finditer(r">([^<]+)</", src)]
    if not spots:
        return text
    for start, end in sorted(rnd.sample(spots, min(len(spots), rnd.randint(1, 4))), reverse=True):
        old = src[start:end]
        choice = rnd.random()
        if choice < 0.5:
            new = rnd.choice(HOSTILE_TEXTS)
        elif choice < 0.8 and old:
            cut = rnd.randrange(len(old))
            new = escape(old[:cut] + rnd.choice(HOSTILE_TEXTS) + old[cut:], {'"': "&quot;"})
        else:
            new = escape(old * rnd.randint(2, 30), {'"': "&quot;"})
        if not new.startswith("&") and "&" in new and choice < 0.5:
            new = escape(new, {'"': "&quot;"})
        src = src[:start] + new + src[end:]
    return src.encode("utf-8")


def png_claiming(width: int, height: int) -> bytes:
    """A 60-byte PNG whose header declares *width* x *height* pixels (and holds none)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", b"") + chunk(b"IEND", b"")


def seed_pictures() -> dict[str, bytes]:
    """A 64x48 picture in each format modules and designers use."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (64, 48), (200, 180, 120))
    ImageDraw.Draw(img).ellipse((8, 8, 40, 40), fill=(30, 60, 120))
    out = {}
    for fmt in ("PNG", "GIF", "JPEG"):
        buf = io.BytesIO()
        img.save(buf, format=fmt)
        out[fmt] = buf.getvalue()
    return out


_DIMENSIONS = (0, 1, 7, 255, 8000, 8193, 65535, 100_000, 2**31 - 1, 2**32 - 1)


def mutate_picture(pictures: dict[str, bytes], seed: int) -> bytes:
    """One of *pictures* with hostile edits: random bytes, or (keeping the file well formed
    where the format has checksums) a header declaring other sizes and depths, a truncated
    or repeated data stream, a compressed text chunk that inflates to megabytes."""
    import random
    import struct
    import zlib

    rnd = random.Random(seed)
    fmt = ("PNG", "PNG", "GIF", "JPEG")[seed % 4]
    data = pictures[fmt]
    if rnd.random() < 0.35:
        return mutate(data, seed)
    if fmt == "GIF":  # logical screen and first image descriptor sizes
        out = bytearray(data)
        out[6:10] = struct.pack("<HH", rnd.choice(_DIMENSIONS) & 0xFFFF, rnd.choice(_DIMENSIONS) & 0xFFFF)
        return bytes(out)
    if fmt == "JPEG":  # the frame header's height and width
        out = bytearray(data)
        sof = out.find(b"\xff\xc0")
        if sof > 0:
            out[sof + 5:sof + 9] = struct.pack(">HH", rnd.choice(_DIMENSIONS) & 0xFFFF,
                                               rnd.choice(_DIMENSIONS) & 0xFFFF)
        return bytes(out)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    chunks, at = [], 8
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        chunks.append((kind, data[at + 8:at + 8 + length]))
        at += 12 + length
    for _ in range(rnd.randint(1, 2)):
        op = rnd.random()
        if op < 0.5:  # the header: size, bit depth, colour type, interlace
            w, h, depth, colour, comp, filt, lace = struct.unpack(">IIBBBBB", chunks[0][1])
            pick = rnd.randrange(4)
            if pick == 0:
                w, h = rnd.choice(_DIMENSIONS), rnd.choice(_DIMENSIONS)
            elif pick == 1:
                depth = rnd.choice((0, 1, 2, 4, 8, 16, 3, 255))
            elif pick == 2:
                colour = rnd.choice((0, 2, 3, 4, 6, 1, 7, 255))
            else:
                lace = rnd.choice((0, 1, 2))
            chunks[0] = (b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour, comp, filt, lace))
        elif op < 0.7:  # the pixel data cut, emptied or repeated
            k = next(i for i, c in enumerate(chunks) if c[0] == b"IDAT")
            body = chunks[k][1]
            chunks[k] = (b"IDAT", rnd.choice((body[:rnd.randrange(len(body) + 1)], b"", body * 3)))
        elif op < 0.85:  # a compressed text chunk inflating to 8 MB
            bomb = b"Comment\0\0" + zlib.compress(b"x" * 8_000_000, 9)
            chunks.insert(1, (rnd.choice((b"zTXt", b"iCCP", b"iTXt")), bomb))
        else:  # a palette, transparency or unknown chunk of hostile size
            chunks.insert(1, (rnd.choice((b"PLTE", b"tRNS", b"sBIT", b"eXIf", b"acTL")),
                              bytes(rnd.randrange(256) for _ in range(rnd.choice((0, 1, 3, 769))))))
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunk(k, b) for k, b in chunks)


# An SVG board drawing from a neighbour SVG (The Longest Day's counters draw their box and
# symbol from symbols.svg beside them): the two files mutate_svg edits.
_SVG_OPEN = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ')
SVG_SYMBOLS = (_SVG_OPEN + '><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/>'
               '<stop offset="1" stop-color="#00f"/></linearGradient>'
               '<rect id="s" width="49" height="49" style="stroke:black"/>'
               '<rect id="red" width="49" height="49" fill="url(#g)"/>'
               '<g id="both"><use xlink:href="#s"/><rect x="20" y="20" width="9" height="9"/></g>'
               '<pattern id="p" width="4" height="4"><use xlink:href="#s"/></pattern></defs></svg>')
SVG_BOARD = (_SVG_OPEN + 'width="64" height="48" viewBox="0 0 64 48"><g>'
             '<use x="0" y="0" style="fill:#bed2c1" xlink:href="symbols.svg#s"/>'
             '<use x="5" y="5" xlink:href="symbols.svg#both"/>'
             '<rect fill="url(symbols.svg#p)" width="5" height="5"/>'
             '<image href="symbols.svg" width="10" height="10"/>'
             '<text x="25" y="45" font-size="10" font-family="Arial">10ss</text></g></svg>')
_SVG_HREFS = ("#s", "#both", "#p", "#g", "symbols.svg#s", "symbols.svg#both", "symbols.svg#red",
              "symbols.svg#p", "map.svg#s", "map.svg", "symbols.svg", "other.svg#x",
              "sub/symbols.svg#s", "./symbols.svg#s", "symbols.svg#", "#", "/dev/zero",
              "data:image/svg+xml;base64,PHN2Zy8+", "../symbols.svg#s", "file:///etc/passwd")
_SVG_VALUES = ("0", "-1", "1e308", "nan", "inf", "1e6", "99999", "", "url(#g)",
               "url(symbols.svg#g)", "url(symbols.svg#p)", "scale(1000)", "rotate(45)",
               "matrix(1e9 0 0 1e9 0 0)", "none", "10%", "0 0 1e9 1e9")
_SVG_ATTRIBUTES = ("x", "y", "width", "height", "fill", "style", "transform", "viewBox",
                   "font-size", "stroke-width", "filter", "clip-path", "mask", "r", "opacity")


def mutate_svg(seed: int) -> tuple[str, str]:
    """(board, symbols): SVG_BOARD and SVG_SYMBOLS, one or both edited as trees (elements
    repeated up to 100 times, attributes given absurd values, <use> and <image> of other ids
    and files added, ids doubled, elements removed) or, one case in five, as bytes."""
    import random

    from lxml import etree

    rnd = random.Random(seed)
    xlink = "{http://www.w3.org/1999/xlink}href"
    svg = "{http://www.w3.org/2000/svg}"

    def edit(text: str) -> str:
        if rnd.random() < 0.2:
            return mutate(text.encode(), rnd.randrange(2**32)).decode("utf-8", "replace")
        root = etree.fromstring(text.encode())
        for _ in range(rnd.randint(1, 6)):
            element = rnd.choice(list(root.iter()))
            parent = element.getparent()
            roll = rnd.random()
            if roll < 0.25 and parent is not None:
                for _ in range(rnd.choice((1, 2, 10, 100))):
                    parent.append(copy.deepcopy(element))
            elif roll < 0.45:
                element.set(rnd.choice(_SVG_ATTRIBUTES), rnd.choice(_SVG_VALUES))
            elif roll < 0.65:
                etree.SubElement(element, svg + "use").set(rnd.choice((xlink, "href")),
                                                           rnd.choice(_SVG_HREFS))
            elif roll < 0.75 and element.get(xlink) is not None:
                element.set(xlink, rnd.choice(_SVG_HREFS))
            elif roll < 0.85:
                element.set("id", rnd.choice(("s", "both", "p", "g", "red", "x")))
            elif roll < 0.92 and parent is not None:
                parent.remove(element)
            else:
                image = etree.SubElement(element, svg + "image")
                image.attrib.update({xlink: rnd.choice(_SVG_HREFS), "width": "10", "height": "10"})
        return etree.tostring(root).decode()

    which = rnd.random()
    board = edit(SVG_BOARD) if which > 0.3 else SVG_BOARD
    symbols = edit(SVG_SYMBOLS) if which < 0.6 else SVG_SYMBOLS
    return board, symbols
