"""Every bundled game, past its setup: a clean scripted game audits with no finding, and
each violation planted in it is found at the step that commits it, citing the game's rule
and section; what the game's data cannot judge is reported "not checkable", never passed.
The scripts are in tests/audit/bundled_scripts.py (also the source of the sample logs)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from converter.audit.auditor import AuditResult, audit_records
from converter.audit.module import AuditModule
from converter.audit.report.text import render_text
from converter.builder.scripted import ScriptedGame
from converter.builder.module import BuiltModule
from converter.vassal.commands import read_record
from converter.cli import main
from tests.audit.bundled_scripts import GAMES, Plant, violations_game
from tests.audit.conftest import ROOT

Bundled = Callable[[str], tuple[BuiltModule, AuditModule]]

# planted violations the auditor gets wrong today (converter/audit, reported to its owner)
KNOWN_BUGS: dict[tuple[str, str], str] = {}


def _audit(module: AuditModule, s: ScriptedGame, name: str) -> AuditResult:
    return audit_records([(name, read_record(s.record_text()))], module)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_clean_game_has_no_finding(slug: str, bundled: Bundled) -> None:
    built, module = bundled(slug)
    s = GAMES[slug].clean(built)
    assert len(s.steps) >= 5  # beyond the setup: turns, moves or placements, a roll
    result = _audit(module, s, f"{slug}-clean.vlog")
    assert [f.line() for f in result.findings] == []
    assert result.files[0].problems == []
    assert sum(c.applied for c in result.checks) > 0  # something was judged


def _plants() -> list[object]:
    out = []
    for slug, script in sorted(GAMES.items()):
        for plant in script.plants:
            bug = KNOWN_BUGS.get((slug, plant.name))
            marks = [pytest.mark.xfail(strict=True, reason=bug)] if bug else []
            out.append(pytest.param(slug, plant, id=f"{slug}: {plant.name}", marks=marks))
    return out


@pytest.mark.parametrize("slug, plant", _plants())
def test_planted_violation_is_found(slug: str, plant: Plant, bundled: Bundled) -> None:
    built, module = bundled(slug)
    s = GAMES[slug].clean(built)
    step = plant.act(s)
    result = _audit(module, s, f"{slug}.vlog")
    got = [(f.rule, f.section, f.pos.step, f.message[:len(m)])
           for f, (_, _, m) in zip(result.findings, plant.found + [("", "", "")] * 9)]
    assert got == [(rule, section, step, m) for rule, section, m in plant.found]
    text = render_text(result)
    for rule, reason in plant.unjudged:
        said = [n for n in result.not_checkable if n.rule == rule and n.reason.startswith(reason)]
        assert said, f"{rule} is not said to be not checkable: {reason}"
        assert f"not checkable: {rule} " in text


def test_stacking_nations_of_one_coalition_is_allowed(bundled: Bundled) -> None:
    """QMG "Pezzi": nations of one coalition may share a space (one piece per nation)."""
    built, module = bundled("quartermaster-general-1914")
    s = GAMES["quartermaster-general-1914"].clean(built)
    s.move("armata-germania", nth=2, space="vienna")  # onto the Austro-Hungarian army
    s.turn(1, "fase-preparazione")
    result = _audit(module, s, "qmg.vlog")
    assert [f.line() for f in result.findings] == []


LOGS = ROOT / "tests" / "data" / "logs"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_sample_logs_of_the_game(slug: str, bundled: Bundled,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The logs users can try: the clean one exits 0, the violations one exits 1 naming the
    rules the plants break."""
    bundled(slug)  # fails when the game does not build
    module = str(ROOT / "modules" / slug)
    assert main(["audit", str(LOGS / slug / "clean.vlog"), "--module", module]) == 0
    capsys.readouterr()
    assert main(["audit", str(LOGS / slug / "violations.vlog"), "--module", module]) == 1
    out = capsys.readouterr().out
    for plant in GAMES[slug].plants:
        if (slug, plant.name) in KNOWN_BUGS:
            continue
        for rule, section, message in plant.found:
            assert f": violation: {rule} §{section}" in out
            assert message in out, f"{plant.name}: {message}"


def test_sample_logs_are_deterministic(bundled: Bundled) -> None:
    built, _ = bundled("pursuit-of-glory")
    script = GAMES["pursuit-of-glory"]
    assert violations_game(script, built)[0].log_bytes() == \
        violations_game(script, built)[0].log_bytes()


def test_enemy_stacking_expected_text_names_sides(bundled: Bundled) -> None:
    built, module = bundled("pursuit-of-glory")
    s = GAMES["pursuit-of-glory"].clean(built)
    plant = next(p for p in GAMES["pursuit-of-glory"].plants if "Turkish-held" in p.name)
    plant.act(s)
    result = _audit(module, s, "pog.vlog")
    assert [f.expected for f in result.findings] == ["pieces of one side only"]
