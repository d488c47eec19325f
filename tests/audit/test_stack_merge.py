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


@pytest.mark.parametrize(("log", "elsewhere"), [("0606-1.log", 11), ("0611-1.log", 3)])
def test_fewer_moves_start_elsewhere_than_vassal_recorded(log: str, elsewhere: int) -> None:
    """Moves whose recorded origin the replay disagrees with: 22 and 19 before pieces
    joined the stacks they were dropped on, 11 and 13 before a drop by position joined
    what lay there and stale maps in stacked pieces' states were let be.  What the log
    shows of the rest: ten of 0606-1's follow a step that only removes the stack the piece's
    previous move made, an undo whose move back is missing (the test below); in 0611-1,
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


def test_an_undo_whose_move_back_is_missing_is_said(tmp_path: Path) -> None:
    """0606-1.log step 977 moves 1/22/4 from 4024 to 3427 (a stack is made for it); step 978
    only removes that stack, the first command of VASSAL's undo of a move (step 910, a whole
    undo, also moves the piece back); step 979 moves 1/22/4 from 4024 again, as VASSAL
    recorded.  The undo's move back is not in the log: VASSAL's own replay, like the audit's,
    leaves the unit at 3427, and ten of the eleven moves that start elsewhere than VASSAL
    recorded follow such a step.  Step 978 had no line in the step list."""
    from tests.audit.test_vlogmaker_real_modules import step_list

    steps = step_list(FOLDER / "0606-1.log", FOLDER / "TheLongestDay-noimages.vmod",
                      tmp_path / "report.html")
    assert steps[978] == ("undo of #977: "
                          "the stack step 977 made removed: the start of an undo of step 977, "
                          "whose move back is not in the log (1/22/4 stays at 3427 [Normandy] "
                          "in VASSAL's replay)")
    assert steps[979].startswith("1/22/4: 3427 [Normandy] → 3326 [Normandy]")
    assert sum("the start of an undo" in line for line in steps.values()) == 10
    # seven of them take back the step VASSAL's Undo button would (its undo mark): that
    # step is undone, judged by no rule; 931 removes the stack of 928, not at the mark
    assert sum(line.startswith("undo of #") and "the start of an undo" in line
               for line in steps.values()) == 7
    assert steps[982].startswith("undo of #979: ")  # (981 took back 980: the mark moved)
    assert not steps[931].startswith("undo of")
