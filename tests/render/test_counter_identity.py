"""Every counter says who it is: no two counters of different identity look the same, at the
module's piece size, on every bundled game."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from pathlib import Path

import pytest

from converter.builder.images import counter_dpi
from converter.validate import load_model
from converter.render.counters import counter_image, numbered
from tests.conftest import bundled_games


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_no_two_counters_of_different_identity_look_the_same(folder: Path) -> None:
    game = load_model(folder)
    dpi = counter_dpi(game)
    looks: dict[str, set[tuple]] = defaultdict(set)
    for piece in game.pieces or []:
        numbers = numbered(piece) or (numbered(piece, piece.faces[0].label) if piece.faces else None)
        copies = range(1, piece.copies + 1) if numbers else [1]
        for face in piece.faces:
            if face.role == "owner" or (piece.hidden and face.side != "front"):
                continue  # the side that hides a piece is meant to look alike for every piece
            for copy in copies:
                image = counter_image(game, piece, face.counter, face.side, dpi=dpi, copy=copy)
                identity = (piece.id, face.counter, copy)  # a side may honestly repeat its front
                looks[hashlib.sha256(image.tobytes()).hexdigest()].add(identity)
    same = [sorted(ids) for ids in looks.values() if len(ids) > 1]
    assert not same, f"{len(same)} groups of different counters print alike, e.g. {same[:4]}"


def test_numbered_markers_become_one_counter_per_number() -> None:
    game = load_model(Path("modules/glorys-end"))
    piece = game.piece("de-mobilitazione")
    assert numbered(piece) is not None and numbered(piece)[1:] == (1, 7)
    images = {counter_image(game, piece, 1, "front", dpi=100, copy=k).tobytes() for k in range(1, 8)}
    assert len(images) == 7


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_the_key_card_explains_every_code_and_mark_the_counters_print(folder: Path) -> None:
    from converter.render.cards import key_card
    from converter.render.counters import flag_marks, nationality_code

    game = load_model(folder)
    card = key_card(game, dpi=60)
    assert card is not None
    keyed = {c.text for c in card.cells if c.key.endswith(":code")}
    printed_flags = flag_marks(game)
    for piece in game.pieces or []:
        if piece.kind in ("marker", "token", "chip", "control"):
            continue
        for code in filter(None, nationality_code(game, piece).split("/")):
            assert code in keyed, f"{piece.id}: nationality code {code!r} has no key"
        for face in piece.faces:
            for flag in face.flags or piece.flags or []:
                assert printed_flags[flag] in keyed, f"{piece.id}: mark {printed_flags[flag]!r} has no key"
    assert len(set(printed_flags.values())) == len(printed_flags), "two flags print the same mark"


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_no_word_on_a_counter_is_smaller_than_the_legible_minimum(folder: Path, monkeypatch) -> None:
    """At the module's piece size (52 px) every font a counter uses is at least min_text_px."""
    import converter.render.counters as counters
    import converter.render.text as text
    from converter.render.counters import min_text_px

    game = load_model(folder)
    dpi = counter_dpi(game)
    sizes: list[int] = []
    real = text.font

    def spy(style: str, size_px: int):
        sizes.append(int(size_px))
        return real(style, size_px)

    monkeypatch.setattr(text, "font", spy)
    monkeypatch.setattr(counters, "font", spy)
    for piece in game.pieces or []:
        for face in piece.faces:
            sizes.clear()
            img = counter_image(game, piece, face.counter, face.side, dpi=dpi)
            assert not sizes or min(sizes) >= min_text_px(img.width), (piece.id, face.side, min(sizes))


def test_the_key_shows_each_code_on_the_colour_its_counters_print_on() -> None:
    """Pursuit of Glory: Russian counters are red, so is the RU code's cell (no bare colour
    bar beside one row); Persian counters come in three colours, so PE's cell is plain."""
    from converter.render.cards import key_card
    from converter.render.counters import counter_background

    game = load_model(Path("modules/pursuit-of-glory"))
    card = key_card(game, dpi=300)  # as laid out: no resampling blurs a cell's edge
    assert card is not None
    boxes = {c.key: c.box for c in card.cells}

    def inside(key: str) -> tuple[int, int, int]:
        x0, y0, x1, y1 = boxes[key]
        return card.image.getpixel((int(x1) - 9, int(y0 + y1) // 2))  # right of the text

    assert card.text_of("column:0") == "Codice sulle pedine"
    assert inside("nationality:ru:code") == counter_background(game, game.piece("ru-i-corpo-caucasico"))
    assert inside("nationality:ru:code") == (0xC8, 0x10, 0x2E)
    assert inside("nationality:tu:code") == (0, 0, 0)
    assert inside("nationality:pe:code") == inside("nationality:pe:name")  # the card's own paper


@pytest.mark.parametrize(("folder", "piece_id"), [("glorys-end", "fr-forte-toul"),
                                                   ("when-eagles-fight", "ru-fortezza-riga")])
def test_a_short_place_name_prints_under_the_symbol_like_any_name(folder: str, piece_id: str) -> None:
    """'Toul' and 'Riga' are fortress names, not unit numbers: printed under the symbol as
    Verdun's is, nothing crowds the symbol's left (where '42' or '10R' would go)."""
    from converter.render.counters import counter_background

    game = load_model(Path("modules") / folder)
    piece = game.piece(piece_id)
    image = counter_image(game, piece, 1, "front", dpi=300)
    s = image.width
    left = image.crop((int(s * 0.05), int(s * 0.3), int(s * 0.25), int(s * 0.6)))
    assert left.getcolors() == [(left.width * left.height, counter_background(game, piece))]
    below = image.crop((int(s * 0.1), int(s * 0.5), int(s * 0.9), int(s * 0.71)))
    assert len(below.getcolors(below.width * below.height)) > 1  # the name's ink


def test_a_hyphenated_name_breaks_after_its_hyphen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trench Club's flag token 'Austria-Ungheria' read 'Aus.-Ungh' / 'eria': the name breaks
    after the hyphen, whole, at every size."""
    import converter.render.counters as counters

    game = load_model(Path("modules/trench-club"))
    piece = game.piece("bandiera-austria-ungheria")
    real = counters.draw_centered
    for dpi in (counter_dpi(game), 300):
        lines: list[str] = []

        def spy(draw, xy, text, fnt, ink):  # type: ignore[no-untyped-def]
            lines.append(text)
            return real(draw, xy, text, fnt, ink)

        monkeypatch.setattr(counters, "draw_centered", spy)
        counter_image(game, piece, 1, "front", dpi=dpi)
        assert lines == ["Austria-", "Ungheria"], dpi


def test_each_entry_code_in_the_key_says_where_the_rulebook_explains_it() -> None:
    """When Eagles Fight's 'REG' and 'SEV' corners: the key's line points at the section
    that says what they mean, not only "how the unit enters"."""
    from converter.render.cards import key_card

    game = load_model(Path("modules/when-eagles-fight"))
    card = key_card(game, dpi=60)
    assert card is not None
    rows = {c.text: card.text_of(c.key.replace(":code", ":meaning")) for c in card.cells
            if c.key.startswith("mark:") and c.key.endswith(":code")}
    assert rows["REG"] == "in alto a sinistra: come entra l'unità (§10.3, 7.2 (G))"
    assert rows["SEV"].endswith("(§2.14, 17.0)")
