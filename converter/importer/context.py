"""What every part of an import shares: the module, provenance, ids, notes and images.

One `ImportContext` lives for one import (no global state).  Each importer step adds JSON
objects in the canonical form; what the format cannot hold goes to `notes`, never silently
dropped.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from converter.importer.images import ImageStore
from converter.vassal.vmod_reader import ModuleFile

SOURCE_ID = "vassal-module"
MISSING_NOTE = "not in the VASSAL module"
_ID_CHARS = re.compile(r"[^A-Za-z0-9_.-]+")


def slug(text: str, fallback: str = "item") -> str:
    """An id of the format (letters, digits, '-', '_', '.') made from a VASSAL name."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    out = _ID_CHARS.sub("-", plain.strip().lower()).strip("-_.")
    out = out[:72].rstrip("-_.")
    return out or fallback


@dataclass
class IdPool:
    """Hands out unique ids per namespace: 'infantry', then 'infantry-2', ..."""

    taken: dict[str, set[str]] = field(default_factory=dict)

    def take(self, space: str, name: str, fallback: str = "item") -> str:
        base = slug(name, fallback)
        used = self.taken.setdefault(space, set())
        ident, n = base, 2
        while ident in used:
            ident = f"{base}-{n}"
            n += 1
        used.add(ident)
        return ident


@dataclass
class ImportContext:
    """The module being imported and everything gathered so far."""

    module: ModuleFile
    images: ImageStore
    ids: IdPool = field(default_factory=IdPool)
    notes: list[str] = field(default_factory=list)

    def stated(self, path: str) -> dict[str, Any]:
        """Provenance of a datum read from the module at component *path*."""
        return {"status": "stated", "source": SOURCE_ID, "note": f"imported from {path}"}

    def deduced(self, path: str, how: str) -> dict[str, Any]:
        return {"status": "deduced", "source": SOURCE_ID, "note": f"computed from {path}: {how}"}

    def missing(self, fields: list[str], path: str) -> dict[str, Any]:
        """Provenance of an object some of whose fields the module does not give."""
        return {"status": "missing", "source": SOURCE_ID,
                "note": f"{MISSING_NOTE}: {', '.join(fields)}; the rest imported from {path}"}

    def note(self, text: str) -> None:
        # no file name of the module: a module rebuilt from the import must import alike
        path = self.module.path
        text = text.replace(f"{path}!", "").replace(f"{path}: ", "").replace(path, "the module")
        if text not in self.notes:
            self.notes.append(text)

