"""What an audit finds: violations tied to a rule and a log position, and the checks that
could not run for lack of data (never reported as a pass)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from converter.audit.events import LogPos


class Severity(str, Enum):
    VIOLATION = "violation"  # the log breaks the rule as the game's data states it
    WARNING = "warning"      # allowed by some readings, worth a referee's look


@dataclass(slots=True)
class Finding:
    """One problem: which rule (id and section), where in the log, who, what and where."""

    check: str
    rule: str
    section: str | None
    severity: Severity
    pos: LogPos
    message: str
    expected: str
    happened: str
    player: str | None = None
    pieces: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    turn: int | None = None
    phase: str | None = None
    # pixel trace for the HTML report: (map, x, y) of the places involved, origin first
    points: list[tuple[str, int, int]] = field(default_factory=list)

    def line(self) -> str:
        sec = f" §{self.section}" if self.section else ""
        who = f" [{self.player}]" if self.player else ""
        when = ""
        if self.turn is not None:
            when = f" (turn {self.turn}" + (f", {self.phase}" if self.phase else "") + ")"
        return (f"{self.pos.label()}: {self.severity.value}: {self.rule}{sec}{who}: "
                f"{self.message}{when}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "check": self.check, "rule": self.rule, "section": self.section,
            "severity": self.severity.value, "file": self.pos.file, "step": self.pos.step,
            "command": self.pos.index, "player": self.player, "turn": self.turn,
            "phase": self.phase, "pieces": self.pieces, "places": self.places,
            "expected": self.expected, "happened": self.happened, "message": self.message,
        }


@dataclass(slots=True)
class NotCheckable:
    """A check (or one rule of it) that could not be applied: what data is missing."""

    check: str
    rule: str
    section: str | None
    reason: str
    count: int = 0
    first: LogPos | None = None
    details: list[str] = field(default_factory=list)  # which pieces/places, the first few

    MAX_DETAILS = 8

    def add_detail(self, detail: str) -> None:
        if detail and detail not in self.details and len(self.details) < self.MAX_DETAILS:
            self.details.append(detail)

    def line(self) -> str:
        sec = f" §{self.section}" if self.section else ""
        which = f" [{', '.join(self.details)}{', …' if len(self.details) >= self.MAX_DETAILS else ''}]" \
            if self.details else ""
        times = f" ({self.count} time{'s' if self.count != 1 else ''}, first at " \
                f"{self.first.label()})" if self.first is not None and self.count else ""
        return f"not checkable: {self.rule}{sec} ({self.check}): {self.reason}{which}{times}"

    def to_dict(self) -> dict[str, Any]:
        return {"check": self.check, "rule": self.rule, "section": self.section,
                "reason": self.reason, "details": self.details, "count": self.count,
                "first_step": self.first.step if self.first else None}


GROUP_AT = 4  # rules of one family missing the same datum, from which on they are one line


def grouped(items: list[NotCheckable]) -> list[NotCheckable]:
    """*items* sorted for a reader, each family of rules (`count:1`, `count:10`, …: one
    check's rule per piece) that misses the same datum told once: a real module's import
    states no counter's count, and 168 lines saying so hid the rest of the report."""
    families: dict[tuple[str, str, str | None, str], list[NotCheckable]] = {}
    for n in items:
        family = n.rule.split(":", 1)[0] + ":" if ":" in n.rule else n.rule
        families.setdefault((n.check, family, n.section, n.reason), []).append(n)
    out: list[NotCheckable] = []
    for (check, family, section, reason), members in families.items():
        if len(members) < GROUP_AT or not family.endswith(":"):
            out.extend(members)
            continue
        members.sort(key=lambda n: n.rule)
        firsts = [n.first for n in members if n.first is not None]
        merged = NotCheckable(check, f"{family}… ({len(members)} rules)", section, reason,
                              sum(n.count for n in members), min(firsts) if firsts else None)
        for n in members:
            for detail in n.details:
                merged.add_detail(detail)
        out.append(merged)
    return sorted(out, key=lambda n: (n.check, n.rule, n.reason))


@dataclass(slots=True)
class CheckRun:
    """A check that ran, and over which rules of the game."""

    check: str
    rules: list[str]
    applied: int = 0  # how many times it judged something

    def to_dict(self) -> dict[str, Any]:
        return {"check": self.check, "rules": self.rules, "applied": self.applied}
