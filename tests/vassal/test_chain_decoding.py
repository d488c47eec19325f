"""Piece chains decoded in one pass: the same parts and pieces as peeling one TAB at a time."""

from __future__ import annotations

import io
import json
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game
from converter.vassal.traits import decode_piece, encode_chain, split_chain
from converter.errors import VassalFormatError
from converter.vassal.traits.piece import (_plain_state_parts, decode_shown, innermost_part,
                                          shown_name, type_chain)

REAL = Path(__file__).resolve().parents[1] / "data" / "real"


def peel(text: str, parts: int | None = None) -> list[str]:
    """The chain split as each decorator's setType/setState reads it: one SequenceDecoder
    of two tokens per level, on the rest left by the level above."""
    out: list[str] = []
    rest = text
    while True:
        if (parts is None and rest.startswith("piece;")) or \
                (parts is not None and len(out) == parts - 1):
            return out + [rest]
        cut = rest.find("\t")
        while cut > 0 and rest[cut - 1] == "\\":
            cut = rest.find("\t", cut + 1)
        if cut < 0:
            return out + [rest]
        unq = (lambda t: t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t)
        out.append(unq(rest[:cut].replace("\\\t", "\t")))
        rest = unq(rest[cut + 1:].replace("\\\t", "\t"))


TEXT = st.lists(st.sampled_from(["\t", "\\", "'", "a", ";", "piece;"]), max_size=16).map("".join)


@settings(max_examples=400, deadline=None)
@given(TEXT, st.sampled_from([None, 1, 2, 3, 6]))
def test_any_text_splits_as_peeling_does(text: str, parts: int | None) -> None:
    assert split_chain(text, parts) == peel(text, parts)


@settings(max_examples=400, deadline=None)
@given(TEXT)
@example("mark;a\tpiece;b\\\tc")  # plain, a BasicPiece before the last TAB: it ends there
@example("mark;a\\\tpiece;b")  # a TAB escaped deeper than its depth: not plain
def test_a_type_chain_is_cut_as_peeling_does(text: str) -> None:
    # type_chain cuts a plain chain with C-level passes, any other the general way
    if text != "stack" and not text.startswith("deck;"):
        assert list(type_chain(text)) == peel(text)


def plain_cut(text: str, count: int) -> list[str] | None:
    """The chain cut at its TABs when each TAB after part d has exactly d backslashes
    before it and there is no quote (the definition of a plain chain), else None."""
    pieces = text.split("\t")
    if "'" in text or len(pieces) != count:
        return None
    for depth, piece in enumerate(pieces[:-1]):
        if len(piece) - len(piece.rstrip("\\")) != depth:
            return None
    return pieces


@settings(max_examples=500, deadline=None)
@given(st.one_of(TEXT, st.lists(st.sampled_from(["x", ";", "\\x", "", "\\"]), min_size=1,
                                max_size=12).map(lambda parts: encode_chain(
                                    [p.rstrip("\\") for p in parts]))),
       st.integers(1, 12), st.integers(0, 40), st.sampled_from(["", "\\", "\t", "'"]))
@example("a\t\\\tb", 3, 0, "")  # part 1 is a lone backslash: plain
def test_a_plain_state_is_recognised_at_once_and_cut_as_peeling_does(
        text: str, count: int, where: int, insert: str) -> None:
    # a plain chain is told (by one regular expression per chain length up to 8 parts, by
    # checks per part beyond) from any text, a chain VASSAL wrote, or one with a character put
    # in; its innermost part is the peeled one
    text = text[:where] + insert + text[where:]
    assert _plain_state_parts(text, count) == plain_cut(text, count)
    peeled = peel(text, count)
    assert innermost_part(text, count) == (peeled[-1] if len(peeled) == count else None)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet=["\t", "\\", "'", "x", ";"], max_size=6), min_size=1,
                max_size=70))
def test_a_deep_chain_gives_back_its_parts(parts: list[str]) -> None:
    parts = [p for p in parts[:-1] if not p.endswith("\\")] + ["piece;" + parts[-1].rstrip("\\")]
    text = encode_chain(parts)
    assert split_chain(text) == peel(text) == parts == list(type_chain(text))


def test_real_pieces_name_and_place_as_fully_decoded() -> None:
    seen = 0
    logs = [REAL / "longest-day" / "0611-1.log"]  # short types, each written the plain way
    for path in sorted(REAL.glob("*.vsav")) + sorted(REAL.glob("*.vlog")) + logs:
        _save, record = read_game(path)
        for c in record.all_commands():
            if isinstance(c, cmd.AddPiece) and c.is_piece:
                assert split_chain(c.type) == peel(c.type)
                full, shown = decode_piece(c.type, c.state), decode_shown(c.type, c.state)
                assert (shown.name, shown.position) == (full.name, full.position)
                seen += 1
    assert seen > 100


def test_a_quoted_or_escaped_label_still_names_the_piece() -> None:
    # a name-changing part is found by its id in the raw text; escaped TABs and quotes
    # inside the parts leave the name as the whole chain's decoding gives it
    basic = "piece;;;a.png;Bn"
    names = set()
    for label in ("label;\\\t;", "label;\t;", "label;;;;;;;;;;;;;'$pieceName$ ($label$)'"):
        for other in ("mark;Side\tx", "'mark;A'"):
            text = encode_chain([other, label, other, basic])
            state = encode_chain(["", "Elite\t1", "", "null;0;0;1;0"])
            full, shown = decode_piece(text, state), decode_shown(text, state)
            assert (shown.name, shown.position) == (full.name, full.position)
            names.add(shown.name)
    assert "Bn" not in names  # every label named the piece
    # a label quoted whole in a hand-made chain is unquoted as it is cut, and still names it
    text = "mark;Side\t'label;;;;;;;;;;;;$pieceName$ ($label$)'\\\tpiece;;;a.png;Bn"
    state = "\tElite\\\tnull;1;2;g"
    full, shown = decode_piece(text, state), decode_shown(text, state)
    assert (shown.name, shown.position) == (full.name, full.position) == ("Bn (Elite)",
                                                                        ("null", 1, 2))


def test_a_streamed_json_dump_of_two_files_is_one_list(capsys) -> None:
    from converter.cli import main

    files = [str(REAL / "tour.vlog"), str(REAL / "New-180907.vsav")]
    assert main(["dump", "--format", "json", *files]) == 0
    docs = json.loads(capsys.readouterr().out)
    assert [d["file"] for d in docs] == files
    assert len(docs[1]["restored"]["commands"]) > 600


def test_streamed_json_reads_as_json_dumps_writes() -> None:
    from converter.vassal.describe import Lazy, write_json

    value = {"a": [], "b": {}, "c": Lazy(2, iter([{"x": [1, {"y": "ü"}]}, []])),
             "d": iter([]), "e": [1, 2], "f": None}
    out = io.StringIO()
    write_json(value, out)
    plain = {**value, "c": [{"x": [1, {"y": "ü"}]}, []], "d": []}
    assert out.getvalue() == json.dumps(plain, indent=2, ensure_ascii=False)


LAYER = ("emb2;;128;;;128;;;128;;;;1;false;0;0;a.png,b.png;,+ (reduced);true;Step;;;false;;1;1;"
         "true;;;;;1.0;;true")
STATE_PART = st.text(alphabet=["\t", "\\", "'", "x", ";", "2", "-"], max_size=5)


TYPE_PART = st.sampled_from([
    "mark;Side", "label;;;;;;;;;;;;$pieceName$ ($label$)", LAYER, "piece;;;a.png;Bn",
    "label;\\\t;", "'mark;A'", "emb2;;128;;;128;;;128;;;;1;false;0;0;a.png;+ x\\;y", "piece;\t;",
    "\\", "\t", "'"])


@settings(max_examples=200, deadline=None)
@example(["mark;Side", "label;;;;;;;;;;;;$pieceName$ ($label$)", "piece;;;a.png;Bn"], True,
         ["", "Elite", "null;1;2;g"], True, "")
@given(st.lists(TYPE_PART, min_size=1, max_size=5), st.booleans(),
       st.lists(STATE_PART, min_size=1, max_size=5), st.booleans(), STATE_PART)
def test_any_chain_names_and_places_the_piece_as_full_decoding(
        types: list[str], nested: bool, parts: list[str], encoded: bool, raw: str) -> None:
    # chains written by VASSAL's nesting (cut by the plain fast paths) or any other text
    # (cut the general way): the same name and place, or the same refusal, as decode_piece
    type_text = encode_chain([t.rstrip("\\") for t in types]) if nested else "\t".join(types)
    state = encode_chain([p.rstrip("\\") for p in parts]) if encoded else raw + "".join(parts)
    if type_text == "stack" or type_text.startswith("deck;"):
        return
    try:
        full = decode_piece(type_text, state)
        expected: tuple[object, ...] = (full.name, full.position)
    except (VassalFormatError, ValueError, IndexError) as exc:
        expected = ("refused", type(exc), str(exc))
    try:
        shown = decode_shown(type_text, state)
        got: tuple[object, ...] = (shown.name, shown.position)
        assert shown_name(type_text, state) == shown.name
    except (VassalFormatError, ValueError, IndexError) as exc:
        got = ("refused", type(exc), str(exc))
    assert got == expected


def test_the_traits_a_listing_decodes_are_all_that_can_rename_a_piece() -> None:
    # decode_shown decodes the name-changing traits without loading the registry: its list
    # must hold every registered class with its own apply_name
    from converter.vassal.traits import Trait, piece
    from converter.vassal.traits.registry import TRAIT_CLASSES

    renaming = {cls.ID: cls for cls in TRAIT_CLASSES if cls.apply_name is not Trait.apply_name}
    assert piece._NAMING == renaming
