"""The audit reads a piece's name, game id, face, mask and position from the few traits that
say them; what it reads must be what decoding the whole chain says, on real pieces."""

from __future__ import annotations

from pathlib import Path

from converter.audit.traits import TraitReader, Traits
from converter.errors import VassalFormatError
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game
from converter.vassal.traits import decode_piece

DATA = Path(__file__).resolve().parents[1] / "data"
LOGS = [DATA / "real" / "longest-day" / "0606-1.log",  # a 2006 log: layers, no game ids
        DATA / "vlogs" / "pursuit-of-glory" / "violations.vlog",  # VASSAL's, built pieces
        DATA / "vlogs" / "when-eagles-fight" / "violations.vlog"]


def whole_chain(type_text: str, state_text: str) -> Traits:
    """Traits from every trait of the chain decoded (the reference)."""
    try:
        return Traits.of(decode_piece(type_text, state_text))
    except (VassalFormatError, ValueError, IndexError):
        return Traits("?", None, None, None, False)


def test_reader_agrees_with_whole_chain_on_real_logs() -> None:
    pairs = []
    for log in LOGS:
        _save, record = read_game(log)
        commands = list(record.restored()) + [c for s in record.steps for c in s.logged()]
        types = {c.id: c.type for c in commands if isinstance(c, cmd.AddPiece)}
        pairs += [(c.type, c.state) for c in commands if isinstance(c, cmd.AddPiece)]
        pairs += [(types[c.id], c.new_state) for c in commands
                  if isinstance(c, cmd.ChangePiece) and c.id in types]
    assert {t.layer for t in map(whole_chain, *zip(*pairs))} >= {"Step", None}
    # damaged states too: cut short, a TAB too many, another piece's state
    pairs += [(t, s[: len(s) // 2]) for t, s in pairs[:200]]
    pairs += [(t, s.replace(";", "\t", 1)) for t, s in pairs[:200]]
    pairs += [(t, pairs[-i][1]) for i, (t, _s) in enumerate(pairs[:200], start=1)]
    reader = TraitReader()
    assert len(pairs) > 2000
    for type_text, state_text in pairs:
        assert reader.read(type_text, state_text) == whole_chain(type_text, state_text)


def test_reader_names_a_built_piece() -> None:
    reader = TraitReader()
    t = reader.read("mark;vconv_id\tpiece;;;a.png;1st Bn", "na-1\tnull;0;0;17;0")
    assert (t.name, t.game_id, t.map) == ("1st Bn", "na-1", None)
    assert reader.read("stack", "").name == "?"
    hidden = ("obs;M;mask.png;Hide\tpiece;;;a.png;X", "player1\tnull;0;0;1;0")
    assert reader.read(*hidden).masked and reader.read(*hidden) == whole_chain(*hidden)
