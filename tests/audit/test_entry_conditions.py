"""Where pieces may go, with the rule's own exceptions and conditions: a group filter that a
rule restates is judged by that rule, and a place whose groups the data lacks is "not
checkable" for a group rule, never outside it (Pursuit of Glory)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from converter.audit.auditor import AuditResult, audit_files
from converter.audit.module import AuditModule
from converter.builder.scripted import ScriptedGame
from converter.builder.module import BuiltModule

Bundled = Callable[[str], tuple[BuiltModule, AuditModule]]


def _enter(tmp_path: Path, bundled: Bundled, piece: str, space: str) -> AuditResult:
    built, module = bundled("pursuit-of-glory")
    s = ScriptedGame(built)
    s.turn(3, restored=True)
    s.place(piece, space=space)
    path = tmp_path / f"{piece}.vlog"
    path.write_bytes(s.log_bytes())
    return audit_files([path], path, module=module)


def _entry_findings(result: AuditResult) -> list[str]:
    return [f.line() for f in result.findings if f.check == "entry"]


def _unjudged(result: AuditResult, rule: str) -> list[str]:
    return [n.reason for n in result.not_checkable if n.rule == rule and n.count]


def test_the_persian_revolt_may_stand_in_neutral_persia(tmp_path: Path,
                                                        bundled: Bundled) -> None:
    """Rule 19.6.1 excepts the Persian Revolt from the neutral-Persia ban."""
    assert _entry_findings(_enter(tmp_path, bundled, "rivolta-persiana", "hamadan")) == []


def test_a_romanian_unit_in_romania_depends_on_a_condition_the_log_cannot_show(
        tmp_path: Path, bundled: Bundled) -> None:
    result = _enter(tmp_path, bundled, "ro-lcu", "bucarest")
    assert _entry_findings(result) == []
    assert _unjudged(result, "paesi-neutrali"), [n.line() for n in result.not_checkable]


def test_a_place_without_groups_in_the_data_is_not_checkable_for_a_group_rule(
        tmp_path: Path, bundled: Bundled) -> None:
    result = _enter(tmp_path, bundled, "cosacchi-persiani", "van")
    assert _entry_findings(result) == []
    assert _unjudged(result, "cosacchi-persiani-area") == [
        "the groups of the place entered are not in the game data"]
