"""Reference cards: every cell of every table read back from the card's layout, as the JSON has it."""

from __future__ import annotations

import json
from pathlib import Path
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from converter.errors import VconvError
from converter.validate import load_model
from converter.load.document import load_game
from converter.model.game import Game
from converter.render.cards import MISSING, ReferenceCard, reference_cards, table_card
from tests.conftest import MINI, MODULES, bundled_games, reference_cards_once
from tests.render.golden import compare_golden


@pytest.fixture(scope="module")
def mini() -> Game:
    return load_model(MINI)


@pytest.fixture(scope="module")
def mini_cards(mini: Game) -> dict[str, ReferenceCard]:
    return {c.name: c for c in reference_cards(mini, dpi=100)}


def _printed(value: Any) -> str:
    """What the card must show for a JSON cell: the value itself, the dash for null."""
    return MISSING if value is None else str(value)


def _raw_tables(folder: Path) -> list[dict[str, Any]]:
    """The tables straight from the JSON files, not through the model."""
    tables = []
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    tables += game.get("tables", [])
    for name in game.get("include", []):
        tables += json.loads((folder / name).read_text(encoding="utf-8")).get("tables", [])
    return tables


def _check_table(card: ReferenceCard, raw: dict[str, Any], sources: ReferenceCard | None = None,
                 game: Game | None = None) -> None:
    def printed(value: Any) -> set[str]:  # the value itself, or with the game's ids as names
        from converter.render.cards import _value_text
        from converter.render.words import words

        return {_printed(value)} | ({_value_text(game, value, words(game.language))} if game else set())

    for c, column in enumerate(raw.get("columns") or []):
        assert (card.text_of(f"column:{c}") or "").startswith(column["label"])
    if raw.get("columns") and raw.get("rows"):
        for r, row in enumerate(raw["rows"]):
            assert card.text_of(f"row:{r}") == row["label"]
        for r, cells in enumerate(raw.get("cells") or []):
            for c, value in enumerate(cells):
                assert card.text_of(f"cell:{r}:{c}") in printed(value), (raw["id"], r, c)
    for i, entry in enumerate(raw.get("entries") or []):
        assert card.text_of(f"entry:{i}:label") == entry["label"]
        for key in ("value", "result"):
            if entry.get(key) is not None:
                assert card.text_of(f"entry:{i}:{key}") in printed(entry[key]) | {str(entry[key])}
    on_sources = " ".join(c.text for c in sources.cells) if sources else ""
    for i, note in enumerate(raw.get("notes") or []):
        # a rules note on the aid, a transcriber's note on the sources card
        assert note["text"] in (card.text_of(f"note:{i}") or "") or note["text"] in on_sources
    for i, code in enumerate(raw.get("result_codes") or []):
        assert card.text_of(f"code:{i}") in printed(code["code"])
        assert card.text_of(f"meaning:{i}") == code["meaning"]
    for section in (raw.get("section"), (raw.get("provenance") or {}).get("section")):
        if section:
            assert section in (card.text_of("section") or "")
    width, height = card.image.size
    for cell in card.cells:
        l, t, r, b = cell.box
        assert 0 <= l < r <= width and 0 <= t < b <= height, cell


def test_crt_card_shows_every_cell_as_the_json_has_it(mini_cards: dict[str, ReferenceCard]) -> None:
    raw = {t["id"]: t for t in _raw_tables(MINI)}
    card = mini_cards["table-crt"]
    _check_table(card, raw["crt"])
    assert card.text_of("cell:2:0") == "—"  # the null cell
    assert "2/0" in (card.text_of("below") or "")
    assert "colonna 2:1" in (card.text_of("above") or "")


def test_missing_cell_is_tinted(mini_cards: dict[str, ReferenceCard]) -> None:
    card = mini_cards["table-crt"]
    box = next(c.box for c in card.cells if c.key == "cell:2:0")
    filled = next(c.box for c in card.cells if c.key == "cell:2:1")
    inside = lambda b: (b[2] - 3, b[3] - 3)  # noqa: E731 - a corner away from the text
    assert card.image.getpixel(inside(box)) != card.image.getpixel(inside(filled))


@pytest.mark.parametrize("table_id", ["crt", "drm", "weather", "events", "tec"])
def test_each_mini_table_has_its_card(mini_cards: dict[str, ReferenceCard], table_id: str) -> None:
    raw = {t["id"]: t for t in _raw_tables(MINI)}
    _check_table(mini_cards[f"table-{table_id}"], raw[table_id])


def test_event_columns_show_their_turns(mini_cards: dict[str, ReferenceCard]) -> None:
    assert mini_cards["table-events"].text_of("column:0") == "T1-3 (turni 1-3)"  # the game is in Italian


def test_terrain_card_lists_every_terrain_with_its_effects(mini_cards: dict[str, ReferenceCard], mini: Game) -> None:
    card = mini_cards["terrain"]
    for i, ter in enumerate(mini.terrain or []):
        assert card.text_of(f"terrain:{i}:name") == ter.name
    assert card.text_of("terrain:1:movement") == "2 PM"
    assert card.text_of("terrain:1:combat") == "modificatore -1"
    assert card.text_of("terrain:2:movement") == "vietato"
    assert card.text_of("terrain:7:combat") == "—"  # town: combat missing
    assert "13.14" in (card.text_of("terrain:7:section") or "")


def test_rules_card_puts_stacking_and_movement_first(mini_cards: dict[str, ReferenceCard]) -> None:
    card = mini_cards["rules"]
    assert card.text_of("rule:stack:section") == "§6.1"
    assert "al massimo 4 passi per esagono" in (card.text_of("rule:stack:what") or "")
    names = [c.key for c in card.cells if c.key.endswith(":name")]
    assert names[:2] == ["rule:stack:name", "rule:move:name"]
    assert "capacità: Movimento" in (card.text_of("rule:move:what") or "")


def test_sequence_card_nests_phases_with_conditions(mini_cards: dict[str, ReferenceCard]) -> None:
    card = mini_cards["sequence"]
    assert card.text_of("phase:blue-turn:number") == "1"
    assert card.text_of("phase:blue-combat:number") == "1.2"
    assert "non al turno 1" in (card.text_of("phase:blue-combat:details") or "")
    assert "solo non" not in (card.text_of("phase:blue-combat:details") or "")
    assert "turni 2-6" in (card.text_of("phase:red-combat:details") or "")
    assert card.text_of("phase:blue-move:section") == "§5"


def test_turn_card_has_labels_and_notes(mini_cards: dict[str, ReferenceCard]) -> None:
    card = mini_cards["turns"]
    assert card.text_of("turn:1:label") == "Ago 1914"
    assert card.text_of("turn:2:label") == "2"
    assert card.text_of("turn:3:notes") == "Rinforzi blu"
    sources = " ".join(c.text for c in mini_cards["sources"].cells)
    assert "mancante nel regolamento: fonte" in sources  # turns.missing: provenance


def test_dice_card_marks_unknown_faces(mini_cards: dict[str, ReferenceCard]) -> None:
    card = mini_cards["dice"]
    assert card.text_of("die:d6:faces") == "1 2 3 4 5 6"
    assert card.text_of("die:special:faces") == "—"


def test_golden_crt_card(mini: Game) -> None:
    compare_golden(table_card(mini, mini.table("crt"), dpi=100).image, "card-crt-100dpi.png")


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_every_table_of_every_bundled_game_reads_back(folder: Path) -> None:
    try:
        game, every_card = reference_cards_once(folder)
    except VconvError as exc:
        pytest.skip(f"{folder.name} does not load yet: {str(exc).splitlines()[0]}")
    raw = {t["id"]: t for t in load_game(folder).data.get("tables", [])}
    cards = {c.name: c for c in every_card}
    for table in game.tables or []:
        _check_table(cards[_slug_name(table.id)], raw[table.id], cards.get("sources"), game)


def _slug_name(table_id: str) -> str:
    import re

    return "table-" + (re.sub(r"[^a-z0-9]+", "-", table_id.lower()).strip("-") or "card")


def test_sub_phases_are_indented_as_the_card_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trench Club's sequence card says sub-phases are indented: a phase's name starts one
    indent (4 mm) right of its parent's, even in a narrow column."""
    import converter.render.cards as cards
    from converter.render.text import mm_to_px

    game = load_model(Path("modules/trench-club"))
    starts: dict[str, float] = {}
    real = cards.put_text

    def spy(draw, xy, text, **kw):  # type: ignore[no-untyped-def]
        starts.setdefault(text, xy[0])
        return real(draw, xy, text, **kw)

    monkeypatch.setattr(cards, "put_text", spy)
    cards.sequence_card(game, dpi=100)
    step = int(mm_to_px(4.0, cards.LAYOUT_DPI))  # drawn at the layout's dpi, then resampled

    def start(name: str) -> float:  # a phase's first line, however its column wraps it
        return next(x for text, x in starts.items() if text and name.startswith(text))

    assert start("Turno di un giocatore") - start("Round") == pytest.approx(step, abs=1)
    assert start("Ricevere denaro") - start("Round") == pytest.approx(3 * step, abs=1)


def test_a_limit_of_one_is_worded_in_the_singular() -> None:
    """Quartermaster General's objective markers: "al massimo 1 pedina per spazio"."""
    from converter.render.cards import rules_card

    game = load_model(Path("modules/quartermaster-general-1914"))
    card = rules_card(game, dpi=60)
    assert card is not None
    texts = [c.text for c in card.cells]
    assert "al massimo 1 pedina per spazio; Segnalino Obiettivo" in texts
    assert not [t for t in texts if "1 pedine" in t]


def test_the_tables_of_one_card_are_set_in_one_size(
        words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """Pursuit of Glory's campaign setup card: its placements table shrinks to fit a long row;
    the table of track markers under it had stayed larger, two sizes on one card.  Both now
    read at the same size."""
    import converter.render.cards as cards

    pog = load_model(MODULES / "pursuit-of-glory")
    drawn = words_drawn(cards)
    card = cards.setup_card(pog, pog.scenario("campagna"), dpi=150)
    assert card is not None
    size = dict(drawn)
    assert size["Doiran"] == size["Tabella dei Turni"] == size["Dove"] == size["Tracciato"]


def test_a_victory_card_keeps_sides_and_turns_on_one_line_and_its_tables_in_one_size(
        words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """Glory's End's victory card: the columns of a side ('Parte Tedesca') and of turns
    ('turni 1-29') had wrapped onto two lines while the conditions beside them had room to
    spare, and the table of VP places was set larger than the conditions above it, with an
    empty 'held at start' column.  A side and a turn range now read on one line, every table
    of the card in one size, and a column no place fills is left out."""
    import converter.render.cards as cards

    game = load_model(MODULES / "glorys-end")
    drawn = words_drawn(cards)
    card = cards.victory_card(game, dpi=150)
    assert card is not None
    lines = [text for text, _ in drawn]
    assert "Parte Tedesca" in lines and "turni 1-29" in lines
    assert "Parte" not in lines and "1-29" not in lines
    size = dict(drawn)
    assert size["Parte Tedesca"] == size["1632 Lille"] == size["Condizione"]
    assert not [c for c in card.cells if c.key.startswith("vp:") and c.key.endswith(":control")]
    assert "Controllato all'inizio da" not in lines


def test_a_sequence_card_gives_each_column_the_width_that_makes_it_shortest() -> None:
    """Trench Club's sequence card: its phase names and sections had wrapped onto three or
    four lines ('Fase 2:' / 'Dichiarare gli' / 'Attacchi', '§Regole' / 'dettagliate: Fase'
    / '4') beside a column of short prose with half its width unused.  Every phase now
    reads on two lines at most (one at 100 dpi, before a card was laid out alike at every
    dpi; at 300 dpi two phases give a line each to the prose beside them), and the card is
    shorter."""
    import converter.render.cards as cards

    game = load_model(Path("modules/trench-club"))
    card = cards.sequence_card(game, dpi=100)
    assert card is not None
    phase = next(c for c in card.cells if c.text == "Fase 2: Dichiarare gli Attacchi")
    section = next(c for c in card.cells if c.text.startswith("§Regole dettagliate: Fase 2"))
    one_line = next(c for c in card.cells if c.text == "Riparare unità").box
    one = one_line[3] - one_line[1]
    assert one <= phase.box[3] - phase.box[1] < 2 * one
    assert one <= section.box[3] - section.box[1] < 2 * one


def test_a_transcribers_note_on_a_table_row_goes_to_the_sources_card() -> None:
    """The First World War's replacement centres had an English note on every row ('space
    aachen: -1 to this faction's capacity while the enemy controls it'): an internal id, in
    another language than the game's, on an Italian player aid.  A row's note that reads as
    the transcriber's is now listed on the sources card, under its table and row, and the
    aid's note column is left out when no row has a note for the player."""
    import dataclasses

    import converter.render.cards as cards

    game = load_model(MODULES / "the-first-world-war")
    table = game.table("replacement-centres")
    note = "Added by the transcriber: the printed table is not legible in this copy."
    first = dataclasses.replace(table.entries[0], note=note)
    table = dataclasses.replace(table, entries=[first, *table.entries[1:]])
    game = dataclasses.replace(game, tables=[table if t.id == table.id else t for t in game.tables])
    aid = cards.table_card(game, table, dpi=60)
    assert note not in [c.text for c in aid.cells]
    assert not [c for c in aid.cells if c.key.endswith(":note")]
    sources = cards.sources_card(game, dpi=60)
    assert sources is not None
    row = next(c for c in sources.cells if c.text == note)
    where = next(c for c in sources.cells if c.key == row.key.replace(":text", ":card"))
    assert where.text == f"{table.name}: {first.label}"


def test_a_combat_table_keeps_its_size_above_its_wrapped_codes(
        words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """Glory's End's CRT card: the table of result codes wraps its long meanings at the
    smallest size a wrapping table takes; the combat table above it is not shrunk to match
    (it is what a player reads most), while a victory card's tables, which are alike, share
    one size (test above)."""
    import converter.render.cards as cards

    game = load_model(MODULES / "glorys-end")
    drawn = words_drawn(cards)
    cards.table_card(game, game.table("crt"), dpi=150)
    size = dict(drawn)
    assert size["2/2R"] > size["Significato"]


@pytest.mark.parametrize("dpi", [150, 200])
def test_a_setup_card_has_the_same_layout_at_any_dpi(dpi: int) -> None:
    """The First World War's setup at 150 dpi wrapped its places and pieces otherwise than at
    300 (whole-pixel fonts, rounded lengths): a player printing at both got two cards.  Every
    cell now lies where it lies at 300 dpi, scaled, and the card looks the same but for
    sharpness."""
    from PIL import ImageChops, ImageStat

    from converter.render.cards import setup_card

    game = load_model(Path("modules/the-first-world-war"))
    scenario = game.scenarios[0]
    sharp, other = setup_card(game, scenario, dpi=300), setup_card(game, scenario, dpi=dpi)
    assert sharp is not None and other is not None
    ratio = dpi / 300
    assert abs(other.image.height - sharp.image.height * ratio) <= 1
    assert [c.key for c in other.cells] == [c.key for c in sharp.cells]
    for cell, at_300 in zip(other.cells, sharp.cells):
        assert all(abs(a - b * ratio) <= 1 for a, b in zip(cell.box, at_300.box)), cell.key
    shrunk = sharp.image.resize(other.image.size, Image.Resampling.LANCZOS)
    assert max(ImageStat.Stat(ImageChops.difference(shrunk, other.image)).mean) < 2


def test_a_setup_card_names_no_piece_by_vassals_stand_ins(tmp_path: Path) -> None:
    """Imports of real modules set nameless pieces down: Paths of Glory's setup read
    'Lutsk | ClassicMapPatchLutsk; RUc; piece' (a hidden space marker VASSAL calls nothing)
    and For the People's ' (USA Forts Available)' and ' ()' (VASSAL's '$pieceName$
    ($label$)' with no piece name).  A piece is now called by its name, else its label; one
    the module names nowhere is left off its place and counted under the table."""
    import shutil

    import converter.render.cards as cards

    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    raw = json.loads((folder / "pieces.json").read_text(encoding="utf-8"))
    for piece in raw["pieces"]:
        if piece["id"] == "dummy":  # two hidden pieces with no name, no label
            piece["name"] = "piece"
            for face in piece["faces"]:
                face.pop("label", None)
        if piece["id"] == "sa-1":
            piece["name"] = " (Armata A)"
    (folder / "pieces.json").write_text(json.dumps(raw), encoding="utf-8")
    game = load_model(folder)
    card = cards.setup_card(game, game.scenarios[0], dpi=100)
    assert card is not None
    texts = [c.text for c in card.cells]
    assert texts[texts.index("0405") + 1] == "Armata A"
    assert "0404" not in texts and not any("piece" in t or "()" in t for t in texts), texts
    assert "Non elencate: 2 pedine senza nome né etichetta nel modulo" in texts
