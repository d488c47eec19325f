"""Undo as VASSAL logs it: the step the Undo button takes back and the undo itself are shown
as such and judged by no rule, and the replay ends where VASSAL's own replay ends.

mini-undo.vlog was played by the VASSAL 3.6.0 engine (vlog-maker with an `undo` action,
tests/data/real/vlog-maker-undo.patch) on the mini game's module: before 3.6.7 VASSAL logs an
undo as the bare inverse commands, with no UNDO markers (see mini-undo.json for the steps).
mini-undo.end.vsav is the engine's own replay of it (vassal-check36 --execute --save)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from converter.audit.module import AuditModule
from converter.audit.replay import replay
from converter.cli import main
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game
from tests.audit.conftest import REAL

LOG = REAL / "undo" / "mini-undo.vlog"
_STEP = re.compile(r"<div class='step( undone)?(?: bad)?' id='s0-(\d+)'[^>]*><span class=n>#\d+</span>"
                   r"<span>(.*?)</span></div>")


def _audit(capsys: pytest.CaptureFixture[str], vmod: Path) -> tuple[int, dict]:  # type: ignore[type-arg]
    code = main(["audit", str(LOG), "--module", str(vmod), "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def test_undone_moves_and_their_undos_are_not_violations(
        capsys: pytest.CaptureFixture[str], mini_vmod: Path) -> None:
    """The illegal move (6 MP on 4) and the move into the lake were undone: withdrawn, not
    found; the undos themselves (each a move back) are judged by no rule, and the legal
    move made after two undos costs only its own MP.  Before, the moves back were judged
    as moves (14 MP 'spent' by step 5) and 5 violations were reported."""
    code, report = _audit(capsys, mini_vmod)
    assert code == 0
    # the one finding: the 2d6 roll of step 11 was taken back (by step 12) and rolled again
    assert [(f["rule"], f["severity"], f["step"], f["message"]) for f in report["findings"]] \
        == [("dice:undone", "warning", 12, "the roll 2d6 '9' of step 11 was taken back by "
             "Undo (the player could roll again and keep the other result)")]
    assert [(f["rule"], f["step"]) for f in report["withdrawn_by_undo"]] == \
        [("move", 3), ("move", 6), ("no-lake", 6)]
    # VASSAL's Undo takes back the last step, whatever it is: the chat line (7), then the
    # move before it (6); a die roll (11) too
    assert report["files"][0]["undone_steps"] == [1, 3, 6, 7, 11]


def test_the_json_report_says_which_step_each_undo_takes_back(
        capsys: pytest.CaptureFixture[str], mini_vmod: Path) -> None:
    """As the HTML step list's 'undo of #N': each undo step and the step it takes back, and
    for a withdrawn finding the undo that withdrew it (the JSON said only which steps were
    undone, not by which undo)."""
    _, report = _audit(capsys, mini_vmod)
    assert report["files"][0]["undos"] == [
        {"step": 2, "takes_back": 1}, {"step": 4, "takes_back": 3},
        {"step": 8, "takes_back": 7}, {"step": 9, "takes_back": 6},
        {"step": 12, "takes_back": 11}]
    assert [(f["rule"], f["step"], f["undone_by"]) for f in report["withdrawn_by_undo"]] == \
        [("move", 3, 4), ("move", 6, 9), ("no-lake", 6, 9)]


def test_the_step_list_shows_each_undo_and_the_step_it_takes_back(
        tmp_path: Path, mini_vmod: Path) -> None:
    page = tmp_path / "report.html"
    assert main(["audit", str(LOG), "--module", str(mini_vmod), "--format", "html",
                 "-o", str(page)]) == 0
    steps = {int(n): (bool(undone), re.sub(r"^T\d+ ", "", html.unescape(text)))
             for undone, n, text in _STEP.findall(page.read_text(encoding="utf-8"))}
    assert steps[2] == (False, 'undo of #1: I Corpo: hex 0303 → hex 0203 (Alfa; "città") '
                               "[vlog-maker (Blu)]")
    assert steps[1][0] and steps[3][0] and steps[6][0] and steps[11][0]
    assert steps[4][1].startswith("undo of #3: ")
    assert steps[8][1].startswith("undo of #7: ") and steps[9][1].startswith("undo of #6: ")
    assert steps[12][1].startswith("undo of #11: * UNDO: *** 2d6 = ")
    assert "<div class='step bad' id='s0-12'" in page.read_text(encoding="utf-8")  # (a roll)
    assert steps[5] == (False, 'I Corpo: hex 0203 (Alfa; "città") → hex 0303 '
                               "[vlog-maker (Blu)]")
    assert not steps[13][0] and steps[13][1].startswith("roll 2d6 = ")


def _vassal_end(save: Path) -> dict[str, tuple[str | None, int, int]]:
    """Each piece's map and point in a save VASSAL wrote (a stacked piece at its stack's,
    a card at its deck's)."""
    _, theirs = read_game(save)
    members: dict[str, tuple[str, int, int]] = {}
    vassal_at: dict[str, tuple[str | None, int, int]] = {}
    for c in theirs.restored():
        if type(c) is cmd.AddPiece and c.type == "stack":  # map;x;y;member ids
            where, x, y, *ids = c.state.split(";")
            members.update({m: (where, int(x), int(y)) for m in ids if not m.startswith("@@")})
        elif type(c) is cmd.AddPiece and c.type.startswith("deck;"):  # (its cards lie at
            deck_map, x, y, _face_down, cards = cmd.deck_place(c.state)  # its point)
            members.update({m: (str(deck_map), x, y) for m in cards})
        elif type(c) is cmd.AddPiece and c.is_piece:
            b = c.piece().basic  # type: ignore[union-attr]
            vassal_at[c.id] = (None if b.map_id in (None, "null") else b.map_id, b.x, b.y)
    for pid, where in members.items():  # (a stacked piece's own state may name no map)
        if vassal_at[pid][0] is None:
            vassal_at[pid] = where
    return vassal_at


def test_the_replay_ends_where_vassal_s_replay_ends(mini_module: AuditModule) -> None:
    """Every piece at VASSAL's pixels after its own replay of the log, the undone moves
    taken back (I Corpo in 0303 from step 5, 2 Cav back in 0204)."""
    vassal_at = _vassal_end(REAL / "undo" / "mini-undo.end.vsav")
    _, ours = read_game(LOG)
    r = replay(ours, mini_module, source=LOG.name)
    our_at = {pid: (p.map, p.x, p.y) for pid, p in r.state.pieces.items()}
    assert our_at == vassal_at
    names = {p.name: (p.x, p.y) for p in r.state.pieces.values()}
    assert names["I Corpo"] == (310, 315) and names["2 Cav (step 1)"] == (250, 350)


TOUR_LOG = REAL / "undo" / "tour-undo.vlog"


def test_undos_on_vassal_s_tour_module_take_back_moves_changes_and_deletions(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """tour-undo.vlog (the 3.6.0 engine on tour.vmod, judged by the tour-skirmish game): a
    move, Disrupt, the Tiger's deletion (its undo adds it again and logs its stack holding
    it) and 1ME's move onto the Tiger in J5 are each undone.  The two units in J5 broke
    one unit per hex before the undo: withdrawn now, and before they were a violation."""
    code = main(["audit", str(TOUR_LOG), "--module", str(REAL / "tour.vmod"), "--game",
                 str(REAL.parent / "games" / "tour-skirmish"), "--mapping",
                 str(tmp_path / "mapping.json"), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["findings"] == []
    assert [(f["rule"], f["step"]) for f in report["withdrawn_by_undo"]] == \
        [("one-unit-per-hex", 10)]
    assert report["files"][0]["undone_steps"] == [2, 5, 8, 10]


def test_the_tour_replay_ends_where_vassal_s_replay_ends() -> None:
    from converter.audit.module import load_module

    vassal_at = _vassal_end(REAL / "undo" / "tour-undo.end.vsav")
    _, ours = read_game(TOUR_LOG)
    r = replay(ours, load_module(REAL / "tour.vmod"), source=TOUR_LOG.name)
    our_at = {pid: (p.map, p.x, p.y) for pid, p in r.state.pieces.items()}
    assert our_at == vassal_at
    assert {p.name for p in r.state.pieces.values() if (p.x, p.y) == (506, 322)} == \
        {"Jagd Pz Tiger CA = 4"}  # (re-added in J5; 1ME back in I6)


AGAIN_LOG = REAL / "undo" / "tour-undo-again.vlog"


def test_an_undo_written_again_is_replayed_whole(tmp_path: Path) -> None:
    """tour-undo-again.vlog (the 3.6.0 engine on tour.vmod): 1ME moved G7 → H6, undone; moved
    to I6, undone; Undo again takes back the first undo (1ME to H6 again), and again takes
    back the move to H6 a second time.  VASSAL makes a command's undo once, so it logs the
    undo of step 2 twice, and writes the second as its first command alone (step 7: the
    chat line '* UNDO: …'), without the stack's removal and the move back to G7.  The
    players' game had 1ME back in G7, and step 8 moves it from G7, as VASSAL recorded; the
    audit had it move from H6 and step 7 was no undo."""
    page = tmp_path / "report.html"
    assert main(["audit", str(AGAIN_LOG), "--module", str(REAL / "tour.vmod"), "--format",
                 "html", "-o", str(page)]) == 0
    steps = {int(n): re.sub(r"^T\d+ ", "", html.unescape(text))
             for _undone, n, text in _STEP.findall(page.read_text(encoding="utf-8"))}
    assert steps[6] == "undo of #3: 1ME: G7 [Main Map] → H6 [Main Map]"
    assert steps[7] == ("undo of #2: 1ME: H6 [Main Map] → G7 [Main Map]; VASSAL wrote this "
                        "undo again as its first command alone: the players' game ran it "
                        "whole, as step 3 logged it (VASSAL's own replay of the log runs only "
                        "that first command)")
    assert steps[8] == "1ME: G7 [Main Map] → J5 [Main Map]"


def test_an_undo_written_again_ends_where_vassal_s_replay_ends() -> None:
    """Step 8 moves 1ME to J5 from wherever it stands: the end is VASSAL's own replay's
    (tour-undo-again.end.vsav), though its replay of step 7 left 1ME in H6."""
    from converter.audit.module import load_module

    vassal_at = _vassal_end(REAL / "undo" / "tour-undo-again.end.vsav")
    _, ours = read_game(AGAIN_LOG)
    r = replay(ours, load_module(REAL / "tour.vmod"), source=AGAIN_LOG.name)
    assert {pid: (p.map, p.x, p.y) for pid, p in r.state.pieces.items()} == vassal_at
    assert r.undone_steps == {2, 3, 4} and r.undo_of == {3: 2, 5: 4, 6: 3, 7: 2}
