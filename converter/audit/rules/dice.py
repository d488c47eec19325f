"""Dice: every logged roll of one of the game's dice gives values that die can show, and a
roll taken back by Undo is told (a player who undoes a roll and rolls again chose the result:
a referee wants to see it, whatever the die)."""

from __future__ import annotations

import re

from converter.audit.events import DiceRolled, Event, StepEnded
from converter.audit.findings import Severity
from converter.audit.rules.base import Check, section_of
from converter.audit.state import GameState
from converter.model.rules import DiceRule
from converter.model.tables import Die


class DiceCheck(Check):
    name = "dice"
    handles = (DiceRolled, StepEnded)

    def begin_game(self, state: GameState) -> None:
        self.run.rules = [d.id for d in self.game.dice or []]
        self._rolled: dict[int, list[DiceRolled]] = {}  # step → the rolls made in it

    def _undone(self, state: GameState, event: StepEnded) -> None:
        """An undo that takes back a step holding a roll: a warning at the undo."""
        assert event.undoes is not None
        for roll in self._rolled.pop(event.undoes, []):
            self.find(state, roll, "dice:undone", None,
                      f"the roll {roll.label} {roll.result!r} of step {roll.pos.step} was "
                      "taken back by Undo (the player could roll again and keep the other "
                      "result)", "a roll is kept once made", "Undo of the roll",
                      severity=Severity.WARNING, pos=event.pos)  # (who rolled: the roll's)

    def _rule(self, die_id: str) -> DiceRule | None:
        """The rule about this die in general: one that names no pieces comes before one that does."""
        rules = [r for r in self.rules(DiceRule) if r.die == die_id]
        return next((r for r in rules if r.pieces is None), rules[0] if rules else None)

    def visit_event(self, state: GameState, event: Event) -> None:
        if type(event) is StepEnded:
            if event.undoes is not None and event.undoes in self._rolled:
                self._undone(state, event)
            return
        assert isinstance(event, DiceRolled)
        if not event.undo:
            self._rolled.setdefault(event.pos.step, []).append(event)
        if event.undo or not event.die:
            return
        die = self.game.die(event.die)
        if die is None:
            return
        rule = self._rule(die.id)
        rule_id = rule.id if rule else f"die:{die.id}"
        sec = section_of(rule, die.provenance.section if die.provenance else None)
        if die.missing and {"faces", "sides"} & set(die.missing):
            self.skip(rule_id, sec, f"the faces of die {die.name!r} are not all in the game "
                      "data", event.pos)
            return
        labels = die.face_labels()
        if event.values is None and die.faces is not None and labels is not None:
            self._labels(state, event, die, labels, rule_id, sec)  # a special die's faces
            return
        one = _one_die(die)
        totals = die.possible_values()
        if totals is None or one is None:
            self.skip(rule_id, sec, f"the faces of die {die.name!r} are not all in the game "
                      "data", event.pos)
            return
        values = event.values
        if values is None:
            self.skip(rule_id, sec, "a roll is not a list of numbers", event.pos,
                      repr(event.result))
            return
        self.run.applied += 1
        count = die.count or 1
        if len(values) == count and count > 1:
            bad = [v for v in values if v not in one]
            ok, want = not bad, f"each die one of {_show(one)}"
        elif len(values) == 1:
            ok, want = values[0] in totals, f"one of {_show(totals)}"
        else:
            ok, want = False, f"{count} value(s), each one of {_show(one)}"
        if not ok:
            self.find(state, event, rule_id, sec,
                      f"{die.name} roll {event.result!r} is impossible for this die",
                      want, f"rolled {event.result}")


    def _labels(self, state: GameState, event: DiceRolled, die: Die, labels: list[str],
                rule_id: str, sec: str | None) -> None:
        shown, rest = _faces_shown(event.result, labels)
        self.run.applied += 1
        count = die.count or 1
        if rest or len(shown) != count:
            self.find(state, event, rule_id, sec,
                      f"{die.name} roll {event.result!r} is impossible for this die",
                      f"{count} face(s) among {', '.join(labels)}", f"rolled {event.result}")


def _faces_shown(result: str, labels: list[str]) -> tuple[list[str], str]:
    """The faces a special die's report shows, and what is left that is no face.

    A face's label may hold spaces ('Minus one') and a button's report format may wrap
    the faces in brackets ('[$result1$]'), so the labels are found in the text, longest
    first, and only separators and brackets may remain."""
    names = sorted({label for label in labels if label}, key=len, reverse=True)
    if not names:
        return [], result
    found = re.compile("|".join(re.escape(n) for n in names))
    shown = found.findall(result)
    rest = re.sub(r"[\s,;/()\[\]{}]+", "", found.sub(" ", result))
    return shown, rest


def _one_die(die: Die) -> set[int] | None:
    from dataclasses import replace

    return replace(die, count=1).possible_values()


def _show(values: set[int]) -> str:
    ordered = sorted(values)
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 2:
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))
