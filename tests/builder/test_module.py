"""Every game builds into a module that VASSAL loads cleanly and that puts things where the
game description says: hex names, at-start pieces, palettes, dice, turns and the game itself."""

from __future__ import annotations

from dataclasses import replace
from collections import Counter

import pytest

from converter.builder import map_names, read_game_from_vmod
from converter.builder.conventions import hex_location_name, track_values
from converter.builder.layout import board_layout
from converter.model.game import Game
from converter.vassal import sequence
from converter.vassal.components import (
    BoardComponent, DiceButton, GlobalProperty, KeyBufferer, MenuDisplayer, PieceMover, PieceSlot,
    PlayerRoster, PrototypeDefinition, SetupStack, SpecialDiceButton, TurnTracker)
from converter.vassal.traits import DynamicProperty, Layer, Obscurable
from tests.builder.conftest import GAME_IDS, GAMES, MINI, BuildCache
from tests.builder.readback import Module, save_properties, save_turn
from tests.builder.test_reinforcements import expected_reinforcements

pytestmark = pytest.mark.parametrize("folder", GAMES, ids=GAME_IDS)


def test_module_declares_vassal_36_and_carries_the_game(builds: BuildCache, folder) -> None:
    built = builds.get(folder)
    module = Module.read(built.path)
    game = built.module.game
    assert module.file.metadata["VassalVersion"] == "3.6.0"
    assert module.root.vassal_version == "3.6.0"
    assert module.file.metadata["name"] == module.root.name == game.title
    assert read_game_from_vmod(built.path).to_dict() == game.to_dict()


def test_every_board_is_a_playable_map(builds: BuildCache, folder) -> None:
    built = builds.get(folder)
    module = Module.read(built.path)
    game = built.module.game
    maps = module.maps()
    assert sorted(maps) == sorted(map_names(game).values())  # what the auditor will look up
    board_names = {m.find(BoardComponent).name for m in maps.values()}
    for board in game.boards or []:
        assert board.name in board_names
    for m in maps.values():
        present = {type(c) for c in m.children}
        assert {PieceMover, KeyBufferer, MenuDisplayer} <= present, m.map_name


def test_each_hex_centre_is_named_with_its_id(builds: BuildCache, folder) -> None:
    """VASSAL's name for every hex centre drawn on the board is the game's hex id, and its
    move reports give a named hex's name with it ('Treviso (0304)')."""
    built = builds.get(folder)
    module = Module.read(built.path)
    game = built.module.game
    hex_boards = [b for b in game.boards or [] if b.kind == "hex" and b.grid is not None]
    if not hex_boards:
        pytest.skip("no hex board in this game")
    for board in hex_boards:
        vboard = next(m.find(BoardComponent) for m in module.maps().values()
                      if m.find(BoardComponent).name == board.name)
        grid = module.hex_grid(vboard)
        layout = board_layout(board, module.board_size(vboard))
        named = {h.id for h in board.named_hexes()}
        names = {h.id: h.name for h in board.named_hexes()}
        for hex_id in sorted(named | set(board.grid.all_ids())):
            centre = layout.hex_centres[hex_id]
            assert grid.location_name(centre) == hex_id
            assert grid.location_name(grid.center_of(hex_id)) == hex_id
            # what VASSAL's move reports say there: a named hex by its name and id
            reported = hex_location_name(names[hex_id], hex_id) if hex_id in names else hex_id
            point = (round(centre[0]), round(centre[1]))
            assert module.location_at(vboard, point) == reported
            assert module.location_at(vboard, module.named_point(vboard, reported)) == reported


def _expected_place(game: Game, at) -> str | None:
    if at.hex:  # a named hex is reported by its name: 'Treviso (0304)'
        named = next((h.name for b in game.boards or [] for h in b.named_hexes()
                      if h.id == at.hex and (at.board is None or b.id == at.board)), None)
        return hex_location_name(named, at.hex) if named else at.hex
    if at.space:
        board, space = game.space(at.space)
        same = [s for s in board.spaces or [] if s.name == space.name]
        return space.name if len(same) == 1 else f"{space.name} ({space.id})"
    if at.track:
        track = game.track(at.track)
        values, labels = track_values(game, at.track)
        return f"{track.name} {labels[values.index(at.value)]}"
    return None


def test_at_start_pieces_sit_where_the_setup_says(builds: BuildCache, folder) -> None:
    built = builds.get(folder)
    module = Module.read(built.path)
    game = built.module.game
    scenarios = game.scenarios or []
    if not scenarios:
        pytest.skip("no scenario")
    if len(scenarios) == 1:
        placed = {scenarios[0].name: module.stack_pieces()}
        assert placed[scenarios[0].name] or not scenarios[0].setup
        assert not module.setups()
    else:
        setups = module.setups()
        assert sorted(setups) == sorted(s.name for s in scenarios)
        placed = {name: module.save_pieces(entry) for name, entry in setups.items()}
        assert not module.root.find_all(SetupStack)
        palette = {s.piece.properties()["vconv_id"]: s.gpid for s in module.root.find_all(PieceSlot)}
        for pieces in placed.values():  # Refresh Counters finds each piece's palette slot
            assert all(p.basic.gpid == palette[p.properties()["vconv_id"]] for _m, _w, p in pieces)
    for scenario in scenarios:
        expected: Counter = Counter()
        choices: dict[str, set[str]] = {}
        for p in scenario.setup or []:
            if p.at.any_of:
                options = {_expected_place(game, replace(o, board=o.board or p.at.board))
                           for o in p.at.any_of} - {None}
                choices.setdefault(p.piece, set()).update(options)
                expected[(p.piece, "any of")] += (p.count or 1) if options else 0
                continue
            place = _expected_place(game, p.at)
            if place is not None:
                expected[(p.piece, place)] += p.count or 1
        expected += expected_reinforcements(game, scenario)  # waiting to enter
        actual = Counter((pid, "any of" if where in choices.get(pid, ()) and (pid, where) not in expected
                          else where)
                         for pid, where in ((piece.properties()["vconv_id"], where)
                                            for _map, where, piece in placed[scenario.name]))
        assert actual == expected, scenario.name
        unplaced = [p for p in scenario.setup or []
                    if p.at.any_of or _expected_place(game, p.at) is None]
        for p in unplaced:  # what the module cannot settle is in its notes
            assert any(game.piece(p.piece).name in note for note in built.module.notes)


def test_setup_steps_faces_and_masks(builds: BuildCache, folder) -> None:
    """A piece set up reduced shows its reduced face; a hidden one starts masked."""
    built = builds.get(folder)
    module = Module.read(built.path)
    game = built.module.game
    scenarios = game.scenarios or []
    if not scenarios:
        pytest.skip("no scenario")
    pieces = module.stack_pieces() if len(scenarios) == 1 else \
        [p for entry in module.setups().values() for p in module.save_pieces(entry)]
    checked = 0
    by_id: dict[str, list] = {}
    for _map, _where, piece in pieces:
        by_id.setdefault(piece.properties()["vconv_id"], []).append(piece)
    for scenario in scenarios:
        for p in scenario.setup or []:
            model = game.piece(p.piece)
            candidates = by_id.get(p.piece, [])
            if p.steps is not None and candidates:
                face = model.face_for_step(p.steps)
                if face is not None and len(model.step_faces()) >= 2:  # a printed step face
                    shown = [c.trait(Layer, "Step") for c in candidates]
                    assert any(layer is not None and f"-{face.counter}-{face.side}.png"
                               in layer.images[layer.value - 1] for layer in shown)
                else:  # steps no face shows: a Steps property (none for a one-step unit)
                    assert any(c.properties().get("Steps", "1") == str(p.steps) for c in candidates)
                checked += 1
            if p.hidden and candidates:
                assert any(c.trait(Obscurable) is not None and c.masked for c in candidates)
                checked += 1
    if folder == MINI:
        assert checked == 2  # na-2 set up with 1 step, the dummies hidden


def test_palette_prototypes_dice_and_turns(builds: BuildCache, folder) -> None:
    built = builds.get(folder)
    module = Module.read(built.path)
    game = built.module.game
    palette = [s for s in module.root.find_all(PieceSlot)
               if not any(s in st.children for st in module.root.find_all(SetupStack))]
    assert sorted(s.piece.properties()["vconv_id"] for s in palette) == \
        sorted(p.id for p in game.pieces or [])
    for slot in palette:
        piece = game.piece(slot.piece.properties()["vconv_id"])
        layer = slot.piece.trait(Layer)
        if len(piece.step_faces()) >= 2:
            assert layer is not None and len(layer.images) == len(piece.step_faces())
        if piece.carries or (piece.steps and piece.steps.model == "tokens"):
            assert slot.piece.trait(DynamicProperty) is not None, piece.id
        side = game.side_of(piece)
        if side is not None:
            assert slot.piece.traits[0].name == f"Side {side.name}"  # the side's prototype
    (roster,) = module.root.find_all(PlayerRoster)
    seats = game.players.max if game.players else len(game.sides)
    if seats > len(game.sides) and len(game.factions or []) >= seats:  # one player per power
        assert roster.sides == [f.name for f in game.factions]
    else:
        assert roster.sides == [s.name for s in game.sides]
    for slot in palette:
        mask = slot.piece.trait(Obscurable)
        if mask is None:
            continue
        if mask.access == "player:":  # no owner: whoever masks it may look under it
            assert game.side_of(game.piece(slot.piece.properties()["vconv_id"])) is None
        else:  # its owners (roster entries) may look under it
            owners = mask.access.removeprefix("sides:").split(":")
            assert owners and set(owners) <= set(roster.sides), mask.access
    protos = module.root.find_all(PrototypeDefinition)
    assert len(protos) == 1 + len(game.sides)
    numbered = [d for d in game.dice or [] if d.faces is None and d.sides]
    buttons = module.root.find_all(DiceButton)
    assert sorted((b.name, b.n_dice, b.n_sides) for b in buttons) == \
        sorted((d.name, d.count or 1, d.sides) for d in numbered)
    complete = [d for d in game.dice or [] if d.faces
                and not {"faces", "sides"} & set(d.missing or [])
                and (d.sides is None or len(d.faces) == d.sides)]
    specials = module.root.find_all(SpecialDiceButton)
    assert sorted(b.name for b in specials) == sorted(d.name for d in complete)
    for die in game.dice or []:  # a die with no button (faces never invented) is in the notes
        if die.faces is not None and die not in complete:
            assert any(f"die {die.name!r}" in n and "faces are not all known" in n
                       for n in builds.get(folder).module.notes)
    if game.turns is not None:
        assert module.root.find_all(TurnTracker)


def _keys(piece) -> list[str]:
    keys = []
    for trait in piece.traits:
        if isinstance(trait, Layer):
            keys += [k for k in (trait.increase_key, trait.decrease_key) if k]
        elif isinstance(trait, DynamicProperty) and trait.commands:
            for item in sequence.split(trait.commands, ","):
                key = sequence.split(item, ":")[1]
                if key:  # menu-only commands have no key
                    keys.append(key)
        elif isinstance(trait, Obscurable) and trait.key:
            keys.append(trait.key)
    return keys


def test_no_two_piece_commands_share_a_key(builds: BuildCache, folder) -> None:
    module = Module.read(builds.get(folder).path)
    common = [k for p in module.root.find_all(PrototypeDefinition)
              for t in p.piece.traits for k in [getattr(t, "key", "")] if k]
    for slot in module.root.find_all(PieceSlot):
        keys = common + _keys(slot.piece)
        assert len(keys) == len(set(keys)), (slot.entry_name, keys)


def test_scenarios_start_tracks_at_their_values(builds: BuildCache, folder) -> None:
    """Victory points and other tracks start where each scenario says."""
    built = builds.get(folder)
    module = Module.read(built.path)
    game = built.module.game
    scenarios = game.scenarios or []
    if not any(s.track_start for s in scenarios):
        pytest.skip("no scenario sets a track")
    initial = {p.name: p.initial_value for p in module.root.find_all(GlobalProperty)}
    setups = module.setups()
    checked = 0
    for scenario in scenarios:
        values = initial if len(scenarios) == 1 else \
            {**initial, **save_properties(module, setups[scenario.name])}
        for item in scenario.track_start or []:
            track = game.track(item.track)
            if track.kind == "turn":
                continue
            owner = (game.side(item.owner) or game.faction(item.owner)
                     or game.nationality(item.owner)) if item.owner else None
            name = f"{track.name} {owner.name}" if owner else track.name
            assert values[name] == str(item.value), (scenario.name, name)
            checked += 1
    assert checked


def test_scenario_saves_start_at_the_scenario_turn(builds: BuildCache, folder) -> None:
    built = builds.get(folder)
    module = Module.read(built.path)
    game = built.module.game
    setups = module.setups()
    if not setups or game.turns is None:
        pytest.skip("no scenario saves or no turns")
    numbers = game.turns.numbers()
    for scenario in game.scenarios:
        state = save_turn(module, setups[scenario.name])
        assert state is not None
        current_level, outer = sequence.split(state, "|")[:2]
        assert current_level == "0"
        first = int(sequence.split(outer, ";")[0])
        turn = numbers[first] if game.turns.labels else first  # list index or counter value
        start = scenario.turns.min if scenario.turns and scenario.turns.min else numbers[0]
        assert turn == start, scenario.name


@pytest.mark.vassal
def test_vassal_loads_the_module_and_its_scenarios_cleanly(vassal_reports, builds, folder) -> None:
    report = vassal_reports[folder]
    if isinstance(report, Exception):
        raise report
    assert (report.errors, report.warnings) == (0, 0), report.output[-3000:]
    scenarios = Module.read(builds.get(folder).path).setups()
    assert report.output.count("game started=true") == len(scenarios)
    assert "UNDECODABLE" not in report.output  # every command of every scenario save is known


@pytest.mark.pywargame
def test_pywargame_counts_match_the_model(builds: BuildCache, folder) -> None:
    from tests.helpers_vassal import pywargame_counts

    built = builds.get(folder)
    game = built.module.game
    counts = pywargame_counts(built.path)
    extra_map = 1 if (game.tracks or game.decks) else 0
    boards = len(game.boards or [])
    setup_slots = len(Module.read(built.path).stack_pieces())  # checked against the setup above
    assert counts["maps"] == boards + extra_map
    assert counts["boards"] == boards + extra_map
    grids = sum(1 for b in game.boards or []
                if (b.kind == "hex" and b.grid is not None) or b.spaces) + extra_map
    # a hex grid inside a ZonedGrid (beside boxes, or under named hexes' zones) is read too
    grids += sum(1 for b in game.boards or []
                 if b.kind == "hex" and b.grid is not None and (b.spaces or b.named_hexes()))
    assert counts["grids"] == grids
    assert counts["piece_slots"] == len(game.pieces or []) + setup_slots
    assert counts["prototypes"] == 1 + len(game.sides)
    assert counts["dice_buttons"] == len([d for d in game.dice or [] if d.faces is None and d.sides])



def test_at_start_stacks_name_their_location(builds: BuildCache, folder) -> None:
    """Every at-start stack is placed by the name VASSAL reports for its place."""
    module = Module.read(builds.get(folder).path)
    stacks = module.root.find_all(SetupStack)
    if not stacks:
        pytest.skip("no at-start stacks")
    for m in module.maps().values():
        board = m.find(BoardComponent)
        for stack in m.find_all(SetupStack):
            assert stack.use_grid_location and stack.location, stack.name
            assert module.location_at(board, module.named_point(board, stack.location)) \
                == stack.location
