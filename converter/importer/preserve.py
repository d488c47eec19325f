"""What the format has no place for, kept verbatim: the build file, moduledata and every
other entry of the module, so that `vconv build` writes the module back as it was.

The game's `vassal` section names them: `buildfile` and `moduledata` (files of the folder,
byte for byte) and `files` (file of the folder → entry name in the module).  Images keep the
folder names the rest of the import gave them; other entries go under `vassal/files/`.
An entry that cannot be read (corrupt, over the size limit) is noted and left out; the import
goes on.
"""

from __future__ import annotations

import re
from typing import Any

from converter.builder.conventions import GAME_ENTRY
from converter.errors import VassalFormatError
from converter.importer.context import ImportContext
from converter.importer.images import IMAGE_FOLDER, MAX_IMAGE_BYTES

PRESERVED_FOLDER = "vassal"
VCONV_FOLDER = GAME_ENTRY.split("/", 1)[0] + "/"  # a vconv-built module's own entries
_UNSAFE = re.compile(r"[^A-Za-z0-9._ +-]+")


def preserve(ctx: ImportContext, raw_buildfile: bytes,
             raw_moduledata: bytes | None) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The game's `vassal` section and the files it names (besides the copied images)."""
    module = ctx.module
    ext = "xml" if module.buildfile_name.endswith(".xml") else "txt"
    files: dict[str, bytes] = {f"{PRESERVED_FOLDER}/buildFile.{ext}": raw_buildfile}
    section: dict[str, Any] = {"buildfile": f"{PRESERVED_FOLDER}/buildFile.{ext}",
                               "entry": module.buildfile_name}
    if raw_moduledata is not None:
        files[f"{PRESERVED_FOLDER}/moduledata.xml"] = raw_moduledata
        section["moduledata"] = f"{PRESERVED_FOLDER}/moduledata.xml"
    mapping: dict[str, str] = {}
    taken: set[str] = set(files)
    for entry in sorted(module.sizes):
        if entry in (module.buildfile_name, "moduledata") or entry.startswith(VCONV_FOLDER):
            continue
        if entry.startswith(IMAGE_FOLDER + "/") and len(entry) > len(IMAGE_FOLDER) + 1:
            target = _image(ctx, entry)
        else:
            target = _other(ctx, entry, files, taken)
        if target is not None:
            mapping[target] = entry
    section["files"] = dict(sorted(mapping.items()))
    section["provenance"] = ctx.stated(f"the module's {module.buildfile_name}, moduledata and "
                                       f"{len(mapping)} other entries, verbatim")
    return section, files


def _image(ctx: ImportContext, entry: str) -> str | None:
    name = entry[len(IMAGE_FOLDER) + 1:]
    try:
        target = ctx.images.copy(name)
    except VassalFormatError as exc:
        ctx.note(f"entry {entry!r} cannot be read ({exc}); a rebuilt module lacks it")
        return None
    if target is not None and ctx.images.entry_of(name) != entry:
        return None  # `name` resolved to another entry (name.gif): that one is kept itself
    return target


def _other(ctx: ImportContext, entry: str, files: dict[str, bytes],
           taken: set[str]) -> str | None:
    try:
        data = ctx.module.read_member(entry, MAX_IMAGE_BYTES)
    except VassalFormatError as exc:
        ctx.note(f"entry {entry!r} cannot be read ({exc}); a rebuilt module lacks it")
        return None
    parts = [_UNSAFE.sub("_", p).strip(" .") or "_" for p in entry.split("/")]
    base = f"{PRESERVED_FOLDER}/files/" + "/".join(parts)
    target, n = base, 2
    while target in taken:
        target = f"{base}-{n}"
        n += 1
    taken.add(target)
    files[target] = data
    return target
