"""The audit reads a piece's name, game id, face, mask and position from the few traits that
say them; what it reads must be what decoding the whole chain says, on real pieces."""

from __future__ import annotations

from pathlib import Path

from converter.audit.traits import UNREADABLE, TraitReader, Traits
from converter.errors import VassalFormatError
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game
from converter.vassal.traits import decode_piece
from converter.vassal.traits.piece import encode_chain, split_chain, type_chain

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


def real_pairs() -> list[tuple[str, str]]:
    pairs = []
    for log in LOGS:
        _save, record = read_game(log)
        pairs += [(c.type, c.state) for c in record.restored() if isinstance(c, cmd.AddPiece)
                  and c.type != "stack" and not c.type.startswith("deck;")]
    return pairs


def test_where_a_piece_is_added_is_what_the_whole_chain_says() -> None:
    """The replay places a piece it does not name (`where`) without decoding its naming
    traits; the position and whether the chain cannot be read are the whole chain's,
    damaged or not (a piece named "?" is readable)."""
    pairs = real_pairs()
    first = pairs[:300]
    pairs += [(t, s[: len(s) // 2]) for t, s in first]            # cut short
    pairs += [(t, s.split("\t", 1)[-1]) for t, s in first]        # a part missing
    pairs += [(t, s.replace(";", ";x", 2)) for t, s in first]      # numbers that do not read
    pairs += [(t, s.replace("\t", "\t?", 1)) for t, s in first]   # a "?" in a state
    pairs += [(t.replace("piece;", "bogus;"), s) for t, s in first]  # no BasicPiece inside
    pairs += [("piece;;;a.png;?", "Main;10;20;1;0"),              # a piece named "?"
              ("emb2;;128;;Flip;128;;;128;;;;1;false;0;0;a.png,b.png;?,+ x;true;Step;;;"
               "false;;1;1;true;;70,130;;;1.0;;true\tpiece;;;a.png;A", "1\tMain;1;2;3;0"),
              ("emb2;;128;;Flip;128;;;128;;;;1;false;0;0;a.png,b.png;?,+ x;true;Step;;;"
               "false;;1;1;true;;70,130;;;1.0;;true\tpiece;;;a.png;A", "zz\tMain;1;2;3;0"),
              ("label;;;10;;;b;0;c;0;b;c;$label$;Dialog;0;0;;;false\tpiece;;;a.png;A",
               "?\tMain;5;6;3;0"),                                # a label naming it "?"
              # ids a BasicPiece holds as persistent properties, one an outer trait hides
              ("piece;;;a.png;A", "Main;1;2;3;1;vconv_id;na-1"),
              ("mark;Side\tpiece;;;a.png;A", "x\tMain;1;2;3;2;vconv_card;c-1;k;v"),
              ("mark;vconv_id\tpiece;;;a.png;A", "na-2\tMain;1;2;3;1;vconv_id;na-1")]
    lazy, eager, ids = TraitReader(), TraitReader(), TraitReader()
    for type_text, state_text in pairs:
        t = eager.read(type_text, state_text)
        assert lazy.where(type_text, state_text) == (t is UNREADABLE, t.map, t.x, t.y), \
            (type_text[:80], state_text[:80])
        # identifying a piece reads its id traits only, and says what the whole chain says
        assert ids.ids(type_text, state_text) == (t is UNREADABLE, t.map, t.x, t.y,
                                                  t.game_id, t.card_id), \
            (type_text[:80], state_text[:80])
    assert len(ids._ids) > len(pairs) // 2  # most were not named
    assert [ids.ids(*p)[4:] for p in pairs[-3:]] == [("na-1", None), (None, "c-1"),
                                                     ("na-2", None)]
    read = list(map(eager.read, *zip(*pairs)))
    assert sum(t is UNREADABLE for t in read) > 300  # damage seen
    assert sum(t.name == "?" and t is not UNREADABLE for t in read) >= 3  # pieces named "?"


def test_reader_names_a_built_piece() -> None:
    reader = TraitReader()
    t = reader.read("mark;vconv_id\tpiece;;;a.png;1st Bn", "na-1\tnull;0;0;17;0")
    assert (t.name, t.game_id, t.map) == ("1st Bn", "na-1", None)
    assert reader.read("stack", "").name == "?"
    hidden = ("obs;M;mask.png;Hide\tpiece;;;a.png;X", "player1\tnull;0;0;1;0")
    assert reader.read(*hidden).masked and reader.read(*hidden) == whole_chain(*hidden)


def relevelled(type_text: str, state_text: str, level: str) -> str | None:
    """The state with its step layer at *level* (None: the piece has no step layer)."""
    types = type_chain(type_text)
    states = split_chain(state_text, len(types))
    for i, part in enumerate(types):
        if part.startswith("emb2;") and ";Step;" in part and i < len(states):
            states[i] = level + states[i].lstrip("0123456789")
            return encode_chain(states)
    return None


def test_a_piece_read_again_elsewhere_is_named_as_the_whole_chain_says() -> None:
    """The reader keeps what a chain says but its position (a league's logs put the same
    pieces elsewhere); read again at another place, with another VASSAL id or a property
    changed, each piece is what its whole chain says there."""
    every = []
    for log in LOGS:
        _save, record = read_game(log)
        every += [(c.type, c.state) for c in [*record.restored(),
                                              *(c for s in record.steps for c in s.logged())]
                  if isinstance(c, cmd.AddPiece) and c.type != "stack"
                  and not c.type.startswith("deck;")]
    pairs = every[:300] + [p for p in every if relevelled(*p, "1") is not None][:300]

    def moved(state: str, *fields: str) -> str:  # the BasicPiece's fields: the last part
        head, tab, last = state.rpartition("\t")
        items = last.split(";")
        items[:len(fields)] = fields[:len(items)]
        return head + tab + ";".join(items)

    again = [(t, moved(s, "Other", "7", "-3", "999")) for t, s in pairs]
    again += [(t, moved(s, "null", "0", "0")) for t, s in pairs]
    again += [(t, moved(s, "Main", "x", "4")) for t, s in pairs]  # an x that does not read
    again += [(t, s.replace("vconv_id", "vconv_idx", 1)) for t, s in pairs]
    again += [(t, other) for t, s in pairs for level in "123"   # another face
              if (other := relevelled(t, s, level)) is not None]
    assert len(set(again) - set(pairs)) > 2 * len(pairs)
    assert len({whole_chain(*p).level for p in again}) > 2
    reader = TraitReader()
    for type_text, state_text in pairs + again:
        assert reader.read(type_text, state_text) == whole_chain(type_text, state_text), \
            (type_text[:80], state_text[-80:])
    assert len(reader._placeless) < len(pairs) + len(again) // 2  # read again, not decoded


def test_a_change_that_only_moves_or_marks_a_piece_is_told_without_decoding() -> None:
    """A ChangePiece mostly sets a trait the audit does not read (a "moved" mark); the reader
    tells so from the states of the traits it reads (`moved_only`), and then the whole chain
    says the same before and after but the position, which it gives as the chain does."""
    changes, pieces = [], []
    for log in LOGS:
        _save, record = read_game(log)
        state: dict[str, tuple[str, str]] = {}
        for c in [*record.restored(), *(c for s in record.steps for c in s.logged())]:
            if isinstance(c, cmd.AddPiece) and c.type != "stack" \
                    and not c.type.startswith("deck;"):
                state[c.id] = (c.type, c.state)
                pieces.append((c.type, c.state))
            elif isinstance(c, cmd.ChangePiece) and c.id in state:
                type_text, old = state[c.id]
                changes.append((type_text, old, c.new_state))
                state[c.id] = (type_text, c.new_state)
    some = pieces[::7]
    changes += [(t, s, s[: len(s) // 2]) for t, s in some]                  # cut short
    changes += [(t, s, other) for t, s in some for level in "123"           # another face
                if (other := relevelled(t, s, level)) is not None]
    changes += [(t, s, s.rpartition("\t")[0] + "\tOther;7;-3;9;0") for t, s in some]
    changes += [(t, s, s.replace("\\", "", 1)) for t, s in some]          # damaged escapes
    for t, s in some:  # each part's state changed in turn (a mark, a mask, an id, a name)
        parts = split_chain(s, len(type_chain(t)))
        changes += [(t, s, encode_chain([*parts[:i], "x" + part + "1", *parts[i + 1:]]))
                    for i, part in enumerate(parts)]
    persistent = ("mark;Side\tpiece;;;a.png;A", "x\tMain;1;2;3;1;vconv_id;na-1")
    changes += [(*persistent, "y\tMain;5;6;3;1;vconv_id;na-1"),  # moved, marked
                (*persistent, "x\tMain;1;2;3;1;vconv_id;na-2")]  # its id property changed
    assert whole_chain(*persistent).game_id == "na-1"
    reader = TraitReader()
    told = moved = 0
    for type_text, old, new in changes:
        before, after = whole_chain(type_text, old), whole_chain(type_text, new)
        for known in (None, reader.read(type_text, old)):
            got = reader.moved_only(type_text, old, new, known)
            if got is None:
                continue
            told += 1
            assert UNREADABLE not in (before, after)
            assert got == ((before.map, before.x, before.y), (after.map, after.x, after.y))
            assert (before.name, before.game_id, before.level, before.layer, before.masked,
                    before.card_id) == (after.name, after.game_id, after.level, after.layer,
                                        after.masked, after.card_id), (type_text[:80], new[:80])
            moved += got[0] != got[1]
    assert told > len(changes) // 3 and moved > 100


def test_a_layer_that_follows_a_property_names_the_piece_by_the_property() -> None:
    """For the People's strength points: a Layer whose level follows the piece's Dynamic
    Property 'Strength' ('1 Union SP' … '6 Union SP').  Its state keeps the level last
    drawn, a step behind: a 'Decrease' from 2 to 1 read '1 Union SP → 2 Union SP' in the
    step list.  VASSAL names the piece by the property's value; so do the whole chain's
    decoding, dump's listing and the audit's reader (which now decode the property the
    layer follows)."""
    from converter.vassal.traits import BasicPiece, DynamicProperty, Layer
    from converter.vassal.traits.piece import PieceTraits, decode_shown, shown_name

    def piece(strength: int, drawn: int) -> tuple[str, str]:
        layer = Layer(name="Strength", images=[f"str{n}.png" for n in range(1, 7)],
                      level_names=[f"{n} +" for n in range(1, 7)], follow_property=True,
                      property_name="Strength", first_level_value=1, value=drawn)
        marker = Layer(name="Moved", images=["moved.png"], level_names=["+ moved"], value=-1)
        return PieceTraits([layer, marker, DynamicProperty.numeric("Strength", strength, 0, 6),
                            BasicPiece(name="Union SP")]).encode()

    reader = TraitReader()
    for strength, drawn in ((1, 2), (2, 1), (6, 6), (0, 3), (9, 1)):
        type_text, state_text = piece(strength, drawn)
        shown = f"{min(max(strength, 1), 6)} Union SP"
        assert decode_piece(type_text, state_text).name == shown
        assert reader.read(type_text, state_text).name == shown
        assert decode_shown(type_text, state_text).name == shown  # (dump's listing)
        assert shown_name(type_text, state_text) == shown
    # a layer following a property the piece does not hold (a global) keeps its state's level
    plain = Layer(name="Turn", images=["a.png", "b.png"], level_names=["early +", "late +"],
                  follow_property=True, property_name="CurrentTurn", value=2)
    type_text, state_text = PieceTraits([plain, BasicPiece(name="Marker")]).encode()
    assert reader.read(type_text, state_text).name == "late Marker"
