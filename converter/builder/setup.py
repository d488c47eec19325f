"""A scenario's setup as at-start stacks: each placement's pieces on the hex, space or track
cell it names, at the right step or face, masked when the setup hides them; then the
reinforcements the setup does not place, waiting on the turn track cell of their entry turn
(or, when they enter on an event, in the display's event box)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from converter.builder.conventions import hex_location_name, is_hidden, level_for, levels_of, reinforcement_placements
from converter.builder.maps import PlacedBoard
from converter.builder.pieces import PieceArt, owners, piece_definition
from converter.model.common import Location
from converter.model.game import Game
from converter.model.scenario import Placement, Scenario
from converter.vassal.traits.piece import PieceTraits


@dataclass
class Spot:
    """Where a placement goes: map, board, VASSAL location name and board point.

    VASSAL resolves every such name on the board (a hex on the hex grid, also when it lies
    inside a ZonedGrid; a zone's name at the mean of its corners, the point given here; a
    region's at its origin), so at-start stacks name their location."""

    placed: PlacedBoard
    location: str
    point: tuple[int, int]
    beside: bool = False  # a board point past its edge: placed by the point, no location name
    deck: str | None = None  # the id of the deck the piece goes into (its pile lies here)


@dataclass
class StartPiece:
    """One piece of a setup, ready to be written as a SetupStack slot or an AddPiece."""

    placement: Placement
    spot: Spot
    definition: PieceTraits
    name: str


@dataclass
class ScenarioSetup:
    scenario: Scenario
    pieces: list[StartPiece] = field(default_factory=list)
    unplaced: list[str] = field(default_factory=list)


def resolve(game: Game, boards: dict[str, PlacedBoard], display: PlacedBoard | None,
            at: Location) -> Spot | None:
    """The spot a location names, or None when it names no single place on a board; a
    deck's spot is its pile on the display board."""
    if at.deck:
        deck = next((d for d in game.decks or [] if d.id == at.deck), None)
        pile = display.decks.get(at.deck) if display is not None else None
        if deck is None or pile is None or display is None:
            return None
        return Spot(display, deck.name, pile.centre, deck=deck.id)
    if at.hex:
        for board in game.boards or []:
            if not board.kind_spec.hex_grid or (at.board and board.id != at.board):
                continue
            placed = boards.get(board.id)
            if placed and at.hex in placed.hex_centres and board.grid and board.grid.contains(at.hex):
                x, y = placed.hex_centres[at.hex]
                named = board.hex(at.hex)
                location = hex_location_name(named.name, at.hex) if named and named.name \
                    else at.hex
                return Spot(placed, location, (round(x), round(y)))
        return None
    if at.space:
        found = game.space(at.space)
        if found is None:
            return None
        placed = boards.get(found[0].id)
        if placed is None or at.space not in placed.spaces:
            return None
        name, point = placed.spaces[at.space]
        return Spot(placed, name, point)
    if at.track and display is not None:
        value = at.value
        if value is None:
            track = game.track(at.track)
            value = track.min if track and track.min is not None else None
        cell = display.track_cells.get((at.track, value)) if value is not None else None
        if cell is None:
            return None
        return Spot(display, cell[0], cell[1])
    if at.any_of:
        options = choices(game, boards, display, at)
        return options[0] if options else None
    if at.point and len(at.point) == 2 and at.board:
        placed = boards.get(at.board)
        if placed is None:
            return None
        x, y = at.point
        return Spot(placed, f"({x},{y})", (x, y), beside=True)
    return None


def choices(game: Game, boards: dict[str, PlacedBoard], display: PlacedBoard | None,
            at: Location) -> list[Spot]:
    """The places an 'any of' location offers (options inherit the outer board)."""
    out = []
    for option in at.any_of or []:
        if at.board and not option.board:
            option = replace(option, board=at.board)
        spot = resolve(game, boards, display, option)
        if spot is not None:
            out.append(spot)
    return out


def scenario_setup(game: Game, scenario: Scenario, art: PieceArt,
                   boards: dict[str, PlacedBoard], display: PlacedBoard | None, *,
                   reinforcements: bool = False) -> ScenarioSetup:
    """Every piece the scenario places, with its definition; what cannot be placed is listed.

    With *reinforcements*, also the pieces waiting to enter (see reinforcement_placements),
    as the module's scenarios hold them.
    """
    out = ScenarioSetup(scenario)
    nowhere: dict[str, list[str]] = {}  # location label → pieces it cannot place
    for placement in scenario.setup or []:
        piece = game.piece(placement.piece)
        if piece is None:
            out.unplaced.append(f"{placement.piece}: no such piece")
            continue
        spot = resolve(game, boards, display, placement.at)
        if spot is None:
            times = f"{placement.count} × " if (placement.count or 1) > 1 else ""
            nowhere.setdefault(placement.at.label(), []).append(
                f"{times}{piece.name} ({piece.id})")
            continue
        levels = levels_of(game, piece)
        level = level_for(levels, piece, steps=placement.steps, face=placement.face)
        masked_by = None
        if placement.hidden and is_hidden(game, piece):
            masked_by = next(iter(owners(game, piece)), "null")
        count = placement.count or 1
        spots = [spot] * count
        if placement.at.any_of:
            options = choices(game, boards, display, placement.at)
            if len(options) == count > 1:  # one copy on each of the places offered
                spots = options
            out.unplaced.append(
                f"{piece.name} ({piece.id}): the setup offers {placement.at.label()}; "
                f"placed at {', '.join(sorted({s.location for s in spots}))}")
        for where in spots:
            definition = piece_definition(game, piece, art, level=level, masked_by=masked_by,
                                          steps=placement.steps)
            out.pieces.append(StartPiece(placement, where, definition, piece.name))
    for label, names in nowhere.items():
        out.unplaced.append(f"not placed, since {label!r} is not a single place on a board: "
                            + ", ".join(names))
    if reinforcements:
        _add_reinforcements(game, out, art, display)
    return out


def _add_reinforcements(game: Game, out: ScenarioSetup, art: PieceArt,
                        display: PlacedBoard | None) -> None:
    waiting: dict[str, list[str]] = {}  # why they cannot wait anywhere → pieces
    for placement in reinforcement_placements(game, out.scenario):
        piece = game.piece(placement.piece)
        assert piece is not None and piece.entry is not None
        spot: Spot | None = None
        if piece.entry.turn is not None:
            if placement.at.track is not None:
                spot = resolve(game, {}, display, placement.at)
            why = f"the module has no turn track cell for turn {piece.entry.turn}"
        elif display is not None and display.event_box is not None:
            name, point = display.event_box
            spot = Spot(display, name, point)
        else:
            why = "the module has no box for pieces that enter on an event"
        if spot is None:
            waiting.setdefault(why, []).append(f"{piece.name} ({piece.id})")
            continue
        levels = levels_of(game, piece)
        level = 2 if piece.entry.reduced and levels is not None and levels.steps else 1
        for _ in range(placement.count or 1):
            definition = piece_definition(game, piece, art, level=level)
            out.pieces.append(StartPiece(placement, spot, definition, piece.name))
    for why, names in waiting.items():
        out.unplaced.append(f"reinforcements left in the palette, since {why}: "
                            + ", ".join(names))
