"""One exception hierarchy for the whole tool.

Each error says where (file, JSON pointer, log position) and what was expected, so the
CLI can print it as one line and exit 2 without a traceback.
"""

from __future__ import annotations


def shown(path: object) -> str:
    """A file name as one printable line in a message: a name may hold a line break or a
    control character (shown escaped as Python writes them, 'bad\\nname.vlog'), or bytes
    that are not UTF-8 (shown as '\\xff', not as an unprintable surrogate).

    >>> shown("bad\\nname\\udcff.vlog")
    'bad\\\\nname\\\\xff.vlog'
    """
    text = str(path)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else
                   f"\\x{ord(ch) - 0xDC00:02x}" if 0xDC80 <= ord(ch) <= 0xDCFF else
                   repr(ch)[1:-1] for ch in text)


class VconvError(Exception):
    """Base of every error vconv raises on purpose."""


class InputError(VconvError):
    """An input file is missing, unreadable or corrupt (exit code 2)."""

    def __init__(self, path: str, message: str, *, line: int | None = None,
                 pointer: str | None = None) -> None:
        self.path = str(path)
        self.message = message
        self.line = line
        self.pointer = pointer
        where = shown(self.path)
        if line is not None:
            where += f":{line}"
        if pointer is not None:
            where += f":{pointer or '/'}"
        super().__init__(f"{where}: {message}")


class ModelError(VconvError, ValueError):
    """The game description is inconsistent in a way the model cannot represent."""


class VassalFormatError(VconvError, ValueError):
    """A VASSAL file (module, save, log) does not follow the format."""


class BuildError(VconvError):
    """A module could not be built; the checker's findings are in the message."""


class AuditError(VconvError):
    """A recorded game could not be audited (not a rule violation: those are findings)."""
