"""Every zone tells a piece where it is in the game's terms: a space's zone carries the space
id, a track cell its track id and value (ZoneProperties VASSAL looks up from the piece)."""

from __future__ import annotations

import pytest

from converter.builder.conventions import event_box_name, hex_location_name, track_values
from converter.vassal.components import BoardComponent, ZoneComponent, ZonedGrid, ZoneProperty
from tests.builder.conftest import GAME_IDS, GAMES, BuildCache
from tests.builder.readback import Module



def _zone_properties(zone: ZoneComponent) -> dict[str, str]:
    return {p.name: p.initial_value for p in zone.children if isinstance(p, ZoneProperty)}


@pytest.mark.parametrize("folder", GAMES, ids=GAME_IDS)
def test_zones_carry_the_game_ids(builds: BuildCache, folder) -> None:
    """A zone of a space says its space id; a track cell its track id and value."""
    built = builds.get(folder)
    game = built.module.game
    module = Module.read(built.path)
    seen = 0
    for m in module.maps().values():
        board = m.find(BoardComponent)
        zoned = board.find(ZonedGrid)
        if zoned is None:
            continue
        game_board = next((b for b in game.boards or [] if b.name == board.name), None)
        zones = zoned.find_all(ZoneComponent)
        if game_board is not None:
            # a named hex is a zone over that hex, named as VASSAL reports it, with no property
            hex_zones = [z for z in zones if not _zone_properties(z)]
            assert sorted(z.name for z in hex_zones) == sorted(
                (h.name if [n.name for n in game_board.named_hexes()].count(h.name) == 1
                 else hex_location_name(h.name, h.id))
                for h in game_board.named_hexes()), board.name
            assert all(z.use_parent_grid for z in hex_zones)
            zones = [z for z in zones if z not in hex_zones]
        ids = [_zone_properties(z).get("vconv_space") for z in zones]
        if game_board is not None:  # one zone per space, each with its own id
            assert sorted(ids) == sorted(s.id for s in game_board.spaces or []), board.name
        for zone in zones:
            props = _zone_properties(zone)
            if game_board is not None:
                space = next(s for s in game_board.spaces if s.id == props["vconv_space"])
                assert zone.name in (space.name, f"{space.name} ({space.id})", space.id)
            elif zone.name == event_box_name(game):
                assert props == {"vconv_box": "reinforcements-by-event"}
            else:
                track = game.track(props["vconv_track"])
                values, labels = track_values(game, track.id)
                value = int(props["vconv_track_value"])
                assert zone.name == f"{track.name} {labels[values.index(value)]}"
            seen += 1
    zones_expected = bool(game.tracks) or any(
        b.spaces and b.kind in ("boxes", "hex") for b in game.boards or [])
    assert seen or not zones_expected
