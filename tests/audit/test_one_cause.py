"""One finding per cause: a piece over its own count that also takes a total over its limit
is reported once, as the piece's count; a total exceeded by other pieces still is."""

from __future__ import annotations

from collections.abc import Callable

from converter.audit.auditor import AuditResult
from converter.builder.scripted import ScriptedGame
from converter.builder.module import BuiltModule

Audit = Callable[..., AuditResult]


def _all_units(built: BuiltModule) -> ScriptedGame:
    s = ScriptedGame(built)
    for pid, where in (("na-1", "0203"), ("na-2", "0404"), ("sa-1", "0801"),
                       ("sa-hq", "0802"), ("dummy", "0303"), ("dummy", "0304")):
        s.place(pid, hex=where, restored=True)
    s.turn(2, "blue-move", restored=True)
    return s


def test_a_second_copy_is_one_finding_not_two(mini_built: BuiltModule,
                                              audit_log: Audit) -> None:
    s = _all_units(mini_built)
    s.place("na-1", hex="0603")     # a 7th unit, and a 2nd I Corpo of 1
    result = audit_log(s)
    mix = [(f.rule, f.pos.step) for f in result.findings if f.check == "counter-mix"]
    assert mix == [("count:na-1", 1)], [f.line() for f in result.findings]
