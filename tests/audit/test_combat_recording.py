"""The documented way to record a combat: a chat declaration in any case with any of the
listed separators ties the roll to its units; when the log cannot tell who fought, the HTML
report's "not checkable" section shows the convention."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from converter.audit.auditor import AuditResult
from converter.audit.report import render_html
from converter.audit.rules.combat import RECORDING_CONVENTION
from converter.builder.scripted import ScriptedGame
from converter.builder.module import BuiltModule

Audit = Callable[..., AuditResult]


def _attack(built: BuiltModule, declaration: str | None, *, removed: tuple[str, ...] = ("sa-1",)
            ) -> ScriptedGame:
    s = ScriptedGame(built)
    s.place("na-1", hex="0701", restored=True)
    s.place("na-2", hex="0802", restored=True)
    s.place("sa-1", hex="0801", restored=True)
    s.place("sa-hq", hex="0702", restored=True)
    s.turn(4, "blue-combat", restored=True)
    if declaration is not None:
        s.chat(declaration)
    s.roll("d6", 3)                 # 8 vs 10 (fort +3): 1:2, roll 3 → 1/1
    s.set_level("na-2", 2)
    for pid in removed:
        s.remove(pid)
    return s


@pytest.mark.parametrize("declaration", [
    "0701 0802 attack 0801", "0701, 0802 ATTACKS 0801", "0701+0802 & Attaccano 0801",
    "0701;0802 and greift 0801"])
def test_each_documented_form_of_declaration_is_judged(
        declaration: str, mini_built: BuiltModule, audit_log: Audit) -> None:
    result = audit_log(_attack(mini_built, declaration))
    assert {c.check: c.applied for c in result.checks}["combat"] == 1
    assert [f.line() for f in result.findings if f.check == "combat"] == []


def test_the_report_shows_the_convention_when_no_declaration_ties_a_combat(
        mini_built: BuiltModule, audit_log: Audit) -> None:
    declared = render_html(audit_log(_attack(mini_built, "0701 0802 attack 0801")))
    assert "convention" not in declared
    unknown = audit_log(_attack(mini_built, None, removed=("sa-1", "sa-hq")), "nodecl.vlog")
    assert {c.check: c.applied for c in unknown.checks}["combat"] == 0
    page = render_html(unknown)
    assert "<p class='nc convention'>To have a combat judged, declare it in the chat" in page
    assert "&#x27;0701 0702 attack 0801&#x27;" in page or "'0701 0702 attack 0801'" in page
    assert RECORDING_CONVENTION.startswith("To have a combat judged")
