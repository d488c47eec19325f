"""Audit one or more saves/logs against a module: replay, run every check, collect the result.

This is the library entry point the CLI uses:

>>> from converter.audit.auditor import audit_files  # doctest: +SKIP
>>> result = audit_files(["game.vlog"], "dist/mini.vmod")  # doctest: +SKIP
>>> result.violations  # doctest: +SKIP
[]
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field

from converter.audit.events import (
    BoardsLaid, Chatted, DeckChanged, DiceRolled, EmptyStackMoved, Event, MoveIgnored,
    PieceAdded, PieceChanged, UndoFragment, UndoRewritten,
    PieceMoved, PieceRemoved, PieceTouched, PropertyChanged, ReplayProblem, Reported,
    StackReordered, StepEnded, TurnChanged)
from converter.audit.continuity import Seen, Snapshots, compare
from converter.audit.events import LogPos
from converter.audit.findings import CheckRun, Finding, NotCheckable, Severity
from converter.audit.module import AuditModule, load_module
from converter.audit.replay import Replay, Visitor
from converter.audit.rules import all_checks
from converter.audit.rules.base import section_of
from converter.model.game import Game
from converter.audit.places import Place
from converter.audit.state import GameState, PieceName
from converter.audit.traits import changed_traits
from converter.errors import InputError
from converter.vassal.commands import GameRecord
from converter.vassal.savefile import read_game


# (kind, piece, place, origin) of a line the step list names a piece in: its text is made
# when the list is shown
_MOVED, _PLACED, _REMOVED, _STAYED = 0, 1, 2, 3


@dataclass(slots=True)
class StepRecord:
    """What one replay step did, for the HTML step list.

    Its lines name pieces, and naming a piece means decoding its traits: only the HTML
    report shows the list (text and JSON never do), so the names are decoded when the list
    is first read, each as the piece was at its event."""

    file: str
    step: int
    player: str | None
    turn: int | None
    phase: str | None
    # a line's text, (kind, the piece then, place, origin) for a line naming a piece, or a
    # change the audit does not read, told from the piece's texts
    lines: list[str | tuple[int, PieceName, Place, Place] | PieceTouched] = \
        field(default_factory=list)
    # (map, the piece then, from x, y, to x, y, origin, destination) of each one-map move
    raw_moves: list[tuple[str, PieceName, int, int, int, int, Place, Place]] = \
        field(default_factory=list)
    # (the piece then, from x, y, to x, y, origin, destination) of each move between maps
    raw_jumps: list[tuple[PieceName, int, int, int, int, Place, Place]] = \
        field(default_factory=list)
    undone: bool = False
    undoes: int | None = None  # the step this undo step takes back
    _text: list[str] | None = field(default=None, repr=False, compare=False)
    _moves: list[tuple[str, str, int, int, int, int, str, str]] | None = \
        field(default=None, repr=False, compare=False)

    @property
    def text(self) -> list[str]:
        """Each line the step list shows for this step."""
        text = self._text
        if text is None:
            text = self._text = [
                line if isinstance(line, str) else
                f"{line.name or '(unnamed piece)'}: "
                f"{changed_traits(line.type_text, line.old_state, line.new_state)}"
                if isinstance(line, PieceTouched) else _line(*line) for line in self.lines]
        return text

    @property
    def moves(self) -> list[tuple[str, str, int, int, int, int, str, str]]:
        """(map, piece, from x, y, to x, y, 'origin → destination', kind) of each one-map
        move (kind ''), and of each move between maps its leaving ('out', at its origin on
        the map it left) and its arrival ('in', at its destination on the map it reached)."""
        moves = self._moves
        if moves is None:
            moves = self._moves = [
                (m, str(named), x0, y0, x1, y1, f"{origin.label()} → {dest.label()}", "")
                for m, named, x0, y0, x1, y1, origin, dest in self.raw_moves]
            for named, x0, y0, x1, y1, origin, dest in self.raw_jumps:
                label = f"{origin.label()} → {dest.label()}"
                moves.append((origin.map or "", str(named), x0, y0, x0, y0, label, "out"))
                moves.append((dest.map or "", str(named), x1, y1, x1, y1, label, "in"))
        return moves


def _names(pieces: tuple[object, ...]) -> str:
    """Pieces as a step line lists them ('' for none)."""
    return ", ".join(str(p) or "(unnamed piece)" for p in pieces)


def _line(kind: int, named: PieceName, place: Place, origin: Place) -> str:
    if kind == _MOVED:
        drawn = "drawn from " if origin.deck is not None and origin.deck != place.deck else ""
        put = "put into " if place.deck is not None and origin.deck != place.deck else ""
        return f"{named}: {drawn}{origin.label()} → {put}{place.label()}"
    if kind == _PLACED:
        return f"{named} placed at {place.label()}"
    if kind == _STAYED:
        return f"{named}: restacked at {place.label()}"
    return f"{named} removed from {place.label()}"


class StepRecorder(Visitor):
    """Keeps each step's moves (map, piece, from, to pixels, label) for the report."""

    handles = (PieceMoved, PieceAdded, PieceChanged, PieceRemoved, DiceRolled, TurnChanged,
               Chatted, PieceTouched, Reported, PropertyChanged, EmptyStackMoved, BoardsLaid,
               StackReordered, DeckChanged, MoveIgnored, UndoFragment, UndoRewritten,
               StepEnded)
    restored = False  # the restored game is no step of the list

    def __init__(self, source: str, limit: int = 5000) -> None:
        self.source = source
        self.limit = limit
        self.steps: list[StepRecord] = []
        self._current: StepRecord | None = None
        # the current step's changes the audit does not read, where its lines had got to at
        # the first, VASSAL's own reports, and whether a line names a piece: the reports (else
        # the changes) are the step's words for them when no line does
        self._touched: list[str | PieceTouched] = []
        self._touched_at = 0
        self._reports: list[str | PieceTouched] = []
        self._named = False
        # the current step's property changes: its lines when it has no other (Nevsky's
        # 'Toggle Lords Display' sets the global property Cylinders, and nothing else)
        self._properties: list[str] = []

    def visit_event(self, state: GameState, event: Event) -> None:
        if len(self.steps) >= self.limit:
            return
        cur = self._current
        if cur is None or cur.step != event.pos.step:
            phase = state.phase.name if state.phase else None
            cur = self._current = StepRecord(self.source, event.pos.step, event.player,
                                             state.turn, phase)
            self._touched, self._reports, self._named = [], [], False
            self._properties = []
        kind = type(event)
        if kind is PieceMoved:
            moved: PieceMoved = event  # type: ignore[assignment]
            named = moved.piece.name_then()
            if moved.piece.map is not None and moved.origin.map == moved.destination.map:
                cur.raw_moves.append((moved.destination.map or "", named, *moved.from_xy,
                                      *moved.to_xy, moved.origin, moved.destination))
                cur.player = cur.player or moved.player
            elif moved.origin.map and moved.destination.map:
                cur.raw_jumps.append((named, *moved.from_xy, *moved.to_xy, moved.origin,
                                      moved.destination))
                cur.player = cur.player or moved.player
            if moved.from_xy != moved.to_xy or moved.origin.map != moved.destination.map:
                cur.lines.append((_MOVED, named, moved.destination, moved.origin))
            elif not any(type(line) is tuple and line[0] == _PLACED and line[1] is named
                         for line in cur.lines):
                # a drop where it lay (onto its stack): no 'H6 → H6'; a clone's placing
                # (an AddPiece, then its MovePiece onto the stack) says it all
                cur.lines.append((_STAYED, named, moved.destination, moved.origin))
            self._named = True
        elif kind is PieceAdded and event.pos.step > 0:
            added: PieceAdded = event  # type: ignore[assignment]
            cur.lines.append((_PLACED, added.piece.name_then(), added.place, added.place))
            self._named = True
        elif kind is PieceChanged and event.pos.step > 0:
            changed: PieceChanged = event  # type: ignore[assignment]
            self._named = True
            if changed.old_step != changed.new_step and changed.new_step is not None:
                cur.lines.append(f"{changed.old_name}: step {changed.old_step} → "
                                 f"{changed.new_step}")
            elif changed.old_masked != changed.new_masked:  # named as hidden, with its mask
                cur.lines.append(f"{changed.piece.name_then()}: "
                                 f"{'hidden' if changed.new_masked else 'revealed'}")
            else:
                cur.lines.append(f"{changed.old_name} → {changed.new_name}")
        elif kind is PieceRemoved:
            removed: PieceRemoved = event  # type: ignore[assignment]
            cur.lines.append((_REMOVED, removed.piece.name_then(), removed.place, removed.place))
            self._named = True
        elif kind is DiceRolled:
            rolled: DiceRolled = event  # type: ignore[assignment]
            cur.lines.append(f"roll {rolled.label} = {rolled.result}")
            cur.player = cur.player or rolled.player
        elif kind is Chatted and event.pos.step > 0:
            cur.lines.append("chat: " + html.unescape(event.text))  # type: ignore[attr-defined]
        elif kind is TurnChanged and event.pos.step > 0:
            turned: TurnChanged = event  # type: ignore[assignment]
            said = turned.text.strip()  # (a tracker of one level says the number again)
            cur.lines.append(f"turn {turned.turn}" + (
                f": {turned.text}" if said and said != str(turned.turn) else ""))
            cur.turn = turned.turn
        elif kind is PieceTouched:
            if not self._touched:
                self._touched_at = len(cur.lines)
            self._touched.append(event)  # type: ignore[arg-type]
        elif kind is Reported:
            self._reports.append(html.unescape(event.text))  # type: ignore[attr-defined]
        elif kind is EmptyStackMoved:
            empty: EmptyStackMoved = event  # type: ignore[assignment]
            cur.lines.append(f"an empty stack: {empty.origin.label()} → "
                             f"{empty.destination.label()} (no piece in it)")
            cur.player = cur.player or empty.player
        elif kind is StackReordered:
            stack: StackReordered = event  # type: ignore[assignment]
            cur.lines.append(f"stack at {stack.place.label()}, bottom to top: "
                             + _names(stack.pieces))
        elif kind is UndoFragment:
            fragment: UndoFragment = event  # type: ignore[assignment]
            what = _names(fragment.pieces) or "nothing"
            cur.lines.append(f"the stack step {fragment.undone} made removed: the start of an "
                             f"undo of step {fragment.undone}, whose move back is not in the "
                             f"log ({what} stays at {fragment.place.label()} in VASSAL's "
                             "replay)")
        elif kind is UndoRewritten:
            rewritten: UndoRewritten = event  # type: ignore[assignment]
            cur.lines.append("VASSAL wrote this undo again as its first command alone: the "
                             f"players' game ran it whole, as step {rewritten.whole} logged it "
                             "(VASSAL's own replay of the log runs only that first command)")
        elif kind is MoveIgnored:
            lost: MoveIgnored = event  # type: ignore[assignment]
            what = _names(lost.pieces) or "an empty stack"
            cur.lines.append(f"{what}: stays at {lost.place.label()} (moved to map "
                             f"{lost.map!r}, which the module lacks: VASSAL leaves it where "
                             "it was)")
            cur.player = cur.player or lost.player
        elif kind is DeckChanged:
            deck: DeckChanged = event  # type: ignore[assignment]
            cards = f"{deck.cards} card{'s' if deck.cards != 1 else ''}"
            words = [f"its {cards} in a new order"] if deck.reordered else []
            if deck.face_down is not None:
                words.append("turned face down" if deck.face_down else "turned face up")
            cur.lines.append(f"deck {deck.deck!r} at {deck.place.label()}: "
                             + ", ".join(words))
        elif kind is BoardsLaid:
            laid: BoardsLaid = event  # type: ignore[assignment]
            cur.lines.append(f"{laid.map}: board{'s' if len(laid.boards) != 1 else ''} "
                             f"{', '.join(laid.boards) or '(none)'} laid")
        elif kind is PropertyChanged:
            prop: PropertyChanged = event  # type: ignore[assignment]
            self._properties.append(f"property {prop.name}: {prop.old or '(empty)'} → "
                                    f"{prop.new or '(empty)'}")
        elif kind is StepEnded:
            if self._touched and not self._named:
                at = self._touched_at
                cur.lines[at:at] = self._reports or self._touched
            if not cur.lines and not cur.raw_moves:  # VASSAL's own words, else the values
                cur.lines.extend(self._reports or self._properties)  # ('* UNDO: …')
            if event.pos.step > 0 and (cur.raw_moves or cur.lines):
                cur.player = cur.player or event.player
                self.steps.append(cur)
            self._current = None


@dataclass
class FileAudit:
    path: str
    steps: int
    commands: int
    problems: list[ReplayProblem]
    undone_steps: set[int]
    recorded: list[StepRecord]  # the step list (empty when not asked for: `audit_files`)
    players: list[str] = field(default_factory=list)  # "name (side)", never the password
    undos: dict[int, int] = field(default_factory=dict)  # undo step -> the step it takes back


@dataclass
class AuditResult:
    """Everything a report shows."""

    module: AuditModule
    files: list[FileAudit] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    withdrawn: list[Finding] = field(default_factory=list)  # findings of undone steps
    checks: list[CheckRun] = field(default_factory=list)
    not_checkable: list[NotCheckable] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def violations(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.VIOLATION]


def audit_files(paths: list[str | os.PathLike[str]], module_path: str | os.PathLike[str],
                *, module: AuditModule | None = None, steps: bool = True) -> AuditResult:
    """Read each save/log, replay it against the module and run the checks; *steps* says
    whether to keep the step list (`FileAudit.recorded`), which only the HTML report shows.

    Raises:
        InputError, VassalFormatError, ModelError: a file or the module cannot be read.
    """
    mod = module if module is not None else load_module(module_path)
    records = []
    notes = []
    for path in paths:
        save, record = read_game(path)
        notes.extend(admit(str(path), save.moduledata, record, mod))
        records.append((str(path), record))
    result = audit_records(records, mod, steps=steps)
    if mod.mapping is not None:
        notes[:0] = [mod.mapping.summary(), *mod.mapping.notes]
    result.notes.extend(notes)
    return result


def admit(path: str, moduledata: bytes | None, record: GameRecord,
          mod: AuditModule) -> list[str]:
    """Refuse a log of another game when the module is another's (mapping); the notes to
    show when the log was saved with a module of another name.

    Raises:
        InputError: the log is not a game of the mapped game.
    """
    if mod.mapping is not None:  # another's module: refuse a game of another game
        from converter.audit.mapping import check_belongs

        check_belongs(record, path, mod.mapping)
    known = mod.derived.saved_with
    if moduledata in known:
        saved_with = known[moduledata]
    else:
        saved_with = module_name(moduledata, path)
        if moduledata is not None and len(known) < 1000:
            known[moduledata] = saved_with
    if saved_with and mod.name and saved_with != mod.name:
        return [f"{os.path.basename(path)} was saved with module {saved_with!r}, not "
                f"{mod.name!r}: its pieces and places may not match this module"]
    return []


def module_name(moduledata: bytes | None, source: str) -> str | None:
    """The module name a save records in its moduledata copy (None when absent/unreadable)."""
    if not moduledata:
        return None
    from converter.errors import VassalFormatError
    from converter.vassal.vmod_reader import parse_metadata

    try:
        return parse_metadata(moduledata, f"{source}!moduledata").get("name") or None
    except VassalFormatError:
        return None


def audit_records(records: list[tuple[str, GameRecord]], module: AuditModule, *,
                  steps: bool = True) -> AuditResult:
    """Replay each decoded file and run the checks (`audit_files`).  Without *steps* no
    step list is recorded: a text or JSON report, or an archive's summary, shows none, and
    a real log without a game description then builds no event at all."""
    result = AuditResult(module)
    if module.game is None:
        result.notes.append("the module carries no vconv game description (vconv/game.json), "
                            "so only replay/dump-level checks ran: every command was applied "
                            "and every position named, no game rule was checked")
    previous: tuple[str, dict[str, Seen]] | None = None
    order: dict[str, int] = {}
    for source, record in records:
        name = os.path.basename(source)
        order.setdefault(name, len(order))
        checks = all_checks(module.game) if module.game is not None else []
        recorders = [StepRecorder(name)] if steps else []
        snaps = Snapshots()  # (a single file has no other to be compared with)
        r = Replay(module, [*checks, *recorders, snaps] if len(records) > 1
                   else [*checks, *recorders])
        r.run(record, name)
        if module.game is not None and module.mapping is None:  # (a mapping checks its own)
            _same_game(source, r.state, module)
        if module.mapping is not None:
            result.notes.extend(_unjudged_pieces(name, r.state, module))
        if previous is not None:
            result.findings.extend(compare(previous[1], snaps.start, previous[0],
                                           LogPos(name, 0, 0)))
        previous = (name, snaps.end)
        players = sorted({f"{name} ({side})" if side else name
                          for name, side in r.state.players.values()})
        recorded = recorders[0].steps if recorders else []
        result.files.append(FileAudit(source, r.steps, r.commands, r.problems,
                                      r.undone_steps, recorded, players, dict(r.undo_of)))
        for rec in recorded:
            rec.undone = rec.step in r.undone_steps
            rec.undoes = r.undo_of.get(rec.step)
        for check in checks:
            for f in check.findings:
                (result.withdrawn if f.pos.step in r.undone_steps else result.findings).append(f)
        _merge(result, checks)
    if module.game is not None:
        _unjudged(result, module.game)
    if len(records) > 1:
        result.checks.append(CheckRun("continuity", ["each file starts where the previous "
                                                     "ended"], len(records) - 1))
    result.findings.sort(key=lambda f: (order.get(f.pos.file, 0), f.pos.step, f.pos.index,
                                        f.rule))
    return result


def _unjudged_pieces(name: str, state: GameState, module: AuditModule) -> list[str]:
    """With a mapping: how many pieces on the maps at the end are no piece of the game (a
    nameless piece no slot tells, a piece the mapping ties to null); no rule judged them.
    A card still in its deck is the deck's, in no player's play, and a card of the game's
    decks is the game's: neither is counted."""
    mapping = module.mapping
    loose = [p for p in state.pieces.values() if p.on_board and p.game is None
             and p.map in module.maps and p.deck is None
             and (mapping is None or mapping.card(p.type_text, p.state_text) is None)]
    if not loose or module.game is None:
        return []
    named = sorted({n for p in loose if (n := state.traits(p).name.strip())})
    nameless = sum(1 for p in loose if not state.traits(p).name.strip())
    parts = ([", ".join(repr(n) for n in named[:5]) + (", ..." if len(named) > 5 else "")]
             if named else []) + ([f"{nameless} nameless"] if nameless else [])
    return [f"{name}: {len(loose)} piece(s) on its maps are no piece of game "
            f"{module.game.id!r} (no slot of the module tells them, or the mapping ties them to "
            f"null), so no rule judged them: {'; '.join(parts)}"]


def _same_game(source: str, state: GameState, module: AuditModule) -> None:
    """Refuse a log made on another game: almost none of its pieces is one of this game's.

    Judging such a log would pass it (no piece has a rule), so it is unreadable input.
    """
    pieces = list(state.pieces.values())
    cards = {c.id for c in module.game.cards or []} if module.game is not None else set()
    ids = state.module.traits.ids
    known = sum(1 for p in pieces
                if p.game is not None or ids(p.type_text, p.state_text)[5] in cards)
    if len(pieces) >= 2 and known * 10 < len(pieces):
        game = module.game
        title = f"{game.id} ({game.title})" if game is not None else module.name
        raise InputError(source, f"{known} of its {len(pieces)} pieces belong to game "
                                 f"{title}: the log was made on another game's module; "
                                 "audit it with the module it was played on")


PARTLY = {
    "sequence": "only which side moves in each phase (and the tracker's order) is judged; "
                "this rule's own content is not",
    "dice": "only the values the die can show are judged; this rule's effect is not",
    "combat": "only the main combat rule (CRT, odds, DRMs, losses) is judged; this special "
              "case is not",
    "movement": "this movement case is stated in text only",
}


def _unjudged(result: AuditResult, game: Game) -> None:
    """Every rule of the game is accounted for: judged, not checkable, or said to have no
    generic check (a referee sees what the audit did not look at)."""
    covered = {rule for c in result.checks for rule in c.rules}
    covered |= {n.rule for n in result.not_checkable}
    for rule in game.rules or []:
        if rule.id in covered:
            continue
        reason = PARTLY.get(rule.kind) or (f"no generic check judges rules of kind "
                                           f"{rule.kind!r}")
        if rule.checkable is False:
            reason = "the rule is marked not checkable in the game data (checkable: false)"
        result.not_checkable.append(NotCheckable("rules", rule.id, section_of(rule), reason))


def _merge(result: AuditResult, checks: list) -> None:  # type: ignore[type-arg]
    runs = {c.check: c for c in result.checks}
    # what the result lists already, kept up to date as each check's are added (made once,
    # not once per check)
    known = {(n.check, n.rule, n.reason): n for n in result.not_checkable}
    for check in checks:
        run = runs.get(check.run.check)
        if run is None:
            runs[check.run.check] = run = CheckRun(check.run.check, list(check.run.rules))
            result.checks.append(run)
        run.applied += check.run.applied
        for rule in check.run.rules:
            if rule not in run.rules:
                run.rules.append(rule)
        for nc in check.not_checkable.values():
            key = (nc.check, nc.rule, nc.reason)
            have = known.get(key)
            if have is None:
                result.not_checkable.append(nc)
                known[key] = nc
            else:
                have.count += nc.count
                for d in nc.details:
                    have.add_detail(d)
