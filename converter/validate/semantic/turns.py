"""Turns and setups: the turn track, the sequence of play, scenarios and where their pieces start."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from converter.limits import TRACK_CELLS
from converter.model.turns import Phase
from converter.validate.semantic.context import Context, escape_pointer


def check_turns(ctx: Context) -> None:
    """The turn track, the tracks and the sequence of play (on the model); the turns any
    'when' of the document names are on the turn track."""
    game = ctx.game
    turns = game.turns
    valid_turns: set[int] | None = None
    too_many = False
    for key, value in (("count", turns.count if turns else None), ("first", turns.first if turns else None)):
        if isinstance(value, int) and abs(value) > TRACK_CELLS.value():  # every turn is a drawn cell
            ctx.report(f"/turns/{key}", TRACK_CELLS.refusal("turns", f"{key} {value}"), check="turns")
            too_many = True
    if turns is not None and turns.count is not None and not too_many:
        first = turns.first if turns.first is not None else 1
        valid_turns = set(range(first, first + turns.count))
        marked = [("labels", i, m.turn) for i, m in enumerate(turns.labels or [])] \
            + [("notes", i, m.turn) for i, m in enumerate(turns.notes or [])]
        for key, i, turn in marked:
            if turn not in valid_turns:
                ctx.report(f"/turns/{key}/{i}/turn", f"turn {turn} is not on the turn track "
                           f"({first}..{first + turns.count - 1})", check="turns")
        labelled = [item.turn for item in turns.labels or []]
        for t in {t for t in labelled if labelled.count(t) > 1}:
            ctx.report("/turns/labels", f"turn {t} has two labels", check="turns")
    for i, track in enumerate(game.tracks or []):
        tp = f"/tracks/{i}"
        if track.min is not None and track.max is not None and track.min > track.max:
            ctx.report(f"{tp}/min", f"track {track.id!r} runs from {track.min} to {track.max}", check="turns")
        for key, value in (("min", track.min), ("max", track.max)):  # every cell is drawn: bound them
            if isinstance(value, int) and abs(value) > TRACK_CELLS.value():
                ctx.report(f"{tp}/{key}", TRACK_CELLS.refusal(f"track {track.id!r}", f"{key} {value}"),
                           check="turns")
        if isinstance(track.start, dict):
            for owner in track.start:
                ctx.ref(f"{tp}/start/{escape_pointer(owner)}", owner, "owners")
    if turns is not None and turns.wrap and turns.count is None:
        ctx.report("/turns/wrap", "the turns start again after the last, but the track has "
                   "no count to say which turn is last", check="turns")
    for pp, phase in _phases(game.sequence or [], "/sequence"):
        ctx.ref(f"{pp}/side", phase.side, "owners")
        ctx.refs(f"{pp}/order", phase.order, "owners")
        if phase.counted and phase.level is None:
            ctx.report(f"{pp}/counted", f"phase {phase.id!r} is counted, but names no level "
                       "to count it (level)", check="turns")
    if valid_turns is not None:
        for pointer, when in ctx.found["when"]:
            turns_value = when.get("turns") if isinstance(when, dict) else None
            listed = turns_value if isinstance(turns_value, list) else []
            listed = listed + (when.get("not_turns") or [] if isinstance(when, dict) else [])
            for t in listed:
                if t not in valid_turns:
                    ctx.report(f"{pointer}/when", f"turn {t} is not on the turn track", check="turns")


def _phases(phases: list[Phase], pointer: str) -> Iterator[tuple[str, Phase]]:
    """Every phase of the sequence, sub-phases after their phase, with its JSON pointer."""
    for i, phase in enumerate(phases):
        yield f"{pointer}/{i}", phase
        yield from _phases(phase.phases or [], f"{pointer}/{i}/phases")


def check_scenarios(ctx: Context) -> None:
    """What each scenario sets up exists, fits its piece and its place (on the model)."""
    game = ctx.game
    pieces = {p.id: p for p in game.pieces or []}
    for s, scen in enumerate(game.scenarios or []):
        sp = f"/scenarios/{s}"
        used: Counter[str] = Counter()
        first_at: dict[str, str] = {}
        for k, place in enumerate(scen.setup or []):
            pp, pid = f"{sp}/setup/{k}", place.piece
            if not ctx.ref(f"{pp}/piece", pid, "pieces"):
                continue
            ctx.location(f"{pp}/at", place.at)
            piece = pieces[pid]
            used[pid] += place.count if place.count is not None else 1
            first_at.setdefault(pid, pp)
            steps = piece.steps.count if piece.steps is not None else None
            if place.steps is not None and steps is not None and place.steps > steps:
                ctx.report(f"{pp}/steps", f"piece {pid!r} has {steps} steps; it cannot start with {place.steps}",
                           check="setup")
            if place.face is not None and place.face >= len(piece.faces or []):
                ctx.report(f"{pp}/face", f"piece {pid!r} has no face {place.face}", check="setup")
        for pid, n in used.items():
            count = pieces[pid].count
            have = count if count is not None else 1
            if n > have and "count" not in (pieces[pid].missing or []):
                ctx.report(f"{first_at[pid]}/piece", f"the setup places {n} of piece {pid!r}, but the game has {have}",
                           check="count")
        for i, ts in enumerate(scen.track_start or []):
            ctx.ref(f"{sp}/track_start/{i}/track", ts.track, "tracks")
            ctx.ref(f"{sp}/track_start/{i}/owner", ts.owner, "owners")
        for v, vic in enumerate(scen.victory or []):
            ctx.ref(f"{sp}/victory/{v}/side", vic.side, "owners")
            ctx.ref(f"{sp}/victory/{v}/track", vic.track, "tracks")
        if scen.turns is not None and game.turns is not None and game.turns.count is not None:
            first = game.turns.first if game.turns.first is not None else 1
            last = first + game.turns.count - 1
            for key, turn in (("min", scen.turns.min), ("max", scen.turns.max)):
                if turn is not None and not first <= turn <= last:
                    ctx.report(f"{sp}/turns/{key}", f"turn {turn} is not on the turn track ({first}..{last})",
                               check="turns")
