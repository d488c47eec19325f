"""Continuity between the files of one game: each PBEM log starts from the position the
previous file ended in.  A piece that starts elsewhere, at another step, or appears or
vanishes between two files is a finding (the classic "my log ended differently" dispute).
Works with any module, vconv game description or not."""

from __future__ import annotations

from dataclasses import dataclass

from converter.audit.events import Event, LogPos, StepEnded
from converter.audit.findings import Finding, Severity
from converter.audit.replay import Visitor
from converter.audit.places import OFF_MAP, Layout, Place
from converter.audit.state import GameState
from converter.audit.traits import TraitReader, Traits

RULE = "continuity"


@dataclass(frozen=True, slots=True)
class Seen:
    """A piece as a file ended or started: its chain's texts and where it stood.  It is
    named (its traits decoded, its place named by the boards it was put on) only when the
    two files disagree about it: a long game's thousands of pieces mostly agree."""

    type_text: str
    state_text: str
    map: str | None
    x: int
    y: int
    place: Place | None  # named already, or None: named by *layout* when asked
    layout: Layout | None
    reader: TraitReader

    @property
    def traits(self) -> Traits:
        return self.reader.read(self.type_text, self.state_text)

    @property
    def name(self) -> str:
        return self.traits.name

    @property
    def level(self) -> int | None:
        return self.traits.level

    @property
    def masked(self) -> bool:
        return self.traits.masked

    @property
    def where(self) -> str:
        place = self.place
        if place is None:
            place = self.layout.place(self.map, self.x, self.y) if self.layout is not None \
                else OFF_MAP
        return place.label()


def snapshot(state: GameState) -> dict[str, Seen]:
    reader = state.module.traits
    return {pid: Seen(p.type_text, p.state_text, p.map, p.x, p.y, p._place, p.layout, reader)
            for pid, p in state.pieces.items()}


class Snapshots(Visitor):
    """The position after the restored game (the file's start) and at its end."""

    handles = (StepEnded,)

    def __init__(self) -> None:
        self.start: dict[str, Seen] = {}
        self.end: dict[str, Seen] = {}

    def visit_event(self, state: GameState, event: Event) -> None:
        if event.pos.step == 0:
            self.start = snapshot(state)

    def end_game(self, state: GameState) -> None:
        self.end = snapshot(state)


def compare(before: dict[str, Seen], after: dict[str, Seen], previous: str,
            pos: LogPos, limit: int = 50) -> list[Finding]:
    """Findings for every piece whose position differs between *previous*'s end and the
    start of the file at *pos* (at most *limit*, then one line saying how many more)."""
    out: list[Finding] = []
    problems: list[tuple[str, str, str, str]] = []
    for pid in sorted(set(before) | set(after)):
        a, b = before.get(pid), after.get(pid)
        if a is None and b is not None:
            problems.append((b.name, "absent", f"at {b.where}", f"{b.name} appears at {b.where}"))
        elif b is None and a is not None:
            problems.append((a.name, f"at {a.where}", "absent", f"{a.name} (at {a.where}) is gone"))
        elif a is not None and b is not None:
            if (a.map, a.x, a.y) != (b.map, b.x, b.y):
                problems.append((a.name, f"at {a.where}", f"at {b.where}",
                                 f"{a.name} ended at {a.where} but starts at {b.where}"))
            elif (a.type_text, a.state_text) != (b.type_text, b.state_text) and (
                    a.level != b.level or a.masked != b.masked):
                what = "step/side level" if a.level != b.level else "mask"
                problems.append((a.name, f"{what} {a.level if what != 'mask' else a.masked}",
                                 f"{what} {b.level if what != 'mask' else b.masked}",
                                 f"{a.name} changed its {what} between the files"))
    for name, was, now, text in problems[:limit]:
        out.append(Finding("continuity", RULE, None, Severity.VIOLATION, pos,
                           f"{text} (the position {previous} ended in)",
                           f"{was}, as {previous} ended", now, pieces=[name]))
    if len(problems) > limit:
        out.append(Finding("continuity", RULE, None, Severity.VIOLATION, pos,
                           f"... and {len(problems) - limit} more differences from {previous}",
                           "the same position", f"{len(problems)} differences"))
    return out
