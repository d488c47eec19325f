"""Phases as the turn tracker shows them: numbered top-level phases, tracker levels named in
any language, phases that name a faction, phases that combine movement and combat, and the
phase a stacking finding reports."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from converter.audit.auditor import AuditResult, audit_files
from converter.audit.module import AuditModule
from converter.builder.scripted import ScriptedGame
from converter.audit.state import GameState
from converter.builder.module import BuiltModule

Bundled = Callable[[str], tuple[BuiltModule, AuditModule]]


def _audit(tmp_path: Path, game: ScriptedGame, module: AuditModule) -> AuditResult:
    path = tmp_path / "game.vlog"
    path.write_bytes(game.log_bytes())
    return audit_files([path], path, module=module)


def test_a_numbered_top_level_phase_is_known(bundled: Bundled) -> None:
    _, module = bundled("the-first-world-war")
    state = GameState(module)
    phase = state.phase_named("2. Round di Gioco")
    assert phase is not None and phase.id == "rounds"
    assert state.phase_named("Round di Gioco").id == "rounds"  # type: ignore[union-attr]
    assert state.phase_named("7. Nessuna Fase") is None


def test_tracker_levels_are_read_by_what_they_show_not_by_their_names(
        mini_module: AuditModule) -> None:
    state = GameState(mini_module)
    state.set_turn({"Runde": "3", "Abschnitt": "Turno Rosso - Movimento"})
    assert (state.turn, state.phase.id if state.phase else None) == (3, "red-move")
    state.set_turn({"Tour": "4", "Étape": "une phase inconnue"})
    assert (state.turn, state.phase, state.phase_known) == (4, None, False)


def test_a_phase_of_a_faction_is_compared_with_the_piece_faction(
        tmp_path: Path, bundled: Bundled) -> None:
    built, module = bundled("the-first-world-war")
    s = ScriptedGame(built)
    s.place("de-1", space="front-1", restored=True)
    s.place("ah-1", space="front-2", restored=True)
    s.turn(1, "victory-brest-litovsk", restored=True)
    s.move("de-1", space="front-3")          # Germany's own phase: allowed
    s.move("ah-1", space="front-4")          # Austria-Hungary, same side, other faction
    result = _audit(tmp_path, s, module)
    seq = [f for f in result.findings if f.rule == "sequence"]
    assert [f.pos.step for f in seq] == [2], [f.line() for f in seq]
    assert seq[0].message.endswith("of Germania")
    assert "Alleati della Germania" in seq[0].message


def test_a_stacking_finding_carries_the_phase_of_the_move_that_caused_it(
        tmp_path: Path, mini_built: BuiltModule, mini_module: AuditModule) -> None:
    s = ScriptedGame(mini_built)
    s.place("na-1", hex="0203", restored=True)
    s.turn(2, "blue-move", restored=True)
    s.place("na-2", hex="0203")             # 4 + 2 steps: over the limit of 4
    s.turn(2, "blue-combat")                # judged here, when the phase ends
    result = _audit(tmp_path, s, mini_module)
    stack = [f for f in result.findings if f.rule == "stack"]
    assert [(f.pos.step, f.turn, f.phase) for f in stack] == [(1, 2, "Movimento")]
