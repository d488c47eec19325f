"""What a player reads from the group strips under a schematic's space names: every strip
segment's look is one legend entry's swatch and no other's, a space shows its most specific
groups, and the legend says what each group lies inside."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import converter.render.maps as maps
from converter.render.words import words
from converter.validate import load_model
from tests.render.schematics import drawn as _drawn

Look = frozenset[tuple[int, int, int]]


def _look(image: Image.Image, box: tuple[float, float, float, float], inset: int = 3) -> Look:
    """The colours a player sees inside *box*, its outline left out."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    inner = image.crop((x0 + inset, y0 + inset, x1 - inset, y1 - inset))
    return frozenset(c for _n, c in inner.getcolors(1 << 16))


def _legend_looks(image: Image.Image, key: maps.SchematicKey) -> dict[str, Look]:
    """Each group (and coloured terrain) of the legend: its words -> the look of its swatch."""
    unit = image.width / 100.0
    return {name: _look(image, maps.legend_swatch_box(cell, unit))
            for (kind, (name, _style)), cell in zip(key.entries, key.cells) if kind in ("group", "swatch")}


def _strip_looks(image: Image.Image, key: maps.SchematicKey) -> dict[str, list[Look]]:
    """Each space with a strip: the look of each of its segments, left to right."""
    return {sid: [_look(image, box) for _gid, box, _swatch in maps.strip_segments(key.plan, key.groups, sid)]
            for sid in key.groups.strips}


MAPS = [("pursuit-of-glory", "mappa"), ("pursuit-of-glory", "gallipoli"),
        ("the-first-world-war", "europa"), ("quartermaster-general-1914", "tabellone")]


@pytest.mark.parametrize(("slug", "board_id"), MAPS)
def test_each_strip_segment_looks_like_exactly_one_legend_swatch(slug: str, board_id: str) -> None:
    """No two swatches of the legend look alike, and every segment of every strip (boxes and
    frames) looks like one of them: a player can always tell which group a segment means."""
    _game, image, key = _drawn(slug, board_id)
    paper = _look(image, (4, 4, 40, 40))
    legend = {name: look for name, look in _legend_looks(image, key).items() if look != paper}
    looks = list(legend.values())
    assert len(set(looks)) == len(looks), [n for n, lk in legend.items() if looks.count(lk) > 1]
    strips = _strip_looks(image, key)
    assert strips
    for sid, segments in strips.items():
        for look in segments:
            meaning = [name for name, lk in legend.items() if lk == look]
            assert len(meaning) == 1, (sid, look, meaning)


def test_a_space_shows_its_most_specific_groups_and_the_legend_their_larger_ones() -> None:
    """Pursuit of Glory: Belgrado lies in Balcani and Serbia; its strip is Serbia's swatch alone
    and the legend reads 'Serbia (Balcani)'.  El Arish lies in the Ottoman Empire, Syria/
    Palestine, Sinai and the restricted areas: Sinai and Aree Ristrette show."""
    _game, image, key = _drawn("pursuit-of-glory", "mappa")
    legend = _legend_looks(image, key)
    strips = _strip_looks(image, key)
    assert strips["belgrado"] == [legend["Serbia (Balcani)"]]
    assert strips["el-arish"] == [legend["Sinai (Siria/Palestina (incluso il Sinai))"],
                                  legend["Aree Ristrette (tratteggiate)"]]
    assert "Balcani" in legend and "Serbia" not in legend
    assert legend["Balcani"] not in strips["belgrado"]


def test_the_legend_groups_by_kind_and_keeps_every_group() -> None:
    """Pursuit of Glory's 29 groups are all in the legend, under a heading per kind in the
    game's words; those no space lists (Anatolia, the Mediterranean: the rulebook does not say
    which spaces they are) have an empty box outlined red, and the legend says what the
    brackets and the red empty box mean."""
    game, image, key = _drawn("pursuit-of-glory", "mappa")
    board = game.board("mappa")
    assert board is not None
    headings = [name for kind, (name, _style) in key.entries if kind == "heading"]
    assert headings == ["Gruppi: teatro", "Gruppi: paese", "Gruppi: area", "Gruppi: impero",
                        "Gruppi: area ristretta", "Gruppi: insieme", "Gruppi: mare"]
    groups = [name for kind, (name, style) in key.entries if kind == "group"]
    for g in board.groups or []:
        assert any(name == g.name or name.startswith(g.name + " (") for name in groups), g.name
    paper = _look(image, (4, 4, 40, 40))
    legend = _legend_looks(image, key)
    assert legend["Anatolia (Impero Ottomano)"] == paper
    assert legend["Mediterraneo Orientale"] == paper
    notes = [name for kind, (name, _style) in key.entries if kind == "note"]
    assert notes == ["Nome (gruppo più ampio): le sue caselle sono anche nel gruppo più ampio"]
    assert "riquadro rosso vuoto: spazi non indicati dal regolamento" in legend
    assert "riquadro vuoto: nessuna striscia mostra questo gruppo qui" not in legend


def test_groups_without_kinds_get_one_heading_and_more_swatches_than_colours(
        mini_copy: Callable[..., Path]) -> None:
    """A game whose 17 groups have no kind: one neutral heading, and the palette's 14 colours
    then the same colours striped, each group still its own swatch."""
    def many_groups(data: dict[str, Any]) -> None:
        east = next(b for b in data["boards"] if b["id"] == "east")
        east["groups"] = [{"id": f"g{k}", "name": f"Gruppo {k}"} for k in range(18)]
        east["groups"][1]["parent"] = "g0"
        for space in east["spaces"]:
            space.pop("groups", None)
        east["spaces"] += [{"id": f"s{k}", "name": f"Luogo {k}", "groups": [f"g{3 * k + j}" for j in range(3)],
                            "layout": {"x": 0.1 + 0.15 * k, "y": 0.15}} for k in range(6)]

    game = load_model(mini_copy("map.json", many_groups))
    board = game.board("east")
    assert board is not None
    image = maps.space_schematic(game, board)
    key = maps.schematic_key(game, board, image.size)
    headings = [name for kind, (name, _style) in key.entries if kind == "heading"]
    assert headings == [words(game.language)("Groups")]
    legend = _legend_looks(image, key)
    paper = _look(image, (4, 4, 40, 40))
    drawn = {name: look for name, look in legend.items() if look != paper}
    assert len(drawn) == 17 and len(set(drawn.values())) == 17
    assert any(len(look) > 1 for look in drawn.values())  # striped once the colours run out
    assert legend["Gruppo 0"] == paper  # only through Gruppo 1, which lies inside it
    assert _strip_looks(image, key)["s0"] == [legend["Gruppo 1 (Gruppo 0)"], legend["Gruppo 2"]]


def test_a_frame_round_its_children_shows_its_own_groups() -> None:
    """The First World War: front 6 (Isonzo) is drawn as a frame round its cities; it lies in
    the Italian theatre, and a strip along the frame's foot says so."""
    _game, image, key = _drawn("the-first-world-war", "europa")
    assert "front-6" in key.plan.frames
    assert _strip_looks(image, key)["front-6"] == [_legend_looks(image, key)["Scenario Italiano"]]


def test_a_group_from_another_board_fits_the_legend(mini_copy: Callable[..., Path]) -> None:
    """A space naming a group the main map defines (Nordland, a country) shows it in its
    strip and in the legend, under this map's own 'country' heading, and the legend still
    fits its band."""
    def borrowed(data: dict[str, Any]) -> None:
        east = next(b for b in data["boards"] if b["id"] == "east")
        east["groups"] = [{"id": f"r{k}", "name": f"Regione {k}", "kind": "region"} for k in range(3)] \
            + [{"id": f"c{k}", "name": f"Paese {k}", "kind": "country"} for k in range(3)]
        for k, space in enumerate(east["spaces"]):
            space["groups"] = [f"r{k}", f"c{k}"]
        east["spaces"][-1]["groups"].append("nordland")

    game = load_model(mini_copy("map.json", borrowed))
    board = game.board("east")
    assert board is not None
    image = maps.space_schematic(game, board)
    key = maps.schematic_key(game, board, image.size)
    names = [name for _kind, (name, _style) in key.entries]
    assert names.index("Nordland") == names.index("Paese 2") + 1
    legend = _legend_looks(image, key)
    assert _strip_looks(image, key)["odessa"][-1] == legend["Nordland"]
    bottom = max(y for _x, y in key.cells) + maps.LEGEND_PITCH * image.width / 100.0
    assert bottom <= image.height


def test_a_group_looks_the_same_on_every_map_of_the_game() -> None:
    """Pursuit of Glory's Gallipoli inset shows the Ottoman Empire and Turkey in the swatches
    the main map gives them."""
    _game, main, main_key = _drawn("pursuit-of-glory", "mappa")
    _game, inset, inset_key = _drawn("pursuit-of-glory", "gallipoli")
    on_main, on_inset = _legend_looks(main, main_key), _legend_looks(inset, inset_key)
    for name in ("Impero Ottomano", "Turchia"):
        assert on_inset[name] == on_main[name] != _look(main, (4, 4, 40, 40))
