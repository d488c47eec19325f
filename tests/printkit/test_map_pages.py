"""The print kit's maps, setup cards, track sheet and victory card, as a player holds them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from converter.cli import main
from converter.validate import load_model
from converter.printkit.layout import MARGIN_MM, PAPERS
from converter.printkit.mapsheets import (MARK, MARK_ARM, MARK_MM, OVERLAP_MM, area_mm, board_sheet, map_page,
                                          page_marks, tiles)
from converter.printkit.tracksheet import track_pages, track_rows
from converter.render.cards import reference_cards, setup_cards
from converter.render.text import mm_to_px
from tests.conftest import ROOT

DESIGNER = ROOT / "tests" / "data" / "games" / "designer"
DPI = 100


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return load_model(DESIGNER)


def _page_px(tile, x_mm: float, y_mm: float) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return (round(mm_to_px(MARGIN_MM + x_mm - tile.x_mm, DPI)), round(mm_to_px(MARGIN_MM + y_mm - tile.y_mm, DPI)))


def test_a_hex_map_prints_at_the_games_hex_size(game) -> None:  # type: ignore[no-untyped-def]
    board = game.board("main")
    picture, scale, sheet, board_tiles = board_sheet(game, board, PAPERS["a4"])
    assert scale * board.image.hex_height_px == pytest.approx(19.0)  # scale.hex_mm, flat side to flat side
    # 244 × 183 mm: one landscape A4 page rather than two portrait ones
    assert (sheet.width_mm, sheet.height_mm) == (297.0, 210.0) and len(board_tiles) == 1


def test_neighbouring_pages_share_the_overlap_and_its_marks(game) -> None:  # type: ignore[no-untyped-def]
    board = game.board("main")
    picture, scale, _, _ = board_sheet(game, board, PAPERS["a4"])
    paper = PAPERS["a4"]  # portrait: the map needs two pages side by side
    left, right = tiles(picture.width * scale, picture.height * scale, paper)
    assert (left.cols, left.rows) == (2, 1)
    assert left.x_mm + left.w_mm - right.x_mm == pytest.approx(OVERLAP_MM)  # the strip both pages print
    assert left.w_mm <= area_mm(paper)[0] and right.x_mm + right.w_mm == pytest.approx(picture.width * scale)
    pages = [map_page(game, board, picture, scale, t, paper, dpi=DPI) for t in (left, right)]
    seam = left.x_mm + left.w_mm - OVERLAP_MM / 2
    marks = page_marks(picture, scale, left)
    assert marks == page_marks(picture, scale, right) and len(marks) == 3
    for _x, y in marks:  # a ⊕ at the same map point on both, in the middle of the strip
        for page, tile in zip(pages, (left, right)):
            x, yy = _page_px(tile, seam, y)
            near = {page.getpixel((x + dx, yy + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            assert MARK in near
    # the same map under both pages, away from the marks
    for page, tile in zip(pages, (left, right)):
        x, y = _page_px(tile, seam - 3, left.h_mm * 0.3)
        assert page.getpixel((x, y)) != (255, 255, 255)
    a = pages[0].getpixel(_page_px(left, seam - 3, left.h_mm * 0.3))
    b = pages[1].getpixel(_page_px(right, seam - 3, left.h_mm * 0.3))
    assert max(abs(p - q) for p, q in zip(a, b)) < 40


def test_a_setup_card_says_what_goes_where(game) -> None:  # type: ignore[no-untyped-def]
    (card,) = setup_cards(game, dpi=DPI)
    rows = {card.text_of(f"setup:{n}:place"): card.text_of(f"setup:{n}:pieces") for n in range(6)}
    assert rows["0304 Treviso"] == "8a Armata"
    assert rows["Riserva"] == "5a Armata"
    assert rows["Turno: 15 giu"] == "Turno"
    assert card.title == "La battaglia del Solstizio"


def test_the_victory_card_lists_conditions_and_vp_places(game) -> None:  # type: ignore[no-untyped-def]
    card = next(c for c in reference_cards(game, dpi=DPI) if c.name == "victory")
    assert card.title == "Condizioni di vittoria"
    texts = [c.text for c in card.cells]
    assert "L'Austria-Ungheria vince subito se occupa Venezia" in texts
    assert card.text_of("vp:main:0207:place") == "0207 Venezia" and card.text_of("vp:main:0207:vp") == "3"
    assert card.text_of("vp:main:0702:control") == "Austria-Ungheria"


def test_the_track_sheet_has_a_box_a_counter_fits_in_per_value(game) -> None:  # type: ignore[no-untyped-def]
    rows = dict(track_rows(game, PAPERS["a4"]))
    assert [label for _, label, _ in rows["Turno"]] == ["15 giu", "2", "3", "4", "5", "20 lug"]
    assert rows["Turno"][2][2] == "Rinforzi italiani"
    assert len(rows["Punti Vittoria"]) == 13
    (page,) = track_pages(game, PAPERS["a4"], dpi=DPI)
    ink = [x for x in range(page.width) if page.getpixel((x, round(mm_to_px(MARGIN_MM + 12, DPI)))) == (40, 40, 40)]
    box_px = ink[1] - ink[0]  # the turn track's first box, edge to edge
    assert box_px == pytest.approx(mm_to_px(game.counter_mm() * 1.4, DPI), abs=2)


def test_print_writes_maps_setup_and_tracks(tmp_path: Path) -> None:
    assert main(["print", str(DESIGNER), "-o", str(tmp_path), "--dpi", "72", "--quiet"]) == 0
    for name in ("maps", "setup", "tracks", "cards", "counters"):
        assert (tmp_path / f"designer-{name}.pdf").stat().st_size > 1000
    # the map, the sector boxes at a size a stack fits in, packed on one page (they took 4
    # spread as drawn), and the box board
    assert b"/Count 3" in (tmp_path / "designer-maps.pdf").read_bytes()


def test_a_box_board_without_art_prints_its_boxes_packed() -> None:
    """Pursuit of Glory's ten off-map boxes, drawn spread over a board, print on one page (it
    took four): each box as drawn, at the same scale, packed in rows within the page."""
    from converter.builder.layout import board_layout

    pog = load_model(ROOT / "modules" / "pursuit-of-glory")
    board = pog.board("caselle")
    picture, scale, sheet, board_tiles = board_sheet(pog, board, PAPERS["a4"])
    assert len(board_tiles) == 1
    assert picture.width * scale <= area_mm(sheet)[0] + 1e-6
    drawn = board_layout(board, None).boxes
    assert len(drawn) == len(board.spaces) == 10
    boxes_area = sum(r.w * r.h for r in drawn.values())
    assert picture.width * picture.height < 3 * boxes_area  # tight: boxes, gaps and the title


def test_a_map_page_keys_every_mark_it_adds() -> None:
    """A page of a map of several pages prints ⊕ registration marks and a page index whose
    filled square is this page: its foot keys both, in the game's language."""
    from converter.printkit.mapsheets import page_notes

    pog = load_model(ROOT / "modules" / "pursuit-of-glory")
    board = pog.board("mappa")
    _picture, _scale, _sheet, board_tiles = board_sheet(pog, board, PAPERS["a4"])
    assert len(board_tiles) > 1
    notes = " — ".join(page_notes(pog, board, board_tiles[0]))
    assert "⊕" in notes and "quadratino pieno" in notes


def test_registration_marks_never_hide_the_map() -> None:
    """Pursuit of Glory's map over two pages: every ⊕ sits where the overlap strip is plain
    map background (marks fell on Aleppo's box and on the legend's "Ferrovia colorata"), at
    the same map points on both pages; the legend, which a seam would split, prints on a
    landscape page of its own, its words nearly as large as on the map."""
    from converter.printkit.mapsheets import board_print, legend_page

    pog = load_model(ROOT / "modules" / "pursuit-of-glory")
    board = pog.board("mappa")
    bp = board_print(pog, board, PAPERS["a4"])
    picture, scale = bp.picture, bp.scale
    assert len(bp.tiles) == 2 and bp.legend is not None
    background = picture.getpixel((2, picture.height // 2))
    reach = MARK_MM * MARK_ARM / scale
    marks = {tile: page_marks(picture, scale, tile) for tile in bp.tiles}
    for tile, points in marks.items():
        assert len(points) == 3
        for x_mm, y_mm in points:
            x, y = x_mm / scale, y_mm / scale
            under = picture.crop((round(x - reach), round(y - reach), round(x + reach), round(y + reach)))
            assert under.getcolors(under.width * under.height) == [(under.width * under.height, background)], \
                (tile.row, tile.col, x_mm, y_mm)
    left, right = bp.tiles
    assert marks[left] == marks[right]
    sheet, page = legend_page(pog, board, bp.legend, PAPERS["a4"], dpi=DPI)
    assert sheet.width_mm > sheet.height_mm
    shown_mm = (page.width - 2 * mm_to_px(MARGIN_MM, DPI)) / bp.legend.width * 25.4 / DPI  # a legend px
    assert shown_mm >= 0.7 * scale  # the words at least seven tenths of their size on the map


def test_glorys_ends_marne_setup_card_reads_in_italian() -> None:
    from converter.render.cards import setup_card

    ge = load_model(ROOT / "modules" / "glorys-end")
    card = setup_card(ge, ge.scenario("marna"), dpi=DPI)
    assert card is not None
    texts = " | ".join(c.text for c in card.cells)
    assert "1 XXX (4 passi)" in texts and "9 XXX (3 passi)" in texts and "7 Cav XX (1 passo)" in texts
    assert "passo/i" not in texts and "which hex" not in texts
    assert "l'esagono di ciascuno è stampato sul suo segnalino" in texts


def test_a_setup_card_says_whose_piece_a_shared_name_is() -> None:
    """Glory's End has a British, a French and a German '1 XXX': the Marne card read
    '3334 Melun: 1 XXX', and a referee could not tell which army starts there.  A name
    several nationalities' pieces carry now says whose; a name of one piece stays bare."""
    from converter.render.cards import setup_card

    ge = load_model(ROOT / "modules" / "glorys-end")
    card = setup_card(ge, ge.scenario("marna"), dpi=DPI)
    assert card is not None
    texts = [c.text for c in card.cells]
    melun = texts[texts.index("3334 Melun") + 1]
    assert melun.startswith("BR 1 XXX (4 passi)"), melun
    assert "FR 1 Cav XXX (1 passo)" in texts and "42 XX (2 passi)" in texts  # '42 XX': one piece


def test_a_map_page_states_the_hex_scale_only_where_hexes_are_drawn() -> None:
    """Glory's End's hex map: 'scala: 1 esagono = 20.6 mm' (a ruler's tenth, not 20.6375);
    Trench Club's battlefield, a hex board printed as points without its grid, says none."""
    from converter.printkit.mapsheets import page_notes

    ge = load_model(ROOT / "modules" / "glorys-end")
    tiles_ge = board_sheet(ge, ge.board("mappa"), PAPERS["a4"])[3]
    assert page_notes(ge, ge.board("mappa"), tiles_ge[0])[0] == "scala: 1 esagono = 20.6 mm"
    tc = load_model(ROOT / "modules" / "trench-club")
    field = tc.board("campo-di-battaglia")
    notes = page_notes(tc, field, board_sheet(tc, field, PAPERS["a4"])[3][0])
    assert not [n for n in notes if "esagono" in n]


def test_turn_boxes_keep_one_label_size_and_whole_notes(
        words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """Glory's End's turn track: '31 ottobre - 2 novembre 1914' takes two lines at the size of
    every other label (it shrank to about 3 pt), and a two-sentence note is printed whole."""
    import converter.printkit.tracksheet as tracksheet

    ge = load_model(ROOT / "modules" / "glorys-end")
    drawn = words_drawn(tracksheet)
    tracksheet.track_pages(ge, PAPERS["a4"], dpi=DPI)
    months = ("agosto", "settembre", "ottobre", "novembre")
    labels = [(text, size) for text, size in drawn if any(m in text for m in months) or text == "1914"]
    assert len(labels) >= 30 and len({size for _text, size in labels}) == 1
    assert [text for text, _size in drawn if text.startswith("31 ottobre")] == ["31 ottobre - 2"]
    assert not [text for text, _size in drawn if text.endswith("…")]


@pytest.mark.parametrize("dpi", [150, 300, 600])
def test_a_turn_note_takes_the_room_its_box_has(
        words_drawn: Callable[[Any], list[tuple[str, int]]], dpi: int) -> None:
    """The First World War's turn 1 and 4 notes stopped at four lines, their last sentence
    cut ('Preparazione storica…', 'operare nei Fronti 5-6…') over an empty half box.  They
    take the lines the box has under its label, and print whole."""
    import converter.printkit.tracksheet as tracksheet

    game = load_model(ROOT / "modules" / "the-first-world-war")
    drawn = words_drawn(tracksheet)
    tracksheet.track_pages(game, PAPERS["a4"], dpi=dpi)
    texts = [text for text, _size in drawn]
    assert not [text for text in texts if text.endswith("…")]
    assert [t for t in texts if t.endswith("9.3.")] and [t for t in texts if t.endswith("(8.1).")]


def test_a_turn_box_whose_label_is_a_date_shows_the_turn_number_over_it(
        words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """Glory's End's turns are labelled by their dates ('14-16 agosto 1914'), but its rules
    count turns ('from turn 4'): each box of the track sheet and each cell of the module's
    display board says 'Turno 1' over the date, at the label's size and clear of the box's
    edges.  A turn labelled by its own number (the designer's '2') gets no second number."""
    import converter.printkit.tracksheet as tracksheet
    from converter.builder.layout import display_layout

    ge = load_model(ROOT / "modules" / "glorys-end")
    drawn = words_drawn(tracksheet)
    tracksheet.track_pages(ge, PAPERS["a4"], dpi=DPI)
    texts = [text for text, _size in drawn]
    assert texts[texts.index("Turno 1") + 1].startswith("14-16 agosto")
    assert "Turno 30" in texts
    sizes = {size for text, size in drawn if text.startswith("Turno ") or ("1914" in text and "—" not in text)}
    assert len(sizes) == 1
    layout = display_layout(ge)
    assert layout is not None
    turns = next(row for row in layout.tracks if row.id == ge.tracks[0].id)
    assert turns.numbers[1] == "Turno 1" and turns.cell_lines[1][0].startswith("14-16")
    drawn.clear()
    designer = load_model(DESIGNER)
    tracksheet.track_pages(designer, PAPERS["a4"], dpi=DPI)
    numbers = [text for text, _size in drawn if text.startswith("Turno ")]
    assert numbers == ["Turno 1", "Turno 6"]  # over '15 giu' and '20 lug' only


def test_a_hex_maps_legend_prints_on_a_page_of_its_own_at_the_maps_scale() -> None:
    """When Eagles Fight's hex map spans several pages: its terrain key and group legend had
    been split over a row of near-empty pages under the map, marks on their words.  The map
    pages now end at the grid's edge and the legend, laid out again as wide as a landscape
    page holds, prints on one page at the map's own scale."""
    from converter.builder import layout as lay
    from converter.printkit.mapsheets import board_print, legend_page
    from converter.render.maps import hex_legend_top

    wef = load_model(ROOT / "modules" / "when-eagles-fight")
    board = wef.board("mappa")
    bp = board_print(wef, board, PAPERS["a4"])
    assert bp.legend is not None and len(bp.tiles) > 1
    whole = board_picture_size(wef, board)
    assert bp.extent == (whole[0], hex_legend_top(board, whole, lay.HEX_PX))
    sheet, page = legend_page(wef, board, bp.legend, PAPERS["a4"], dpi=DPI)
    assert sheet.width_mm > sheet.height_mm
    shown_mm = (page.width - 2 * mm_to_px(MARGIN_MM, DPI)) / bp.legend.width * 25.4 / DPI  # a legend px
    assert shown_mm >= 0.95 * bp.scale
    assert bp.legend.height * shown_mm <= sheet.height_mm - 2 * MARGIN_MM


def board_picture_size(game: Any, board: Any) -> tuple[int, int]:
    from converter.builder.images import board_picture

    return board_picture(game, board).size  # type: ignore[no-any-return]


@pytest.mark.parametrize("past", ["margin", "words"])
def test_a_card_longer_than_a_page_leaves_no_page_with_only_its_margin(past: str) -> None:
    """Pursuit of Glory's sources card: when only its empty bottom margin passed the page's
    foot, that margin had printed as a page of its own (an almost blank page 15 of the
    aids); it now ends the page.  When its words run past the page, it is cut between
    rows, and every part holds words.  (The room is set from the card, so the case holds
    whatever size the card's words are set in.)"""
    from converter.printkit.cardsheet import card_parts
    from converter.render.cards import sources_card

    pog = load_model(ROOT / "modules" / "pursuit-of-glory")
    card = sources_card(pog, dpi=150)
    words_end = max(c.box[3] for c in card.cells)
    room = words_end + 2 if past == "margin" else card.image.height * 2 // 3
    assert card.image.height > room
    parts = card_parts(card, room)
    assert all(end - start <= room for start, end in parts)
    assert len(parts) == (1 if past == "margin" else 2)
    assert [end for _start, end in parts[:-1]] == [start for start, _end in parts[1:]]
    for start, end in parts:
        inside = [c for c in card.cells if start <= c.box[1] and c.box[3] <= end]
        assert inside, (start, end)


def test_a_roomy_schematic_of_points_prints_on_one_page() -> None:
    """Trench Club's battlefield, twelve spaces the rulebook gives no geometry for, had been
    tiled over two portrait pages (cut through 'Numero iniziale 3' and '8'); drawn a stack's
    room apart, it prints whole, legend included, on one landscape page with its names no
    smaller than 6 pt, and that page carries no page number or index.  Pursuit of Glory's
    Gallipoli, whose nine spaces would sit closer than two counters on one page, keeps two."""
    from converter.builder import layout as lay
    from converter.printkit.mapsheets import board_print
    from converter.render.placement import NAME_UNITS

    tc = load_model(ROOT / "modules" / "trench-club")
    field = tc.board("campo-di-battaglia")
    bp = board_print(tc, field, PAPERS["a4"])
    assert len(bp.tiles) == 1 and bp.legend is None and bp.sheet.width_mm > bp.sheet.height_mm
    assert bp.picture.size == board_picture_size(tc, field)
    assert NAME_UNITS * bp.picture.width / 100 * bp.scale * 72 / 25.4 >= 6.0
    centres = list(lay.board_layout(field, None, tc.language).space_centres.values())
    closest = min(abs(complex(*p) - complex(*q)) for i, p in enumerate(centres) for q in centres[i + 1:])
    assert closest * bp.scale >= 2 * tc.counter_mm()
    for paper in PAPERS.values():  # the same single page on US Letter
        assert len(board_print(tc, field, paper).tiles) == 1
    page = map_page(tc, field, bp.picture, bp.scale, bp.tiles[0], bp.sheet, dpi=DPI)
    band = page.crop((page.width // 2, 0, page.width, int(mm_to_px(MARGIN_MM, DPI) - 2)))
    assert band.getcolors() == [(band.width * band.height, (255, 255, 255))]  # no index square
    pog = load_model(ROOT / "modules" / "pursuit-of-glory")
    assert len(board_print(pog, pog.board("gallipoli"), PAPERS["a4"]).tiles) == 2


def test_a_schematic_whose_names_one_page_would_shrink_keeps_two_pages() -> None:
    """The same twelve spaces on a schematic three tenths taller (a long legend): one page would
    set their names under 6 pt, so the board spans two pages' width as before."""
    from dataclasses import replace

    from converter.builder import layout as lay
    from converter.printkit.mapsheets import mm_per_px

    tc = load_model(ROOT / "modules" / "trench-club")
    drawn = lay.board_layout(tc.board("campo-di-battaglia"), None, tc.language)
    tall = replace(drawn, size=(drawn.size[0], round(drawn.size[1] * 1.3)))
    assert mm_per_px(tc, drawn) * drawn.size[0] < 280  # one page wide
    assert mm_per_px(tc, tall) * tall.size[0] > 350    # two pages wide


def test_a_hex_maps_legend_page_starts_with_its_key() -> None:
    """Glory's End's Marne map: its legend page opened on an empty band (room kept for a
    terrain key of four rows, where it has two); the key now starts at the legend's top."""
    from converter.builder import layout as lay
    from converter.printkit.mapsheets import board_print

    ge = load_model(ROOT / "modules" / "glorys-end")
    legend = board_print(ge, ge.board("mini-mappa-marna"), PAPERS["a4"]).legend
    assert legend is not None
    paper = legend.getpixel((1, 1))
    inked = next(y for y in range(legend.height)
                 if any(legend.getpixel((x, y)) != paper for x in range(0, legend.width, 2)))
    assert inked < 0.4 * lay.HEX_PX
