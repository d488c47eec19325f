"""The fast paths give the same results as the general code they shortcut.

A trait or component built in Python is formatted by a function generated from its spec, and
the XML writer skips escaping when a component's values hold nothing to escape; both must
agree byte for byte with the field-by-field code (`format_from`, per-value escaping), for
every class we model and for awkward values (text in an int field, falsy strings, lists).
The command decoder splits a text on ESC once and regroups the pieces level by level; it
must build the same tree as splitting each level with the reference codec.
"""

from __future__ import annotations

import dataclasses
import gc

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from converter.errors import BuildError, VassalFormatError
from converter.vassal import sequence
from converter.vassal.xmlwriter import serialize
from converter.vassal.commands import (ESC, PROMOTE_TEXT_CHARS, AddPiece, Chat, Command,
                                       LogEntry, SetupCommand, UnknownCommand, decode_command,
                                       encode_command)
from converter.vassal.components import COMPONENTS_BY_TAG
from converter.vassal.components.base import RawElement
from converter.vassal.traits import BasicPiece, Layer, Marker, PieceTraits
from converter.vassal.traits.piece import encode_chain
from converter.vassal.traits.registry import TRAIT_CLASSES
from converter.vassal.traits.spec import BOOL, FLOAT, INT, STR_LIST, Memo, format_from, parse_into

SAMPLES = {
    "str": ["", "plain", "a;b", "'quoted'", "\\lead", "0"],
    INT.name: [0, -3, 128, "17"],
    BOOL.name: [True, False, "", "false", 0, 1],
    FLOAT.name: [1.0, 0.5, 2, -1.25],
    STR_LIST.name: [[], ["a"], ["a,b", ""], ("x", "y")],
}


def _values(codec_name: str) -> list[object]:
    return SAMPLES.get(codec_name, SAMPLES["str"])


def _spec_cases(cls: type, spec: tuple) -> list[object]:
    """Objects of *cls* with each field in turn set to each sample of its codec."""
    cases = [cls()]
    for fld in spec:
        for value in _values(fld.codec.name):
            obj = cls()
            setattr(obj, fld.attr, value)
            cases.append(obj)
    return cases


@pytest.mark.parametrize("cls", TRAIT_CLASSES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("part", ["type", "state"])
def test_generated_trait_formatting_equals_the_field_by_field_code(cls: type, part: str) -> None:
    spec = cls.TYPE if part == "type" else cls.STATE
    for obj in _spec_cases(cls, spec):
        slow = format_from(obj, spec, None, part, {})
        assert obj._texts(spec, part) == slow, (cls.__name__, part, obj)


READ_TEXTS = ["", "7", " 12 ", "x", "true", "TRUE", "1.5", "a,b\\,c", "99999999999", "-0"]


@pytest.mark.parametrize("cls", TRAIT_CLASSES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("part", ["type", "state"])
def test_reading_without_a_memo_sets_what_the_remembering_decoder_sets(cls: type,
                                                                        part: str) -> None:
    """The audit reads traits with a generated parser that remembers nothing: every field
    gets the same value (a bad number keeps the default), for every length of input."""
    spec = cls.TYPE if part == "type" else cls.STATE
    for count in range(len(spec) + 2):
        for text in READ_TEXTS:
            items = [READ_TEXTS[(i * 3 + len(text)) % len(READ_TEXTS)] if i % 2 else text
                     for i in range(count)]
            kept, read = cls(), cls()
            parse_into(kept, spec, items, Memo.empty(), part)
            parse_into(read, spec, items, Memo.reading(), part)
            assert read == kept, (cls.__name__, part, items)


@pytest.mark.parametrize("cls", sorted(COMPONENTS_BY_TAG.values(), key=lambda c: c.TAG),
                         ids=lambda c: c.__name__)
def test_generated_component_attributes_equal_the_field_by_field_code(cls: type) -> None:
    for obj in _spec_cases(cls, cls.ATTRS):
        obj.extra_attrs["zExtra"] = "kept"
        slow = [(a.xml, a.codec.format(getattr(obj, a.attr))) for a in cls.ATTRS]
        assert obj.attributes() == slow + [("zExtra", "kept")]


def test_a_built_piece_encodes_as_vassal_writes_it() -> None:
    piece = PieceTraits([Marker.of({"Side": "Blue;Red"}),
                   Layer(images=["a.png", "b.png"], level_names=["", "+ (reduced)"],
                         name="Step", increase_command="Flip", increase_key="70,130"),
                   BasicPiece(image="a.png", name="1st Bn", gpid="17")])
    assert piece.add_piece_text() == (
        "+/null/mark;Side\temb2;;128;;Flip;128;;;128;;;;1;false;0;0;a.png,b.png;,+ (reduced);"
        "true;Step;;;false;;1;1;true;;70,130;;;1.0;;true\\\tpiece;;;a.png;1st Bn/"
        "Blue;Red\t1\\\tnull;0;0;17;0")


def _reference_xml(element: RawElement) -> str:
    """What the writer gave before its fast path: every value escaped on its own."""
    escapes = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\t": "&#9;",
               "\n": "&#10;", "\r": "&#13;"}
    attrs = "".join(f' {k}="{"".join(escapes.get(ch, ch) for ch in v)}"'
                    for k, v in element.attrib.items())
    text = "".join({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"}.get(ch, ch)
                   for ch in element.content)
    if not text:
        return f"<x{attrs}/>\n"
    return f"<x{attrs}>{text}</x>\n"


xml_text = st.text(alphabet=st.sampled_from(list("ab &<>\"'\t\n\r;é\x01\ufffe")), max_size=12)


@settings(max_examples=400, deadline=None)
@given(values=st.lists(xml_text, max_size=4), text=xml_text)
def test_escaping_equals_escaping_each_value(values: list[str], text: str) -> None:
    element = RawElement(raw_tag="x", attrib={f"a{i}": v for i, v in enumerate(values)},
                         content=text)
    bad = any(ch in "\x01\ufffe" for v in [*values, text] for ch in v)
    if bad:
        with pytest.raises(BuildError, match="control character"):
            serialize(element)
    else:
        assert serialize(element) == _reference_xml(element)


def test_every_modelled_class_is_a_dataclass_with_defaults() -> None:
    """The generated formatters read fields by name: each must exist on a default object."""
    for cls in [*TRAIT_CLASSES, *COMPONENTS_BY_TAG.values()]:
        names = {f.name for f in dataclasses.fields(cls)}
        spec = [*getattr(cls, "TYPE", ()), *getattr(cls, "STATE", ()), *getattr(cls, "ATTRS", ())]
        assert {f.attr for f in spec} <= names, cls.__name__


def _quoted(text: str) -> bool:
    return len(text) > 1 and text[0] == "'" and text[-1] == "'"


def reference_tree(text: str) -> Command:
    """The command tree by the definition: split each level with `sequence.split` on ESC."""
    if ESC not in text:
        return reference_tree(text[1:-1]) if _quoted(text) else decode_command(text)
    own, *children = sequence.split(text, ESC)
    node = reference_tree(own)
    node.children.extend(reference_tree(child) for child in children)
    return node


command_text = st.lists(st.sampled_from(
    ["+/", "-/", "M/", "D/", "LOG\t", "CHAT", "null", "1", "a", "/", ";", "\t", "'", "\\",
     ESC, "\\" + ESC, "\\\\" + ESC, "x.png"]), max_size=30).map("".join)


@settings(max_examples=600, deadline=None)
@given(text=command_text)
@example(text="'\\\\x\\" + ESC + "CHATa'")  # a quote-wrapped field with a sub-command
@example(text="\\" + ESC + "'" + ESC + "x'\\")
@example(text="+/1\\/t/s")  # an escaped '/' ends the id: two fields, not three
@example(text="+/1/t\\/s")  # nor the type
@example(text="+/1/a\\/b/c\\/d/s")  # escaped '/' in type and state: three fields
@example(text="+/1/t/s" + ESC + "+/2/t/s\\" + ESC + "CHATa")  # an AddPiece with a child
@example(text="+/1/t/s" + ESC + "+/2/'t'/s")  # a quoted field, after another AddPiece
def test_decoding_equals_splitting_each_level_with_the_reference_codec(text: str) -> None:
    text = "begin_save" + ESC + text
    try:
        expected = reference_tree(text)
    except VassalFormatError:
        with pytest.raises(VassalFormatError):
            decode_command(text)
        return
    assert decode_command(text) == expected


def test_quote_wrapped_subtrees_round_trip() -> None:
    """A command text starting with a backslash is written quote-wrapped, its children too."""
    tree = SetupCommand(False, children=[
        UnknownCommand("\\x", children=[
            Chat("a"), UnknownCommand("\\y", children=[Chat("b'"), AddPiece("1", "t", "s")])]),
        LogEntry(Chat("'c"), children=[LogEntry(None)])])
    text = encode_command(tree)
    assert "'\\x" in text
    assert decode_command(text) == tree == reference_tree(text)


chain_part = st.text(alphabet=st.sampled_from(list("ab;\t\\' ")), max_size=6)


@settings(max_examples=500, deadline=None)
@given(parts=st.lists(chain_part, min_size=1, max_size=5))
def test_a_chain_is_written_as_nested_joins(parts: list[str]) -> None:
    """encode_chain builds a plain chain at once; it must equal Decorator's nesting."""
    try:
        expected = parts[-1]
        for part in reversed(parts[:-1]):
            expected = sequence.join([part, expected], "\t")
    except VassalFormatError:
        with pytest.raises(VassalFormatError):
            encode_chain(parts)
        return
    assert encode_chain(parts) == expected


def test_a_large_decoded_tree_is_moved_past_the_young_collections() -> None:
    """A big save's tree goes straight to the oldest generation (no young scan of it);
    a small decode leaves the collector's generations alone."""
    text = encode_command(SetupCommand(False, children=[Chat("x" * 100) for _ in range(11000)]))
    assert len(text) >= PROMOTE_TEXT_CHARS
    big = decode_command(text)
    small = decode_command("begin_save" + ESC + "CHAThi")
    oldest = gc.get_objects(generation=2)
    assert any(obj is big for obj in oldest)
    assert not any(obj is small for obj in oldest)
    assert gc.isenabled() and gc.get_freeze_count() == 0


_NUMBERS = st.one_of(st.sampled_from(
    ["0", "17", "0009", "-25", "+5", " 5", "5 ", "1_0", "999999999", "2147483647",
     "2147483648", "0000000001", "9999999999", "\u0663", "\u00b2\u00b3", "", "x", "1e3"]),
    st.text(alphabet="0123456789-+ _\u0663\u00b2x", max_size=12))


@given(_NUMBERS, _NUMBERS)
@example("123456789", "123456789")
@example("1234567890", "1234567890")
@example("17", "\u00b2")
@example("\u00b2", "17")
def test_a_position_reads_as_the_int_fields_of_a_decoded_basic_piece(x: str, y: str) -> None:
    """The replay reads a piece's position without decoding its BasicPiece (digits alone
    at once): what it reads is what the decoded trait says, numbers out of a Java int's
    range, signs, spaces and other scripts' digits included, in either field."""
    from converter.vassal.traits.basic_piece import state_persistent, state_position

    state = f"Main;{x};{y};7;1;k;v"
    trait = BasicPiece()
    trait._decode_state(state, Memo.empty())
    assert state_position(state) == ("Main", trait.x, trait.y)
    assert state_persistent(state) == ("Main", trait.x, trait.y, {"k": "v"})


_KEYS = st.sampled_from(["k", "UniqueID", "OldMap", "", "vconv_id"])
_COUNTS = st.one_of(st.integers(min_value=-2, max_value=8).map(str),
                    st.sampled_from(["", "x", " 2", "99999999999"]))


@given(_COUNTS, st.lists(st.text(alphabet="kUOv_id", max_size=4), max_size=9))
@example("3", ["a", "1", "a", "2"])
@example("2", ["a", "1", "b"])
@example("x", ["a", "1"])
def test_a_basic_piece_keeps_the_counted_pairs_of_its_state(count: str, tail: list[str]
                                                            ) -> None:
    """A BasicPiece state's persistent properties are the pairs its count field says, no
    more than the state holds, a key given twice taking its later value (VASSAL's reading),
    and identifying a piece reads the same ones."""
    from converter.vassal.traits.basic_piece import state_persistent

    state = sequence.join(["Main", "10", "20", "7", count, *tail], ";")
    try:
        wanted = max(0, int(count))
    except ValueError:
        wanted = 0
    expected: dict[str, str] = {}
    for k in range(min(wanted, len(tail) // 2)):
        expected[tail[2 * k]] = tail[2 * k + 1]
    trait = BasicPiece()
    trait._decode_state(state, Memo.empty())
    assert trait.persistent == expected
    assert state_persistent(state) == ("Main", 10, 20, expected)


@given(st.lists(_KEYS, max_size=6), st.lists(st.text(alphabet="ab,", max_size=3), max_size=8))
@example(["a", "b", "a"], ["1", "2", "3"])
@example(["a", "b"], ["1"])
@example(["a", "", "b"], ["1", "2", "3"])
def test_a_marker_answers_each_named_property_with_its_value(names: list[str],
                                                             values: list[str]) -> None:
    """A Marker answers each of its non-empty names with the value at its place (empty
    when the state stops short; a name given twice, its later value), as VASSAL reads
    the two lists."""
    marker = Marker(names=names)
    marker._decode_state(sequence.join(values, ","), Memo.empty())
    read = marker.values
    expected = {}
    for i, name in enumerate(names):
        if name:
            expected[name] = read[i] if i < len(read) else ""
    assert marker.properties() == expected
