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


TINY_GAME = json.dumps({"id": "tiny", "title": "Tiny", "version": "1", "sides": [{"id": "a", "name": "A"}],
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
