"""Turns and setups: the turn track, the sequence of play, scenarios and where their pieces start."""

from __future__ import annotations

from collections import Counter

from converter.limits import TRACK_CELLS
from converter.validate.semantic.context import Context, enum_items, escape_pointer, walk_phases


def check_turns(ctx: Context) -> None:
    turns = ctx.data.get("turns")
    valid_turns: set[int] | None = None
    too_many = False
    for key in ("count", "first"):  # every turn is a drawn cell: bound how many
        if turns and isinstance(turns.get(key), int) and abs(turns[key]) > TRACK_CELLS.value():
            ctx.report(f"/turns/{key}", TRACK_CELLS.refusal("turns", f"{key} {turns[key]}"),
                        check="turns")
            too_many = True
    if turns and turns.get("count") is not None and not too_many:
        first = turns.get("first", 1)
        valid_turns = set(range(first, first + turns["count"]))
        for key in ("labels", "notes"):
            for i, item in enumerate(turns.get(key) or []):
                if item["turn"] not in valid_turns:
                    ctx.report(f"/turns/{key}/{i}/turn", f"turn {item['turn']} is not on the turn track "
                                f"({first}..{first + turns['count'] - 1})", check="turns")
        labelled = [item["turn"] for item in turns.get("labels") or []]
        for t in {t for t in labelled if labelled.count(t) > 1}:
            ctx.report("/turns/labels", f"turn {t} has two labels", check="turns")
    for tp, track in ctx.items("tracks"):
        if track.get("min") is not None and track.get("max") is not None and track["min"] > track["max"]:
            ctx.report(f"{tp}/min", f"track {track['id']!r} runs from {track['min']} to {track['max']}", check="turns")
        for key in ("min", "max"):  # every cell of a track is drawn: bound how many
            if isinstance(track.get(key), int) and abs(track[key]) > TRACK_CELLS.value():
                ctx.report(f"{tp}/{key}", TRACK_CELLS.refusal(f"track {track['id']!r}", f"{key} {track[key]}"),
                            check="turns")
        start = track.get("start")
        if isinstance(start, dict):
            for key in start:
                ctx.ref(f"{tp}/start/{escape_pointer(key)}", key, "owners")
    for pp, phase in walk_phases(ctx.data.get("sequence"), "/sequence"):
        ctx.ref(f"{pp}/side", phase.get("side"), "owners")
        ctx.refs(f"{pp}/order", phase.get("order"), "owners")
    if valid_turns is not None:
        for pointer, when in ctx.found["when"]:
            turns_value = when.get("turns") if isinstance(when, dict) else None
            listed = turns_value if isinstance(turns_value, list) else []
            listed = listed + (when.get("not_turns") or [] if isinstance(when, dict) else [])
            for t in listed:
                if t not in valid_turns:
                    ctx.report(f"{pointer}/when", f"turn {t} is not on the turn track", check="turns")


def check_scenarios(ctx: Context) -> None:
    pieces = {p["id"]: p for _pp, p in ctx.items("pieces")}
    for sp, scen in ctx.items("scenarios"):
        used: Counter[str] = Counter()
        first_at: dict[str, str] = {}
        for pp, place in enum_items(scen.get("setup"), f"{sp}/setup"):
            pid = place["piece"]
            if not ctx.ref(f"{pp}/piece", pid, "pieces"):
                continue
            ctx.location(f"{pp}/at", place["at"])
            piece = pieces[pid]
            used[pid] += place.get("count", 1)
            first_at.setdefault(pid, pp)
            steps = (piece.get("steps") or {}).get("count")
            if place.get("steps") is not None and steps is not None and place["steps"] > steps:
                ctx.report(f"{pp}/steps", f"piece {pid!r} has {steps} steps; it cannot start with {place['steps']}",
                            check="setup")
            if place.get("face") is not None and place["face"] >= len(piece.get("faces") or []):
                ctx.report(f"{pp}/face", f"piece {pid!r} has no face {place['face']}", check="setup")
        for pid, n in used.items():
            have = pieces[pid].get("count", 1)
            if n > have and "count" not in (pieces[pid].get("missing") or []):
                ctx.report(f"{first_at[pid]}/piece", f"the setup places {n} of piece {pid!r}, but the game has {have}",
                            check="count")
        for i, ts in enumerate(scen.get("track_start") or []):
            ctx.ref(f"{sp}/track_start/{i}/track", ts["track"], "tracks")
            ctx.ref(f"{sp}/track_start/{i}/owner", ts.get("owner"), "owners")
        for vp, vic in enum_items(scen.get("victory"), f"{sp}/victory"):
            ctx.ref(f"{vp}/side", vic.get("side"), "owners")
            ctx.ref(f"{vp}/track", vic.get("track"), "tracks")
        turns = scen.get("turns")
        game_turns = ctx.data.get("turns")
        if turns and game_turns and game_turns.get("count") is not None:
            first = game_turns.get("first", 1)
            last = first + game_turns["count"] - 1
            for key in ("min", "max"):
                if key in turns and not first <= turns[key] <= last:
                    ctx.report(f"{sp}/turns/{key}", f"turn {turns[key]} is not on the turn track ({first}..{last})",
                                check="turns")
