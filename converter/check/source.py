"""Opening a module for checking: the archive's entry list, the build file as an XML tree,
moduledata (an extension's extensiondata), and bounded reads of any other entry.

The safe-reading rules (checked entry names, bounded inflation, no XML entities) are the
module reader's (`converter.vassal.vmod_reader`); this keeps the build file as XML rather
than components, because a checker must see what is there, known to vconv or not.
"""

from __future__ import annotations

import os
import zipfile
from dataclasses import dataclass, field, replace

from lxml import etree

from converter.errors import VassalFormatError
from converter.vassal import vmod_reader
from converter.vassal.buildfile import MAX_BUILDFILE_BYTES
from converter.check.tree import kind_of
from converter.safexml import parse_untrusted
from converter.vassal.zipfiles import ZIP_ERRORS


@dataclass
class ModuleSource:
    """A module opened for checking (entries listed, build file and metadata parsed)."""

    path: str
    entries: dict[str, int]
    buildfile_name: str
    buildfile: bytes
    root: etree._Element
    metadata: dict[str, str]
    zip_names: dict[str, str] = field(default_factory=dict)  # name as VASSAL reads it → as zipfile
    metadata_entry: str = "moduledata"  # the entry `metadata` was read from
    # the extensions loaded with the module, in order, and the entries each one supplies
    # (VASSAL looks a file up in the module's archive first, then in each extension's)
    extensions: list["ModuleSource"] = field(default_factory=list)
    supplied_by: dict[str, "ModuleSource"] = field(default_factory=dict)
    _archive: zipfile.ZipFile | None = field(default=None, repr=False)

    def read(self, name: str, limit: int = vmod_reader.MAX_MEMBER_BYTES) -> bytes:
        """One entry's bytes, bounded.

        Raises:
            VassalFormatError: the entry is missing, corrupt or larger than *limit*.
        """
        owner = self.supplied_by.get(name)
        if owner is not None:
            return owner.read(name, limit)
        if self._archive is None:
            try:
                self._archive = zipfile.ZipFile(self.path)
            except ZIP_ERRORS as exc:
                raise VassalFormatError(f"{self.path}: cannot reopen the archive: {exc}") \
                    from None
        return vmod_reader._read_bounded(self._archive, self.zip_names.get(name, name), limit,
                                         self.path)

    def close(self) -> None:
        """Close the archive that `read` keeps open between reads (and the extensions')."""
        if self._archive is not None:
            self._archive.close()
            self._archive = None
        for extension in self.extensions:
            extension.close()

    def archive_of(self, entry: str) -> str:
        """The path of the archive that holds *entry*: the module's or an extension's."""
        owner = self.supplied_by.get(entry)
        return (owner or self).path

    def path_of(self, entry: str) -> str:
        """`ARCHIVE!ENTRY`, naming the archive that holds *entry*."""
        return f"{self.archive_of(entry)}!{entry}"

    @property
    def is_extension(self) -> bool:
        return kind_of(str(self.root.tag)) == "ModuleExtension"


# an archive's own description, read by VASSAL from that archive only
_OWN_ENTRIES = frozenset({"buildFile", "buildFile.xml", "moduledata", "extensiondata"})


def with_extensions(module: ModuleSource, extensions: list[ModuleSource]) -> ModuleSource:
    """The module as VASSAL plays it with *extensions* loaded: one archive whose entries are
    the module's, then each extension's that the module (or an earlier extension) lacks; the
    build file stays the module's (`converter.check.extensions` adds the extensions'
    components to its tree) and its text is followed by theirs, for the look-ups of names."""
    entries = dict(module.entries)
    supplied_by: dict[str, ModuleSource] = {}
    for extension in extensions:
        for name, size in extension.entries.items():
            if name not in entries and name not in _OWN_ENTRIES:
                entries[name] = size
                supplied_by[name] = extension
    text = b"\n".join([module.buildfile, *(e.buildfile for e in extensions)])
    return replace(module, entries=entries, buildfile=text, extensions=list(extensions),
                   supplied_by=supplied_by, _archive=None)


def open_module(path: str | os.PathLike[str]) -> ModuleSource:
    """Open *path* as a module, refusing what is not one.

    Raises:
        InputError: no such file.
        VassalFormatError: not a ZIP, a saved game, no build file, unsafe entries, sizes over
            the limits, malformed XML or XML entities.
    """
    source = str(path)
    with vmod_reader.open_archive(source) as archive:
        entries: dict[str, int] = {}
        zip_names: dict[str, str] = {}
        for zinfo in vmod_reader.checked_entries(archive, source):
            if not zinfo.is_dir():
                name = java_name(zinfo)
                entries[name] = zinfo.file_size
                if name != zinfo.filename:
                    zip_names[name] = zinfo.filename
        if "savedGame" in entries:
            raise VassalFormatError(f"{source}: this is a saved game, not a module")
        metadata: dict[str, str] = {}
        # VASSAL's metadata factory reads extensiondata before moduledata: an archive with
        # both is an extension (ASL PBS carries a stale copy of VASL's moduledata)
        metadata_entry = "extensiondata" if "extensiondata" in entries else "moduledata"
        if metadata_entry in entries:
            metadata = vmod_reader.parse_metadata(
                vmod_reader._read_bounded(archive, metadata_entry, vmod_reader.MAX_MEMBER_BYTES,
                                          source), f"{source}!{metadata_entry}")
        buildfile = vmod_reader._buildfile_name(entries, metadata.get("VassalVersion", ""))
        if buildfile is None:
            raise VassalFormatError(f"{source}: no buildFile.xml or buildFile: not a module")
        data = vmod_reader._read_bounded(archive, buildfile, MAX_BUILDFILE_BYTES, source)
    return ModuleSource(source, entries, buildfile, data,
                        parse_buildfile(data, f"{source}!{buildfile}"),
                        metadata, zip_names, metadata_entry=metadata_entry)


def java_name(zinfo: zipfile.ZipInfo) -> str:
    """An entry's name as VASSAL (java.util.zip) reads it: UTF-8 even when the archive does
    not flag it so (Python then reads it as code page 437)."""
    if zinfo.flag_bits & 0x800:
        return zinfo.filename
    try:
        return zinfo.orig_filename.encode("cp437").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return zinfo.filename


def parse_buildfile(data: bytes, source: str) -> etree._Element:
    """The build file as an lxml tree, through vconv's one safe parser (no DTD in any
    encoding, no entities, no network).

    Raises:
        VassalFormatError: malformed XML or a document type declaration.
    """
    return parse_untrusted(data, source)
