"""Player aids speak to players: none of the description's ids, kinds or field names appear in
the text of any card (the sources card, made for checking the transcription, aside)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from converter.validate import load_model
from converter.load.document import load_game
from tests.conftest import ROOT, bundled_games, reference_cards_once

# kind values no player reads on a card, whatever its language
INTERNAL_WORDS = ("MATRIX", "THRESHOLD", "COLUMN-SHIFT", "method:", "opposed", "nationalities-per-space")


def _schema_words() -> tuple[set[str], set[str]]:
    props: set[str] = set()
    enums: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    props.update(value)
                if key == "enum" and isinstance(value, list):
                    enums.update(v for v in value if isinstance(v, str))
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in (ROOT / "schemas").glob("*.json"):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return props, enums


def _ids(node: Any, out: set[str]) -> set[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "id" and isinstance(value, str):
                out.add(value)
            _ids(value, out)
    elif isinstance(node, list):
        for value in node:
            _ids(value, out)
    return out


PROSE_KEYS = ("text", "note", "condition", "label", "name", "title", "meaning", "what")


def _prose(node: Any, out: set[str]) -> set[str]:
    """The description's own sentences (rules text, notes, names): printed as written."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in PROSE_KEYS and isinstance(value, str) and len(value) > 3:
                out.add(value)
            _prose(value, out)
    elif isinstance(node, list):
        for value in node:
            _prose(value, out)
    return out


def _token(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_no_internal_id_kind_or_field_name_on_any_aid(folder: Path) -> None:
    game, cards = reference_cards_once(folder)
    props, enums = _schema_words()
    document = load_game(folder).data
    ids = {i for i in _ids(document, set()) if re.search(r"[-_]", i) and not i.isdecimal()}
    prose = sorted(_prose(document, set()), key=len, reverse=True)
    slugs = [_token(w) for w in sorted(ids | {e for e in enums if "-" in e})]
    fields = [re.compile(rf"(?<![\w-]){re.escape(p)}:") for p in sorted(props) if len(p) > 3]
    problems = []
    for card in cards:
        if card.name == "sources":
            continue
        for cell in card.cells:
            text = cell.text
            where = f"{card.name} {cell.key}: {text[:80]!r}"
            own = text  # what the renderer added: the cell less the description's own sentences
            for sentence in prose:
                own = own.replace(sentence, " ")
            if game.language != "en" and text.strip() in enums and not text.strip().isupper():
                problems.append(f"{where} is a kind of the format")
            problems += [f"{where} shows {w!r}" for w in INTERNAL_WORDS if w in text]
            problems += [f"{where} shows the id {p.pattern}" for p in slugs if p.search(text)]
            problems += [f"{where} shows the field {p.pattern}" for p in fields if p.search(own)]
    assert not problems, f"{len(problems)} internal words on the aids:\n" + "\n".join(problems[:15])


@pytest.mark.parametrize("folder", [f for f in bundled_games() if (f / "cards.json").exists()
                                    or "cards" in (f / "game.json").read_text(encoding="utf-8")],
                         ids=lambda p: p.name)
def test_deck_cards_show_no_internal_id_and_come_in_number_order(folder: Path, monkeypatch) -> None:
    import converter.render.decks as decks

    game = load_model(folder)
    if not game.cards:
        pytest.skip("no cards")
    ids = {i for i in _ids(load_game(folder).data, set()) if re.search(r"[-_]", i) and not i.isdecimal()}
    ids |= {key for card in game.cards for key in card.values or {} if re.search(r"[-_]", key)}
    slugs = [_token(w) for w in sorted(ids)]
    drawn: list[str] = []
    real = decks.put_text
    monkeypatch.setattr(decks, "put_text", lambda draw, xy, text, **kw: (drawn.append(text), real(draw, xy, text, **kw)))
    for deck in game.decks or []:
        cards = decks.printed_cards(game, deck)
        numbers = [c.number for c in cards if c.number is not None]
        assert numbers == sorted(numbers), f"{deck.id}: cards out of number order"
        assert not any(decks.wholly_unknown(c) for c in cards)
        every = decks.printed_cards(game, deck, include_missing=True)
        assert len(every) == len(game.cards_of(deck.id))
        for card in cards[:40]:
            decks.card_front(game, card, dpi=40)
    problems = [f"{t!r} shows the id {p.pattern}" for t in drawn for p in slugs if p.search(t)]
    assert not problems, "\n".join(problems[:10])
