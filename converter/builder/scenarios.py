"""Scenarios in the module: the at-start stacks of a one-scenario game, or one predefined
setup (a saved game in the archive) per scenario when a game has several."""

from __future__ import annotations

from typing import Callable

from converter.builder.images import safe_name
from converter.builder.maps import PlacedBoard
from converter.builder.pieces import PieceArt
from converter.builder.savegame import scenario_save
from converter.builder.setup import ScenarioSetup, scenario_setup
from converter.model.game import Game
from converter.vassal.components import (
    CardSlot, DrawPile, GameModule, Map, PieceSlot, PredefinedSetup, SetupStack)


def add_scenarios(game: Game, art: PieceArt, boards: dict[str, PlacedBoard],
                  display: PlacedBoard | None, root: GameModule, maps: list[Map],
                  files: dict[str, bytes], take_gpid: Callable[[], str], notes: list[str],
                  palette_gpids: dict[str, str]) -> list[ScenarioSetup]:
    """At-start stacks (one scenario) or predefined setups (several); pieces in a scenario
    save keep the gpid of their palette slot, so VASSAL's Refresh Counters finds them."""
    scenarios = game.scenarios or []
    setups = [scenario_setup(game, s, art, boards, display, reinforcements=True)
              for s in scenarios]
    for setup in setups:
        for line in setup.unplaced:
            notes.append(f"scenario {setup.scenario.name!r}: {line}")
    if len(setups) == 1:
        _setup_stacks(setups[0], maps, take_gpid)
        only = setups[0].scenario
        numbers = game.turns.numbers() if game.turns else []
        if numbers and only.turns and only.turns.min and only.turns.min != numbers[0]:
            notes.append(f"scenario {only.name!r} starts on turn {only.turns.min}: the turn "
                         f"tracker of a new game shows turn {numbers[0]}; set it by hand")
    elif len(setups) > 1:
        for setup in setups:
            held = sum(1 for start in setup.pieces if start.spot.deck is not None)
            if held:
                notes.append(f"scenario {setup.scenario.name!r}: {held} piece(s) it places in "
                             "a deck lie on that deck's pile, not in it: a module of several "
                             "scenarios fills its decks with their cards only")
            name = f"scenarios/{safe_name(setup.scenario.id)}.vsav"
            for start in setup.pieces:
                start.definition.basic.gpid = palette_gpids.get(start.placement.piece, "")
            files[name] = scenario_save(game, setup, list(boards.values()) +
                                        ([display] if display else []))
            root.add(PredefinedSetup(name=setup.scenario.name, file=name, use_file=True))
    return setups


def _setup_stacks(setup: ScenarioSetup, maps: list[Map], take_gpid: Callable[[], str]) -> None:
    by_name = {m.map_name: m for m in maps}
    piles = {pile.name: pile for m in maps for pile in m.children if isinstance(pile, DrawPile)}
    stacks: dict[tuple[str, str], SetupStack] = {}
    for start in setup.pieces:
        spot = start.spot
        pile = piles.get(spot.location) if spot.deck is not None else None
        if pile is not None:  # the pile's own contents: VASSAL deals them into its deck
            gpid = take_gpid()
            start.definition.basic.gpid = gpid
            card = CardSlot(entry_name=start.name, gpid=gpid, width=64, height=64)
            card.piece = start.definition
            pile.add(card)
            continue
        key = (spot.placed.map_name, spot.location)
        stack = stacks.get(key)
        if stack is None:
            stack = SetupStack(name=f"{spot.location}", owning_board=spot.placed.board_name,
                               x=spot.point[0], y=spot.point[1],
                               use_grid_location=not spot.beside,
                               location="" if spot.beside else spot.location)
            stacks[key] = stack
            by_name[spot.placed.map_name].add(stack)
        gpid = take_gpid()
        start.definition.basic.gpid = gpid
        slot = PieceSlot(entry_name=start.name, gpid=gpid, width=64, height=64)
        slot.piece = start.definition
        stack.add(slot)
