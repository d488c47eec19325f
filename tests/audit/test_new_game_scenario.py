"""Which scenario judges a new game: the one whose pieces stand where it places them, deck
cards aside.  A new game of Inferno (github Cattlesquat/Inferno, VASSAL 3.6.9; no licence
stated, so a small module written here stands in for it), every piece where the module's
at-start stacks put it, was judged by its Scenario F: the cards of F's save lie in the decks
a new game fills too (107 of them, more than the 186 pieces the at-start stacks place),
so F fitted 'better' though 60 of its other pieces were missing: 54 false findings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, CARD, ESC, TAB, UNIT, _save, write_module

DECK = "deck;false;0,0,0;60;60;Never;Never;false;false;false;Re-shuffle;;;Deck;;"
CARDS = ("Card A", "Card B", "Card C")


def _position(unit_at: tuple[int, int]) -> str:
    """The 1st Bn at *unit_at* of the Main board and the three cards in the Deck."""
    unit = "+/100/" + UNIT[len("+/null/"):].replace("null;0;0;{gpid};0",
                                                    f"Main Map;{unit_at[0]};{unit_at[1]};2;0")
    cards = [f"+/{101 + i}/" + CARD[len("+/null/"):].replace("Card A", name).replace(
        "null;0;0;{gpid};0", f"Main Map;300;300;{3 + i};0") for i, name in enumerate(CARDS)]
    return ESC.join(["begin_save", unit, *cards,
                     "+/200/" + DECK + "/Main Map;300;300;false;101,102,103",
                     "Main MapBoardPicker" + TAB + "Main" + TAB + "0" + TAB + "0", "end_save"])


def _module(path: Path, unit_at: tuple[int, int] = (300, 100)) -> Path:
    """The test module, its Deck holding three cards, its one scenario (a save) placing the
    1st Bn at *unit_at* (in the East zone, not at its at-start stack's 1,2), the cards in
    the Deck."""
    slots = "".join(
        f'<VASSAL.build.widget.CardSlot entryName="{name}" gpid="{3 + i}" width="50" '
        f'height="50">{CARD.replace("Card A", name).format(gpid=3 + i)}'
        "</VASSAL.build.widget.CardSlot>" for i, name in enumerate(CARDS))
    start = BUILDFILE.index('<VASSAL.build.widget.CardSlot entryName="Card A"')
    end = BUILDFILE.index("</VASSAL.build.widget.CardSlot>", start) + len(
        "</VASSAL.build.widget.CardSlot>")
    text = BUILDFILE[:start] + slots + BUILDFILE[end:]
    return write_module(path, text, files={"scenario.vsav": _save(_position(unit_at))})


@pytest.mark.parametrize("judge", ["--game", "folder"])
def test_a_new_game_is_judged_by_the_at_start_stacks_not_by_a_save_listing_the_decks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], judge: str) -> None:
    module = _module(tmp_path / "decks.vmod")
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    log = tmp_path / "new.vlog"
    log.write_bytes(_save(_position((75, 125)) + ESC + "LOG" + TAB + "CHATnew game"))
    args = ["--module", str(module), "--game", str(game), "--mapping",
            str(tmp_path / "m.json")] if judge == "--game" else ["--module", str(game)]
    capsys.readouterr()
    code = main(["audit", str(log), *args, "--format", "json"])
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert [f["message"] for f in report["findings"]] == [] and code == 0, err
    assert _setup_rules(report) == ["scenario vassal-setup"]
    # the scenario's own save is still judged by that scenario, its cards counted out
    capsys.readouterr()
    save = tmp_path / "scenario.vsav"
    save.write_bytes(_save(_position((300, 100))))
    assert main(["audit", str(save), *args, "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert _setup_rules(report) == ["scenario scenario"]



def test_of_two_scenarios_alike_but_for_the_decks_the_one_listing_them_judges(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """For the People's 1861 save fits its own scenario and the at-start stacks alike but
    for the 131 cards its decks hold, which only the first lists: that one judges it."""
    module = _module(tmp_path / "decks.vmod", unit_at=(75, 125))
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    save = tmp_path / "scenario.vsav"
    save.write_bytes(_save(_position((75, 125))))
    capsys.readouterr()
    assert main(["audit", str(save), "--module", str(game), "--format", "json"]) == 0
    assert _setup_rules(json.loads(capsys.readouterr().out)) == ["scenario scenario"]


def _setup_rules(report: dict[str, Any]) -> list[str]:
    """The scenario the report says judged the setup."""
    return next(c["rules"] for c in report["checks_run"] if c["check"] == "setup")
