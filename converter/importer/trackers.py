"""Turn trackers → the game's turns and sequence of play, and its other trackers.

VASSAL's tracker is a tree of levels: a level's sub-levels are stepped through one after the
other, each to its end, before the level moves on, and a list level repeats them under every
entry.  The tracker whose levels are the game's turns gives `turns` (its first level) and
`sequence` (the levels under it: a list's entries are phases, each with the sub-levels'
phases, a counter a counted phase); each phase names its level, so that a build lays the
tracker out again as the module did.  Every other tracker (Fields of Fire's 'Activity
Level') is kept level by level in `trackers`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from converter.importer.context import ImportContext
from converter.importer.paths import label
from converter.vassal.components import (
    CounterTurnLevel, ListTurnLevel, TurnGlobalHotkey, TurnTracker)
from converter.vassal.components.turn_tracker import TurnLevel, turn_levels

MAX_PHASES = 1000  # sub-levels are repeated under every entry: a bound on what that makes

_TURN_WORD = re.compile(r"\bturns?\b", re.IGNORECASE)


@dataclass
class TrackersResult:
    """The JSON of the module's trackers and, for the write-back, their components."""

    turns: dict[str, Any] | None = None
    sequence: list[dict[str, Any]] = field(default_factory=list)
    trackers: list[dict[str, Any]] = field(default_factory=list)
    main: TurnTracker | None = None
    others: dict[str, TurnTracker] = field(default_factory=dict)


def turn_tracker(trackers: list[TurnTracker]) -> TurnTracker:
    """The tracker whose levels are the game's turns: the first named for turns, else the
    first."""
    named = [t for t in trackers if _TURN_WORD.search(t.name)]
    return (named or trackers)[0]


def import_turns(ctx: ImportContext, consumed: set[int]) -> TrackersResult:
    """Every tracker of the module: the one counting turns as `turns` and `sequence`, the
    others as `trackers`.  With several, the first named for turns counts the turns, else
    the first (Fields of Fire's first tracker is its 'Activity Level', its second its
    'Turn')."""
    out = TrackersResult()
    trackers = ctx.module.buildfile.find_all(TurnTracker)
    if not trackers:
        return out
    main = turn_tracker(trackers)
    for tracker in trackers:
        for sub in tracker.walk():
            consumed.add(id(sub))
        _hotkeys(ctx, tracker)
        if tracker is main:
            out.main = tracker
            out.turns, out.sequence = _game_turns(ctx, tracker)
        else:
            entry = _other(ctx, tracker)
            if entry is not None:
                out.trackers.append(entry)
                out.others[entry["id"]] = tracker
    return out


def _hotkeys(ctx: ImportContext, tracker: TurnTracker) -> None:
    keys = [c for c in tracker.walk() if isinstance(c, TurnGlobalHotkey)]
    if keys:
        names = ", ".join(repr(k.name) for k in keys)
        ctx.note(f"not imported: {label(tracker)}: the key{'s' if len(keys) > 1 else ''} it "
                 f"fires as the turn changes ({names}) stay{'' if len(keys) > 1 else 's'} "
                 "in the kept build file")


def _game_turns(ctx: ImportContext, tracker: TurnTracker
                ) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    path = label(tracker)
    levels = turn_levels(tracker)
    if not levels:
        ctx.note(f"not imported: {path}: it has no turn levels")
        return None, []
    top = levels[0]
    top_path = f"{path}/{label(top)}"
    turns: dict[str, Any] = {}
    if isinstance(top, CounterTurnLevel):
        turns["first"] = max(top.start, 0)
        if top.loop and top.loop_limit >= top.start and top.incr == 1:
            turns["count"] = top.loop_limit - top.start + 1
        if top.incr != 1:
            ctx.note(f"{top_path}: it counts by {top.incr}; the turns are read as counting "
                     "by 1")
    else:
        items = [i for i in top.items if i.strip()]
        if items:
            turns = {"first": 1, "count": len(items),
                     "labels": [{"turn": k, "label": text} for k, text in enumerate(items, 1)]}
    if turns:
        turns["level"] = top.name
        if top.property != top.name:
            turns["property"] = top.property
        if isinstance(top, CounterTurnLevel) and top.loop and "count" in turns:
            turns["wrap"] = True
        turns["provenance"] = ctx.stated(top_path)
    budget = [MAX_PHASES]
    sequence = _phases(ctx, turn_levels(top), top_path, budget)
    for other in levels[1:]:
        ctx.note(f"not imported: {path}/{label(other)}: a second top-level turn level")
    return (turns or None), sequence


def _phases(ctx: ImportContext, levels: list[TurnLevel], path: str, budget: list[int]
            ) -> list[dict[str, Any]]:
    """The phases *levels* step through, in order; *budget* counts down the phases left to
    make (a list's sub-levels are made again under each of its entries)."""
    out: list[dict[str, Any]] = []
    for level in levels:
        here = f"{path}/{label(level)}"
        if isinstance(level, ListTurnLevel):
            entries = [i for i in level.items if i.strip()]
            if len(entries) < len(level.items):
                ctx.note(f"{here}: its empty entries are left out")
            for item in entries:
                phase = _phase(ctx, item, level, here, budget)
                if phase is None:
                    return out
                out.append(phase)
        else:
            name = level.name or level.property or "Round"
            phase = _phase(ctx, name, level, here, budget)
            if phase is None:
                return out
            out.append(phase)
    return out


def _phase(ctx: ImportContext, name: str, level: TurnLevel, path: str, budget: list[int]
           ) -> dict[str, Any] | None:
    if budget[0] <= 0:
        ctx.note(f"not imported: {path}: the sequence of play would hold more than "
                 f"{MAX_PHASES} phases (each entry repeats the levels under it)")
        budget[0] = -1 << 30  # said once
        return None
    budget[0] -= 1
    phase: dict[str, Any] = {"id": ctx.ids.take("phases", name, "phase"), "name": name,
                             "level": level.name}
    if level.property != level.name:
        phase["property"] = level.property
    if isinstance(level, CounterTurnLevel):
        phase["counted"] = True
        phase["first"] = level.start
        if level.loop and level.loop_limit >= level.start and level.incr == 1:
            phase["repeat"] = level.loop_limit - level.start + 1
        if level.incr != 1:
            ctx.note(f"{path}: it counts by {level.incr}; its rounds are read as counting "
                     "by 1")
    subs = _phases(ctx, turn_levels(level), path, budget)
    if subs:
        phase["phases"] = subs
    phase["provenance"] = ctx.stated(path)
    return phase


def _other(ctx: ImportContext, tracker: TurnTracker) -> dict[str, Any] | None:
    path = label(tracker)
    levels = turn_levels(tracker)
    if not levels:
        ctx.note(f"not imported: {path}: it has no turn levels")
        return None
    entry: dict[str, Any] = {"id": ctx.ids.take("trackers", tracker.name, "tracker"),
                             "name": tracker.name}
    if tracker.button_text != tracker.name:
        entry["button"] = tracker.button_text
    entry["levels"] = [_level(level) for level in levels]
    entry["provenance"] = ctx.stated(path)
    return entry


def _level(level: TurnLevel) -> dict[str, Any]:
    out: dict[str, Any] = {"name": level.name}
    if level.property != level.name:
        out["property"] = level.property
    if isinstance(level, ListTurnLevel):
        out["items"] = list(level.items)
    else:
        out["first"] = level.start
        if level.incr != 1:
            out["step"] = level.incr
        if level.loop:
            out["last"] = level.loop_limit
    subs = [_level(sub) for sub in turn_levels(level)]
    if subs:
        out["levels"] = subs
    return out
