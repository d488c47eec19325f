"""Letter results (AE, AR, DR, DE, EX) oblige losses and retreats that are compared with
what the log shows; what a log cannot show is "not checkable"; a combat whose result is not
known is not counted as judged, and losses no cell of the table gives are flagged."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from converter.audit.auditor import AuditResult, audit_files
from converter.cli.audit import open_module
from converter.builder.scripted import ScriptedGame
from converter.builder import build_module


def _letter_game(mini_copy: Callable[..., Path], cell: str) -> Path:
    """The mini game with a letter CRT: column 1:2, roll 3-4 gives *cell*."""
    def letters(tables: dict) -> None:
        crt = next(t for t in tables["tables"] if t["id"] == "crt")
        crt.pop("result_pattern", None)
        crt.pop("result_codes", None)
        crt["below"] = {"result": "AE"}
        crt["cells"] = [["AR", "DR", "DE"], [cell, "DR", "DE"], ["DR", "DE", "DE"]]
    return mini_copy("tables.json", letters)


def _fort_attack(tmp_path: Path, folder: Path, after: Callable[[ScriptedGame], None]
                 ) -> AuditResult:
    """I Corpo and 2 Cav (8) attack Armata A in the fort of 0801 (7 + 3): 1:2, roll 3 (+1
    for the elite corps)."""
    built = build_module(folder, draw=False)  # as `vconv audit --module <folder>` builds it
    s = ScriptedGame(built)
    s.place("na-1", hex="0701", restored=True)
    s.place("na-2", hex="0802", restored=True)
    s.place("sa-1", hex="0801", restored=True)
    s.turn(4, "blue-combat", restored=True)
    s.chat("0701 0802 attack 0801")
    s.roll("d6", 3)
    after(s)
    path = tmp_path / "combat.vlog"
    path.write_bytes(s.log_bytes())
    module = open_module(folder)
    return audit_files([path], path, module=module)


def _combat(result: AuditResult) -> list[str]:
    return [f.message for f in result.findings if f.check == "combat"]


def _unshown(result: AuditResult) -> list[str]:
    return [n.reason for n in result.not_checkable if n.check == "combat" and n.count]


def test_an_exchange_eliminates_the_defender_and_costs_the_attacker(
        tmp_path: Path, mini_copy: Callable[..., Path]) -> None:
    folder = _letter_game(mini_copy, "EX")
    right = _fort_attack(tmp_path, folder, lambda s: (s.set_level("na-2", 2), s.remove("sa-1")))
    assert _combat(right) == []
    assert {c.check: c.applied for c in right.checks}["combat"] == 1
    assert any("the attacker's losses matching the defender's strength" in r
               for r in _unshown(right))
    free = _fort_attack(tmp_path, folder, lambda s: s.remove("sa-1"))
    assert _combat(free) == ["combat at hex 0801 (Delta): 8 vs 10 (fort +3), roll 3 +1, column 1:2 gives "
                             "EX; attacker lost 0 step(s), the result calls for at least 1"]


@pytest.mark.parametrize(("cell", "applied", "problem"), [
    ("DR", lambda s: s.move("sa-1", hex="0702"), None),
    ("DR", lambda s: None, "the defender did not retreat"),
    ("DE", lambda s: s.remove("sa-1"), None),
    ("DE", lambda s: s.move("sa-1", hex="0702"),
     "defender lost 0 step(s), the result calls for 1; the defender retreated without a "
     "retreat result"),
    ("AE", lambda s: (s.remove("na-1"), s.remove("na-2")), None),
    ("AR", lambda s: (s.move("na-1", hex="0601"), s.move("na-2", hex="0703")), None),
    ("AR", lambda s: s.move("na-1", hex="0601"), "the attacker did not retreat"),
])
def test_each_letter_result_is_compared_with_the_log(
        cell: str, applied: Callable[[ScriptedGame], object], problem: str | None,
        tmp_path: Path, mini_copy: Callable[..., Path]) -> None:
    result = _fort_attack(tmp_path, _letter_game(mini_copy, cell), applied)
    found = _combat(result)
    if problem is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0].endswith(problem), found
    if cell in ("DR", "AR"):
        assert any("retreat" in r for r in _unshown(result))


def test_losses_no_cell_allows_are_flagged_when_the_odds_are_unknown(
        tmp_path: Path, mini_copy: Callable[..., Path]) -> None:
    """Without the defender's factors the cell is unknown; 1 step each is no cell's result
    of a table that only eliminates or retreats."""
    def no_factors(pieces: dict) -> None:
        sa = next(p for p in pieces["pieces"] if p["id"] == "sa-1")
        for face in sa["faces"]:
            face["factors"].pop("defence", None)
    folder = _letter_game(mini_copy, "EX")
    mini_copy("pieces.json", no_factors)
    result = _fort_attack(tmp_path, folder, lambda s: s.set_level("na-2", 2))
    assert {c.check: c.applied for c in result.checks}["combat"] == 0
    assert _combat(result) == ["combat at hex 0801 (Delta): no cell of the table allows attacker -1, "
                               "defender -0"]


def _with_shift(mini_copy: Callable[..., Path], *, table: int | None = None,
                terrain: int | None = None) -> Path:
    """The mini game with a column shift for a defender in clear terrain: from a
    column-shift table the combat rule lists, or from the terrain itself."""
    if table is not None:
        def add_table(tables: dict) -> None:
            tables["tables"].append({"id": "shifts", "name": "Spostamenti", "kind": "column-shift",
                                     "entries": [{"id": "open", "label": "Aperto",
                                                  "value": table, "applies_to": "attacker",
                                                  "terrain": "clear"}]})
        mini_copy("tables.json", add_table)
        mini_copy("game.json", lambda g: next(r for r in g["rules"] if r["id"] == "combat")
                  ["modifiers"].append("shifts"))
    if terrain is not None:
        def shift_clear(m: dict) -> None:
            clear = next(t for t in m["terrain"] if t["id"] == "clear")
            clear["combat"] = {"column_shift": terrain}
        mini_copy("map.json", shift_clear)
    return mini_copy()


@pytest.mark.parametrize(("shift", "applied", "message"), [
    # 1:2 shifted one column left falls below the table: 2/0, the attacker loses 2 steps
    ({"table": -1}, lambda s: s.remove("na-2"), None),
    ({"table": -1}, lambda s: (s.set_level("na-2", 2), s.remove("sa-1")),
     "combat at hex 0801 (Delta): 8 vs 10 (fort +3), roll 3 +1, -1 column(s) (below the table) gives "
     "2/0; attacker lost 1 step(s), the result calls for 2; defender lost 1 step(s), the "
     "result calls for 0"),
    # shifted one column right: 1:1, roll 4 → 0/1R
    ({"terrain": 1}, lambda s: s.remove("sa-1"), None),
    ({"terrain": 1}, lambda s: (s.set_level("na-2", 2), s.remove("sa-1")),
     "combat at hex 0801 (Delta): 8 vs 10 (fort +3), roll 3 +1, +1 column(s), column 1:1 gives 0/1R; "
     "attacker lost 1 step(s), the result calls for 0"),
])
def test_column_shifts_move_the_column_not_the_roll(
        shift: dict, applied: Callable[[ScriptedGame], object], message: str | None,
        tmp_path: Path, mini_copy: Callable[..., Path]) -> None:
    result = _fort_attack(tmp_path, _with_shift(mini_copy, **shift), applied)
    assert _combat(result) == ([message] if message else [])


def _numeric_game(mini_copy: Callable[..., Path], cell: str, pattern: str | None = None
                  ) -> Path:
    """The mini game's own numeric CRT with *cell* at column 1:2, roll 3-4."""
    def numeric(tables: dict) -> None:
        crt = next(t for t in tables["tables"] if t["id"] == "crt")
        crt["cells"][1][0] = cell
        if pattern is not None:
            crt["result_pattern"] = pattern
    return mini_copy("tables.json", numeric)


def test_a_numeric_retreat_result_leaves_its_length_not_checkable(
        tmp_path: Path, mini_copy: Callable[..., Path]) -> None:
    """`0/0R` obliges the defender's retreat, as DR does: a retreat is judged, how far it
    went (and any advance) is reported not checkable, never passed silently."""
    folder = _numeric_game(mini_copy, "0/0R")
    right = _fort_attack(tmp_path, folder, lambda s: s.move("sa-1", hex="0702"))
    assert _combat(right) == []
    assert any("the length of the defender's retreat and any advance" in r
               for r in _unshown(right))
    stayed = _fort_attack(tmp_path, folder, lambda s: None)
    assert _combat(stayed) == ["combat at hex 0801 (Delta): 8 vs 10 (fort +3), roll 3 +1, column 1:2 "
                               "gives 0/0R; the defender did not retreat"]


def test_a_numeric_result_can_oblige_the_attacker_to_retreat(
        tmp_path: Path, mini_copy: Callable[..., Path]) -> None:
    """A table whose pattern names `attacker_retreat` (`0R/0`): every attacker must leave
    its hex; the retreat's length is not checkable."""
    pattern = r"^(?P<attacker>\d|E)(?P<attacker_retreat>R)?/(?P<defender>\d|E)(?P<retreat>R)?$"
    folder = _numeric_game(mini_copy, "0R/0", pattern)
    both = _fort_attack(tmp_path, folder,
                        lambda s: (s.move("na-1", hex="0601"), s.move("na-2", hex="0703")))
    assert _combat(both) == []
    assert any("the length of the attacker's retreat" in r for r in _unshown(both))
    one = _fort_attack(tmp_path, folder, lambda s: s.move("na-1", hex="0601"))
    assert _combat(one) == ["combat at hex 0801 (Delta): 8 vs 10 (fort +3), roll 3 +1, column 1:2 "
                            "gives 0R/0; the attacker did not retreat"]


@pytest.mark.parametrize(("value", "reason"), [
    (None, "modifier 'Nebbia' of 'drm' is missing from the game data"),
    ("+1 o +2", "modifier 'Nebbia' of 'drm' ('+1 o +2') is not a whole number the audit "
                "can add"),
])
def test_a_modifier_the_audit_cannot_add_makes_the_combat_not_checkable(
        tmp_path: Path, mini_copy: Callable[..., Path], value: object, reason: str) -> None:
    """A DRM list entry that applies to this combat but gives no number (lost, or words):
    the combat is not checkable and not counted as judged, never judged without it."""
    def fog(tables: dict) -> None:
        drm = next(t for t in tables["tables"] if t["id"] == "drm")
        entry: dict = {"id": "drm-nebbia", "label": "Nebbia", "applies_to": "attacker",
                       "value": value}
        if value is None:
            entry.pop("value")
            entry["missing"] = ["value"]
        drm["entries"].append(entry)
    result = _fort_attack(tmp_path, mini_copy("tables.json", fog),
                          lambda s: (s.set_level("na-2", 2), s.remove("sa-1")))
    assert _combat(result) == []
    assert {c.check: c.applied for c in result.checks}["combat"] == 0
    assert reason in _unshown(result)


def test_a_lost_modifier_of_another_terrain_does_not_stop_the_judgement(
        tmp_path: Path, mini_copy: Callable[..., Path]) -> None:
    """A second, lost DRM for cities counts only where the defender stands in a city: a
    combat in the fort of 0801 is still judged."""
    def hills(tables: dict) -> None:
        drm = next(t for t in tables["tables"] if t["id"] == "drm")
        drm["entries"].append({"id": "drm-hills", "label": "Città (perduto)", "applies_to": "defender",
                               "terrain": "city", "missing": ["value"]})
    folder = mini_copy("tables.json", hills)
    result = _fort_attack(tmp_path, folder, lambda s: s.move("sa-1", hex="0702"))
    assert {c.check: c.applied for c in result.checks}["combat"] == 1
