"""A placement in a deck (location 'deck'): the built module deals the piece into that deck's
pile, as a module builder keeps a pool of counters in a deck (For the People's US Forts).
The real engine starts a new game of the built module (vlog-maker's New Game, whose log
restores the game VASSAL set up): the deck holds the pieces.  Skipped without vlog-maker."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from converter.cli import main
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game

MINI = Path(__file__).resolve().parents[1] / "data" / "games" / "mini"
VLOG_MAKER = Path(__file__).resolve().parents[3] / "shared" / "tools" / "vlog-maker" / "vlog-maker"


def _mini_with_dummies_in_the_deck(tmp_path: Path) -> Path:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    (scenario,) = game["scenarios"]
    dummies = next(p for p in scenario["setup"] if p["piece"] == "dummy")
    dummies["at"] = {"deck": "blue-deck"}
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")
    return folder


def test_a_piece_placed_in_a_deck_starts_in_its_pile(tmp_path: Path) -> None:
    folder = _mini_with_dummies_in_the_deck(tmp_path)
    assert main(["validate", str(folder)]) == 0
    assert main(["build", str(folder), "-o", str(tmp_path / "dist"), "-q"]) == 0
    vmod = tmp_path / "dist" / "mini.vmod"
    if not os.access(VLOG_MAKER, os.X_OK) or not (Path.home() / ".cache/vassal36").is_dir():
        pytest.skip("vlog-maker and its VASSAL engine are not installed")
    script = tmp_path / "start.json"
    script.write_text('[{"new_game": true}, {"chat": "dealt"}]', encoding="utf-8")
    started = tmp_path / "start.vlog"
    run = subprocess.run([str(VLOG_MAKER), "--module", str(vmod), "--script", str(script),
                          "--out", str(started)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]

    _, record = read_game(started)
    restored = record.restored()
    ids = {}
    for c in restored:
        if isinstance(c, cmd.AddPiece) and c.is_piece:
            ids[c.id] = c.piece().properties().get("vconv_id") or \
                c.piece().properties().get("vconv_card")
    decks = {cmd.deck_name(c.type): cmd.deck_place(c.state)[4] for c in restored
             if isinstance(c, cmd.AddPiece) and c.type.startswith("deck;")}
    held = Counter(ids.get(i) for i in decks["Mazzo Blu"])
    assert held["dummy"] == 2  # the two dummies, with the deck's three cards
    assert sum(held.values()) == 5
    # and nowhere else: not on a hex as the setup had them
    assert Counter(ids.values())["dummy"] == 2


def test_the_setup_card_says_the_deck(tmp_path: Path) -> None:
    from converter.load import load_game
    from converter.model.game import Game
    from dataclasses import replace

    from converter.render.cards import place_text
    from converter.render.words import words

    game = Game.from_dict(load_game(_mini_with_dummies_in_the_deck(tmp_path)).data)
    (scenario,) = game.scenarios or []
    at = next(p.at for p in scenario.setup or [] if p.piece == "dummy")
    assert place_text(game, at) == "deck Mazzo Blu"
    # in the game's language, a deck named as one ('Mazzo Blu') is not said twice
    assert place_text(game, at, words("it")) == "Mazzo Blu"
    assert place_text(game, replace(at, deck="b"), words("it")) == "mazzo B"
