"""Writing a .vmod: a deterministic ZIP with buildFile.xml, moduledata and the images.

Entries are sorted, stamped with SOURCE_DATE_EPOCH (clamped to the ZIP epoch 1980), written
with one fixed compression (DEFLATED, level 9) and fixed permissions, so the same module gives
the same bytes.  The module declares VASSAL 3.6.0, which 3.6, 3.7 and 3.8 all open (§1.2).
"""

from __future__ import annotations

import io
import logging
import os
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from converter.atomic import source_date_epoch, write_bytes_atomic
from converter.errors import BuildError
from converter.vassal.buildfile import write_buildfile
from converter.vassal.components.base import Component

log = logging.getLogger(__name__)

VASSAL_VERSION = "3.6.0"
ZIP_EPOCH = 315532800  # 1980-01-01, the earliest time a ZIP entry can carry
FORBIDDEN_ENTRIES = frozenset({"savedGame", "extensiondata"})


def _xml_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def module_metadata(*, name: str, version: str, description: str = "",
                    vassal_version: str = VASSAL_VERSION, date_saved_ms: int = 0,
                    extra1: str = "", extra2: str = "") -> bytes:
    """The `moduledata` entry (§1.3): the module name must equal GameModule's `name`."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        '<data version="1">',
        f"  <version>{_xml_text(version)}</version>",
        f"  <extra1>{_xml_text(extra1)}</extra1>" if extra1 else "  <extra1/>",
        f"  <extra2>{_xml_text(extra2)}</extra2>" if extra2 else "  <extra2/>",
        f"  <VassalVersion>{_xml_text(vassal_version)}</VassalVersion>",
        f"  <dateSaved>{date_saved_ms}</dateSaved>",
        f"  <description>{_xml_text(description)}</description>",
        f"  <name>{_xml_text(name)}</name>",
        "</data>",
    ]
    return ("\n".join(lines) + "\n").encode("utf-8")


def check_entry_name(name: str) -> str:
    """A safe archive path: relative, POSIX, no `..`, not an entry that changes the file type.

    Raises:
        BuildError: the name is unsafe or forbidden in a module.
    """
    path = PurePosixPath(name)
    if (not name or name.startswith("/") or "\\" in name or ".." in path.parts
            or name != str(path)):
        raise BuildError(f"archive entry name {name!r} is not a clean relative path")
    if name in FORBIDDEN_ENTRIES:
        raise BuildError(f"archive entry {name!r} would make VASSAL treat the module as "
                         "a save or an extension")
    return name


@dataclass
class ModuleArchive:
    """What goes into a .vmod: the GameModule component tree, images and other files.

    `images` maps names as components reference them (`units/a.png`) to bytes; they are
    stored under `images/`.  `files` maps other archive paths (help HTML, .vsav setups).
    """

    buildfile: Component
    images: dict[str, bytes] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)

    def entries(self, epoch: int | None = None) -> dict[str, bytes]:
        """Every archive entry by name (buildFile.xml and moduledata included)."""
        root = self.buildfile
        when = source_date_epoch() if epoch is None else epoch
        out: dict[str, bytes] = {
            "buildFile.xml": write_buildfile(root),
            "moduledata": module_metadata(
                name=str(getattr(root, "name", "")), version=str(getattr(root, "version", "")),
                description=str(getattr(root, "description", "")),
                vassal_version=str(getattr(root, "vassal_version", VASSAL_VERSION)),
                extra1=str(getattr(root, "module_other1", "")),
                extra2=str(getattr(root, "module_other2", "")),
                date_saved_ms=when * 1000),
        }
        for name, data in self.images.items():
            out[check_entry_name("images/" + name)] = data
        for name, data in self.files.items():
            if name in out:
                raise BuildError(f"archive entry {name!r} is given twice")
            out[check_entry_name(name)] = data
        return out

    def to_bytes(self, epoch: int | None = None) -> bytes:
        """The .vmod bytes: deterministic for the same content and SOURCE_DATE_EPOCH."""
        return zip_bytes(self.entries(epoch), epoch)

    def write(self, path: str | os.PathLike[str], epoch: int | None = None, *,
              check: bool = True) -> Path:
        """Check the module, then write it atomically (a reader never sees half a file).

        Raises:
            BuildError: the checker found errors (warnings are only logged).
        """
        if check:
            from converter.vassal.checker import check_archive

            findings = check_archive(self)
            for finding in findings:
                if finding.severity != "error":
                    log.warning("%s", finding)
            errors = [str(f) for f in findings if f.severity == "error"]
            if errors:
                shown = "; ".join(errors[:10])
                more = f" (and {len(errors) - 10} more)" if len(errors) > 10 else ""
                raise BuildError(f"module {path} not written, {len(errors)} problem(s): "
                                 f"{shown}{more}")
        return write_bytes_atomic(path, self.to_bytes(epoch))


def zip_bytes(entries: dict[str, bytes], epoch: int | None = None) -> bytes:
    """A deterministic ZIP of *entries*: sorted names, fixed time, mode and compression."""
    when = max(ZIP_EPOCH, source_date_epoch() if epoch is None else epoch)
    stamp = time.gmtime(when)[:6]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name], compresslevel=9)
    return buffer.getvalue()
