"""Rules as data, one dataclass per rule kind the auditor judges (a tagged union on ``kind``).

`Rule` holds the fields every kind may give; `StackingRule`, `MovementRule`, `MoveLimitRule`,
`EntryRule`, `CombatRule` and `DiceRule` add their own. The kinds vconv reads but does not judge
(reinforcement, replacement, sequence, victory, supply, other) are plain `Rule`s.
`RULE_KINDS` names the class of each kind: the codec reads a rule into it, and
``schemas/rules.schema.json`` has a branch per kind allowing its fields.
"""

from __future__ import annotations

from dataclasses import dataclass

from converter.model.common import Filter, Provenance, When


@dataclass
class Target:
    board: str | None = None
    spaces: list[str] | None = None
    hexes: list[str] | None = None
    groups: list[str] | None = None
    terrain: list[str] | None = None
    links: list[str] | None = None


@dataclass(kw_only=True)
class Rule:
    """A rule of any kind: what it is called, where it stands, whom and when it concerns."""

    id: str
    kind: str
    name: str
    section: str | None = None
    text: str | None = None
    pieces: Filter | None = None
    when: When | None = None
    limit: float | None = None
    target: Target | None = None
    table: str | None = None
    die: str | None = None
    modifiers: list[str] | None = None
    value: int | float | str | None = None
    checkable: bool | None = None
    optional: bool | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None

    def cited_section(self) -> str | None:
        """The rulebook section the rule cites: its own, else its provenance's."""
        if self.section:
            return self.section
        return self.provenance.section if self.provenance is not None and \
            self.provenance.section else None

    @classmethod
    def json_kinds(cls) -> tuple[str, dict[str, type[Rule]]]:
        """The tag field and the class each of its values names (the codec reads by it)."""
        return "kind", RULE_KINDS


@dataclass(kw_only=True)
class StackingRule(Rule):
    """How much may share one hex, space or group ('limit' of 'measure' per 'scope')."""

    scope: str
    measure: str
    weights: dict[str, float] | None = None
    free: Filter | None = None
    per: str | None = None
    enemy: str | None = None
    unlimited: bool | None = None


@dataclass(kw_only=True)
class MovementRule(Rule):
    """How far a piece moves: its allowance, what each step costs, enemy pieces in the way."""

    allowance: str | None = None
    cost: str | None = None
    minimum_move: bool | None = None
    same_group: str | None = None
    enemy: str | None = None


@dataclass(kw_only=True)
class MoveLimitRule(Rule):
    """How many of some pieces may move in one player turn or phase: at most 'limit' units or
    steps ('counts'), per side, counting the moves made in the listed 'phases' (every phase
    when none is listed): rail and strategic movement caps (Glory's End 11.0: up to 8 steps
    by rail per player turn; When Eagles Fight: up to 6 German units per game turn)."""

    limit: float
    counts: str
    period: str = "turn"
    phases: list[str] | None = None


@dataclass(kw_only=True)
class EntryRule(Rule):
    """may-not-enter / may-only-enter: the places ('target') some pieces must keep out of or in."""

    target: Target


@dataclass(kw_only=True)
class CombatRule(Rule):
    """A combat on a table, the attacker's and defender's factors, the modifiers that apply."""

    table: str
    attack: str | None = None
    defence: str | None = None


@dataclass(kw_only=True)
class DiceRule(Rule):
    """What a die ('die') is rolled for."""


RULE_KINDS: dict[str, type[Rule]] = {
    "stacking": StackingRule,
    "movement": MovementRule,
    "move-limit": MoveLimitRule,
    "may-not-enter": EntryRule,
    "may-only-enter": EntryRule,
    "combat": CombatRule,
    "dice": DiceRule,
    "reinforcement": Rule,
    "replacement": Rule,
    "sequence": Rule,
    "victory": Rule,
    "supply": Rule,
    "other": Rule,
}
