"""A module's decks print from the module's own card pictures (Nevsky, For the People,
Almoravid: the cards are pictures with no text): `vconv print` made no PDF of them, or
blank cards with --include-missing.  Now each card prints its face picture at a real card's
size, its back picture behind it on the duplex page."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from converter.cli import main
from converter.render.cardpictures import card_mm_for
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module

DPI = 100
TAB, INNER = "\t", "\\\t"  # a trait chain's first separator, and those nested in it
# a card whose face is its BasicPiece's picture, masked by its back (For the People's cards)
PLAIN = "+/null/obs;;{back};Mask;I;?" + TAB + "piece;;;{face};{name}/null" + TAB + "null;0;0;{gpid};0"
# a card whose BasicPiece has no picture: its face is a Layer's first level (Nevsky's cards)
LAYERED = ("+/null/obs;;{back};Mask;I;?" + TAB
           + "emb2;;128;;;128;;;128;;;;1;false;0;0;{face},{face}-half;,;true;Card;;;false;;1;1;"
             "true;;;;;1.0;;true" + INNER
           + "piece;;;;{name}/null" + TAB + "1" + INNER + "null;0;0;{gpid};0")
FRONTS = {"grand-prince.png": (200, 30, 30), "raiders.png": (30, 160, 40),
          "marsh.png": (240, 200, 20)}
BACKS = {"grand-prince.png": (20, 40, 200), "raiders.png": (120, 20, 140),
         "marsh.png": (10, 110, 110)}  # each card's own back, so each is found behind its front


def picture(colour: tuple[int, int, int], size: tuple[int, int] = (273, 382)) -> bytes:
    """A card picture: its colour, with transparent corners as card art has."""
    img = Image.new("RGBA", size, colour + (255,))
    for x, y in ((0, 0), (size[0] - 1, 0), (0, size[1] - 1), (size[0] - 1, size[1] - 1)):
        img.putpixel((x, y), (0, 0, 0, 0))
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def deck_module(path: Path) -> Path:
    slots = [
        PLAIN.format(back="back-grand-prince.png", face="grand-prince.png", name="Grand Prince", gpid=3),
        LAYERED.format(back="back-raiders.png", face="raiders.png", name="Raiders", gpid=4),
        PLAIN.format(back="back-marsh.png", face="marsh.png", name="Marsh", gpid=5),
        PLAIN.format(back="back-marsh.png", face="marsh.png", name="Marsh", gpid=6),  # two copies
    ]
    pile = "".join(f'<VASSAL.build.widget.CardSlot entryName="c{n}" gpid="{n}" width="50" '
                   f'height="70">{slot}</VASSAL.build.widget.CardSlot>'
                   for n, slot in enumerate(slots, start=3))
    start = BUILDFILE.index('<VASSAL.build.widget.CardSlot entryName="Card A"')
    end = BUILDFILE.index("</VASSAL.build.module.map.DrawPile>")
    images = {n: png(*s) for n, s in IMAGES.items()}
    images.update({name: picture(colour) for name, colour in FRONTS.items()})
    images.update({f"back-{name}": picture(colour) for name, colour in BACKS.items()})
    return write_module(path, BUILDFILE[:start] + pile + BUILDFILE[end:], images=images)


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("deck")
    module = deck_module(tmp / "deck.vmod")
    assert main(["import", str(module), "-o", str(tmp / "game"), "-q"]) == 0
    assert main(["print", str(tmp / "game"), "-o", str(tmp / "kit"), "--dpi", str(DPI),
                 "--png", "--quiet"]) == 0
    return tmp / "kit"


def boxes(page: Image.Image, colour: tuple[int, int, int]) -> list[tuple[int, int, int, int]]:
    """The bounding boxes (left, top, right, bottom) of the separate areas of *colour*."""
    diff = ImageChops.difference(page, Image.new("RGB", page.size, colour)).split()
    mask = ImageChops.lighter(ImageChops.lighter(diff[0], diff[1]), diff[2]).point(
        lambda v: 255 if v == 0 else 0)
    found: list[tuple[int, int, int, int]] = []

    def run(x: int, y: int, dx: int, dy: int) -> tuple[int, int]:
        """How far the colour reaches from (x, y) both ways along (dx, dy)."""
        lo = hi = 0
        while 0 <= x + (lo - 1) * dx < page.width and 0 <= y + (lo - 1) * dy < page.height \
                and mask.getpixel((x + (lo - 1) * dx, y + (lo - 1) * dy)):
            lo -= 1
        while 0 <= x + (hi + 1) * dx < page.width and 0 <= y + (hi + 1) * dy < page.height \
                and mask.getpixel((x + (hi + 1) * dx, y + (hi + 1) * dy)):
            hi += 1
        return lo, hi

    for y in range(0, page.height, 20):
        for x in range(0, page.width, 20):
            if mask.getpixel((x, y)) and not any(l <= x < r and t <= y < b for l, t, r, b in found):
                lo, hi = run(x, y, 1, 0)  # across, then down through the middle, then across it
                mid_x = x + (lo + hi) // 2
                up, down = run(mid_x, y, 0, 1)
                mid_y = y + (up + down) // 2
                lo, hi = run(mid_x, mid_y, 1, 0)
                found.append((mid_x + lo, y + up, mid_x + hi + 1, y + down + 1))
    return sorted(found)


def test_each_card_prints_its_face_picture_and_its_back_behind_it(printed: Path) -> None:
    pdf = (printed / "game-deck-deck.pdf").read_bytes()
    assert len(re.findall(rb"/Type /Page ", pdf)) == 2  # four cards: one sheet, fronts and backs
    assert re.search(rb"/MediaBox \[0 0 595\.2756 841\.8898\]", pdf)
    front = Image.open(printed / "game-deck-deck-01.png").convert("RGB")
    back = Image.open(printed / "game-deck-deck-02.png").convert("RGB")
    fronts = {name: boxes(front, colour) for name, colour in FRONTS.items()}
    backs = {name: boxes(back, colour) for name, colour in BACKS.items()}
    assert [len(fronts[n]) for n in FRONTS] == [1, 1, 2]  # Marsh twice, the layered card too
    for found in [*fronts.values(), *backs.values()]:
        for left, top, right, bottom in found:  # poker size: 178.6 x 249.4 pt
            assert (right - left) / DPI * 72 == pytest.approx(63 / 25.4 * 72, abs=1.5)
            assert (bottom - top) / DPI * 72 == pytest.approx(88 / 25.4 * 72, abs=1.5)
    # long-edge duplex: each card's back is the mirror of its front about the page's middle
    for name, found in fronts.items():
        assert backs[name] == sorted((front.width - r, t, front.width - l, b) for l, t, r, b in found)


def test_a_deck_of_pictures_prints_without_include_missing(printed: Path) -> None:
    """The cards have no text or value, only pictures: they are not 'unknown' cards."""
    assert sorted(p.name for p in printed.glob("*-deck-*.pdf")) == ["game-deck-deck.pdf"]


@pytest.mark.parametrize("pixels, mm", [
    ((273, 382), (63.0, 88.0)),    # Nevsky
    ((370, 519), (63.0, 88.0)),    # For the People
    ((369, 500), (63.0, 88.0)),    # Almoravid (0.738: within 6 % of poker's 0.716)
    ((519, 370), (88.0, 63.0)),    # a landscape card turns the size
    ((400, 400), (70.0, 70.0)),
    ((300, 800), (45.0, 120.0)),   # far from any standard: tarot's long side, its own width
])
def test_a_picture_prints_at_the_standard_card_size_of_its_proportions(
        pixels: tuple[int, int], mm: tuple[float, float]) -> None:
    assert card_mm_for(*pixels) == mm


SVG_RED = (214, 40, 57)  # the SVG card's colour, on a white frame it draws round it
SVG_COUNTER = (40, 120, 200)


def svg_picture(colour: tuple[int, int, int], width: int, height: int) -> bytes:
    """An SVG as Paths of Glory's cards are: a declared size in px, a frame, a coloured field."""
    fill = "#%02x%02x%02x" % colour
    return (f'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
            f'height="{height}"><rect width="{width}" height="{height}" fill="white"/>'
            f'<rect x="{width * 0.1}" y="{height * 0.1}" width="{width * 0.8}" '
            f'height="{height * 0.8}" fill="{fill}"/></svg>').encode()


def svg_module(path: Path, card: bytes) -> Path:
    """A module whose counters (The Longest Day's) and card (Paths of Glory's) are SVGs."""
    slot = PLAIN.format(back="back.svg", face="card_ap01.svg", name="British Reinforcements", gpid=3)
    pile = (f'<VASSAL.build.widget.CardSlot entryName="c3" gpid="3" width="50" height="70">{slot}'
            "</VASSAL.build.widget.CardSlot>")
    start = BUILDFILE.index('<VASSAL.build.widget.CardSlot entryName="Card A"')
    end = BUILDFILE.index("</VASSAL.build.module.map.DrawPile>")
    buildfile = (BUILDFILE[:start] + pile + BUILDFILE[end:]).replace("front.png", "1472.svg")
    images = {n: png(*s) for n, s in IMAGES.items()}
    images.update({"card_ap01.svg": card, "back.svg": svg_picture((90, 90, 90), 375, 525),
                   "1472.svg": svg_picture(SVG_COUNTER, 50, 50)})
    return write_module(path, buildfile, images=images)


def test_svg_cards_and_counters_print_from_their_pictures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Paths of Glory's cards are SVG pictures: they were drawn from their titles, with a note
    that they could not be drawn; The Longest Day's SVG counters were drawn as schematics."""
    module = svg_module(tmp_path / "svg.vmod", svg_picture(SVG_RED, 375, 525))
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / "kit"), "--dpi",
                 str(DPI), "--png"]) == 0
    out = capsys.readouterr().out
    assert "cannot be" not in out, out
    page = Image.open(tmp_path / "kit" / "game-deck-deck-01.png").convert("RGB")
    [(left, top, right, bottom)] = boxes(page, SVG_RED)
    # the card at poker size (63 x 88 mm), its field 80 % of it, drawn sharp at the print's dpi
    assert (right - left) / DPI * 25.4 == pytest.approx(63 * 0.8, abs=2)
    assert (bottom - top) / DPI * 25.4 == pytest.approx(88 * 0.8, abs=2)
    counters = [Image.open(p).convert("RGB") for p in sorted((tmp_path / "kit").glob("*.png"))
                if "deck" not in p.name]
    assert any(boxes(sheet, SVG_COUNTER) for sheet in counters)


def test_printing_svg_pictures_twice_gives_the_same_bytes(tmp_path: Path) -> None:
    module = svg_module(tmp_path / "svg.vmod", svg_picture(SVG_RED, 375, 525))
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) == 0
    for kit in ("a", "b"):
        assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / kit), "--dpi", "72",
                     "--quiet"]) == 0
    pdfs = sorted(p.name for p in (tmp_path / "a").glob("*.pdf"))
    assert pdfs and all((tmp_path / "a" / n).read_bytes() == (tmp_path / "b" / n).read_bytes()
                        for n in pdfs)


def test_a_card_picture_that_cannot_be_read_is_said_and_the_card_drawn_from_its_title(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A broken SVG (cut short) is read by neither Pillow nor resvg."""
    module = svg_module(tmp_path / "svg.vmod", svg_picture(SVG_RED, 375, 525)[:60])
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / "kit"), "--dpi", "72"]) == 0
    out = capsys.readouterr().out
    assert ("note: deck 'Deck': 1 card picture (SVG) cannot be read (vconv draws PNG, JPEG, GIF "
            "and SVG); those cards are drawn from their titles") in out, out
    assert (tmp_path / "kit" / "game-deck-deck.pdf").is_file()


def test_an_svg_card_declaring_a_million_pixels_square_is_refused_naming_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """resvg asked for that canvas aborts the whole process (a 4 TB allocation)."""
    huge = b'<svg xmlns="http://www.w3.org/2000/svg" width="1000000" height="1000000"/>'
    module = svg_module(tmp_path / "svg.vmod", huge)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) in (0, 1)
    capsys.readouterr()
    assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / "kit"), "--dpi", "72"]) == 2
    err = capsys.readouterr().err
    assert "card_ap01.svg" in err and "1000000x1000000 pixels" in err, err


CHIT = (200, 120, 20)


def chit_module(path: Path, counter_px: tuple[int, int], card_px: tuple[int, int]) -> Path:
    """The hand-made module with its counters' pictures (front.png, back.png) of *counter_px*
    and its deck's one card picture (card.png, a colour of its own) of *card_px*."""
    images = {n: png(*s) for n, s in IMAGES.items()}
    images.update({"front.png": png(*counter_px), "back.png": png(*counter_px),
                   "card.png": picture(CHIT, card_px)})
    return write_module(path, images=images)


def printed_card_mm(tmp_path: Path, counter_px: tuple[int, int],
                    card_px: tuple[int, int]) -> tuple[float, float]:
    """The width and height in mm of the deck's card on its printed front page."""
    module = chit_module(tmp_path / "chits.vmod", counter_px, card_px)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "-q"]) == 0
    assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / "kit"), "--dpi",
                 str(DPI), "--png", "--quiet"]) == 0
    page = Image.open(tmp_path / "kit" / "game-deck-deck-01.png").convert("RGB")
    [(left, top, right, bottom)] = boxes(page, CHIT)
    return (right - left) / DPI * 25.4, (bottom - top) / DPI * 25.4


def test_a_chit_as_small_as_the_counters_prints_at_their_scale(tmp_path: Path) -> None:
    """FOF2's 75 x 75 px skill chits lie in decks beside its 75 px counters: they printed as
    70 x 70 mm square cards.  A chit of 48 px beside 64 px counters (printed at 15.875 mm)
    prints three quarters of a counter wide, as VASSAL shows it."""
    width, height = printed_card_mm(tmp_path, (64, 64), (48, 48))
    assert width == pytest.approx(15.875 * 48 / 64, abs=0.4)
    assert height == pytest.approx(15.875 * 48 / 64, abs=0.4)


def test_a_card_three_counters_long_stays_a_card(tmp_path: Path) -> None:
    """Flashpoint: South China Sea's 364 x 509 px event cards beside its 162 px counters
    would print 36 x 50 mm at the counters' scale: they are cards, printed at poker size."""
    width, height = printed_card_mm(tmp_path, (162, 162), (364, 509))
    assert (width, height) == (pytest.approx(63, abs=0.4), pytest.approx(88, abs=0.4))


def test_cut_marks_stop_at_the_last_card_of_a_sheet(tmp_path: Path) -> None:
    """An A4 page holds 204 chits; a deck of one had cut marks down the whole empty page and
    across it, lines to cut through nothing.  The marks now frame the cards there are: the
    page below and right of the one chit (and its 6 mm of marks) is blank, front and back."""
    printed_card_mm(tmp_path, (64, 64), (48, 48))
    front = Image.open(tmp_path / "kit" / "game-deck-deck-01.png").convert("RGB")
    back = Image.open(tmp_path / "kit" / "game-deck-deck-02.png").convert("RGB")
    [(left, top, right, bottom)] = boxes(front, CHIT)
    reach = round(6 / 25.4 * DPI) + 1  # the marks' reach past the cards
    for page, (l, r) in ((front, (left, right)), (back, (front.width - right, front.width - left))):
        below = page.crop((0, bottom + reach, page.width, page.height))
        assert below.getextrema() == ((255, 255),) * 3
        beside = page.crop((r + reach, top - reach, page.width, page.height)) if page is front \
            else page.crop((0, top - reach, l - reach, page.height))  # (the label above)
        assert beside.getextrema() == ((255, 255),) * 3
        marks = page.crop((l - reach, top - reach, r + reach, bottom + reach))
        assert marks.getextrema() != ((255, 255),) * 3  # the chit's own marks are there


def test_a_chits_drawn_back_names_its_deck_legibly(tmp_path: Path) -> None:
    """A chit without a back picture gets the deck's drawn back, drawn at the chit's size: the
    back was drawn at poker size and shrunk, FOF2's 'Volume 2' 2.5 pt on its 15.9 mm chits."""
    printed_card_mm(tmp_path, (64, 64), (48, 48))
    front = Image.open(tmp_path / "kit" / "game-deck-deck-01.png").convert("RGB")
    back = Image.open(tmp_path / "kit" / "game-deck-deck-02.png").convert("RGB")
    [(left, top, right, bottom)] = boxes(front, CHIT)
    inset = (right - left) // 5  # inside the back's frame
    face = back.crop((front.width - right + inset, top + inset, front.width - left - inset,
                      bottom - inset))
    ground = max(face.getcolors(face.width * face.height) or [], key=lambda c: c[0])[1]
    ink = ImageChops.difference(face, Image.new("RGB", face.size, ground)).convert("L") \
        .point(lambda v: 255 if v > 80 else 0)
    box = ink.getbbox()
    assert box is not None  # the deck's name
    assert (box[3] - box[1]) / DPI * 25.4 >= 1.5  # its letters' height in mm
