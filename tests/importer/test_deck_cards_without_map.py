"""A deck's cards saved with no map of their own: Almoravid's predefined setups.

Each of Almoravid's scenario saves lists 105-111 cards in its 42 decks whose own states name
map 'null', and keeps beside them a second copy of each command card on no map that no deck
lists.  The engine (`vassal-check --execute --save` on Scenario A) saves the same 109 cards in
the same decks back, and the 110 other copies still on no map and in no deck: VASSAL shows
those nowhere.  The import places exactly the decks' cards, in their decks.
"""

from __future__ import annotations

import zipfile
from collections import Counter
from pathlib import Path

import pytest

from converter.cli import main
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_save_bytes
from tests.importer.helpers import merged

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
ALMORAVID = REAL / "almoravid" / "Almoravid-1.3-noimages.vmod"


def _decks_listed(save: bytes, name: str) -> Counter[str]:
    """How many pieces each deck of a saved game lists, by deck name."""
    record = cmd.read_record(read_save_bytes(save, source=name).text, source=name)
    listed: Counter[str] = Counter()
    for command in record.restored():
        if isinstance(command, cmd.AddPiece) and command.type.startswith("deck;"):
            listed[cmd.deck_name(command.type)] += len(cmd.deck_place(command.state)[4])
    return listed


def test_each_setup_places_the_cards_its_decks_list_and_no_stale_copy(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "alm"
    assert main(["import", str(ALMORAVID), "-o", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "in its saved game's decks" not in out  # no deck's card is left out any more
    game = merged(folder)
    deck_name = {d["id"]: d["name"] for d in game["decks"]}
    with zipfile.ZipFile(ALMORAVID) as archive:
        saves = {n: archive.read(n) for n in archive.namelist() if n.endswith(".vsav")}
    judged = 0
    for scenario in game["scenarios"]:
        note = scenario["provenance"]["note"]
        if "(saved game " not in note:
            continue
        save = note.split("(saved game '", 1)[1].rsplit("')", 1)[0]
        listed = _decks_listed(saves[save], save)
        placed: Counter[str] = Counter()
        for p in scenario.get("setup", []):
            if "deck" in p["at"]:
                placed[deck_name[p["at"]["deck"]]] += p.get("count", 1)
        assert placed == listed, scenario["name"]
        judged += 1
        if save == "Scenario_A_Toledo_Beset.vsav":  # the engine's end save: 109 in decks
            assert sum(placed.values()) == 109
    assert judged >= 6
