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
    s.turn(4, "victory-brest-litovsk", restored=True)  # the phase begins on turn 4
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


def test_a_phase_the_sequence_skips_on_this_turn_is_passed_over(bundled: Bundled) -> None:
    """VASSAL's tracker cannot skip a phase by turn: When Eagles Fight's tracker starts on
    'I. Eventi Casuali' (turns 5-24), but turn 1 begins with the Central Powers' movement."""
    _, module = bundled("when-eagles-fight")
    state = GameState(module)
    shown = "I. Fase degli Eventi Casuali (dai Turni di Gioco 5 al 24)"
    state.set_turn({"Turno": "1", "Fase": shown})
    assert state.phase is not None and state.phase.id == "pc-movimento"
    state.set_turn({"Turno": "2", "Fase": shown})  # turn 2 has the new-units phase
    assert state.phase is not None and state.phase.id == "nuove-unita-russo"
    state.set_turn({"Turno": "5", "Fase": shown})  # from turn 5 the phase happens
    assert state.phase is not None and state.phase.id == "eventi"
    # no phase of turn 3 happens after the victory check of turns 2, 6, 11...
    state.set_turn({"Turno": "3", "Fase": "VI. Verifica della Vittoria (Turni di Gioco 2, 6, "
                    "11, 15, 20, 24)"})
    assert (state.phase, state.phase_known) == (None, False)


def test_moves_on_turn_one_are_judged_by_the_phase_that_happens(
        tmp_path: Path, bundled: Bundled) -> None:
    built, module = bundled("when-eagles-fight")
    s = ScriptedGame(built)
    s.setup("storico")
    s.turn(1, "eventi")                      # the tracker's first phase, skipped on turn 1
    s.move("ah-1-xxx", hex="2426")           # the Central Powers move first: allowed
    s.move("ru-1-xxx", hex="2318")           # a Russian corps: not in the CP's movement
    s.turn(1, "verifica-vittoria")           # past turn 1's last phase: not a step back
    s.turn(2, "eventi")                      # turn 2 opens with the Russian new units
    result = _audit(tmp_path, s, module)
    seq = [(f.pos.step, f.message) for f in result.findings if f.rule == "sequence"]
    assert seq == [(3, "1 XXX (Parte Russa) moves during A. Fase di Movimento Regolare "
                       "delle Potenze Centrali of Potenze Centrali")], seq


def test_each_form_of_a_phase_names_the_first_phase_it_could_mean(bundled: Bundled) -> None:
    """A tracker's or chat's text names the first leaf phase of the sequence that has it as
    its path, name, id or name without its number, with or without a leading number."""

    def first_named(state: GameState, text: str) -> object:  # the sequence read in order
        text = text.strip()
        forms = {text}
        if text[:1].isdecimal() and ". " in text:
            forms.add(text.split(". ", 1)[1])
        for info, path in state.phases:
            unnumbered = info.name.split(". ", 1)[1] if info.name[:1].isdecimal() \
                and ". " in info.name else info.name
            if forms & {path, info.name, info.id, unnumbered}:
                return info
        return None

    for game in ("the-first-world-war", "when-eagles-fight", "pursuit-of-glory"):
        state = GameState(bundled(game)[1])
        texts = [t for info, path in state.phases
                 for t in (path, info.name, info.id, f" {info.id} ", f"3. {info.name}",
                           f"2. {path}", path.split(" - ")[-1], "9. none")]
        assert len(texts) > 40
        for text in texts:
            assert state.phase_named(text) is first_named(state, text), (game, text)
