"""Every bundled game: its scenario setups, a turn change and legal rolls of its dice audit
with zero findings (what cannot be checked is listed, never passed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.audit.auditor import audit_records
from converter.audit.module import from_components
from converter.builder.scripted import ScriptedGame
from converter.audit.state import phase_leaves
from converter.errors import BuildError, ModelError
from converter.vassal.commands import read_record
from tests.conftest import bundled_games, built_once


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_bundled_game_clean_scripted_games(folder: Path) -> None:
    try:
        built = built_once(folder)
    except (BuildError, ModelError) as exc:  # another part of the project, not the audit
        pytest.fail(f"{folder.name} does not build: {str(exc).splitlines()[0]}")
    game = built.game
    module = from_components(str(folder), built.archive.buildfile, game,
                             built.archive.images.get)
    scenarios = [s for s in game.scenarios or [] if s.setup] or [None]
    leaves = [info.id for info, _ in phase_leaves(game)]
    for scenario in scenarios:
        s = ScriptedGame(built)
        s.setup(scenario.id if scenario else None)
        if game.turns is not None or leaves:
            first = game.turns.numbers()[0] if game.turns is not None else 1
            if scenario is not None and scenario.turns is not None and scenario.turns.min:
                first = scenario.turns.min  # e.g. a scenario that starts on turn 3
            s.turn(first, leaves[0] if leaves else None)
        for die in game.dice or []:
            values = die.possible_values()
            if values:
                count = die.count or 1
                one = sorted({v for v in values if v <= max(values) // count} or values)
                s.roll(die.id, *([one[0]] * count if count > 1 and not die.sum
                                 else [min(values)]))
        name = f"{folder.name}-{scenario.id if scenario else 'empty'}.vlog"
        result = audit_records([(name, read_record(s.record_text()))], module)
        assert [f.line() for f in result.findings] == [], name
        assert result.files[0].problems == []
        accounted = {r for c in result.checks for r in c.rules} | \
            {n.rule for n in result.not_checkable}
        assert {r.id for r in game.rules or []} <= accounted  # every rule: judged or said
        judged = {c.check: c.applied for c in result.checks}
        if scenario is not None:  # compared placement by placement when pieces start on map
            assert judged["setup"] == (len(scenario.setup or []) if s.restored else 0)


def test_the_first_world_war_army_on_a_front_not_listing_it(bundled) -> None:
    """Rule 5.0: an army enters a front only if the front lists its nationality."""
    built, module = bundled("the-first-world-war")
    s = ScriptedGame(built)
    s.setup("historical-setup")
    s.move("fr-5", space="front-9")  # front 9 lists ah, de, ru
    result = audit_records([("tfww.vlog", read_record(s.record_text()))], module)
    found = [(f.rule, f.section, f.pos.step) for f in result.findings]
    assert found == [("front-lists-known", "2.1, 5.0, 7.0", 1)]
    assert result.findings[0].expected == "only nationalities ah, de, ru"


def test_glorys_end_third_corps_in_a_hex(bundled) -> None:
    """Rule 6.1: at most two corps (XXX or groups) in a hex."""
    built, module = bundled("glorys-end")
    s = ScriptedGame(built)
    s.setup("marna")
    s.move("fr-4t-xxx", hex="3231", board="mini-mappa-marna")  # onto fr-1-xxx and fr-10-xxx
    result = audit_records([("ge.vlog", read_record(s.record_text()))], module)
    found = [(f.rule, f.section, f.pos.step) for f in result.findings]
    assert found == [("stack-corpi", "6.1", 1)]
    assert result.findings[0].message.startswith("hex 3231 holds 3 stacking points")


def test_the_first_world_war_special_die_is_not_guessed(bundled) -> None:
    """Only the S face of the special die is described (2.4): no roll can be judged."""
    built, module = bundled("the-first-world-war")
    s = ScriptedGame(built)
    s.roll("tfww-die", 3)
    result = audit_records([("tfww.vlog", read_record(s.record_text()))], module)
    assert result.findings == []
    assert any(n.check == "dice" and "faces of die 'Dado speciale' are not all" in n.reason
               for n in result.not_checkable)
