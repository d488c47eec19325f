"""One finding of `vconv check`: how bad, where, what is wrong and what to do about it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Severity(str, Enum):
    """error: VASSAL fails or misbehaves; warning: likely a mistake; info: worth knowing."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Finding:
    """One problem found in a module.

    `code` names the kind (`missing-image`, `duplicate-gpid`, ...) so that scripts can filter;
    `where` is the archive entry and, inside the build file, the component path such as
    `Map[Main Map]/SetupStack[Reserve]` (folders are left out, as VASSAL sees through them).
    """

    severity: Severity
    code: str
    where: str
    message: str
    hint: str = ""

    def __str__(self) -> str:
        text = f"{self.severity.value}: {self.where}: {self.message}"
        return text + (f" (hint: {self.hint})" if self.hint else "")

    def as_dict(self) -> dict[str, str]:
        return {"severity": self.severity.value, "code": self.code, "where": self.where,
                "message": self.message, "hint": self.hint}


def error(code: str, where: str, message: str, hint: str = "") -> Finding:
    return Finding(Severity.ERROR, code, where, message, hint)


def warning(code: str, where: str, message: str, hint: str = "") -> Finding:
    return Finding(Severity.WARNING, code, where, message, hint)


def info(code: str, where: str, message: str, hint: str = "") -> Finding:
    return Finding(Severity.INFO, code, where, message, hint)
