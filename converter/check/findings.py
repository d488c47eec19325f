"""One finding of `vconv check`: how bad, where, what is wrong and what to do about it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Severity(str, Enum):
    """error: VASSAL fails or misbehaves as it loads the module; warning: likely a mistake,
    or a fault VASSAL meets only in play (`Finding.in_play`); info: worth knowing."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Finding:
    """One problem found in a module.

    `code` names the kind (`missing-image`, `duplicate-gpid`, ...) so that scripts can filter;
    `where` is the archive entry and, inside the build file, the component path such as
    `Map[Main Map]/SetupStack[Reserve]` (folders are left out, as VASSAL sees through them).
    `in_play` marks a fault VASSAL's load passes over in silence and a player meets only when
    the game is on (a command used, a setup chosen, a game started); its message says what
    VASSAL does then.
    """

    severity: Severity
    code: str
    where: str
    message: str
    hint: str = ""
    in_play: bool = False

    def __str__(self) -> str:
        when = " (in play)" if self.in_play else ""
        text = f"{self.severity.value}{when}: {self.where}: {self.message}"
        return text + (f" (hint: {self.hint})" if self.hint else "")

    def as_dict(self) -> dict[str, str | bool]:
        return {"severity": self.severity.value, "code": self.code, "where": self.where,
                "message": self.message, "hint": self.hint, "in_play": self.in_play}


def error(code: str, where: str, message: str, hint: str = "") -> Finding:
    return Finding(Severity.ERROR, code, where, message, hint)


def warning(code: str, where: str, message: str, hint: str = "") -> Finding:
    return Finding(Severity.WARNING, code, where, message, hint)


def in_play(code: str, where: str, message: str, hint: str = "") -> Finding:
    """A fault VASSAL's load does not report, met by a player in play: a warning, so that
    check's errors are what VASSAL's load reports (--strict fails on these too)."""
    return Finding(Severity.WARNING, code, where, message, hint, in_play=True)


def info(code: str, where: str, message: str, hint: str = "") -> Finding:
    return Finding(Severity.INFO, code, where, message, hint)
