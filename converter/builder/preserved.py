"""A game imported from a VASSAL module → that module again, from what the import kept.

The game's `vassal` section names the original build file, moduledata and every other entry
(files of the game folder); they are written back byte for byte, so the rebuilt module has
the original's components, names and piece definitions, and the original's saves load into
it.  The game description travels along (`vconv/game.json`) for the auditor, as in every
module vconv builds.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Protocol

from converter.builder.conventions import GAME_ENTRY
from converter.errors import BuildError, InputError
from converter.limits import XML_ELEMENTS
from converter.load.document import GameDocument
from converter.safexml import declared_entities, holds_more_elements, looks_like_xml
from converter.vassal.archive import ModuleArchive, check_entry_name, zip_bytes
from converter.vassal.buildfile import read_buildfile

MAX_FILE_BYTES = 256 * 1024 * 1024


@dataclass
class PreservedArchive(ModuleArchive):
    """A module whose entries are given as bytes (the original's), not generated."""

    raw: dict[str, bytes] = field(default_factory=dict)

    def entries(self, epoch: int | None = None) -> dict[str, bytes]:
        return dict(self.raw)

    def to_bytes(self, epoch: int | None = None) -> bytes:
        return zip_bytes(self.entries(epoch), epoch)

    def write(self, path: str | os.PathLike[str], epoch: int | None = None, *,
              check: bool = True) -> Path:
        # the original module's own content: our checker's conventions are not its own
        return super().write(path, epoch, check=False)


class WrittenBack(Protocol):
    """What writing a JSON's edits into a kept build file gives (converter.importer.writeback)."""

    buildfile: bytes
    warnings: list[str]
    extra_entries: dict[str, bytes]
    edited: bool


# (the loaded game, the module's entries, the build file's entry name) → the build file to write
WriteBackHook = Callable[[GameDocument, dict[str, bytes], str], WrittenBack]


def digest(document: dict[str, Any]) -> str:
    """A fingerprint of a game as its JSON says it (`vassal` and `include` aside): a build
    compares it with the import's to tell whether the JSON was edited."""
    content = {k: v for k, v in document.items() if k not in ("vassal", "include")}
    text = json.dumps(content, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()



def preserved_archive(folder: Path, document: dict[str, Any],
                      doc: GameDocument | None = None,
                      warnings: list[str] | None = None,
                      edited: list[bool] | None = None,
                      write_back: WriteBackHook | None = None) -> PreservedArchive:
    """The module the game's `vassal` section describes, with the game embedded; with the
    loaded *doc* and a *write_back* (the importer's, which `vconv build` passes), the JSON's
    edits written into the build file (what cannot be written goes to *warnings*).

    Raises:
        InputError: a file the section names is missing, unreadable or outside the folder.
        BuildError: an entry name is unsafe in a module.
        VassalFormatError: the kept build file is not a readable build file.
    """
    section = document["vassal"]
    raw: dict[str, bytes] = {}
    entry = check_entry_name(str(section["entry"]))
    raw[entry] = _read(folder, str(section["buildfile"]))  # parsed below, its DTD refused
    if section.get("moduledata"):
        raw["moduledata"] = _kept(folder, str(section["moduledata"]), moduledata=True)
    for file, name in sorted(section.get("files", {}).items()):
        name = check_entry_name(str(name))
        if name in raw:
            raise BuildError(f"{folder}: game.json#/vassal/files: entry {name!r} is given twice")
        raw[name] = _kept(folder, str(file))
    stored = section.get("imported")
    if doc is not None and write_back is None and stored and stored != digest(doc.data):
        if warnings is not None:
            warnings.append("game.json#/vassal: the JSON was edited since the import; this "
                            "build writes the kept module unchanged (`vconv build` writes the "
                            "edits in)")
    elif doc is not None and write_back is not None:
        result = write_back(doc, raw, entry)
        raw[entry] = result.buildfile
        for name, data in result.extra_entries.items():
            raw.setdefault(name, data)
        if warnings is not None:
            warnings += result.warnings
        if edited is not None:
            edited.append(result.edited)
    raw[GAME_ENTRY] = (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    root = read_buildfile(raw[entry], f"{folder}/{section['buildfile']}")
    return PreservedArchive(root, raw=raw)


def _kept(folder: Path, rel: str, *, moduledata: bool = False) -> bytes:
    """A kept file to pack as it is, refused when it is XML that would cost the reader far
    more than its bytes: VASSAL expands the entities of the moduledata, build file and SVG
    pictures it opens, and reads a moduledata whole (an imported folder is a stranger's
    file too, edited after the import or not)."""
    data = _read(folder, rel)
    if not looks_like_xml(data):
        return data
    where = str(folder / rel)
    if moduledata and holds_more_elements(data, XML_ELEMENTS.value()):
        raise InputError(where, XML_ELEMENTS.exceeded(
            f"module metadata of {XML_ELEMENTS.value() + 1} elements or more"))
    entities = declared_entities(data)
    if entities is not None:
        raise InputError(where, f"XML declaring {entities}, which VASSAL would expand when it "
                                "opens the module; a module vconv builds carries no XML "
                                "entity (remove the DTD)")
    return data


def _read(folder: Path, rel: str) -> bytes:
    parts = PurePosixPath(rel).parts
    if not parts or rel.startswith("/") or "\\" in rel or ".." in parts:
        raise InputError(f"{folder}/game.json", f"#/vassal names {rel!r}, which leaves the folder")
    path = folder.joinpath(*parts)
    try:
        # a link may not lead out of the folder (a stranger's game folder linking to one of
        # your files would put it in the module you share), nor to a device or a FIFO, whose
        # read never ends
        if folder.resolve() not in path.resolve().parents:
            raise InputError(str(path), f"is a link leading out of the game folder; "
                                        f"game.json#/vassal names {rel!r}")
        if not stat.S_ISREG(path.stat().st_mode):
            raise InputError(str(path), f"is not a regular file; game.json#/vassal names {rel!r}")
        with path.open("rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(str(path), f"cannot be read ({exc.strerror or exc}); game.json#/vassal "
                                    "names it") from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(str(path), f"more than {MAX_FILE_BYTES} bytes")
    return data



