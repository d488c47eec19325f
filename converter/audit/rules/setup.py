"""Setup: the restored game of a log that starts at the beginning puts the scenario's pieces
where the scenario places them (hex, space or track cell), at the stated step.

A log whose restored game is later in the game (a turn past the first) is not compared.  With
several scenarios, the one whose placements the restored game matches best is used.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from converter.audit.events import Event, LogPos, StepEnded
from converter.audit.places import PlaceNames
from converter.audit.rules.base import Check
from converter.audit.state import GameState, PieceState
from converter.builder.conventions import event_box_name, reinforcement_placements
from converter.model.common import Location
from converter.model.scenario import Placement, Scenario


class SetupCheck(Check):
    name = "setup"
    handles = (StepEnded,)

    def begin_game(self, state: GameState) -> None:
        self.scenarios = [s for s in self.game.scenarios or [] if s.setup]
        self.run.rules = [f"scenario {s.id}" for s in self.scenarios]
        self.scenario: Scenario | None = None
        self.unlaid: set[str] = set()  # game boards of module boards the file did not lay
        self.beside = LaidBoards({}, {})  # where each game board lies

    def visit_event(self, state: GameState, event: Event) -> None:
        if event.pos.step != 0 or not self.scenarios:
            return
        first = self.game.turns.opening() if self.game.turns is not None else 1
        starting = [s for s in self.scenarios if state.turn is None or state.turn == (
            s.turns.min if s.turns is not None and s.turns.min is not None else first)]
        if not starting:
            self.skip("setup", None, "the log starts on a turn no scenario starts on (not "
                      "at a setup)", event.pos, f"turn {state.turn}")
            return
        pieces = [p for p in state.pieces.values() if p.game is not None and p.on_board]
        if not pieces:
            return
        self.unlaid = _boards_not_laid(state)
        self.beside = LaidBoards(_board_maps(state), _board_origins(state),
                                 {d.id: d.name for d in self.game.decks or []})
        # the most placements found; of scenarios alike in that, the one placing fewest
        # pieces (Ark of the Covenant's '2 Players (Blue/Green)' setup matches its own
        # scenario and the module's at-start stacks alike, which also place the other
        # players' pieces, all 'missing')
        best = max(starting, key=lambda s: self._fit(s, pieces))
        self.scenario = best
        self.run.rules = [f"scenario {best.id}"]
        self._compare(state, event.pos, best, pieces)

    def _score(self, scenario: Scenario, pieces: list[PieceState], decks: bool = False) -> int:
        """How many pieces stand where the scenario places them, each counted once and at
        most a placement's count (Warmachine & Hordes' 'Leryn City Center 2' save scored
        702 for 'City Street 2', whose 60 walls on the board each counted for every
        placement of walls there, against 251, all its pieces, for its own scenario)."""
        by_id: dict[str, list[PieceState]] = {}
        for p in pieces:
            if p.game is not None:
                by_id.setdefault(p.game.id, []).append(p)
        used: set[str] = set()
        score = 0
        for pl in scenario.setup or []:
            if (pl.at.deck is not None) != decks:
                continue  # (`_fit`: a deck's cards counted apart)
            want = pl.count or 1
            for p in by_id.get(pl.piece, []):
                if want == 0:
                    break
                if p.id not in used and _at(pl.at, p, self.beside):
                    used.add(p.id)
                    want -= 1
                    score += 1
        return score

    def _fit(self, scenario: Scenario,
             pieces: list[PieceState]) -> tuple[int, int, int]:
        """How well the restored game fits a scenario: the pieces found where it places them
        less those it places that are not there, then the fewest expected, deck cards
        apart (`_expected`), then the cards found in their decks less those missing there.
        Found alone chose Almoravid's Scenario F for a new game (alm-decks.vlog): its 111
        deck cards lie in the decks a new game fills too, but 86 of its other pieces were
        missing.  The cards still tell apart scenarios alike but for them: For the People's
        1861 save fits both its own scenario and the at-start stacks, and only the first
        lists the 131 cards of its decks."""
        found, expected = self._score(scenario, pieces), self._expected(scenario)
        cards, in_decks = self._score(scenario, pieces, True), self._expected(scenario, True)
        return found - (expected - found), -expected, cards - (in_decks - cards)

    def _expected(self, scenario: Scenario, decks: bool = False) -> int:
        """How many pieces the scenario expects on the boards the file laid, but in decks
        (in decks alone when *decks*).

        A deck's cards count apart: a scenario made from a save lists the cards its decks
        hold, the module's at-start stacks list none (its decks fill themselves), so a new
        game of Inferno (github Cattlesquat/Inferno), whose pieces all stand where the
        at-start stacks put them, was judged by Scenario F, which found 107 cards in the
        decks a new game fills too, more than all 186 the at-start stacks place, yet missed
        60 other pieces (54 false findings)."""
        return sum(pl.count or 1 for pl in scenario.setup or []
                   if (pl.at.deck is not None) == decks
                   and not (self.unlaid and self._on_unlaid_board(pl.at)))

    def _compare(self, state: GameState, pos: LogPos, scenario: Scenario,
                 pieces: list[PieceState]) -> None:
        sec = scenario.section or (scenario.provenance.section if scenario.provenance else None)
        rule_id = f"setup:{scenario.id}"
        by_id: dict[str, list[PieceState]] = {}
        for p in pieces:
            by_id.setdefault(p.game.id, []).append(p)  # type: ignore[union-attr]
        used: set[str] = set()
        event = StepEnded(pos)
        for pl in scenario.setup or []:
            if self.unlaid and self._on_unlaid_board(pl.at):
                continue  # VASSAL places an at-start stack only when its board is chosen
            want = pl.count or 1
            candidates = [p for p in by_id.get(pl.piece, []) if p.id not in used]
            here = [p for p in candidates if _at(pl.at, p, self.beside)
                    or _at_region_point(state, pl.at, p)]
            self.run.applied += 1
            for p in here[:want]:
                used.add(p.id)
                self._step(state, event, rule_id, sec, pl, p)
            short = want - len(here[:want])
            if short <= 0:
                continue
            gp = self.game.piece(pl.piece)
            name = gp.name if gp else pl.piece
            elsewhere = [p for p in candidates if p not in here][:short]
            if elsewhere:
                for p in elsewhere:
                    used.add(p.id)
                    if p.map not in state.module.maps:
                        self._lost(p, pos, rule_id, sec)
                        continue
                    self.find(state, event, rule_id, sec,
                              f"{p.name} starts at {p.place.label()}; scenario "
                              f"{scenario.name!r} places it at {pl.at.label()}",
                              f"at {pl.at.label()}", f"at {p.place.label()}", pieces=[p],
                              places=[p.place], points=[(p.place.map or "", p.x, p.y)])
                short -= len(elsewhere)
            if short > 0 and scenario.complete is not False:
                self.find(state, event, rule_id, sec,
                          f"{short} × {name} ({pl.piece}) missing at the start; scenario "
                          f"{scenario.name!r} places {want} at {pl.at.label()}",
                          f"{want} at {pl.at.label()}", f"{want - short} there")
        if scenario.complete:
            used.update(self._waiting(scenario, by_id, used))
            for p in pieces:
                if p.id not in used and p.map not in state.module.maps:
                    self._lost(p, pos, rule_id, sec)
                elif p.id not in used and (p.game is not None and p.game.kind != "marker"):
                    self.find(state, event, rule_id, sec,
                              f"{p.name} is on the map at the start but not in scenario "
                              f"{scenario.name!r}", "only the scenario's pieces",
                              f"{p.name} at {p.place.label()}", pieces=[p], places=[p.place],
                              points=[(p.place.map or "", p.x, p.y)])

    def _lost(self, piece: PieceState, pos: LogPos, rule_id: str, sec: str | None) -> None:
        """A piece on a map the module lacks: VASSAL shows it on no map (the replay reports
        the map once), so where it starts is not judged."""
        self.skip(rule_id, sec, "the piece lies on a map the module does not have (VASSAL "
                  "shows it on no map; see the replay problems)", pos,
                  f"{piece.name} on {piece.map}")

    def _on_unlaid_board(self, at: Location) -> bool:
        """Whether the place is on a board of the module that the file did not lay (one of a
        map's alternative boards: Blood Bowl's pitch is Grass Pitch, StreetBowl or Sevens)."""
        if at.any_of:
            return all(self._on_unlaid_board(a) for a in at.any_of)
        board = at.board
        if board is None and at.space is not None:
            board = next((b.id for b in self.game.boards or []
                          for sp in b.spaces or [] if sp.id == at.space), None)
        return board is not None and board in self.unlaid

    def _waiting(self, scenario: Scenario, by_id: dict[str, list[PieceState]],
                 used: set[str]) -> set[str]:
        """Reinforcements waiting where a built module puts them (their entry turn's cell on
        the turn track, or the event box): part of the setup, not strays."""
        box = event_box_name(self.game)
        out: set[str] = set()
        for pl in reinforcement_placements(self.game, scenario):
            for p in by_id.get(pl.piece, []):
                if p.id in used:
                    continue
                if _at(pl.at, p, self.beside) or (pl.at.code is not None and p.place.location == box):
                    out.add(p.id)
        return out

    def _step(self, state: GameState, event: Event, rule_id: str, sec: str | None,
              pl: Placement, p: PieceState) -> None:
        if pl.steps is None:
            return
        have = state.step_of(p)
        if have is None:
            self.skip(rule_id, sec, "a piece's number of steps is missing from the game data",
                      event.pos, p.game_id or p.name)
        elif have != pl.steps:
            self.find(state, event, rule_id, sec,
                      f"{p.name} starts with {have} step(s); the scenario gives it {pl.steps}",
                      f"{pl.steps} step(s)", f"{have} step(s)", pieces=[p], places=[p.place],
                      points=[(p.place.map or "", p.x, p.y)])


def _boards_not_laid(state: GameState) -> set[str]:
    """The game boards of module boards that no map laid at the start: a map offers them,
    the file's boards chose others."""
    module = state.module
    if module.mapping is not None:
        ids = module.mapping.boards
    else:
        ids = {name: bid for name, bid in PlaceNames.of(module).boards.items()}
    laid: set[str] = set()
    offered: set[str] = set()
    for geo in module.maps.values():
        laid.update(board.name for _, _, board in geo.placed)
        offered.update(geo.boards)
    return {bid for name in offered - laid if (bid := ids.get(name))} - \
        {bid for name in laid if (bid := ids.get(name))}


def _board_maps(state: GameState) -> dict[str, set[str]]:
    """Each game board → the VASSAL maps its module board lies on: a point beside a board
    (an imported set-up's piece VASSAL calls 'offboard') is off the boards of that map."""
    module = state.module
    names = PlaceNames.of(module)
    out: dict[str, set[str]] = {}
    for (map_name, _), bid in names.imported.items():
        out.setdefault(bid, set()).add(map_name)
    for map_name, game_board in names.maps.items():
        out.setdefault(game_board, set()).add(map_name)
    ids = module.mapping.boards if module.mapping is not None else names.boards
    for map_name, geo in module.maps.items():
        for board_name in geo.boards:
            if (known := ids.get(board_name)) is not None:
                out.setdefault(known, set()).add(map_name)
    return out


def _at_region_point(state: GameState, at: Location, piece: PieceState) -> bool:
    """Whether the piece stands on the very point of the space *at* names: where the
    module's at-start stack of that region put it, though VASSAL names the point by a zone
    found first there (Paths of Glory's 'Action_AP_6' box lies inside the Europe zone, whose
    nearest region there is Naples)."""
    if at.space is None or piece.map is None:
        return False
    place = state.locator.region_point(piece.map, piece.x, piece.y)
    return place is not None and place.space == at.space


def _board_origins(state: GameState) -> dict[str, dict[str, tuple[int, int]]]:
    """Each game board → the map pixel of its module board's corner, on each map that lays
    it now (VASSAL places an at-start stack at that corner plus the stack's point)."""
    module = state.module
    names = PlaceNames.of(module)
    ids = module.mapping.boards if module.mapping is not None else names.boards
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for map_name, geo in module.maps.items():
        for x, y, board in geo.placed:
            bid = names.imported.get((map_name, board.name)) or ids.get(board.name)
            if bid is not None:
                out.setdefault(bid, {}).setdefault(map_name, (x, y))
    return out


@dataclass(frozen=True)
class LaidBoards:
    """Where the game's boards lie: the VASSAL maps of each, and its corner on each map
    that lays it; and the name of each game deck (a piece in a deck is in the VASSAL deck
    of that name)."""

    maps: dict[str, set[str]]
    origins: dict[str, dict[str, tuple[int, int]]]
    decks: dict[str, str] = field(default_factory=dict)


def _at(at: Location, piece: PieceState, beside: LaidBoards) -> bool:
    place = piece.place
    if at.any_of:
        return any(_at(a, piece, beside) for a in at.any_of)
    if at.deck is not None:  # in that deck, and where it lies when the place says so
        if place.deck is None or place.deck != beside.decks.get(at.deck, at.deck):
            return False
        rest = replace(at, deck=None)
        return rest == Location(board=rest.board, note=rest.note, provenance=rest.provenance) \
            or _at(rest, piece, beside)
    if at.point is not None:
        # a point past its board: VASSAL lays the pieces at that pixel from the board's
        # corner, off the boards or on the board laid beside it (boards in a row)
        corner = beside.origins.get(at.board or "", {}).get(piece.map or "")
        if corner is not None and (piece.x, piece.y) == (corner[0] + at.point[0],
                                                         corner[1] + at.point[1]):
            return True
        return place.kind == "offboard" and place.map in beside.maps.get(at.board or "", set())
    if at.hex is not None:
        return place.hex == at.hex and (at.board is None or at.board == place.game_board)
    if at.space is not None:
        return place.space == at.space
    if at.track is not None:
        return place.track == at.track and (at.value is None or place.track_value == at.value)
    return False
