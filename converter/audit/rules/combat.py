"""Combat, where the log shows it: who fought (a chat declaration such as ``0303 0304 attack
0404``, or else the phasing side's units next to the defender that took the result), the
odds from their printed factors, the DRMs from the modifier tables and the terrain, the die
logged, the CRT cell, and the losses and retreat then applied.

A combat is open from the roll of the combat rule's die to the next roll, the next turn or
phase change, or the end of the log; the step losses (ChangePiece to a weaker step),
eliminations (RemovePiece) and retreats (moves out of the defender's place) in between are
what was applied.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from converter.audit.events import (
    Chatted, DiceRolled, Event, PieceChanged, PieceMoved, PieceRemoved, TurnChanged)
from converter.audit.places import Place
from converter.audit.rules.base import Check, missing_text, section_of
from converter.audit.state import GameState, PieceState
from converter.model.board import Board
from converter.model.rules import CombatRule
from converter.model.stacking import MOBILE_KINDS
from converter.model.tables import Table

DECLARE = re.compile(r"\b(attacks?|attacca(?:no)?|attaque(?:nt)?|greift)\b", re.I)
# How players record a combat so the audit can judge it (shown in the HTML report when a
# combat could not be tied to its units; the README says the same).
RECORDING_CONVENTION = (
    "To have a combat judged, declare it in the chat before rolling the combat die: the "
    "attackers' hexes or space ids, the word attack (also attacks, attacca, attaccano, "
    "attaque, attaquent, greift; any case), then the defender's hex or space id, e.g. "
    "'0701 0702 attack 0801' or 'Bucarest, Sofia ATTACCANO costanza'. Places may be "
    "separated by spaces, commas, semicolons, '+', '&' or 'and'; space ids match in any "
    "case. Then roll with the module's dice button and apply the result on the pieces "
    "(step loss or flip, delete, move for a retreat) before the next roll or phase: "
    "VASSAL's own dice reports and move reports are read as they are. Without a "
    "declaration the audit takes the units next to the one place that lost steps or "
    "retreated; when it cannot tell, the combat is 'not checkable'.")
COMBAT_WORDS = ("combat", "combatt", "battle", "battagl", "attack", "attacc", "assault")


@dataclass
class _Fighter:
    piece: PieceState
    place: Place
    step: int | None
    factor: float | None
    removed: bool = False
    final_step: int | None = None
    moved_out: bool = False


@dataclass
class _Combat:
    event: DiceRolled
    roll: int
    declared: tuple[list[str], str] | None
    turn: int | None
    phase_side: str | None
    snapshot: dict[str, tuple[Place, int | None]] = field(default_factory=dict)
    affected: dict[str, PieceState] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)      # piece id → steps lost
    removed: set[str] = field(default_factory=set)
    moved_out: dict[str, Place] = field(default_factory=dict)


class CombatCheck(Check):
    name = "combat"
    handles = (DiceRolled, Chatted, PieceChanged, PieceRemoved, PieceMoved, TurnChanged)

    def begin_game(self, state: GameState) -> None:
        self.rule: CombatRule | None
        self.rule, table = self.chosen(state.module)
        if table is not None:
            self.table = table
        self.run.rules = [self.rule.id] if self.rule else []
        self.open: _Combat | None = None
        self._shift = 0
        self.declared: tuple[list[str], str] | None = None

    def choose(self) -> tuple[CombatRule | None, Table | None]:
        """The main combat rule and its CRT (once per module: `Check.chosen`)."""
        chosen: tuple[CombatRule | None, Table | None] = (None, None)
        for rule in self.rules(CombatRule):
            sec = section_of(rule)
            if rule.checkable is False:
                self.skip(rule.id, sec, missing_text(rule))
            elif rule.pieces is not None or rule.when is not None or rule.optional:
                continue  # special cases of the main combat rule, text only
            elif not (rule.table and rule.attack and rule.defence and rule.die):
                self.skip(rule.id, sec, "the rule does not name a table, attack and defence "
                          "factors and a die")
            elif chosen[0] is None:
                table = self.game.table(rule.table)
                if table is None or not table.is_matrix:
                    self.skip(rule.id, sec, f"table {rule.table!r} is not a CRT matrix")
                else:
                    chosen = (rule, table)
        return chosen

    # ------------------------------------------------------------------ events
    def visit_event(self, state: GameState, event: Event) -> None:
        if self.rule is None or event.undo:
            return
        if isinstance(event, Chatted):
            self._declaration(state, event.text)
        elif isinstance(event, DiceRolled):
            if event.die != self.rule.die:
                return
            self._close(state)
            if not self._combat_phase(state):
                return
            roll = _roll_value(event)
            if roll is None:
                return
            c = _Combat(event, roll, self.declared, state.turn,
                        state.phase.side if state.phase else None)
            for p in state.pieces.values():
                if p.on_board and p.place.key is not None and p.game is not None \
                        and p.game.kind in MOBILE_KINDS:
                    c.snapshot[p.id] = (p.place, state.step_of(p))
            self.open = c
            self.declared = None
        elif isinstance(event, TurnChanged):
            self._close(state)
        elif self.open is not None:
            c = self.open
            if isinstance(event, PieceChanged) and event.piece.id in c.snapshot:
                if event.old_step is not None and event.new_step is not None \
                        and event.new_step < event.old_step:
                    c.lost[event.piece.id] = c.lost.get(event.piece.id, 0) + \
                        event.old_step - event.new_step
                    c.affected[event.piece.id] = event.piece
            elif isinstance(event, PieceRemoved) and event.piece.id in c.snapshot:
                c.removed.add(event.piece.id)
                c.affected[event.piece.id] = event.piece
            elif isinstance(event, PieceMoved) and event.piece.id in c.snapshot:
                start = c.snapshot[event.piece.id][0]
                if event.origin.key == start.key and event.destination.key != start.key:
                    if event.destination.key is None and event.destination.map is not None:
                        c.removed.add(event.piece.id)  # to a dead pile off the boards
                    else:
                        c.moved_out[event.piece.id] = event.destination
                    c.affected[event.piece.id] = event.piece

    def end_game(self, state: GameState) -> None:
        self._close(state)

    def _combat_phase(self, state: GameState) -> bool:
        if state.phase is None:
            return True
        text = f"{state.phase.id} {state.phase.name}".lower()
        return any(w in text for w in COMBAT_WORDS)

    def _declaration(self, state: GameState, text: str) -> None:
        m = DECLARE.search(text)
        if m is None:
            return
        before = _place_words(state, text[:m.start()])
        after = _place_words(state, text[m.end():])
        if before and after:
            self.declared = (before, after[-1])

    # ------------------------------------------------------------------ judging
    def _close(self, state: GameState) -> None:
        c = self.open
        self.open = None
        if c is None or self.rule is None:
            return
        rule, sec = self.rule, section_of(self.rule)
        attackers, defenders, why = self._sides(state, c)
        if attackers is None or defenders is None:
            if why:
                self.skip(rule.id, sec, why, c.event.pos)
            return
        result, detail, why = self._expected(state, c, attackers, defenders)
        if result is None:
            self.skip(rule.id, sec, why, c.event.pos)
            self._no_cell_allows(state, c, attackers, defenders)
            return
        parsed = self.table.parse_result(str(result))
        if parsed is not None:
            parsed = _retreats_unshown(parsed)
        if parsed is None:
            parsed = _letter_result(str(result))
        if parsed is None:
            self.skip(rule.id, sec, f"CRT result {result!r} does not fit the table's result "
                      "pattern", c.event.pos)
            return
        self.run.applied += 1  # only a combat whose result is known counts as judged
        problems = self._compare(c, parsed, attackers, defenders)
        if parsed.get("unshown"):
            self.skip(rule.id, sec, f"what the result {result!r} also calls for "
                      f"({parsed['unshown']}) does not show in a log", c.event.pos)
        got_a = sum(_applied(c, f) for f in attackers)
        got_d = sum(_applied(c, f) for f in defenders)
        retreated = any(f.piece.id in c.moved_out for f in defenders)
        if problems:
            dplace = defenders[0].place
            pieces = [f.piece for f in attackers + defenders]
            self.find(state, c.event, rule.id, sec,
                      f"combat at {dplace.label()}: {detail} gives {result}; "
                      + "; ".join(problems),
                      f"{result} ({detail})",
                      f"attacker -{got_a}, defender -{got_d}"
                      + (", defender retreated" if retreated else ""),
                      pieces=pieces, places=[dplace],
                      points=[(dplace.map or "", defenders[0].piece.x, defenders[0].piece.y)])

    def _compare(self, c: _Combat, parsed: dict[str, str], attackers: list[_Fighter],
                 defenders: list[_Fighter]) -> list[str]:
        """What the log shows against what the result obliges (losses, retreats)."""
        want_a = _loss(parsed.get("attacker"), attackers)
        want_d = _loss(parsed.get("defender"), defenders)
        got_a = sum(_applied(c, f) for f in attackers)
        got_d = sum(_applied(c, f) for f in defenders)
        retreat = "retreat" in parsed
        retreated = any(f.piece.id in c.moved_out for f in defenders)
        survivors = [f for f in defenders if f.piece.id not in c.removed
                     and (f.step is None or _applied(c, f) < (f.step or 0))]
        problems = []
        if parsed.get("attacker_at_least"):
            least = int(parsed["attacker_at_least"])
            if got_a < least:
                problems.append(f"attacker lost {got_a} step(s), the result calls for at "
                                f"least {least}")
        elif want_a is not None and got_a != want_a:
            problems.append(f"attacker lost {got_a} step(s), the result calls for {want_a}")
        if want_d is not None and got_d != want_d:
            problems.append(f"defender lost {got_d} step(s), the result calls for {want_d}")
        if retreat and survivors and not all(f.piece.id in c.moved_out for f in survivors):
            problems.append("the defender did not retreat")
        if not retreat and retreated:
            problems.append("the defender retreated without a retreat result")
        if "attacker_retreat" in parsed:
            staying = [f for f in attackers if f.piece.id not in c.removed
                       and f.piece.id not in c.moved_out]
            if staying:
                problems.append("the attacker did not retreat")
        return problems

    def _no_cell_allows(self, state: GameState, c: _Combat, attackers: list[_Fighter],
                        defenders: list[_Fighter]) -> None:
        """When the cell cannot be known, the losses applied must still be ones some cell
        of the table gives; a result no cell allows is flagged."""
        if not c.affected:
            return
        outcomes = {str(v) for row in self.table.cells or [] for v in row if v is not None}
        if self.table.below is not None and self.table.below.result:
            outcomes.add(str(self.table.below.result))
        if not outcomes:
            return
        for result in sorted(outcomes):
            parsed = self.table.parse_result(result) or _letter_result(result)
            if parsed is None:
                return  # a cell the audit cannot read: it might allow anything
            if not self._compare(c, parsed, attackers, defenders):
                return
        got_a = sum(_applied(c, f) for f in attackers)
        got_d = sum(_applied(c, f) for f in defenders)
        dplace = defenders[0].place
        self.find(state, c.event, self.rule.id, section_of(self.rule),  # type: ignore[union-attr]
                  f"combat at {dplace.label()}: no cell of the table allows attacker "
                  f"-{got_a}, defender -{got_d}", "a result of the table",
                  f"attacker -{got_a}, defender -{got_d}",
                  pieces=[f.piece for f in attackers + defenders], places=[dplace],
                  points=[(dplace.map or "", defenders[0].piece.x, defenders[0].piece.y)])

    def _sides(self, state: GameState, c: _Combat
               ) -> tuple[list[_Fighter] | None, list[_Fighter] | None, str]:
        def fighters(ids: list[str], factor: str) -> list[_Fighter]:
            out = []
            for pid in ids:
                place, step = c.snapshot[pid]
                p = state.pieces.get(pid) or c.affected.get(pid)
                if p is None:
                    continue
                out.append(_Fighter(p, place, step, self._factor(state, p, step, factor)))
            return out

        d_key: str | None
        if c.declared is not None:
            a_keys, d_key = c.declared
            d_ids = [pid for pid, (pl, _) in c.snapshot.items() if pl.key == d_key]
            a_ids = [pid for pid, (pl, _) in c.snapshot.items() if pl.key in a_keys]
            if not d_ids or not a_ids:
                return None, None, "the declared attack names places without pieces"
        else:
            if not c.affected:
                return None, None, ""
            if c.phase_side is None:
                return None, None, ("the log does not show which units fought (no attack "
                                    "declaration in the chat and no phasing side)")
            hit = [pid for pid, p in c.affected.items() if p.side != c.phase_side]
            places = {c.snapshot[pid][0].key for pid in hit}
            if not places:
                return None, None, ("the log does not show which units fought (no attack "
                                    "declaration, and no loss or retreat of the defender)")
            if len(places) != 1:
                return None, None, ("the log does not show which units fought (no attack "
                                    "declaration; the losses fall on several places)")
            d_key = places.pop()
            d_place = c.snapshot[hit[0]][0]
            board = self.game.board(d_place.game_board or "")
            near = _neighbours(board, d_place)
            if near is None:
                return None, None, "the defender's neighbours are not known"
            d_ids = [pid for pid, (pl, _) in c.snapshot.items() if pl.key == d_key]
            a_ids = [pid for pid, (pl, _) in c.snapshot.items()
                     if pl.key in near and (state.pieces.get(pid) or c.affected.get(pid))
                     is not None and (state.pieces.get(pid) or c.affected[pid]).side
                     == c.phase_side]
            if not a_ids:
                return None, None, "no attacker stands next to the defender"
        assert self.rule is not None  # a combat is checked only under a combat rule
        return fighters(a_ids, self.rule.attack or ""), fighters(d_ids, self.rule.defence or ""), ""

    def _factor(self, state: GameState, p: PieceState, step: int | None,
                factor: str) -> float | None:
        gp = p.game
        if gp is None:
            return None
        face = gp.face_for_step(step) if step is not None and gp.steps else state.face_of(p)
        if face is None or not face.factors:
            return None
        v = face.factors.get(factor)
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None

    def _expected(self, state: GameState, c: _Combat, attackers: list[_Fighter],
                  defenders: list[_Fighter]) -> tuple[str | int | None, str, str]:
        missing = [f.piece.name for f in attackers + defenders if f.factor is None]
        if missing:
            return None, "", f"combat factors of {', '.join(missing[:4])} are missing"
        attack = sum(f.factor or 0 for f in attackers)
        defence = sum(f.factor or 0 for f in defenders)
        drm, why = self._drm(state, c, attackers, defenders)
        if why:
            return None, "", why
        shift = self._shift
        fort = _fort(self.game, defenders[0].place)
        fort_text = ""
        if fort is not None:  # a fort adds its combat factor to the defence, its DRM to the roll
            defence += fort.cf or 0
            drm += fort.drm or 0
            fort_text = f" (fort {fort.cf or 0:+d})" if fort.cf else ""
        table: Table = self.table
        column, extra = _column(table, attack, defence)
        detail = f"{attack:g} vs {defence:g}{fort_text}, roll {c.roll}" + (
            f" {drm:+d}" if drm else "")
        if column is not None and shift:
            column, extra = _shifted(table, column, shift), 0
            detail += f", {shift:+d} column(s)"
        if column is None:
            if table.below is not None and table.below.result:
                return table.below.result, detail + " (below the table)", ""
            return None, "", f"odds {attack:g}:{defence:g} fall outside the CRT's columns"
        drm += extra
        result = table.lookup(column, c.roll + drm)
        detail += f", column {column}"
        if result is None:
            return None, "", f"the CRT cell for column {column}, roll {c.roll + drm} is " \
                             "missing from the game data"
        return result, detail, ""

    def _drm(self, state: GameState, c: _Combat, attackers: list[_Fighter],
             defenders: list[_Fighter]) -> tuple[int, str]:
        d_place = defenders[0].place
        board = self.game.board(d_place.game_board or "")
        terrain = _terrain(self.game, board, d_place)
        if terrain is None:
            return 0, f"the terrain of the defender's place {d_place.label()} is not in the " \
                      "game data"
        unknown = [t for t in sorted(terrain) if (tt := self.game.terrain_type(t)) is not None
                   and tt.missing and "combat" in tt.missing]
        if unknown:
            return 0, f"the combat effect of terrain {', '.join(unknown)} at " \
                      f"{d_place.label()} is missing from the game data"
        drm = 0
        self._shift = 0  # columns to the attacker's right (negative: to the left)
        covered: set[str] = set()
        for table_id in self.rule.modifiers or []:  # type: ignore[union-attr]
            t = self.game.table(table_id)
            if t is None:
                return 0, f"modifier list {table_id!r} of the combat rule is not a table of " \
                          "the game data"
            for e in t.entries or []:
                if not isinstance(e.value, int) or isinstance(e.value, bool):
                    # a modifier the audit cannot add (lost, or words) matters only where it
                    # would apply: then the combat is not checkable, never judged without it
                    if e.terrain is not None:
                        covered.add(e.terrain)
                    if (e.when is not None and e.when.applies(c.turn) is False) or (
                            e.terrain is not None and e.terrain not in terrain):
                        continue
                    side = defenders if e.applies_to == "defender" else attackers
                    if e.pieces is not None and not any(
                            f.piece.game and self.game.matches(f.piece.game, e.pieces)
                            for f in side):
                        continue
                    what = "is missing from the game data" if e.value is None else \
                        f"({e.value!r}) is not a whole number the audit can add"
                    return 0, f"modifier {e.label or e.id!r} of {table_id!r} {what}"
                if e.when is not None and e.when.applies(c.turn) is False:
                    continue
                if t is not None and t.kind == "column-shift":
                    # a column shift, never a die modifier: terrain entries name the
                    # defender's terrain whoever they favour
                    if e.terrain is not None:
                        covered.add(e.terrain)
                        if e.terrain in terrain:
                            self._shift += e.value
                        continue
                    side = defenders if e.applies_to == "defender" else attackers
                    if e.pieces is None or any(
                            f.piece.game and self.game.matches(f.piece.game, e.pieces)
                            for f in side):
                        self._shift += e.value
                    continue
                if e.terrain is not None:
                    covered.add(e.terrain)
                if e.applies_to == "defender":
                    if e.terrain is not None and e.terrain not in terrain:
                        continue
                    if e.pieces is not None and not any(
                            f.piece.game and self.game.matches(f.piece.game, e.pieces)
                            for f in defenders):
                        continue
                    drm += e.value
                elif e.applies_to == "attacker":
                    if e.terrain is not None:
                        continue
                    if e.pieces is not None and any(
                            f.piece.game and self.game.matches(f.piece.game, e.pieces)
                            for f in attackers):
                        drm += e.value
        for tid in terrain - covered:
            tt = self.game.terrain_type(tid)
            if tt is not None and tt.applies_to != "hexside" and tt.combat is not None:
                drm += tt.combat.drm or 0
                # column_shift is the attacker's shift; defender_column_shift counts in the
                # defender's favour (to the left)
                self._shift += (tt.combat.column_shift or 0) - \
                    (tt.combat.defender_column_shift or 0)
        if board is not None and d_place.hex is not None:
            for hs_terrain in _crossed(self.game, board, d_place.hex, attackers):
                if hs_terrain not in covered:
                    tt = self.game.terrain_type(hs_terrain)
                    if tt is not None and tt.combat is not None:
                        drm += tt.combat.drm or 0
                        self._shift += (tt.combat.column_shift or 0) - \
                            (tt.combat.defender_column_shift or 0)
        return drm, ""


def _fort(game, place: Place):  # type: ignore[no-untyped-def]
    board = game.board(place.game_board or "")
    if board is None:
        return None
    if place.hex is not None:
        h = board.hex(place.hex)
        return h.fort if h is not None else None
    found = game.space(place.space or "")
    return found[1].fort if found is not None else None


def _roll_value(event: DiceRolled) -> int | None:
    if not event.values:
        return None
    return sum(event.values)


def _place_words(state: GameState, text: str) -> list[str]:
    out: list[str] = []
    game = state.game
    if game is None:
        return out
    for word in re.findall(r"[\w\-]+", text):
        for b in game.boards or []:
            if (grid := b.hex_grid()) is not None and grid.contains(word):
                out.append(f"{b.id}:{word}")
                break
            space = next((sp.id for sp in b.spaces or []
                          if sp.id.lower() == word.lower()), None)
            if space is not None:
                out.append(f"space:{space}")
                break
    return out


def _neighbours(board: Board | None, place: Place) -> set[str] | None:
    if board is None:
        return None
    if place.hex is not None and board.grid is not None:
        return {f"{board.id}:{h}" for h in board.grid.neighbours(place.hex)}
    if place.space is not None:
        return {f"space:{s}" for s in board.adjacent_spaces(place.space)}
    return None


def _terrain(game, board: Board | None, place: Place) -> set[str] | None:  # type: ignore[no-untyped-def]
    if board is None:
        return None
    if place.hex is not None:
        h = board.hex(place.hex)
        if h is None or not h.terrain:
            return None
        return set(h.terrain) | set(h.features or [])
    found = game.space(place.space or "")
    if found is None or (found[1].missing and "terrain" in found[1].missing):
        return None
    return set(found[1].terrain or []) | set(found[1].features or [])


def _crossed(game, board: Board, defender_hex: str, attackers: list[_Fighter]) -> list[str]:  # type: ignore[no-untyped-def]
    """Hexside terrain the attack crosses: a side flagged `only_if_all_attackers_cross`
    counts only when every attacker attacks across it."""
    sides: dict[frozenset[str], str] = {frozenset(hs.hexes): hs.terrain
                                        for hs in board.hexsides or []}
    kinds = [sides.get(frozenset((f.place.hex or "", defender_hex))) for f in attackers]
    out = []
    for k in sorted({k for k in kinds if k is not None}):
        tt = game.terrain_type(k)
        all_only = tt is not None and tt.combat is not None and \
            tt.combat.only_if_all_attackers_cross
        if not all_only or all(x == k for x in kinds):
            out.append(k)
    return out


def _shifted(table: Table, column: str, shift: int) -> str | None:
    """The column *shift* columns to the right (left when negative), held at the last
    column; left of the first it is None (the table's below result, if any)."""
    labels = [col.label for col in table.columns or []]
    if column not in labels:
        return None
    i = labels.index(column) + shift
    if i < 0:
        return None
    return labels[min(i, len(labels) - 1)]


def _column(table: Table, attack: float, defence: float) -> tuple[str | None, int]:
    """The CRT column for the odds (rounded in the defender's favour) and any extra DRM
    for odds above the last column (the table's `above.drm_per_level`)."""
    cols = table.columns or []
    if cols and cols[0].range is not None:
        diff = int(attack - defence)
        for col in cols:
            if col.range is not None and diff in col.range:
                return col.label, 0
        return None, 0
    if defence <= 0:
        return (cols[-1].label if cols else None), 0
    ratio = attack / defence
    best = None
    for col in cols:
        if col.odds and len(col.odds) == 2 and col.odds[0] / col.odds[1] <= ratio + 1e-9:
            best = col
    if best is None:
        return None, 0
    extra = 0
    if best is cols[-1] and table.above is not None and table.above.drm_per_level \
            and best.odds and best.odds[1] == 1:
        extra = (math.floor(ratio) - best.odds[0]) * table.above.drm_per_level
    return best.label, max(extra, 0)


# Letter results: what each obliges, in the terms the comparison reads (steps lost, "E" for
# every step, retreats); "unshown" is what a log cannot show (a retreat's length, an advance,
# the exact strength an exchange costs), reported not checkable.
_LETTERS: dict[str, dict[str, str]] = {
    "AE": {"attacker": "E", "defender": "0"},
    "DE": {"attacker": "0", "defender": "E"},
    "AR": {"attacker": "0", "defender": "0", "attacker_retreat": "R",
           "unshown": "the length of the attacker's retreat"},
    "DR": {"attacker": "0", "defender": "0", "retreat": "R",
           "unshown": "the length of the defender's retreat and any advance"},
    "EX": {"attacker_at_least": "1", "defender": "E",
           "unshown": "the attacker's losses matching the defender's strength"},
    "NE": {"attacker": "0", "defender": "0"},
    "-": {"attacker": "0", "defender": "0"},
}


def _retreats_unshown(parsed: dict[str, str]) -> dict[str, str]:
    """A result read by the table's own pattern (`1/1R`, `2R/0`) obliges retreats as letter
    results do; how far each side retreats (and any advance) does not show in a log."""
    unshown = [parsed["unshown"]] if parsed.get("unshown") else []
    if parsed.get("retreat"):
        unshown.append("the length of the defender's retreat and any advance")
    if parsed.get("attacker_retreat"):
        unshown.append("the length of the attacker's retreat")
    if unshown:
        parsed = {**parsed, "unshown": "; ".join(unshown)}
    return parsed


def _letter_result(result: str) -> dict[str, str] | None:
    """A letter result (AE, AR, DR, DE, EX, NE) as obligations; None for anything else."""
    return dict(_LETTERS[result.strip().upper()]) if result.strip().upper() in _LETTERS \
        else None


def _loss(code: str | None, fighters: list[_Fighter]) -> int | None:
    if code is None:
        return None
    if code == "E":
        return sum(f.step or 0 for f in fighters)
    return int(code) if code.isdecimal() else None


def _applied(c: _Combat, f: _Fighter) -> int:
    if f.piece.id in c.removed:
        return f.step or 0
    return c.lost.get(f.piece.id, 0)
