"""Glory's End: pieces that carry their own entry turn are judged, though the general
reinforcement rule (8.2-8.5) is not checkable for want of the order of battle."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from converter.audit.auditor import audit_files
from converter.audit.module import AuditModule
from converter.builder.scripted import ScriptedGame
from converter.builder.module import BuiltModule

Bundled = Callable[[str], tuple[BuiltModule, AuditModule]]


def test_an_early_reinforcement_is_found_while_the_general_rule_stays_unjudged(
        tmp_path: Path, bundled: Bundled) -> None:
    built, module = bundled("glorys-end")
    s = ScriptedGame(built)
    s.turn(3, "al-a", restored=True)
    s.place("fr-7-xxx", hex="3330")       # enters on turn 8 (16.3)
    s.turn(8, "al-a")
    s.place("de-15-xxx", hex="3129")      # turn 8: two turns early too
    path = tmp_path / "early.vlog"
    path.write_bytes(s.log_bytes())
    result = audit_files([path], path, module=module)
    early = [f for f in result.findings if f.check == "reinforcement"]
    assert [(f.pos.step, f.turn) for f in early] == [(1, 3), (3, 8)], \
        [f.line() for f in result.findings]
    assert early[0].message == "7 XXX enters on turn 3, before its entry turn 8"
    assert any(n.rule == "rinforzi" for n in result.not_checkable)
