"""The example of adding a board kind (docs/architecture.md, "Add a board kind"): the designer
test game's "sectors" board, a front cut into sector boxes on the map, comes from one module
(converter/model/boardkinds/sectors.py) and its schema enum entry, and nothing else."""

from __future__ import annotations

from converter.validate import load_model
from converter.vassal.components import BoardComponent, ZoneComponent, ZonedGrid
from tests.builder.conftest import ROOT, BuildCache
from tests.builder.readback import Module

DESIGNER = ROOT / "tests" / "data" / "games" / "designer"


def test_a_sector_board_builds_one_zone_per_sector(builds: BuildCache) -> None:
    module = Module.read(builds.get(DESIGNER).path)
    board = next(m.find(BoardComponent) for m in module.maps().values()
                 if m.find(BoardComponent).name == "Fronte del Piave")
    zones = board.find(ZonedGrid).find_all(ZoneComponent)
    assert sorted(z.name for z in zones) == ["Basso Piave", "Grappa", "Montello"]
    for zone in zones:
        pts = [tuple(int(v) for v in p.split(",")) for p in zone.path.split(";") if p]
        cx = (min(x for x, _ in pts) + max(x for x, _ in pts)) // 2
        cy = (min(y for _, y in pts) + max(y for _, y in pts)) // 2
        assert module.location_at(board, (cx, cy)) == zone.name


def test_sectors_are_on_the_map_unlike_holding_boxes() -> None:
    game = load_model(DESIGNER)
    piave, boxes = game.board("piave"), game.board("boxes")
    assert piave is not None and boxes is not None
    assert piave.drawing() is boxes.drawing()  # both drawn as boxes...
    assert piave.kind_spec.on_map and not boxes.kind_spec.on_map  # ...only sectors are the map
