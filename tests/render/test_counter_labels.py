"""A counter's label that does not fit: Almoravid's and Nevsky's Lord 'Al-Mutawakkil - Umar
ibn Muhammad, Banu al-Aftas - Emir of Badajoz' printed one word a line past the counter's top
and bottom edges; a token's lines ran across its disc; and a dash between words was printed
glued to the next word ('Alfonso VI -Mat').  A label now prints whole, shortened, or by its
head alone ('Al-Mutawakkil'), inside the counter and inside a token's disc."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from converter.model.game import Game
from converter.render.counters import counter_background, counter_image
from converter.validate import load_model
from tests.conftest import MINI

EMIR = "Al-Mutawakkil - Umar ibn Muhammad, Banu al-Aftas - Emir of Badajoz"


def game_with(tmp_path: Path, label: str, kind: str) -> Game:
    """The mini game with one more piece of *kind* labelled *label*."""
    folder = tmp_path / "game"
    shutil.copytree(MINI, folder)
    pieces = json.loads((folder / "pieces.json").read_text())
    face = {"counter": 1, "side": "front", "label": label}
    if kind == "marker":
        face["role"] = "marker"
    pieces["pieces"].append({"id": "long", "name": label, "kind": kind, "faces": [face]})
    (folder / "pieces.json").write_text(json.dumps(pieces))
    return load_model(folder)


def stray_ink(img: Image.Image, background: tuple[int, int, int], inside: float) -> int:
    """Pixels not of the counter's colour farther than *inside* (a fraction of the edge) from
    its middle, apart from the hairline border round it."""
    s = img.width
    stray = 0
    for y in range(3, s - 3):
        for x in range(3, s - 3):
            if math.hypot(x + 0.5 - s / 2, y + 0.5 - s / 2) > inside * s and \
                    img.getpixel((x, y)) != background:
                stray += 1
    return stray


@pytest.mark.parametrize("label", [EMIR, "Christian Art of War Card Slot",
                                   "Strategic Will - CSA - 00", "Allied Powers Action 1",
                                   # fit nowhere: the lines that say words are left out ('…')
                                   " ".join(["Incomprehensibilities"] * 30),
                                   " ".join("ABCDEFGHIJKLMNOPQRSTUVWXYZ" * 2)])
def test_a_tokens_label_stays_inside_its_disc(tmp_path: Path, label: str) -> None:
    game = game_with(tmp_path, label, "token")
    piece = game.piece("long")
    img = counter_image(game, piece, dpi=300)
    assert stray_ink(img, counter_background(game, piece), 0.455) == 0  # past the outline


@pytest.mark.parametrize("label", [EMIR, " ".join(["Incomprehensibilities"] * 30)])
def test_a_markers_label_stays_inside_the_counter(tmp_path: Path, label: str) -> None:
    game = game_with(tmp_path, label, "marker")
    piece = game.piece("long")
    img = counter_image(game, piece, dpi=300)
    s = img.width
    background = counter_background(game, piece)
    margin = [(x, y) for y in range(3, s - 3) for x in range(3, s - 3)
              if min(x, y, s - 1 - x, s - 1 - y) < s * 0.04]
    assert all(img.getpixel(point) == background for point in margin)


@pytest.mark.parametrize(("label", "printed"), [
    ("Alfonso VI - Mat", "Alfonso VI - Mat"),
    ("Capital - CSA", "Capital - CSA"),
    (EMIR, "Al-Mutawakkil"),  # its head, when the whole title cannot be read at any size
    # For the People: 'Sal./Vandali' / 'a', a word cut at a letter; two names break at their slash
    ("Salem/Vandalia", "Salem/Vandalia"),
])
def test_the_words_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, label: str,
                           printed: str) -> None:
    game = game_with(tmp_path, label, "token")
    drawn: list[str] = []
    text = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: object, words: str, *args: object,
               **kwargs: object) -> None:
        drawn.append(words)
        text(self, xy, words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    counter_image(game, game.piece("long"), dpi=300)
    assert all(line in printed for line in drawn), drawn  # its own words, spaced as they are
    assert "".join(drawn).replace(" ", "") == printed.replace(" ", "")  # all of them
