"""What every rule check shares: the game, where findings go, how a rule is cited, and
the bookkeeping of what could not be checked."""

from __future__ import annotations

from typing import Any, TypeVar

from converter.audit.events import Event, LogPos
from converter.audit.findings import CheckRun, Finding, NotCheckable, Severity
from converter.audit.module import AuditModule
from converter.audit.places import Place
from converter.audit.replay import Visitor
from converter.audit.state import GameState, PieceState
from converter.model.game import Game
from converter.model.pieces import Piece
from converter.model.rules import RULE_KINDS, Rule
from converter.model.stacking import MOBILE_KINDS

R = TypeVar("R", bound=Rule)


def section_of(rule: Rule | None, fallback: str | None = None) -> str | None:
    """The rulebook section a finding cites: the rule's own, else its provenance's."""
    cited = rule.cited_section() if rule is not None else None
    return cited if cited is not None else fallback


def missing_text(rule: Rule) -> str:
    if rule.missing:
        return "the game data lacks " + "; ".join(rule.missing)
    return "the rule is marked not checkable in the game data (checkable: false)"


class Check(Visitor):
    """A visitor that judges events against the game's rules of one kind."""

    name = "check"

    def __init__(self, game: Game) -> None:
        self.game = game
        self.findings: list[Finding] = []
        self.not_checkable: dict[tuple[str, str], NotCheckable] = {}
        self.run = CheckRun(self.name, [])

    # ------------------------------------------------------------------ helpers
    def choose(self) -> Any:
        """What the check reads from the game's rules before any log (its rules to judge,
        the ones it cannot: `skip`); the same for every log of a module (`chosen`)."""
        return None

    def chosen(self, module: AuditModule) -> Any:
        """`choose`, made for the first log audited with the module (or by `choose_rules`)
        and kept with it (`Derived.choices`): every later log of an archive reads it.  What
        `choose` recorded as not checkable is recorded again for each log."""
        choices = module.derived.choices
        made = choices.get(type(self))
        if made is None or module.game is not self.game:
            before = len(self.not_checkable)
            value = self.choose()
            if module.game is self.game:
                choices[type(self)] = (value, [
                    (nc.rule, nc.section, nc.reason)
                    for nc in list(self.not_checkable.values())[before:]])
            return value
        value, skipped = made
        for rule_id, section, reason in skipped:
            self.skip(rule_id, section, reason)
        return value

    def rules(self, cls: type[R], *kinds: str) -> list[R]:
        """The game's rules of class *cls* (`converter.model.rules`), of *kinds* when given
        (else of every kind *cls* reads), in the game's order."""
        wanted = kinds or tuple(k for k, c in RULE_KINDS.items() if c is cls)
        return [r for r in self.game.rules or [] if isinstance(r, cls) and r.kind in wanted]

    def concerns(self, rule: Rule, piece: Piece) -> bool:
        """Whether *rule* is about *piece*: its ``pieces`` filter, else the pieces that move
        and fight (not markers)."""
        if rule.pieces is not None:
            return self.game.matches(piece, rule.pieces)
        return piece.kind in MOBILE_KINDS

    def skip(self, rule_id: str, section: str | None, reason: str,
             pos: LogPos | None = None, detail: str = "") -> None:
        """Record that *rule_id* could not be judged here (counted per reason; *detail*
        names the piece or place, the first few kept)."""
        key = (rule_id, reason)
        nc = self.not_checkable.get(key)
        if nc is None:
            nc = self.not_checkable[key] = NotCheckable(self.name, rule_id, section, reason)
        nc.add_detail(detail)
        if pos is not None:
            nc.count += 1
            if nc.first is None:
                nc.first = pos
        else:
            nc.count = max(nc.count, 0)

    def find(self, state: GameState, event: Event, rule_id: str, section: str | None,
             message: str, expected: str, happened: str, *,
             pieces: list[PieceState] = (), places: list[Place] = (),  # type: ignore[assignment]
             severity: Severity = Severity.VIOLATION, pos: LogPos | None = None,
             points: list[tuple[str, int, int]] | None = None,
             when: tuple[int | None, str | None] | None = None) -> Finding:
        """Record a finding; *when* (turn, phase name) is the step that caused it when that
        step lies before the state the check judges (stacking judged at the phase's end)."""
        phase = state.phase.name if state.phase is not None else None
        turn = state.turn
        if when is not None:
            turn, phase = when
        f = Finding(self.name, rule_id, section, severity, pos or event.pos, message, expected,
                    happened, player=event.player or _side_name(state, pieces),
                    pieces=[piece_label(p) for p in pieces],
                    places=[p.label() for p in places], turn=turn, phase=phase,
                    points=points or [])
        self.findings.append(f)
        return f

    def applies_now(self, rule: Rule, state: GameState, pos: LogPos) -> bool:
        """Whether a rule's `when` holds now; an undecidable condition is recorded as such."""
        when = rule.when
        if when is None:
            return True
        if when.turns is not None or when.not_turns:
            ok = when.applies(state.turn)
            if ok is None:
                self.skip(rule.id, section_of(rule), "the turn is not known at this point "
                          f"of the log (the rule applies {when.label()})", pos)
                return False
            if not ok:
                return False
        if when.players:
            count = len({side for _, side in state.players.values()})
            if not count:
                self.skip(rule.id, section_of(rule), "it depends on the number of players, "
                          "which the log's roster does not give", pos)
                return False
            if count not in when.players:
                return False
        if when.condition:
            self.skip(rule.id, section_of(rule), f"it depends on a condition the log does not "
                      f"show: {when.condition!r}", pos)
            return False
        return True


def piece_label(p: PieceState) -> str:
    if p.game is not None:
        return f"{p.name} ({p.game.id})"
    return p.name


def _side_name(state: GameState, pieces: list[PieceState]) -> str | None:
    if not pieces or state.game is None:
        return None
    side = pieces[0].side
    s = state.game.side(side) if side else None
    return s.name if s is not None else None
