"""Independent confirmation of findings on real modules: each oracle re-reads the archive with
plain zipfile/lxml (not the checker's code) and says whether one finding is true."""

from __future__ import annotations

import re
import unicodedata
import zipfile
from collections import Counter
from pathlib import Path

from lxml import etree

from converter.check import Finding


class Archive:
    """A module's entries (named as Java reads them) and its build file elements."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with zipfile.ZipFile(path) as z:
            self.names = set()
            for info in z.infolist():
                name = info.filename
                if not info.flag_bits & 0x800:
                    try:
                        name = info.orig_filename.encode("cp437").decode("utf-8")
                    except (UnicodeEncodeError, UnicodeDecodeError):
                        pass
                self.names.add(name)
            build = "buildFile.xml" if "buildFile.xml" in z.namelist() else "buildFile"
            self.text = z.read(build).decode("utf-8")
            self.moduledata = z.read("moduledata").decode("utf-8") \
                if "moduledata" in z.namelist() else ""
            self.classes = [z.read(n) for n in z.namelist() if n.endswith(".class")]
        self.root = etree.fromstring(self.text.encode("utf-8"),
                                     etree.XMLParser(resolve_entities=False, huge_tree=True))

    def named(self, short: str) -> list[str]:
        """The name attributes of every element whose class ends with *short*."""
        return [e.get("mapName") if short == "Map" else e.get("name")
                for e in self.root.iter() if isinstance(e.tag, str)
                and e.tag.rsplit(".", 1)[-1] == short]

    def has_image(self, name: str) -> bool:
        return any(f"images/{n}" in self.names
                   for n in (name, unicodedata.normalize("NFD", name), name + ".gif"))


def _quoted(message: str, after: str) -> str:
    match = re.search(after + r" '((?:[^'\\]|\\.)*)'", message) or \
        re.search(after + r' "([^"]*)"', message)
    assert match, (after, message)
    return match.group(1)


def confirm(f: Finding, a: Archive) -> bool | None:
    """True when the finding is confirmed, False when refuted, None when no oracle applies."""
    m = f.message
    if f.code == "missing-image":
        return not a.has_image(_quoted(m, "image"))
    if f.code == "missing-prototype":
        name = _quoted(m, "uses prototype")
        # the use may sit inside a Place Marker's definition, its ';' escaped
        return name not in a.named("PrototypeDefinition") and \
            re.search(r"prototype\\*;" + re.escape(name), a.text) is not None
    if f.code in ("missing-region", "missing-zone", "missing-deck", "missing-map"):
        kind = {"missing-region": "Region", "missing-zone": "Zone", "missing-deck": "DrawPile",
                "missing-map": "Map"}[f.code]
        what = {"Region": "region", "Zone": "zone", "DrawPile": "deck", "Map": "map"}[kind]
        name = _quoted(m, what)
        names = a.named(kind) + (a.named("PlayerHand") + a.named("PrivateMap")
                                 if kind == "Map" else [])
        return name not in names
    if f.code == "missing-board":
        board = _quoted(m, "board")
        if "which map" in m:  # a board the stack's own map lacks (VASSAL places it on no other)
            owner = _quoted(m, "which map")
            maps = [e for e in a.root.iter() if isinstance(e.tag, str)
                    and e.tag.rsplit(".", 1)[-1] in ("Map", "PlayerHand", "PrivateMap")
                    and e.get("mapName") == owner]
            return bool(maps) and all(
                board not in [b.get("name") for b in mp.iter()
                              if isinstance(b.tag, str) and b.tag.endswith(".Board")]
                for mp in maps)
        return board not in a.named("Board")
    if f.code == "missing-file":
        return _quoted(m, "file") not in a.names
    if f.code == "missing-property":
        name = _quoted(m, "global property")
        return name not in a.named("GlobalProperty") + a.named("ZoneProperty")
    if f.code.startswith("duplicate-") and f.code != "duplicate-gpid":
        kind = {"duplicate-map": "Map", "duplicate-deck": "DrawPile",
                "duplicate-prototype": "PrototypeDefinition", "duplicate-board": "Board",
                "duplicate-zone": "Zone", "duplicate-region": "Region",
                "duplicate-global-property": "GlobalProperty",
                "duplicate-dice-button": "DiceButton",
                "duplicate-turn-tracker": "TurnTracker"}[f.code]
        return Counter(a.named(kind))[_quoted(m, "name")] >= 2
    if f.code == "duplicate-gpid":
        gpid = re.search(r"gpid (\S+) is also used", m).group(1)  # type: ignore[union-attr]
        attrs = len(re.findall(rf'gpid="{re.escape(gpid)}"', a.text))
        return attrs >= 2 or (attrs >= 1 and f";{gpid};" in a.text)
    if f.code == "missing-gpid":
        slots = [e for e in a.root.iter() if isinstance(e.tag, str)
                 and e.tag.endswith(("widget.PieceSlot", "widget.CardSlot"))]
        without = sum(1 for e in slots if not e.get("gpid"))
        more = re.search(r"and (\d+) other slot", m)
        return without == (int(more.group(1)) + 1 if more else 1)
    if f.code == "custom-class":
        cls = re.search(r"Java class (\S+)", m).group(1)  # type: ignore[union-attr]
        return cls.replace(".", "/") + ".class" in a.names
    if f.code == "outdated-class":  # the class file is there and spells the dropped class
        cls = re.search(r"Java class (\S+) ", m).group(1)  # type: ignore[union-attr]
        gone = re.search(r"uses (VASSAL\.\S+?)[ ,]", m).group(1)  # type: ignore[union-attr]
        return cls.replace(".", "/") + ".class" in a.names and \
            any(gone.replace(".", "/").encode() in c for c in a.classes)
    if f.code == "missing-class":
        cls = re.search(r"Java class (\S+),", m).group(1)  # type: ignore[union-attr]
        return cls.replace(".", "/") + ".class" not in a.names
    if f.code == "declared-version":
        version = re.search(r"VassalVersion (\S+):", m).group(1)  # type: ignore[union-attr]
        return f"<VassalVersion>{version}</VassalVersion>" in a.moduledata or \
            f'VassalVersion="{version}"' in a.text
    if f.code == "needs-version" and m.startswith("trait "):
        return m.split()[1] in a.text
    if f.code == "no-moduledata":
        return "moduledata" not in a.names
    if f.code == "unused-image":
        count = int(m.split()[0])
        images = [n[len("images/"):] for n in a.names if n.startswith("images/")
                  and not n.endswith("/")]
        unnamed = [n for n in images if n not in a.text and n.removesuffix(".gif") not in a.text]
        # HTML charts and property-built names may use some that the build file never spells
        return 0 < count <= len(unnamed)
    return None


def _image_size(a: Archive, name: str) -> tuple[int, int] | None:
    import io

    from PIL import Image

    for n in (name, unicodedata.normalize("NFD", name), name + ".gif"):
        if f"images/{n}" in a.names:
            with zipfile.ZipFile(a.path) as z:
                return Image.open(io.BytesIO(z.read(f"images/{n}"))).size
    return None


def _element_at_line(a: Archive, where: str, short: str) -> etree._Element:
    line = int(re.search(r":(\d+): ", where).group(1))  # type: ignore[union-attr]
    found = [e for e in a.root.iter() if isinstance(e.tag, str) and e.sourceline == line
             and e.tag.endswith("." + short)]
    assert len(found) == 1, (where, short)
    return found[0]


def _board_of(a: Archive, element: etree._Element) -> etree._Element:
    node = element
    while not node.tag.endswith((".Map", ".PlayerHand", ".PrivateMap")):
        node = node.getparent()
    boards = [e for e in node.iter() if isinstance(e.tag, str) and e.tag.endswith(".Board")]
    owner = element.get("owningBoard")
    return next(b for b in boards if b.get("name") == owner) if owner else boards[0]


def confirm_geometry(f: Finding, a: Archive) -> bool | None:
    """Off-board stacks placed by position, zones leaving or overlapping each other."""
    from converter.vassal.grid import ZoneGeometry

    if f.code == "off-board":
        short = "SetupStack" if "at-start stack" in f.message else "DrawPile"
        stack = _element_at_line(a, f.where, short)
        if stack.get("useGridLocation") == "true":
            return None
        board = _board_of(a, stack)
        size = _image_size(a, board.get("image")) if board.get("image") else \
            (int(board.get("width", 500)), int(board.get("height", 500)))
        x, y = int(stack.get("x", 0)), int(stack.get("y", 0))
        return size is not None and not (0 <= x < size[0] and 0 <= y < size[1])
    if f.code == "zone-off-board":
        zone = _element_at_line(a, f.where, "Zone")
        board = zone
        while not board.tag.endswith(".Board"):
            board = board.getparent()
        size = _image_size(a, board.get("image")) if board.get("image") else \
            (int(board.get("width", 500)), int(board.get("height", 500)))
        points = [tuple(int(v) for v in p.split(",")) for p in zone.get("path").split(";")]
        return size is not None and any(not (0 <= x <= size[0] and 0 <= y <= size[1])
                                        for x, y in points)
    if f.code in ("zone-overlap", "zone-hidden"):
        later = _element_at_line(a, f.where, "Zone")
        first_line = int(re.search(r"\(line (\d+)\)", f.message).group(1))  # type: ignore[union-attr]
        first = next(e for e in later.getparent() if isinstance(e.tag, str)
                     and e.sourceline == first_line and e.tag.endswith(".Zone"))

        def zone(e: etree._Element) -> ZoneGeometry:
            return ZoneGeometry(e.get("name"), tuple(tuple(int(v) for v in p.split(","))
                                             for p in e.get("path").split(";")))
        za, zb = zone(first), zone(later)
        x0 = max(min(p[0] for p in za.polygon), min(p[0] for p in zb.polygon))
        x1 = min(max(p[0] for p in za.polygon), max(p[0] for p in zb.polygon))
        y0 = max(min(p[1] for p in za.polygon), min(p[1] for p in zb.polygon))
        y1 = min(max(p[1] for p in za.polygon), max(p[1] for p in zb.polygon))
        for y in range(y0 + 1, y1):
            for x in range(x0 + 1, x1):
                if all(za.contains((x + dx, y + dy)) and zb.contains((x + dx, y + dy))
                       for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                    return True
        return False
    return None


def _expanded_text(a: Archive, text: str, seen: set[str]) -> str:
    """A piece text with the text of every prototype it names appended (recursively)."""
    out = [text]
    for name in re.findall(r"prototype;([^;\t\\/]*)", text):
        if name in seen:
            continue
        seen.add(name)
        for e in a.root.iter():
            if isinstance(e.tag, str) and e.tag.endswith("PrototypeDefinition") \
                    and e.get("name") == name:
                out.append(_expanded_text(a, e.text or "", seen))
                break
    return "\n".join(out)


def confirm_other(f: Finding, a: Archive) -> bool | None:
    """Property-built image names and keystrokes bound twice."""
    if f.code == "image-expression":
        name = _quoted(f.message, "image name")
        count = int(re.search(r"; (\d+) image", f.message).group(1)) \
            if "fit it" in f.message and "no image" not in f.message else 0  # type: ignore[union-attr]
        pattern = "^" + ".+".join(re.escape(p) for p in name.split("$")[::2]) + r"(\.gif)?$"
        fits = {n for n in a.names if n.startswith("images/")
                and re.match(pattern, n[len("images/"):])}
        return "$" in name and len(fits) == count
    if f.code == "hotkey-twice":
        line = int(re.search(r":(\d+): ", f.where).group(1))  # type: ignore[union-attr]
        slot = next(e for e in a.root.iter() if isinstance(e.tag, str)
                    and e.sourceline == line and e.tag.endswith(("PieceSlot", "CardSlot")))
        text = _expanded_text(a, slot.text or "", set())
        key = re.search(r"keystroke (\S+) is bound", f.message).group(1)  # type: ignore[union-attr]
        menus = re.findall(r"'((?:[^'\\]|\\.)*)'(?: \(prototype '[^']*'\))?(?: and|;)",
                           f.message)
        if "+" in key:
            char = key.rsplit("+", 1)[1]
            codes = [str(ord(char))] if len(char) == 1 else []
            uses = sum(len(re.findall(rf"(?<![\d]){c}\\?,(?:130|2|128)\b", text)) for c in codes)
        else:
            uses = len(re.findall(rf",{re.escape(key)}\b", text))
        return uses >= 2 and all(m in text for m in menus)
    return None
