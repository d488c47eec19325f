"""The generic rule checks, one module each, driven by the game's JSON (rules, terrain,
pieces, dice, scenarios).  `all_checks(game)` gives one fresh instance of each;
`choose_rules(module)` makes what they read from the game's rules once for a module."""

from __future__ import annotations

from converter.audit.module import AuditModule
from converter.audit.rules.base import Check
from converter.audit.rules.combat import CombatCheck
from converter.audit.rules.counter_mix import CounterMixCheck
from converter.audit.rules.dice import DiceCheck
from converter.audit.rules.entry import EntryCheck
from converter.audit.rules.move_limit import MoveLimitCheck
from converter.audit.rules.movement import MovementCheck
from converter.audit.rules.reinforcement import ReinforcementCheck
from converter.audit.rules.sequence import SequenceCheck
from converter.audit.rules.setup import SetupCheck
from converter.audit.rules.stacking import StackingCheck
from converter.model.game import Game

CHECKS: tuple[type[Check], ...] = (
    SetupCheck, CounterMixCheck, MovementCheck, MoveLimitCheck, StackingCheck, EntryCheck,
    ReinforcementCheck,
    SequenceCheck, DiceCheck, CombatCheck)


def all_checks(game: Game) -> list[Check]:
    return [cls(game) for cls in CHECKS]


def choose_rules(module: AuditModule) -> None:
    """Each check's choice of the game's rules (`Check.chosen`), made now and kept with the
    module for every log audited with it."""
    if module.game is not None:
        for check in all_checks(module.game):
            check.chosen(module)


__all__ = ["CHECKS", "Check", "all_checks", "choose_rules"]
