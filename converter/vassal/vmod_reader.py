"""Reading a .vmod safely: bounded member sizes, checked paths, no XML entities.

Only the build file and moduledata are decompressed (each within a byte limit, read in
chunks so a lying size header cannot make us inflate more); other entries are listed.
"""

from __future__ import annotations

import contextlib
import os
import zipfile
from collections.abc import Iterator
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from converter.errors import InputError, VassalFormatError
from converter.vassal.buildfile import read_buildfile
from converter.safexml import parse_untrusted
from converter.vassal.components.base import Component
from converter.vassal.zipfiles import ZIP_ERRORS


MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 1024 * 1024 * 1024
MAX_MEMBERS = 100_000


@dataclass
class ModuleFile:
    """A module read from disk: its component tree, metadata and the list of entries."""

    path: str
    buildfile: Component
    buildfile_name: str
    metadata: dict[str, str] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)
    raw_buildfile: bytes = field(default=b"", repr=False)  # as stored, for keeping verbatim
    raw_metadata: bytes | None = field(default=None, repr=False)  # moduledata, as stored
    metadata_entry: str = "moduledata"  # the entry `metadata` was read from
    _archive: zipfile.ZipFile | None = field(default=None, repr=False, compare=False)

    @contextlib.contextmanager
    def opened(self) -> Iterator["ModuleFile"]:
        """Keep the archive open while many entries are read (each read_member would
        otherwise read the whole central directory again)."""
        if self._archive is not None:
            yield self
            return
        with zipfile.ZipFile(self.path) as archive:
            self._archive = archive
            try:
                yield self
            finally:
                self._archive = None

    @property
    def entry_names(self) -> set[str]:
        return set(self.sizes)

    @property
    def image_names(self) -> set[str]:
        """Image names as components reference them (without the `images/` prefix)."""
        return {n[len("images/"):] for n in self.sizes if n.startswith("images/")}

    def read_member(self, name: str, limit: int = MAX_MEMBER_BYTES) -> bytes:
        """One entry's bytes, bounded.

        Raises:
            VassalFormatError: the entry is missing or larger than *limit*.
        """
        if self._archive is not None:
            return _read_bounded(self._archive, name, limit, self.path)
        with zipfile.ZipFile(self.path) as archive:
            return _read_bounded(archive, name, limit, self.path)


def _check_name(name: str, source: str) -> None:
    if not name:
        raise VassalFormatError(f"{source}: archive has an entry with an empty name")
    path = PurePosixPath(name)
    if name.startswith("/") or "\\" in name or ".." in path.parts or "\x00" in name:
        raise VassalFormatError(f"{source}: archive entry {name!r} escapes the archive")


def _read_bounded(archive: zipfile.ZipFile, name: str, limit: int, source: str) -> bytes:
    try:
        info = archive.getinfo(name)
    except KeyError:
        raise VassalFormatError(f"{source}: archive has no entry {name!r}") from None
    if info.file_size > limit:
        raise VassalFormatError(f"{source}: entry {name!r} is {info.file_size} bytes, more "
                                f"than the {limit} byte limit")
    chunks: list[bytes] = []
    total = 0
    try:
        with archive.open(info) as stream:
            while True:
                chunk = stream.read(65536)
                if not chunk:
                    break
                total += len(chunk)
                if total > limit:
                    raise VassalFormatError(f"{source}: entry {name!r} inflates past the "
                                            f"{limit} byte limit")
                chunks.append(chunk)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError,
            NotImplementedError, RuntimeError) as exc:  # RuntimeError: encrypted entry
        raise VassalFormatError(f"{source}: entry {name!r} is corrupt: {exc}") from None
    return b"".join(chunks)


def parse_metadata(data: bytes, source: str) -> dict[str, str]:
    """moduledata/savedata children as tag → text (the untranslated ones)."""
    root = parse_untrusted(data, source, "moduledata")
    out: dict[str, str] = {}
    for child in root:
        if isinstance(child.tag, str) and "lang" not in child.attrib:
            out.setdefault(child.tag, (child.text or "").strip())
    return out


def open_archive(source: str) -> zipfile.ZipFile:
    """The module file *source* opened as a ZIP archive (the caller closes it).

    Raises:
        InputError: the file does not exist.
        VassalFormatError: it is not a ZIP archive.
    """
    path = Path(source)
    if not path.is_file():
        raise InputError(source, "not a regular file (a pipe or a device): a module is a ZIP "
                         "archive read out of order; save it to a file first"
                         if path.exists() and not path.is_dir() else "no such module file")
    try:
        return zipfile.ZipFile(source)
    except ZIP_ERRORS as exc:
        raise VassalFormatError(f"{source}: not a ZIP archive ({exc})") from None


def checked_entries(archive: zipfile.ZipFile, source: str,
                    max_total: int = MAX_TOTAL_BYTES) -> list[zipfile.ZipInfo]:
    """The archive's entries, once each was found safe: not too many, no path leaving the
    archive, no name twice, a bounded total.

    Raises:
        VassalFormatError: the first entry or total that breaks one of these.
    """
    infos = archive.infolist()
    if len(infos) > MAX_MEMBERS:
        raise VassalFormatError(f"{source}: {len(infos)} entries, more than {MAX_MEMBERS}")
    seen: set[str] = set()
    total = 0
    for info in infos:
        _check_name(info.filename, source)
        if info.filename in seen:
            # two entries of one name: which one a reader takes differs (zipfile the
            # last, VASSAL the first), so what we check would not be what VASSAL loads
            raise VassalFormatError(f"{source}: archive entry {info.filename!r} appears twice")
        seen.add(info.filename)
        if not info.is_dir():
            total += info.file_size
    if total > max_total:
        raise VassalFormatError(f"{source}: entries total more than {max_total} bytes")
    return infos


def read_vmod(path: str | os.PathLike[str], *, max_member: int = MAX_MEMBER_BYTES,
              max_total: int = MAX_TOTAL_BYTES) -> ModuleFile:
    """Read a module's build file (buildFile.xml, or the legacy buildFile) and metadata
    (an extension's from its extensiondata, as VASSAL reads it).

    Raises:
        InputError: the file does not exist.
        VassalFormatError: not a ZIP, no build file, unsafe entries, sizes over the limits,
            malformed XML.
    """
    source = str(path)
    with open_archive(source) as archive:
        sizes = {info.filename: info.file_size
                 for info in checked_entries(archive, source, max_total) if not info.is_dir()}
        if "savedGame" in sizes:
            raise VassalFormatError(f"{source}: this is a saved game, not a module")
        metadata: dict[str, str] = {}
        raw_metadata = None
        # VASSAL reads an extension's extensiondata, not a moduledata beside it (ASL PBS
        # carries a stale copy of VASL's): only the entry VASSAL reads must be sound
        metadata_entry = "extensiondata" if "extensiondata" in sizes else "moduledata"
        if metadata_entry == "extensiondata":
            metadata = parse_metadata(
                _read_bounded(archive, metadata_entry, max_member, source),
                f"{source}!{metadata_entry}")
            if "moduledata" in sizes:
                with contextlib.suppress(VassalFormatError):  # kept verbatim if readable
                    raw_metadata = _read_bounded(archive, "moduledata", max_member, source)
        elif "moduledata" in sizes:
            raw_metadata = _read_bounded(archive, "moduledata", max_member, source)
            metadata = parse_metadata(raw_metadata, f"{source}!moduledata")
        name = _buildfile_name(sizes, metadata.get("VassalVersion", ""))
        if name is None:
            raise VassalFormatError(f"{source}: no buildFile.xml or buildFile: not a module")
        raw = _read_bounded(archive, name, max_member, source)
        root = read_buildfile(raw, f"{source}!{name}")
    return ModuleFile(path=source, buildfile=root, buildfile_name=name, metadata=metadata,
                      sizes=sizes, raw_buildfile=raw, raw_metadata=raw_metadata,
                      metadata_entry=metadata_entry)


def _buildfile_name(sizes: dict[str, int], vassal_version: str) -> str | None:
    """VASSAL's choice (§1.2): `buildFile` below VassalVersion 3.5, else buildFile.xml."""
    legacy = False
    parts = vassal_version.split(".")
    try:
        legacy = (int(parts[0]), int("".join(c for c in parts[1] if c.isdigit()) or 0)) < (3, 5)
    except (ValueError, IndexError):
        legacy = False
    order = ["buildFile", "buildFile.xml"] if legacy else ["buildFile.xml", "buildFile"]
    for name in order:
        if name in sizes:
            return name
    return None
