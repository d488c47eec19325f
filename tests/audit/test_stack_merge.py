"""A piece moved onto another joins its stack, as in VASSAL (checked on The Longest Day's
real logs against VASSAL's own end state and the origins it records in each MovePiece;
bench/stack_agreement.py lists the disagreements that are left)."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.audit.module import load_module
from converter.audit.replay import Replay
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game

FOLDER = Path(__file__).resolve().parents[1] / "data" / "real" / "longest-day"


class _Origins(Replay):
    """Counts the MovePieces whose recorded origin is not where the replay has the piece."""

    def __init__(self, module: object) -> None:
        super().__init__(module)  # type: ignore[arg-type]
        self.elsewhere = 0
        self._handlers[cmd.MovePiece] = self._checked

    def _checked(self, c: cmd.MovePiece, restored: bool = False) -> None:
        piece = self.state.pieces.get(c.id)
        if piece is not None and not restored and c.old_map is not None \
                and (piece.map, piece.x, piece.y) != (c.old_map, c.old_x, c.old_y):
            self.elsewhere += 1
        self._move(c, restored)


def _replayed(name: str) -> _Origins:
    _save, record = read_game(FOLDER / name)
    replay = _Origins(load_module(FOLDER / "TheLongestDay-noimages.vmod"))
    replay.run(record, name)
    return replay


def test_a_stack_dragged_takes_the_pieces_dropped_on_it() -> None:
    """0606-1.log step 306 drops 4 air units on a stack of Normandy (the MovePiece names
    the unit they lie on); step 307 drags that stack back to the Allied Aircraft Deployment
    Display.  The replay left them at (2586,1280) of Normandy; VASSAL's own replay of the
    log (vassal-check36 --execute --save) has them at (99,406) of the display."""
    replay = _replayed("0606-1.log")
    at = {p.name: (p.map, p.x, p.y) for p in replay.state.pieces.values()}
    for name in ("410/LB-1", "416/LB-1", "322/MB-2"):
        assert at[name] == ("Allied Aircraft Deployment Display", 99, 406), name


@pytest.mark.parametrize(("log", "elsewhere"), [("0606-1.log", 0), ("0611-1.log", 3)])
def test_fewer_moves_start_elsewhere_than_vassal_recorded(log: str, elsewhere: int) -> None:
    """Moves whose recorded origin the replay disagrees with: 22 and 19 before pieces
    joined the stacks they were dropped on, 11 and 13 before a drop by position joined
    what lay there and stale maps in stacked pieces' states were let be.  0606-1's last
    eleven followed the undos VASSAL wrote again as their first command alone (the test
    below): replayed whole, as the players' game ran them, none is left.  In 0611-1,
    steps 468 and 469 record two units at the points they had before their stacks were
    dragged (steps 408 and 402), and step 474 repeats step 471's move back."""
    assert _replayed(log).elsewhere == elsewhere


def test_a_stale_map_in_a_stacked_piece_moves_nothing() -> None:
    """0606-1.log step 685 changes 2/506/101 (a trait of it) with a state that still names
    the Allied Airborne Display, the map it left at step 22; the BasicPiece's part is the
    same before and after, so VASSAL leaves it in its stack on Normandy, as its own replay
    of the log (vassal-check36 --execute --save) ends: 11 air units so."""
    replay = _replayed("0606-1.log")
    at = {p.name: (p.map, p.x, p.y) for p in replay.state.pieces.values()}
    assert at["2/506/101"] == ("Normandy", 1865, 1632)
    assert at["3/502/101"] == ("Normandy", 1754, 1312)
    assert at["13/6"] == ("Normandy", 4581, 2240)


def test_pieces_end_where_vassal_stacks_them() -> None:
    """0611-1.log's units, stacked on the Allied Entry Track by drops (onto a piece, or by
    position alone) and stacks' new states, then dragged to Normandy: VASSAL's own replay
    of the log ends them there; the replay left them on the track."""
    replay = _replayed("0611-1.log")
    at = {p.name: (p.map, p.x, p.y) for p in replay.state.pieces.values()}
    assert at["3 RTR/11"] == ("Normandy", 3916, 1856)
    assert at["1/67/2"] == ("Normandy", 2918, 1728)
    assert at["10 DLI/49"] == ("Normandy", 3694, 1984)


def test_a_move_to_a_map_the_module_lacks_leaves_the_piece_where_it_was(
        tmp_path: Path) -> None:
    """0611-1.log step 6 drags the stack holding the WEATHER NOW marker across the Weather
    map, which this version of the module lacks: VASSAL's MovePiece finds no map and moves
    nothing (its own replay ends the marker at (82,90), on no map); the replay moved it to
    (132,90),
    and the step list said 'WEATHER NOW: (82,90) [Weather] → (132,90) [Weather]'."""
    from tests.audit.test_vlogmaker_real_modules import step_list

    replay = _replayed("0611-1.log")
    marker = replay.state.pieces["1168371567375"]
    assert (marker.map, marker.x, marker.y) == ("Weather", 82, 90)
    steps = step_list(FOLDER / "0611-1.log", FOLDER / "TheLongestDay-noimages.vmod",
                      tmp_path / "report.html")
    assert steps[6] == ("WEATHER NOW: stays at (82,90) [Weather] (moved to map 'Weather', "
                        "which the module lacks: VASSAL leaves it where it was) "
                        "[Nate (Germans)]")


def test_an_undo_written_again_is_replayed_whole(tmp_path: Path) -> None:
    """0606-1.log's Undo pressed past earlier undos, steps 922 to 995: VASSAL takes back an
    undo step too (the redo of a move) and makes a command's undo once, so the same undo is
    logged twice, and it writes a repeated one as its first command alone.  Step 978 only
    removes the stack of 1/22/4: it is the undo of step 911 again, which step 912 logged
    whole (that stack removed, 1/22/4 moved back to 4024).  The players' game ran it whole:
    step 979, the next undo (of 910, itself the undo of 907's move to 3326), moves 1/22/4
    from 4024, as VASSAL recorded.  Before, step 978 was 'the start of
    an undo of step 977, whose move back is not in the log', 1/22/4 stayed at 3427, and the
    chain's steps 931 to 995 were judged as moves."""
    from tests.audit.test_vlogmaker_real_modules import step_list

    steps = step_list(FOLDER / "0606-1.log", FOLDER / "TheLongestDay-noimages.vmod",
                      tmp_path / "report.html")
    assert steps[978] == ("undo of #911: 1/22/4: 3427 [Normandy] → 4024 [Normandy]; VASSAL "
                          "wrote this undo again as its first command alone: the players' "
                          "game ran it whole, as step 912 logged it (VASSAL's own replay of "
                          "the log runs only that first command) [Joel (Allies)]")
    assert steps[979].startswith("undo of #910: 1/22/4: 4024 [Normandy] → 3326 [Normandy]")
    assert not any("the start of an undo" in line for line in steps.values())
    # the chain walks back through the undos: 928 takes back 923 (moves 741 again), 931
    # takes back 920 a second time, 955 takes back 934 (the redo of 917)
    assert steps[928].startswith("undo of #923: ") and steps[931].startswith("undo of #920: ")
    assert steps[955].startswith("undo of #934: ")
    assert steps[995].startswith("undo of #894: * UNDO: <Joel> - I think that for the "
                                 "follow-up units")
    assert steps[996].startswith("chat: <Joel> -  I think that for the follow-up units")
