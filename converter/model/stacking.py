"""A game's stacking limits judged on one stack: the pieces at one hex or space → what breaks
which limit.  The auditor judges the stacks of a replayed log with it, `vconv validate` the
stacks a scenario's setup builds, so both count the same pieces the same way and say it in
the same words.

Counted are the pieces the rule names (else the units, dummies and miniatures; every piece
when the measure is pieces), less the rule's free pieces; per stack, side, faction or
nationality; an 'enemy: forbidden' rule also refuses two sides (factions) in one place.

>>> from converter.model.pieces import Piece, Face
>>> rule = StackingRule(id="r", kind="stacking", name="Two units", scope="hex",
...                     measure="units", limit=2)
>>> unit = Piece(id="inf", name="Infantry", kind="unit", faces=[Face(1, "front")])
>>> judged = judge_stack(Game("vconv-game/1", "g", "G", []), rule,
...                      [Stacked(unit, "a", 1)] * 3)
>>> judged.breaches[0].message("hex 0101")
'hex 0101 holds 3 units, over the limit of 2'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from converter.model.game import Game
from converter.model.pieces import Piece
from converter.model.rules import StackingRule
from converter.model.scenario import Placement

MEASURES = frozenset({"pieces", "units", "steps", "size-weight", "nationalities-per-space"})
MOBILE_KINDS = frozenset({"unit", "dummy", "miniature"})  # pieces that move and fight (not markers)
# what a finding calls one and several of a measure (the data's names are a designer's words)
MEASURE_WORDS = {"pieces": ("piece", "pieces"), "units": ("unit", "units"), "steps": ("step", "steps"),
                 "size-weight": ("stacking point", "stacking points"),
                 "nationalities-per-space": ("nationality", "nationalities")}


def judged_rules(game: Game) -> list[StackingRule]:
    """The game's stacking rules that state something to judge with a measure we count (a
    rule with no limit, e.g. unlimited stacking, or marked not checkable, is left out)."""
    out = []
    for rule in game.rules or []:
        if not isinstance(rule, StackingRule) or rule.checkable is False:
            continue
        if rule.measure not in MEASURES:
            continue
        if rule.limit is None and rule.enemy != "forbidden":
            continue
        if rule.measure == "size-weight" and not rule.weights:
            continue
        out.append(rule)
    return out


def in_scope(rule: StackingRule, hex_id: str | None, space: str | None) -> bool:
    """Whether the rule's scope takes in a place (a hex rule judges hexes only; a space rule
    hexes and spaces)."""
    if rule.scope == "hex":
        return hex_id is not None
    return hex_id is not None or space is not None


@dataclass(frozen=True, slots=True)
class Stacked:
    """One piece in a stack, as a limit counts it: the game's piece (None: not one of the
    game's), the side holding it, and its strength steps (None: not known)."""

    piece: Piece | None
    side: str | None
    steps: int | None


@dataclass(frozen=True)
class StackBreach:
    """One limit broken by a stack: *members* index the stack's pieces that count.

    `mixed`: pieces of more than one side (faction) where the rule forbids it, *owners*
    naming them; otherwise *total* of the rule's measure over its limit for *group*.
    """

    rule: StackingRule
    members: list[int]
    mixed: bool = False
    owners: list[str] = field(default_factory=list)
    owner_kind: str = "side"
    total: float = 0.0
    group: str = ""

    @property
    def limit(self) -> float:
        return self.rule.limit if self.rule.limit is not None else 0.0

    def amount(self, n: float) -> str:
        """*n* of the rule's measure in words: '1 step', '2.5 stacking points'."""
        one, many = MEASURE_WORDS.get(self.rule.measure, (self.rule.measure, self.rule.measure))
        return f"{n:g} {one if n == 1 else many}"

    def share(self, game: Game, stacked: Stacked) -> str | None:
        """What one counted piece adds to the total: its steps, its size's weight, its
        nationalities (None for a measure that counts each piece once)."""
        m = self.rule.measure
        if self.mixed or m in ("pieces", "units"):
            return None
        if m == "steps":
            return f"{stacked.steps}" if stacked.steps is not None else None
        if stacked.piece is None:
            return None
        if m == "size-weight":
            weight = (self.rule.weights or {}).get(stacked.piece.size or "")
            return None if weight is None else f"{stacked.piece.size} = {weight:g}"
        nats = [game.nationality(n) for n in stacked.piece.nationalities]
        return ", ".join(n.name for n in nats if n is not None) or None

    def message(self, place: str) -> str:
        """What is wrong at *place* (named as the players see it)."""
        if self.mixed:
            return f"{place} holds pieces of {' and '.join(self.owners)}"
        who = f" ({self.group})" if self.group else ""
        return f"{place} holds {self.amount(self.total)}{who}, over the limit of {self.limit:g}"

    def expected(self) -> str:
        if self.mixed:
            return f"pieces of one {self.owner_kind} only"
        return f"at most {self.amount(self.limit)}"

    def happened(self, names: Sequence[str]) -> str:
        """The stack's counted pieces, *names* being how the caller names them."""
        listed = ", ".join(names)
        return listed if self.mixed else f"{self.amount(self.total)}: {listed}"


@dataclass
class StackJudgement:
    """What one rule says of one stack: the limits broken, and the counted pieces whose
    measure the game data lacks (no verdict for their group)."""

    breaches: list[StackBreach] = field(default_factory=list)
    unknown: list[int] = field(default_factory=list)


def judge_stack(game: Game, rule: StackingRule, stack: Sequence[Stacked]) -> StackJudgement:
    """The breaches of *rule* by the pieces of *stack*, all at one place the rule covers
    (scope, target and `when` are the caller's to decide)."""
    out = StackJudgement()
    counted = [i for i, s in enumerate(stack) if _counts(game, rule, s.piece)]
    if rule.enemy == "forbidden":
        by_owner: dict[str, list[int]] = {}
        for i in counted:
            by_owner.setdefault(_owner_key(game, rule, stack[i]), []).append(i)
        if len(by_owner) > 1:
            names = sorted(by_owner)
            out.breaches.append(StackBreach(
                rule, [i for g in names for i in by_owner[g]], mixed=True,
                owners=[_owner_name(game, rule, g) for g in names],
                owner_kind="faction" if rule.per == "faction" else "side"))
    if rule.limit is None:
        return out
    groups: dict[str, list[int]] = {}
    for i in counted:
        for key in _group_keys(game, rule, stack[i]):
            groups.setdefault(key, []).append(i)
    for group, members in groups.items():
        total, unknown = _measure(rule, stack, members)
        if unknown:
            out.unknown.extend(unknown)
        elif total > rule.limit:
            out.breaches.append(StackBreach(rule, members, total=total, group=group))
    return out


def start_steps(piece: Piece, placement: Placement) -> int | None:
    """The strength steps a piece starts with: the setup's, its set-up face's, else its first
    face's; one for a piece with no step model (None when the data marks steps missing)."""
    if placement.steps is not None:
        return placement.steps
    if placement.face is not None and 0 <= placement.face < len(piece.faces):
        step = piece.faces[placement.face].step
        if step is not None:
            return step
    if piece.steps is None:
        return None if piece.missing and "steps" in piece.missing else 1
    return piece.faces[0].step if piece.faces else None


def _counts(game: Game, rule: StackingRule, piece: Piece | None) -> bool:
    if piece is None:
        return False
    if rule.pieces is not None and not game.matches(piece, rule.pieces):
        return False
    if rule.free is not None and game.matches(piece, rule.free):
        return False
    return rule.pieces is not None or piece.kind in MOBILE_KINDS or rule.measure == "pieces"


def _owner_key(game: Game, rule: StackingRule, s: Stacked) -> str:
    if rule.per == "faction" and s.piece is not None:
        f = game.faction_of(s.piece)
        return f.id if f is not None else "?"
    return s.side or "?"


def _owner_name(game: Game, rule: StackingRule, key: str) -> str:
    item = game.faction(key) if rule.per == "faction" else game.side(key)
    return item.name if item is not None else key


def _group_keys(game: Game, rule: StackingRule, s: Stacked) -> list[str]:
    """The groups a piece counts in for the limit: its side, faction or nationalities."""
    if rule.per == "side":
        return [s.side or "?"]
    if rule.per == "faction" and s.piece is not None:
        f = game.faction_of(s.piece)
        return [f.id if f is not None else "?"]
    if rule.per == "nationality" and s.piece is not None:
        return s.piece.nationalities or ["?"]
    return [""]


def _measure(rule: StackingRule, stack: Sequence[Stacked], members: list[int]
             ) -> tuple[float, list[int]]:
    """The rule's measure over *members*, with the members whose measure is unknown."""
    m = rule.measure
    if m in ("pieces", "units"):
        return float(len(members)), []
    if m == "nationalities-per-space":
        nats = {n for i in members if (p := stack[i].piece) is not None for n in p.nationalities}
        return float(len(nats)), []
    total = 0.0
    unknown: list[int] = []
    weights = rule.weights or {}
    for i in members:
        s = stack[i]
        if m == "steps":
            if s.steps is None:
                unknown.append(i)
            else:
                total += s.steps
        else:  # size-weight
            size = s.piece.size if s.piece is not None else None
            if size is None or size not in weights:
                unknown.append(i)
            else:
                total += weights[size]
    return total, unknown
