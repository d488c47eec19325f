"""Map pages of boards imported from real modules: a player aid (a picture with no places of
its own: Nevsky's 939 x 1150 'Sequence') printed over 6 to 8 pages, scaled as if a box of it
had to hold a stack; and a board without its picture whose one place is the board itself
(the same aids in the image-less module) printed a page holding one empty box."""

from __future__ import annotations

from pathlib import Path

import pytest

from PIL import Image

from converter.cli import main
from converter.printkit.layout import MARGIN_MM, PAPERS
from converter.printkit.mapsheets import board_print
from converter.model.game import Game
from converter.validate import load_model
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module
from tests.conftest import ROOT, imported_once

NEVSKY = ROOT / "tests" / "data" / "real" / "nevsky" / "Nevsky-2.1-noimages.vmod"


ONE_ZONE = ('<VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
            '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Tables" '
            'path="0,0;900,0;900,1100;0,1100" locationFormat="$name$"/>'
            '</VASSAL.build.module.map.boardPicker.board.ZonedGrid>')


@pytest.mark.parametrize("grid", ["", ONE_ZONE], ids=["no place", "one zone"])
def test_a_picture_without_places_prints_on_one_page_as_large_as_it_holds(
        tmp_path: Path, grid: str) -> None:
    """Nevsky's 'Sequence' (no zone) and For the People's 'Combat Tables' (one zone): 4 to
    8 pages each, now one."""
    start = BUILDFILE.index("<VASSAL.build.module.map.boardPicker.board.ZonedGrid>")
    end = BUILDFILE.index("</VASSAL.build.module.map.boardPicker.board.ZonedGrid>") + len(
        "</VASSAL.build.module.map.boardPicker.board.ZonedGrid>")
    images = {n: png(*s) for n, s in IMAGES.items()}
    images["board.png"] = png(939, 1150)
    module = write_module(tmp_path / "aid.vmod", BUILDFILE[:start] + grid + BUILDFILE[end:],
                          images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) == 0
    game = load_model(tmp_path / "game")
    paper = PAPERS["a4"]
    bp = board_print(game, game.board("main"), paper)
    assert len(bp.tiles) == 1
    tile = bp.tiles[0]
    # portrait, as wide as the page inside its margins (its height then fits too)
    assert bp.sheet.height_mm > bp.sheet.width_mm
    assert tile.w_mm == pytest.approx(paper.width_mm - 2 * MARGIN_MM, abs=0.01)
    assert tile.h_mm == pytest.approx(tile.w_mm * 1150 / 939, abs=0.01)
    assert tile.h_mm <= paper.height_mm - 2 * MARGIN_MM


def test_boards_with_nothing_to_print_get_no_page_and_are_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = imported_once(NEVSKY, "nevsky")
    assert main(["print", str(game), "-o", str(tmp_path / "kit"), "--dpi", "72", "--png"]) == 0
    out = capsys.readouterr().out
    assert ("note: boards 'Sequence', 'Commands', 'Battle', 'Forces', 'Teutonic Display', "
            "'Russian Display' and 4 more: no picture and no places of their own, so no map "
            "page") in out, out
    pages = {p.name.split("-map-")[1].rsplit("-", 1)[0] for p in (tmp_path / "kit").glob("*-map-*.png")}
    assert not pages & {"sequence", "commands", "battle", "forces", "teutonic-display",
                        "russian-display", "teutonic-lords", "russian-lords", "teutonic-cards",
                        "russian-cards"}
    assert "nevsky" in pages  # the map itself, drawn from its places, is still printed


LONGEST_DAY = ROOT / "tests" / "data" / "real" / "longest-day" / "TheLongestDay-noimages.vmod"
POG = ROOT / "tests" / "data" / "real" / "paths-of-glory" / "PathsOfGlory-10.8-noimages.vmod"


@pytest.fixture(scope="module")
def pog() -> Game:
    """Paths of Glory's image-less module imported (once for the tests that print it)."""
    return load_model(imported_once(POG, "paths-of-glory"))


def test_a_blank_edge_of_a_schematic_takes_no_column_of_pages() -> None:
    """The Longest Day's hex map without its picture: its last column of 3 pages held 5 mm
    of blank paper past the last hexes; the hexes all still print."""
    from PIL import ImageChops

    from converter.printkit.mapsheets import OVERLAP_MM
    from converter.render.drawings import board_image

    game = load_model(imported_once(LONGEST_DAY, "longest-day"))
    board = game.board("normandy")
    bp = board_print(game, board, PAPERS["a4"])
    assert (bp.tiles[0].cols, bp.tiles[0].rows) == (10, 3)
    last = bp.tiles[-1]
    assert last.w_mm - OVERLAP_MM >= 15  # the last column adds map, not a sliver
    drawn = board_image(game, board, hex_px=80).convert("RGB")
    assert drawn.height == bp.extent[1] and drawn.width > bp.extent[0]
    cut = drawn.crop((bp.extent[0], 0, drawn.width, drawn.height))
    plain = ImageChops.difference(cut, cut.crop((0, 0, 1, 1)).resize(cut.size))
    assert max(high for _low, high in plain.getextrema()) <= 40  # what was cut was blank


def test_the_legends_of_several_maps_share_a_page_and_an_empty_one_is_left_out(pog: Game) -> None:
    """Paths of Glory's image-less module: each map of several pages had printed its legend
    on a page of its own (four pages, two holding one line of key, two an empty band).  Now
    a legend with nothing to key is left out, and the others stack on one landscape page,
    each under its map's name, as wide as the page."""
    from PIL import ImageOps

    from converter.printkit.mapsheets import fitted_legend, legend_sheets

    game = pog
    paper, dpi = PAPERS["a4"], 40
    empty = board_print(game, game.board("preferences"), paper)
    assert len(empty.tiles) > 1 and empty.legend is None
    legends = []
    for board in ("classic-map", "deluxe-historical-map"):
        bp = board_print(game, game.board(board), paper)
        assert bp.legend is not None
        legends.append((game.board(board), fitted_legend(bp.legend, paper, dpi=dpi)))
        del bp
    pages = list(legend_sheets(game, legends, paper, dpi=dpi))
    assert len(pages) == 1
    sheet, page = pages[0]
    assert sheet.width_mm > sheet.height_mm
    room = page.width - 2 * round(MARGIN_MM * dpi / 25.4)
    assert all(abs(part.width - room) <= 2 or part.height >= 0.5 * page.height for _, part in legends)
    ink = ImageOps.invert(page.convert("L")).getbbox()
    assert ink is not None and ink[3] - ink[1] >= sum(part.height for _, part in legends)


def test_a_schematic_of_several_pages_prints_its_title_a_pages_size_on_its_first_page(pog: Game) -> None:
    """Paths of Glory's image-less 'Classic Map' prints 8 pages wide: its SCHEMATIC notice,
    set a hundredth and a half of the whole map's width, printed about 11 mm high across the
    seam of pages 2 and 3.  It now prints on the first page as a one-page schematic's does."""
    from PIL import ImageChops

    from converter.printkit.mapsheets import OVERLAP_MM
    from converter.render.maps import heading_band

    game = pog
    board = game.board("classic-map")
    bp = board_print(game, board, PAPERS["a4"])
    assert bp.tiles[0].cols > 2
    band = bp.picture.crop((0, 0, bp.picture.width, heading_band(board, bp.picture.size)))
    red, green, _blue = band.split()  # the notice's red (#b00020), nothing else there is red
    notice = ImageChops.multiply(red.point(lambda v: 255 if v > 140 else 0),
                                 green.point(lambda v: 255 if v < 70 else 0)).getbbox()
    assert notice is not None
    left, top, right, bottom = (v * bp.scale for v in notice)  # in mm on paper
    assert 2.5 <= bottom - top <= 5.0, bottom - top
    assert right <= bp.tiles[0].w_mm - OVERLAP_MM  # on the first page, clear of its overlap
    del bp


def test_a_schematic_of_several_pages_starts_under_its_page_s_title(pog: Game) -> None:
    """Paths of Glory's image-less 'Classic Map': under the title its first page printed
    about 50 mm of blank paper, the band kept for a notice set across the whole map and the
    rows above its highest place.  The map now starts a one-page schematic's heading band
    under the top, and all of it still prints: the rows moved up are the drawn map's own."""
    from PIL import ImageChops

    from converter.builder.images import board_picture
    from converter.printkit.mapsheets import INK_DIFF, ONE_PAGE_MM
    from converter.render.maps import HEADING_UNITS, heading_band, legend_top

    board = pog.board("classic-map")

    def first_ink(picture: Image.Image, below: int, height: int) -> int:
        part = picture.crop((0, below, picture.width, height))
        ground = Image.new("RGB", part.size, picture.getpixel((0, 0)))
        ink = ImageChops.difference(part, ground).convert("L").point(lambda v: 255 if v > INK_DIFF else 0)
        box = ink.getbbox()
        assert box is not None
        return below + box[1]

    bp = board_print(pog, board, PAPERS["a4"])
    page_band_mm = HEADING_UNITS * ONE_PAGE_MM[0] / 100  # a one-page schematic's, on paper
    heading = bp.picture.crop((0, 0, bp.picture.width, int(page_band_mm / bp.scale)))
    title = heading.convert("L").point(lambda v: 255 if v < 140 else 0).getbbox()
    assert title is not None  # the page's notice and title, and under them the map
    start = first_ink(bp.picture, title[3] + 1, bp.extent[1])
    assert start * bp.scale <= page_band_mm + 1.0, start * bp.scale  # was about 60 mm
    moved = bp.picture.crop((0, start, bp.picture.width, bp.extent[1]))
    del bp
    drawn = board_picture(pog, board)
    was = first_ink(drawn, heading_band(board, drawn.size), legend_top(board, drawn.size))
    assert (was - start) * moved.height and moved.tobytes() == drawn.crop(
        (0, was, drawn.width, was + moved.height)).tobytes()
    assert was + moved.height >= legend_top(board, drawn.size) - 1  # down to the legend band
