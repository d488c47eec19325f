"""What every ZIP reader here shares: the exceptions a damaged archive raises, and telling a
module from a save or log without reading either (so `vconv dump` of a save imports no module
reader)."""

from __future__ import annotations

import os
import struct
import zipfile

# what opening or listing a damaged ZIP can raise: zipfile says NotImplementedError for a
# version or method it does not know, struct.error for a truncated extra field
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError,
              NotImplementedError, struct.error)


def is_module(path: str) -> bool:
    """A ZIP with a build file and no savedGame: a module, not a save or log.  Only a
    regular file can be one: zipfile would read a device such as /dev/zero to its end."""
    if not os.path.isfile(path):
        return False
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
    except ZIP_ERRORS:
        return False  # the save reader then says what is wrong with it
    return "savedGame" not in names and bool({"buildFile.xml", "buildFile"} & names)
