"""The result of checking one module, its text and JSON forms, and the exit code."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from converter.check.findings import Finding, Severity

_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass
class Report:
    """Findings for one module, sorted (severity, then place) so the output is stable."""

    module: str
    findings: list[Finding] = field(default_factory=list)
    unreadable: str = ""
    extensions: list[str] = field(default_factory=list)  # loaded with the module, in order

    def sorted(self) -> list[Finding]:
        return sorted(self.findings, key=lambda f: (_ORDER[f.severity], f.code,
                                                    _natural(f.where), f.message))

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity is severity)

    def exit_code(self, strict: bool = False) -> int:
        """2 unreadable, 1 errors (or warnings under --strict), else 0."""
        if self.unreadable:
            return 2
        if self.count(Severity.ERROR) or (strict and self.count(Severity.WARNING)):
            return 1
        return 0

    @property
    def title(self) -> str:
        """The module, and the extensions loaded with it."""
        if not self.extensions:
            return self.module
        return f"{self.module} with extension(s) {', '.join(self.extensions)}"

    def summary(self) -> str:
        if self.unreadable:
            return f"{self.title}: unreadable: {self.unreadable}"
        played = sum(1 for f in self.findings if f.in_play)
        in_play = f" ({played} met only in play)" if played else ""
        return (f"{self.title}: {self.count(Severity.ERROR)} error(s), "
                f"{self.count(Severity.WARNING)} warning(s){in_play}, "
                f"{self.count(Severity.INFO)} info")

    def as_dict(self) -> dict[str, object]:
        return {"module": self.module, **({"extensions": self.extensions} if self.extensions
                                           else {}),
                "unreadable": self.unreadable or None,
                "errors": self.count(Severity.ERROR), "warnings": self.count(Severity.WARNING),
                "infos": self.count(Severity.INFO),
                "in_play": sum(1 for f in self.findings if f.in_play),
                "findings": [f.as_dict() for f in self.sorted()]}


def _natural(text: str) -> list[tuple[int, int, str]]:
    """A sort key that orders `buildFile.xml:9` before `buildFile.xml:10`: a run of digits
    by its length, then its digits (never turned into an int: a module may hold 5,000)."""
    key = []
    for part in re.split(r"(\d+)", text):
        if part and part[0].isdigit():
            digits = part.lstrip("0") or "0"
            key.append((0, len(digits), digits))
        elif part:
            key.append((1, 0, part))
    return key


def render_text(reports: list[Report]) -> str:
    lines: list[str] = []
    for report in reports:
        lines.extend(str(f) for f in report.sorted())
        lines.append(report.summary())
    return "\n".join(lines) + "\n"


def render_json(reports: list[Report]) -> str:
    return json.dumps({"modules": [r.as_dict() for r in reports]}, indent=2,
                      ensure_ascii=False) + "\n"
