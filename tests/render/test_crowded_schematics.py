"""A map imported without its picture is drawn from its places: Paths of Glory's 507 and
Almoravid's 230, anchored where the module puts them.  Their names had been piled on one
another (boxes a hundredth of the width high, closer together than that), and Paths of Glory's
'Europe' zone, drawn as a frame round its 225 cities, had pushed the holding boxes printed
inside it across the map."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from converter.model.game import Game
from converter.printkit.layout import PAPERS
from converter.printkit.mapsheets import PT_MM, board_print
from converter.render.drawings import drawing_of
from converter.render.maps import space_image_size, space_plan
from converter.render.placement import NAME_UNITS, NodeSpec, plan_spaces
from converter.validate import load_model
from tests.conftest import ROOT, imported_once

REAL = ROOT / "tests" / "data" / "real"
MODULES = {"paths-of-glory": (REAL / "paths-of-glory" / "PathsOfGlory-10.8-noimages.vmod", "classic-map"),
           "almoravid": (REAL / "almoravid" / "Almoravid-1.3-noimages.vmod", "almoravid")}
Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


@pytest.fixture(scope="module", params=sorted(MODULES))
def imported(request: pytest.FixtureRequest) -> tuple[Game, str]:
    module, board = MODULES[request.param]
    return load_model(imported_once(module, request.param)), board


def test_no_name_lies_on_another_and_most_stay_where_the_module_puts_them(imported: tuple[Game, str]) -> None:
    game, board_id = imported
    board = game.board(board_id)
    size = space_image_size(board)
    plan = space_plan(board, size, min_box=drawing_of(board).min_box, language=game.language)
    assert sorted({**plan.boxes, **plan.frames}) == sorted(s.id for s in board.spaces or [])
    boxes = sorted(plan.boxes.items())
    for k, (a, box_a) in enumerate(boxes):
        assert _inside(box_a, (0, 0, *size)), a
        for b, box_b in boxes[k + 1:]:
            assert not _overlap(box_a, box_b), f"{a} lies on {b}"
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    for sid, box in plan.boxes.items():
        for block in plan.labels[sid]:
            assert _inside(block.bbox(draw), box), f"the name of {sid} leaves its box"
    frames = sorted(plan.frames.items())
    for k, (a, frame_a) in enumerate(frames):
        for b, frame_b in frames[k + 1:]:
            assert not _overlap(frame_a, frame_b), f"areas {a} and {b} overlap"
    moved = [sid for sid in plan.boxes if plan.moved(sid)]
    assert len(moved) <= 0.25 * len(plan.boxes), f"{len(moved)} of {len(plan.boxes)} boxes moved"


def test_the_names_print_no_smaller_than_6_pt(imported: tuple[Game, str]) -> None:
    game, board_id = imported
    board = game.board(board_id)
    bp = board_print(game, board, PAPERS["a4"])
    plan = space_plan(board, space_image_size(board), language=game.language)
    assert NAME_UNITS * plan.unit * bp.scale / PT_MM >= 6.0 - 1e-9
    assert plan.unit < space_image_size(board)[0] / 100  # drawn smaller than an uncrowded map's


def test_a_zone_round_other_places_is_a_box_not_a_frame_over_them() -> None:
    """Paths of Glory's 'Europe': its cities lie round the 'CP Eliminated' box."""
    nodes = [NodeSpec("europe", "Europe"), NodeSpec("cp-eliminated", "CP Eliminated"),
             NodeSpec("ge-elim", "GE Elim", parent="cp-eliminated")]
    anchors = {"europe": (500.0, 120.0), "cp-eliminated": (500.0, 300.0), "ge-elim": (500.0, 310.0)}
    for k, (x, y) in enumerate([(200, 150), (800, 150), (200, 450), (800, 450)]):
        nodes.append(NodeSpec(f"city{k}", f"City {k}", parent="europe"))
        anchors[f"city{k}"] = (float(x), float(y))
    plan = plan_spaces(nodes, anchors, (0, 0, 1000, 600), 10.0)
    assert set(plan.frames) == {"cp-eliminated"} and "europe" in plan.boxes
    assert not plan.moved("ge-elim") and not any(plan.moved(f"city{k}") for k in range(4))


def test_a_row_of_points_closer_than_their_names_is_stacked_in_its_frame() -> None:
    """Nevsky's turn track: each turn a zone holding two regions, 'Turn N Victory Points'
    and 'Turn N Levy/Campaign', 94 pixels apart in a column 264 wide, and the turn's own box
    under it.  Parted sideways-staggered, each frame was 337 pixels wide: the frames pushed
    one another off the row (Turn 4's 275 pixels from its spot).  Now the two names stand one
    above the other, every frame holds its own spot and stays inside its column."""
    pitch, unit = 264.0, 18.7
    nodes: list[NodeSpec] = []
    anchors: dict[str, tuple[float, float]] = {}
    for k in range(1, 9):
        x = 200.0 + k * pitch
        nodes += [NodeSpec(f"frame-{k}", f"Turn {k}"),
                  NodeSpec(f"vp-{k}", f"Turn {k} Victory Points", parent=f"frame-{k}"),
                  NodeSpec(f"levy-{k}", f"Turn {k} Levy/Campaign", parent=f"frame-{k}"),
                  NodeSpec(f"turn-{k}", f"Turn {k}")]
        anchors |= {f"frame-{k}": (x, 580.0), f"vp-{k}": (x - 47, 582.0), f"levy-{k}": (x + 47, 582.0),
                    f"turn-{k}": (x, 673.0)}
    plan = plan_spaces(nodes, anchors, (0.0, 0.0, 200 + 10 * pitch, 1200.0), unit)
    for k in range(1, 9):
        x0, y0, x1, y1 = plan.frames[f"frame-{k}"]
        ax, ay = anchors[f"frame-{k}"]
        assert x0 <= ax <= x1 and y0 <= ay <= y1, f"Turn {k}'s frame is off its spot"
        assert x1 - x0 < pitch
        vp, levy = plan.boxes[f"vp-{k}"], plan.boxes[f"levy-{k}"]
        assert _inside(vp, plan.frames[f"frame-{k}"]) and _inside(levy, plan.frames[f"frame-{k}"])
        assert vp[3] <= levy[1]  # read left to right, top to bottom: Victory Points first
        assert not plan.moved(f"turn-{k}")
    # places of one area not in a line (a front's cities) keep their shape
    cities = [NodeSpec("front", "Fronte 6")] + [NodeSpec(c, c.title(), parent="front")
                                                for c in ("udine", "gorizia", "trieste")]
    where = {"front": (500.0, 300.0), "udine": (480.0, 290.0), "gorizia": (520.0, 296.0),
             "trieste": (505.0, 320.0)}  # each name on the others at their spots
    for k in range(12):  # and places round them, far apart (the map is not all one huddle)
        cities.append(NodeSpec(f"town{k}", f"Town {k}"))
        where[f"town{k}"] = (100.0 + 250 * (k % 4), 100.0 + 400 * (k // 4) + (60 if k // 4 == 1 else 0))
    plan = plan_spaces(cities, where, (0.0, 0.0, 1000.0, 1100.0), unit)
    assert plan.unit == unit  # drawn full size, not shrunk to part them
    middles = {c: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for c, b in plan.boxes.items()
               if c in ("udine", "gorizia", "trieste")}
    assert middles["udine"][0] < middles["gorizia"][0] and middles["gorizia"][1] < middles["trieste"][1]
    assert len({round(x) for x, _ in middles.values()}) == 3  # not one column
