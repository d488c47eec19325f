"""Turn trackers: the game's turns and sequence of play as VASSAL's nested levels, the other
trackers a module had, and the state a scenario's save starts them in.

A game made for vconv gets one tracker: a "Turn" level with every leaf phase in one "Phase"
list inside. A game imported from a module names the levels its turns and phases were shown
by (`Turns.level`, `Phase.level`): the tracker is laid out as the module's was, so that its
expressions and reports read the same properties and it steps through the same values.
"""

from __future__ import annotations

from converter.builder.conventions import leaf_phases
from converter.model.game import Game
from converter.model.scenario import Scenario
from converter.model.turns import Phase, TrackerLevel, Turns
from converter.vassal import sequence
from converter.vassal.components import CounterTurnLevel, ListTurnLevel, TurnTracker
from converter.vassal.components.base import Component
from converter.vassal.components.turn_tracker import TurnLevel, turn_levels

TRACKER_ID = "TurnTracker0"  # VASSAL numbers turn trackers in build order; the game's is first


def turn_tracker(game: Game) -> TurnTracker | None:
    """Turns as the outer level, the sequence of play inside."""
    if game.turns is None and not game.sequence:
        return None
    tracker = TurnTracker(name="Turn", button_text="Turn")
    tracker.add(*game_levels(game.turns, game.sequence))
    return tracker


def game_levels(turns: Turns | None, phases: list[Phase] | None) -> list[TurnLevel]:
    """The levels of the game's tracker: the turns' level holding the phases' levels (or the
    phases' levels alone, for a game that counts no turns)."""
    inner = phase_levels(phases or [])
    if turns is None:
        return inner
    outer = turn_level(turns)
    outer.add(*inner)
    return [outer]


def turn_level(turns: Turns) -> TurnLevel:
    """The level counting the game's turns (a list when the turns have names)."""
    name = "Turn" if turns.level is None else turns.level
    prop = turns.property if turns.property is not None else name
    numbers = turns.numbers()
    if turns.labels:
        if turns.level is not None:  # a module's list of turn names, as it was
            items = [turns.label(n) for n in numbers]
        else:
            items = [f"{n} {turns.label(n)}" if turns.label(n) != str(n) else str(n)
                     for n in numbers]
        return ListTurnLevel(name=name, property=prop, turn_format="$value$", items=items)
    wrap = bool(turns.wrap) and bool(numbers)
    return CounterTurnLevel(name=name, property=prop, turn_format="$value$",
                            start=turns.opening(), incr=1, loop=wrap,
                            loop_limit=numbers[-1] if wrap else -1)


def phase_levels(phases: list[Phase]) -> list[TurnLevel]:
    """The sequence of play as tracker levels: the levels its phases name when they can be
    laid out so, else every leaf phase in one "Phase" list (numbered when names repeat)."""
    if not phases:
        return []
    if any(phase.level is not None for _, phase in _every(phases)):
        nested = _levels(phases)
        if nested is not None:
            return nested
    names = [name for _, name in leaf_phases(phases)]
    if len(names) != len(set(names)):
        names = [f"{i}. {p}" for i, p in enumerate(names, 1)]
    return [ListTurnLevel(name="Phase", property="Phase", turn_format="$value$", items=names)]


def nested_layout(phases: list[Phase]) -> bool:
    """Whether the phases name levels the tracker can show them by (a list's entries all
    stepping through alike sub-phases); False sends the build back to one list of leaves."""
    return _levels(phases) is not None


def _every(phases: list[Phase]) -> list[tuple[int, Phase]]:
    return [pair for phase in phases for pair in phase.walk()]


def _levels(phases: list[Phase]) -> list[TurnLevel] | None:
    """Phases in a row with one level: a list of their names; a counted phase: a counter.
    None when VASSAL cannot show them so (a phase without a level, a list whose entries have
    different sub-phases, two counted phases of one level in a row)."""
    out: list[TurnLevel] = []
    groups: list[list[Phase]] = []
    for phase in phases:
        if phase.level is None:
            return None
        if groups and _group_key(groups[-1][0]) == _group_key(phase) and not phase.counted:
            groups[-1].append(phase)
        else:
            groups.append([phase])
    for group in groups:
        head = group[0]
        assert head.level is not None
        prop = head.property if head.property is not None else head.level
        level: TurnLevel
        if head.counted:
            first = 1 if head.first is None else head.first
            level = CounterTurnLevel(name=head.level, property=prop, turn_format="$value$",
                                     start=first, incr=1, loop=head.repeat is not None,
                                     loop_limit=first + head.repeat - 1
                                     if head.repeat is not None else -1)
        else:
            if len({_shape(p.phases or []) for p in group}) > 1:
                return None
            level = ListTurnLevel(name=head.level, property=prop, turn_format="$value$",
                                  items=[p.name for p in group])
        children = _levels(head.phases or [])
        if children is None:
            return None
        level.add(*children)
        out.append(level)
    return out


def _group_key(phase: Phase) -> tuple[object, ...]:
    return (phase.level, phase.property, bool(phase.counted))


def _shape(phases: list[Phase]) -> tuple[object, ...]:
    """What a list level's entry steps through: alike under every entry, or no list."""
    return tuple((p.name, p.level, p.property, bool(p.counted), p.first, p.repeat,
                  _shape(p.phases or [])) for p in phases)


def other_trackers(game: Game) -> list[TurnTracker]:
    """The game's other trackers, each with its levels as the module had them."""
    out = []
    for tracker in game.trackers or []:
        comp = TurnTracker(name=tracker.name, button_text=tracker.button
                           if tracker.button is not None else tracker.name)
        comp.add(*[tracker_level(level) for level in tracker.levels])
        out.append(comp)
    return out


def tracker_level(level: TrackerLevel) -> TurnLevel:
    """One level of another tracker, with its sub-levels."""
    prop = level.property if level.property is not None else level.name
    comp: TurnLevel
    if level.items is not None:
        comp = ListTurnLevel(name=level.name, property=prop, turn_format="$value$",
                             items=list(level.items))
    else:
        comp = CounterTurnLevel(name=level.name, property=prop, turn_format="$value$",
                                start=1 if level.first is None else level.first,
                                incr=1 if level.step is None else level.step,
                                loop=level.last is not None,
                                loop_limit=-1 if level.last is None else level.last)
    comp.add(*[tracker_level(child) for child in level.levels or []])
    return comp


def level_state(level: Component, current: int | None = None) -> str:
    """A level at its start (VASSAL's TurnLevel state): a counter at its first value, a
    list at its first entry with every entry on, each sub-level after it; *current* sets
    the top value (a counter's number, a list's index)."""
    kids = [level_state(c) for c in turn_levels(level)]
    fields: list[object]
    if isinstance(level, CounterTurnLevel):
        fields = [level.start if current is None else current, 0, level.loop, level.loop_limit]
    else:
        assert isinstance(level, ListTurnLevel)
        fields = [0 if current is None else current, 0, 0,
                  ",".join(["true"] * len(level.items))]
    return sequence.join(fields + kids, ";")


def turn_state(game: Game, scenario: Scenario | None) -> str | None:
    """The game's tracker at a scenario's first turn and first phase (the `TURN` command
    state of VASSAL's TurnTracker), or None when the module has no tracker."""
    tracker = turn_tracker(game)
    if tracker is None:
        return None
    levels = turn_levels(tracker)
    if game.turns is None:
        return sequence.join([0] + [level_state(level) for level in levels], "|")
    numbers = game.turns.numbers()
    turn = game.turns.opening()
    if scenario is not None and scenario.turns is not None and scenario.turns.min in numbers:
        turn = scenario.turns.min
    outer = levels[0]
    current = numbers.index(turn) if isinstance(outer, ListTurnLevel) else turn
    return sequence.join([0, level_state(outer, current)], "|")
