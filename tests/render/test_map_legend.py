"""What a player reads from a schematic's legend: each link type's line is its own, a group
whose spaces the rulebook does not give says so, and the heading says what a red outline
stands for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

import converter.render.maps as maps
from converter.render.text import color
from converter.validate import load_model
from tests.conftest import MODULES
from tests.render.schematics import drawn as _drawn

NOTICE = color(maps.DEFAULT_THEME["notice"])


def _mark(image: Image.Image, box: tuple[float, float, float, float]) -> bytes:
    """The pixels of a legend mark, cut to what is drawn on the paper (so the same mark in
    two cells reads the same whatever its cell's offset)."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    cell = image.crop((x0, y0 - 4, x1, y1 + 4))
    paper = Image.new("RGB", cell.size, image.getpixel((4, 4)))  # type: ignore[arg-type]
    ink = ImageChops.difference(cell, paper).getbbox()
    assert ink is not None, box
    return cell.crop(ink).tobytes()


def test_every_link_type_has_a_line_no_other_legend_line_has() -> None:
    """Pursuit of Glory draws a path and a watercourse crossing, a sea route and a strait:
    each pair had the same grey line, the same blue dashes.  Each legend line now looks
    unlike every other, so a player can tell which link a line on the map is."""
    game, image, key = _drawn("pursuit-of-glory", "mappa")
    unit = image.width / 100.0
    lines = {name: _mark(image, maps.legend_swatch_box(cell, unit))
             for (kind, (name, _style)), cell in zip(key.entries, key.cells) if kind == "line"}
    board = game.board("mappa")
    assert board is not None
    for link_type in {link.type for link in board.links or []} - {"ingresso-gallipoli"}:
        ter = game.terrain_type(link_type)
        assert ter is not None and ter.name in lines, link_type
    looks = list(lines.values())
    assert len(set(looks)) == len(looks), [n for n, lk in lines.items() if looks.count(lk) > 1]
    # a type looks the same on every map of the game
    assert maps.link_styles(game)["stretto"] == maps.link_style(game, "stretto")


def test_a_group_the_rulebook_names_no_space_of_is_a_red_empty_box() -> None:
    """Quartermaster General: the rulebook names the Balkans and the neutral spaces but not
    which spaces they are.  Their legend boxes are empty and outlined red, and the legend
    says why; the note about a group shown on another map does not appear (there is none)."""
    _game, image, key = _drawn("quartermaster-general-1914", "tabellone")
    unit = image.width / 100.0
    paper = image.getpixel((4, 4))
    cells = {name: maps.legend_swatch_box(cell, unit)
             for (kind, (name, _style)), cell in zip(key.entries, key.cells) if kind == "group"}
    for name in ("Balcani", "Spazi neutrali", "riquadro rosso vuoto: spazi non indicati dal regolamento"):
        x0, y0, x1, y1 = (int(round(v)) for v in cells[name])
        assert image.getpixel((x0, (y0 + y1) // 2)) == NOTICE, name
        assert image.getpixel(((x0 + x1) // 2, y0 + 1)) == NOTICE, name
        assert image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)) == paper, name
    x0, y0, _x1, y1 = (int(round(v)) for v in cells["Spazi di terra"])
    assert image.getpixel((x0, (y0 + y1) // 2)) != NOTICE
    assert "riquadro vuoto: nessuna striscia mostra questo gruppo qui" not in cells


def test_the_legend_heading_says_what_each_red_outline_lacks(
        words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """Pursuit of Glory: nearly every box is outlined red.  The legend's heading says what the
    rulebook leaves missing and on how many of them, as the data counts it, and every box
    outlined red is a space with something missing."""
    drawn = words_drawn(maps)
    game, image, key = _drawn.__wrapped__("pursuit-of-glory", "mappa")
    board = game.board("mappa")
    assert board is not None
    heading = [text for text, _size in drawn if text.startswith("Legenda")]
    terrain = sum("terrain" in (s.missing or []) for s in board.spaces or [] if s.id not in key.plan.frames)
    vp = sum("vp" in (s.missing or []) for s in board.spaces or [] if s.id not in key.plan.frames)
    assert heading == [f"Legenda (bordo rosso: mancano terreno ({terrain} spazi), PV ({vp}), controllo (52), "
                       "gruppi (29), forte (1), tipo di spazio (1))"]
    for s in board.spaces or []:
        if s.id in key.plan.frames:
            continue
        x0, y0, x1, y1 = key.plan.boxes[s.id]
        edge = image.getpixel((int((x0 + x1) / 2), int(y0) + 1))
        assert (edge == NOTICE) == bool(s.missing), s.id


def test_a_map_with_nothing_missing_and_no_adjacency_says_neither(
        words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """The First World War's off-map boxes join nothing and lack nothing: the legend keys no
    adjacency line and the notice says it is a schematic without 'data marked missing: 0'.
    Trench Club's 'half-board' group kind is headed in Italian."""
    drawn = words_drawn(maps)
    _game, _image, key = _drawn.__wrapped__("the-first-world-war", "riquadri")
    texts = [text for text, _size in drawn]
    assert "SCHEMA — non è la mappa reale" in texts
    assert not [t for t in texts if "mancanti: 0" in t]
    assert "adiacenza" not in [name for _kind, (name, _style) in key.entries]
    _game, _image, key = _drawn("the-first-world-war", "europa")
    assert "adiacenza" in [name for _kind, (name, _style) in key.entries]
    _game, _image, key = _drawn("trench-club", "campo-di-battaglia")
    assert [name for kind, (name, _style) in key.entries if kind == "heading"] == ["Gruppi: metà tabellone"]


def _look(image: Image.Image, box: tuple[float, float, float, float], inset: int = 2) -> frozenset[Any]:
    """The colours a player sees inside *box*, its outline left out."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    return frozenset(c for _n, c in image.crop((x0 + inset, y0 + inset, x1 - inset, y1 - inset)).getcolors(1 << 16))


def test_a_hex_maps_groups_have_strips_and_a_legend() -> None:
    """When Eagles Fight's hex map puts its hexes in countries and its edge: each such hex
    has a strip of its groups' swatches low in the hex, every swatch means one group of the
    legend (Odessa: Russia, then the east edge), every group of the board is in the legend
    under its kind, and a city whose hex the rulebook does not give (Petrograd) has a red
    empty box; the legend lies under the terrain key, on the picture."""
    game = load_model(MODULES / "when-eagles-fight")
    board = game.board("mappa")
    assert board is not None
    size = 80.0
    image = maps.hex_schematic(game, board, hex_px=size)
    geo = maps.hex_board_geometry(board, size)
    assert image.size == geo.image_size
    key = maps.hex_group_key(game, board)
    entries = maps.group_legend_entries(key, lambda text, **kw: text.format(**kw) if kw else text,
                                        maps.DEFAULT_THEME, hexes=True)
    cells = maps.hex_group_cells(board, image.size, size, [kind for kind, _e in entries])
    assert len(cells) == len(entries)
    legend = {name: _look(image, maps.hex_swatch_box(cell, size), 3)
              for (kind, (name, _style)), cell in zip(entries, cells) if kind == "group"}
    for g in board.groups or []:
        assert any(name == g.name or name.startswith(g.name + " (") for name in legend), g.name
    paper = _look(image, (4, 4, 40, 40))
    drawn = {name: look for name, look in legend.items() if look != paper}
    assert len(set(drawn.values())) == len(drawn) >= 6
    strips = {hid: [_look(image, box, 1) for _gid, box, _s in maps.hex_strip_segments(geo, key, hid, size)]
              for hid in key.strips}
    assert strips["4233"] == [drawn["Russia (vera e propria)"], drawn["Bordo mappa orientale (42xx)"]]
    for hid, looks in strips.items():
        for look in looks:
            assert [name for name, lk in drawn.items() if lk == look], hid
    x0, y0, x1, y1 = (int(v) for v in maps.hex_swatch_box(cells[[n for _k, (n, _s) in entries].index(
        "Petrograd (Russia (vera e propria))")], size))
    assert image.getpixel((x0, (y0 + y1) // 2)) == NOTICE
    assert max(y for _x, y in cells) + maps.HEX_GROUP_PITCH * size <= image.height
    lowest_hex = max(geo.center(h)[1] for h in board.grid.all_ids()) + size / 2
    legend_top = min(y for _x, y in cells)
    assert legend_top > lowest_hex + size * 0.5
    first = next(ter for ter in game.terrain or [] if ter.color)  # the terrain key's first swatch
    swatch = Image.new("RGB", (1, 1), first.color).getpixel((0, 0))
    column = int(size * 0.55)
    rows = [y for y in range(int(lowest_hex), int(legend_top)) if image.getpixel((column, y)) == swatch]
    assert rows and legend_top - max(rows) < size * 0.5  # the key right above the groups, no empty band


def test_a_map_with_nothing_to_key_has_no_legend(words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """Pursuit of Glory's off-map boxes: no line, fill, group or red outline to explain, so
    no lone 'Legenda' heading is printed over an empty band."""
    drawn = words_drawn(maps)
    _game, _image, key = _drawn.__wrapped__("pursuit-of-glory", "caselle")
    assert key.entries == []
    assert "Legenda" not in [text for text, _size in drawn]


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@pytest.mark.parametrize(("slug", "board_id"), [("glorys-end", "mini-mappa-marna"), ("when-eagles-fight", "mappa")])
def test_a_hexs_strip_lies_inside_its_hex(slug: str, board_id: str) -> None:
    """Pointy-topped (Glory's End's Paris) or flat-topped (When Eagles Fight), a hex's strip
    lies well inside its hex, clear of its outline (it had sat in the bottom corner of
    Paris's hexes, touching their edges)."""
    game = load_model(MODULES / slug)
    board = game.board(board_id)
    assert board is not None
    geo = maps.hex_board_geometry(board, 80)
    key = maps.hex_group_key(game, board)
    hexes = [hid for hid in key.strips if geo.grid.contains(hid)]
    assert hexes
    for hid in hexes:
        cx, cy = geo.center(hid)
        corners = [(cx + (x - cx) * 0.85, cy + (y - cy) * 0.85) for x, y in geo.corners(hid)]  # a margin
        for _gid, (x0, y0, x1, y1), _swatch in maps.hex_strip_segments(geo, key, hid, 80):
            for point in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
                assert _inside(point, corners), (hid, point)
