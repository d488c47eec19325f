"""Comparing two build files as a module maintainer would: how many of each element, the
names saves refer to (maps, boards, zones, regions), and the piece definitions' text."""

from __future__ import annotations

import zipfile
from collections import Counter
from pathlib import Path

from lxml import etree

NAMED = {  # element (short class name) → the attribute saves and logs refer to it by
    "Map": "mapName", "PlayerHand": "mapName", "PrivateMap": "mapName", "Board": "name",
    "Zone": "name", "Region": "name", "SetupStack": "name", "DrawPile": "name",
    "PrototypeDefinition": "name",
}
PIECE_TAGS = ("PieceSlot", "CardSlot", "PrototypeDefinition")


def _root(data: bytes) -> etree._Element:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return etree.fromstring(data, parser)


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def element_counts(data: bytes) -> Counter[str]:
    """How many elements of each tag (full class name) the build file holds."""
    return Counter(str(e.tag) for e in _root(data).iter() if isinstance(e.tag, str))


def element_names(data: bytes) -> dict[str, Counter[str]]:
    """Short class name → the names (with multiplicity) of its elements, for NAMED ones."""
    out: dict[str, Counter[str]] = {k: Counter() for k in NAMED}
    for e in _root(data).iter():
        if isinstance(e.tag, str) and _short(e.tag) in NAMED:
            out[_short(e.tag)][e.get(NAMED[_short(e.tag)], "")] += 1
    return out


def piece_texts(data: bytes) -> Counter[str]:
    """The definition text of every slot and prototype."""
    return Counter((e.text or "").strip() for e in _root(data).iter()
                   if isinstance(e.tag, str) and _short(e.tag) in PIECE_TAGS)


def compare_buildfiles(original: bytes, rebuilt: bytes) -> list[str]:
    """What differs, one line each; empty when counts, names and piece texts all agree."""
    problems = []
    a, b = element_counts(original), element_counts(rebuilt)
    for tag in sorted(set(a) | set(b)):
        if a[tag] != b[tag]:
            problems.append(f"{_short(tag)}: {a[tag]} in the original, {b[tag]} rebuilt")
    names_a, names_b = element_names(original), element_names(rebuilt)
    for kind in NAMED:
        lost = names_a[kind] - names_b[kind]
        new = names_b[kind] - names_a[kind]
        if lost or new:
            problems.append(f"{kind} names: lost {sorted(lost)[:5]}, new {sorted(new)[:5]}")
    texts_a, texts_b = piece_texts(original), piece_texts(rebuilt)
    if texts_a != texts_b:
        problems.append(f"piece definitions: {sum((texts_a - texts_b).values())} differ")
    return problems


def buildfile_of(vmod: Path) -> bytes:
    """The build file VASSAL would read (buildFile.xml, else the legacy buildFile)."""
    with zipfile.ZipFile(vmod) as archive:
        names = set(archive.namelist())
        for name in ("buildFile.xml", "buildFile"):
            if name in names:
                return archive.read(name)
    raise AssertionError(f"{vmod}: no build file")
