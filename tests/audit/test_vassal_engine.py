"""The real VASSAL engine replays our scripted logs (Step button, every logged move) with no
error, and ends where our replay ends: the same pieces at the same pixels, the same turn
tracker state.  Skipped when vassal-check is not installed."""

from __future__ import annotations

from pathlib import Path

from converter.audit.replay import replay
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game
from tests.audit.conftest import clean_mini
from tests.helpers_vassal import run_vassal_check


def test_vassal_replays_a_scripted_log_to_the_same_state(tmp_path: Path, mini_built,  # type: ignore[no-untyped-def]
                                                        mini_vmod: Path, mini_module) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.move("na-1", hex="0803")
    s.place("na-2", space="kiev")
    s.undo_move()
    log = tmp_path / "game.vlog"
    log.write_bytes(s.log_bytes())
    after = tmp_path / "after.vsav"
    result = run_vassal_check(mini_vmod, "--game", str(log), "--execute", "--max", "0",
                              "--quiet-chat", "--save", str(after), images=False)
    assert (result.errors, result.warnings) == (0, 0), result.output[-2000:]

    _, theirs = read_game(after)
    vassal_at = {}
    tracker = None
    for c in theirs.restored():
        if isinstance(c, cmd.AddPiece) and c.is_piece:
            b = c.piece().basic  # type: ignore[union-attr]
            vassal_at[c.id] = (b.map_id, b.x, b.y)
        elif isinstance(c, cmd.TurnTrackerChange):
            tracker = c.state
    _, ours = read_game(log)
    r = replay(ours, mini_module, source="game.vlog")
    our_at = {pid: (p.map, p.x, p.y) for pid, p in r.state.pieces.items()}
    assert our_at == vassal_at
    last_turn = [c for st in ours.steps for c in st.logged()
                 if isinstance(c, cmd.TurnTrackerChange)][-1]
    assert tracker == last_turn.state
    assert (r.state.turn, r.state.phase.id if r.state.phase else None) == (5, "blue-move")
