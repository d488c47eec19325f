"""The command stream: typed commands, the real files' counts, and exact round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converter.errors import VassalFormatError
from converter.vassal import sequence
from converter.vassal.commands import (
    AddPiece, ChangePiece, ChessClockControlState, ChessClockState, Chat, Command, FlareState,
    LosThreadState, StartupKeyState, GameRecord, GlobalPropertyRestore, LogEntry,
    MarkGameNotNew, MovePiece, NullCommand, PlayerJoin, PropertyChange, RemovePiece, SetBoards, SetupCommand,
    PlayAudio, SpecialDiceResults, TurnTrackerChange, Undo, UnknownCommand, counts,
    decode_command, encode_command, fast_join, fast_split, read_record)
from converter.vassal.savefile import read_save

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
GAMES = sorted(p.name for p in REAL.glob("*.v*") if p.suffix in (".vsav", ".vlog")) + [
    # the real modules' own saves and logs: Startup Global Key, chess clock and LOS states
    "paths-of-glory/Historical10-8.vsav", "nevsky/Scenario_Pleskau_1240.vsav",
    "longest-day/0611-1.log"]


def record(name: str) -> GameRecord:
    return read_record(read_save(REAL / name).text)


def logged_counts(rec: GameRecord) -> dict[str, int]:
    return counts(c for step in rec.steps for c in step.logged())


# ----------------------------------------------------------------------------- real files

@pytest.mark.parametrize("name", GAMES)
def test_real_files_have_no_unknown_command_and_encode_back_exactly(name: str) -> None:
    text = read_save(REAL / name).text
    rec = read_record(text)
    assert rec.unknown() == []
    assert encode_command(rec.root) == text


def test_tour_vlog_matches_vassals_own_decoder() -> None:
    # the counts SOURCES.md gives from VASSAL's GameState.decodeSavedGame
    rec = record("tour.vlog")
    restored = counts(rec.restored())
    assert {k: restored[k] for k in ("AddPiece", "SetBoards", "SetupCommand", "Chat",
                                     "MarkGameNotNew")} == \
        {"AddPiece": 17, "SetBoards": 2, "SetupCommand": 2, "Chat": 1, "MarkGameNotNew": 1}
    # what else is there: two pre-3.0 CHECKs (VASSAL ignores them) and the pieces' parent
    assert restored["VersionCheck"] == 2 and restored["Null"] == 1 and len(restored) == 7
    assert len(rec.steps) == 114
    assert len(list(rec.log_entries())) == 191
    assert logged_counts(rec) == {"Chat": 90, "MovePiece": 32, "ChangePiece": 43,
                                  "AddPiece": 15, "RemovePiece": 4, "SetBoards": 3, "Null": 4}


def test_tour_vassal36_vlog_matches_vassals_own_decoder() -> None:
    rec = record("tour-vassal36.vlog")
    assert counts(rec.restored()) == {"SetupCommand": 2, "Null": 2, "AddPiece": 17,
                                      "SetBoards": 2, "MarkGameNotNew": 1}
    assert len(rec.steps) == 16
    entries = list(rec.log_entries())
    nulls = [e for e in entries if e.command is None]
    assert (len(entries), len(nulls)) == (82, 45)
    # VASSAL 3.6 drops LOG⇥null wrappers and cannot decode its own MutableProperty line
    # (reference §4.4); what is left is the 36 LogCommands its decoder reports
    kept = [e for e in entries if e.command is not None
            and not isinstance(e.command, PropertyChange)]
    assert len(kept) == 36
    assert logged_counts(rec) == {"Chat": 13, "AddPiece": 10, "MovePiece": 6,
                                  "ChangePiece": 4, "RemovePiece": 2, "SpecialDice": 1,
                                  "PropertyChange": 1}


def test_a_logged_move_and_its_report() -> None:
    rec = record("tour-vassal36.vlog")
    move, stack, report = list(rec.steps[1].logged())
    assert move == MovePiece("1795345229586", "Main Map", 393, 386, None, "Main Map", 337, 419,
                             None, "vlog-maker-password")
    assert isinstance(stack, AddPiece) and stack.is_stack
    assert report == Chat("* 1ME moves G7 -> H6 *") and report.is_report


def test_added_pieces_are_decoded_by_the_traits_package() -> None:
    rec = record("tour-vassal36.vlog")
    add = next(c for c in rec.steps[0].logged() if isinstance(c, AddPiece))
    piece = add.piece()
    assert piece is not None and piece.name == "1ME"
    assert (piece.basic.map_id, piece.basic.x, piece.basic.y) == ("Main Map", 337, 419)
    change = next(c for c in rec.steps[9].logged() if isinstance(c, ChangePiece))
    assert change.piece(add.type).name.startswith("1ME")
    assert change.old_piece(add.type) is not None


def test_special_dice_and_graphical_roll_report() -> None:
    rec = record("tour-vassal36.vlog")
    shown, chat, prop = list(rec.steps[10].logged())
    assert isinstance(shown, SpecialDiceResults) and shown.button == "Graphical dice"
    assert chat.dice is not None and chat.dice.result == "1/1"
    assert (prop.name, prop.old_value, prop.new_value, prop.container) == \
        ("Graphical dice_result", "", "2", "Module")


def test_turn_tracker_and_boards_in_a_real_save() -> None:
    rec = record("Campaign-180907.vsav")
    turn = next(c for c in rec.restored() if isinstance(c, TurnTrackerChange))
    assert turn.tracker_id == "TurnTracker0" and turn.levels[0] == "0"
    assert turn.levels[1].startswith("1941;0;false;-1;")
    boards = [c for c in rec.restored() if isinstance(c, SetBoards)]
    assert boards[0].map_name == "TRC Map" and boards[0].boards[0].name == "TRC4"


# ----------------------------------------------------------------------------- single commands

@pytest.mark.parametrize("text, expected", [
    ("+/12/piece;;;a.png;1st Bn/Main Map;10;20;5;0",
     AddPiece("12", "piece;;;a.png;1st Bn", "Main Map;10;20;5;0")),
    ("-/12", RemovePiece("12")),
    ("D/12/new/old", ChangePiece("12", "new", "old")),
    ("D/12/new", ChangePiece("12", "new")),
    ("M/7/Main/1/2/null/null/3/4/9", MovePiece("7", "Main", 1, 2, None, None, 3, 4, "9")),
    ("CHAT<Al> - hi", Chat("<Al> - hi")),
    ("UNDO\ttrue", Undo(("true",))),
    ("MutableProperty\tVP\t1\t2\tModule", PropertyChange(("VP", "1", "2", "Module"))),
    ("SETUP_STACK\t", MarkGameNotNew(("",))),
    ("PLAYER\tsecret\tAlice\tAllies", PlayerJoin(("secret", "Alice", "Allies"))),
    ("Main MapBoardPicker\tBoard 1/rev\t0\t1", SetBoards("Main Map", ("Board 1/rev", "0", "1"))),
    ("TURNTurnTracker0\t0|3;0;false;-1", TurnTrackerChange("TurnTracker0", "0|3;0;false;-1")),
    ("LOG\tnull", LogEntry(None)),
    ("LOG\t-/5", LogEntry(RemovePiece("5"))),
    ("", NullCommand()),
    ("end_save", SetupCommand(True)),
    ("FLARE\tMain\t1\t2", FlareState(("Main", "1", "2"))),
    ("SGKC\tSGKC0\ttrue", StartupKeyState(("SGKC0", "true"))),  # 3.6+ modules' saves
    ("CLOCK\t<observer>\tCentral Powers\t0\t0\tfalse\ttrue",  # Paths of Glory's save
     ChessClockState(("<observer>", "Central Powers", "0", "0", "false", "true"))),
    ("CLOCKCONTROL\tfalse\tfalse", ChessClockControlState(("false", "false"))),
    ("LOS\tLOS_Thread0\t4529\t1956\t4782\t1822\tfalse\ttrue",  # The Longest Day's log
     LosThreadState(("LOS_Thread0", "4529", "1956", "4782", "1822", "false", "true"))),
    ("HAKA:red;3;H", UnknownCommand("HAKA:red;3;H")),  # a module's own Java command
    ("AUDIO\tMoving.wav", PlayAudio("Moving.wav")),  # Blood Bowl's logs: a Play Sound trait
    ("AUDIO\tdice\troll.wav", PlayAudio("dice\troll.wav")),  # the name is kept raw
])
def test_each_command_decodes_to_its_type_and_back(text: str, expected: Command) -> None:
    assert decode_command(text) == expected
    assert encode_command(expected) == text


def test_setboards_reversed_board_and_undo_flags() -> None:
    boards = decode_command("MapBoardPicker\tB/rev\t2\t3").boards  # type: ignore[attr-defined]
    assert (boards[0].name, boards[0].reversed, boards[0].column, boards[0].row) == \
        ("B", True, 2, 3)
    assert decode_command("UNDO\tfalse").in_progress is False  # type: ignore[attr-defined]


@pytest.mark.parametrize("line, label, result, values, player", [
    ("*** 2d6 = 3,4 *** &lt;Alice&gt;", "2d6", "3,4", (3, 4), "Alice"),
    ("*** 1d10 = 7 ***", "1d10", "7", (7,), None),
    ("*** Graphical dice roll = 1/1 ***", "Graphical dice roll", "1/1", (1, 1), None),
    ("*** Hit table = Miss,Hit *** <Bob>", "Hit table", "Miss,Hit", None, "Bob"),
])
def test_dice_reports_are_recognised(line: str, label: str, result: str,
                                     values: tuple[int, ...] | None, player: str | None) -> None:
    dice = Chat(line).dice
    assert dice is not None
    assert (dice.label, dice.result, dice.values, dice.player) == (label, result, values, player)


def test_plain_chat_is_not_dice() -> None:
    chat = Chat("&lt;Alice&gt; - I roll *** no dice ***")
    assert chat.dice is None and chat.sender == "Alice" and not chat.is_report
    assert chat.message == "I roll *** no dice ***"
    assert Chat("* 1ME moves *").message == "* 1ME moves *"


def test_nested_tree_round_trips_with_escapes() -> None:
    tree = SetupCommand(False, children=[
        NullCommand(children=[AddPiece("1", "piece;;;a/b.png;x\ty", "null;0;0;;0")]),
        SetupCommand(True),
        LogEntry(MovePiece("1", "M", 1, 2, None, "M", 0, 0, None), children=[
            LogEntry(Chat("* x moves *"), children=[LogEntry(None)])]),
    ])
    text = encode_command(tree)
    assert decode_command(text) == tree
    assert read_record(text).steps[0].command == tree.children[2].command  # type: ignore
    assert read_record(text).to_text() == text


def test_restored_runs_of_pieces_and_properties_read_as_each_alone() -> None:
    # a save's runs of AddPiece and GlobalProperty are read in a loop of their own: the
    # same commands as one at a time, a piece with a fourth field (VASSAL reads three) and
    # escaped delimiters included
    text = ("begin_save\x1b+/7/a/b/c\x1b+/8/t\\/u/s\x1b+/9/x/y\x1bGlobalProperty\t;a\\;b;1"
            "\x1bGlobalProperty\t;c;'x'\x1bend_save")
    root = decode_command(text)
    assert root.children[:3] == [AddPiece("7", "a", "b"), AddPiece("8", "t/u", "s"),
                                 AddPiece("9", "x", "y")]
    assert [c.values for c in root.children[3:5]] == [("", "a;b", "1"), ("", "c", "x")]
    assert root.children == [decode_command(part) for part in text.split("\x1b")[1:]]


def test_a_restored_property_read_from_its_text_is_the_one_built_from_its_values() -> None:
    # a decoded GlobalProperty keeps its text until its values are read: it compares,
    # shows and encodes as the property built from the values does
    decoded = decode_command("GlobalProperty\t;Turn\\;Phase;3;Module")
    built = GlobalPropertyRestore(("", "Turn;Phase", "3", "Module"))
    assert decoded == built and built == decoded
    assert repr(decoded) == repr(built) == \
        "GlobalPropertyRestore(values=('', 'Turn;Phase', '3', 'Module'))"
    assert (decoded.name, decoded.value) == ("Turn;Phase", "3")
    assert encode_command(decoded) == "GlobalProperty\t;Turn\\;Phase;3;Module"
    assert decoded != GlobalPropertyRestore(("", "Turn;Phase", "4", "Module"))


def test_a_bad_logged_command_names_file_position_and_step() -> None:
    text = ("begin_save\x1bend_save\x1bLOG\tCHAThi\x1bLOG\t-/1\\\x1bLOG\tM/1/Main/x/2/null/"
            "Main/0/0/null")
    with pytest.raises(VassalFormatError) as info:
        read_record(text, source="game.vlog")
    assert str(info.value) == ("game.vlog: command 3/1: MovePiece coordinates are not integers: "
                               "'M/1/Main/x/2/null/Main/0/0/null' (in logged step 2)")


@pytest.mark.parametrize("text, where", [
    ("begin_save\x1bend_save\x1bLOG\tM/1/Main/x/2/null/Main/0/0/null", "command 2:"),
    ("begin_save\x1b\x1b\\\x1b+/1", "command 2/1: AddPiece needs id/type/state"),
    ("begin_save\x1bD/1", "command 1: ChangePiece needs id/newState"),
    ("begin_save\x1bM/1/2", "command 1: MovePiece needs 9 fields"),
])
def test_malformed_known_commands_say_where(text: str, where: str) -> None:
    with pytest.raises(VassalFormatError, match=f"^{where}"):
        decode_command(text)


def test_writer_refuses_what_vassal_could_not_read_back() -> None:
    with pytest.raises(VassalFormatError, match="ends with a backslash"):
        encode_command(SetupCommand(False, children=[Chat("C:\\")]))
    with pytest.raises(VassalFormatError, match="ESC character"):
        encode_command(LogEntry(AddPiece("1", "piece;;;a;b", "x\x1by")))
    with pytest.raises(VassalFormatError, match="wrapped in single quotes"):
        encode_command(SetupCommand(False, children=[UnknownCommand("'x'")]))
    with pytest.raises(VassalFormatError, match="sub-commands must be nested LogEntry"):
        encode_command(LogEntry(Chat("x", children=[Chat("y")])))


# ----------------------------------------------------------------------------- properties

_TEXT = st.text(alphabet=st.sampled_from("ab;/\t\x1b\\' é\x00"), max_size=12)


@given(_TEXT, st.sampled_from([";", "/", "\t", "\x1b", ","]))
def test_fast_split_agrees_with_the_reference_codec(text: str, delimiter: str) -> None:
    assert fast_split(text, delimiter) == sequence.split(text, delimiter)


@given(st.lists(_TEXT.filter(lambda t: not t.endswith("\\") or t.startswith("\\")),
                min_size=1, max_size=5),
       st.sampled_from([";", "/", "\t", "\x1b"]))
def test_fast_join_agrees_with_the_reference_codec(fields: list[str], delimiter: str) -> None:
    assert fast_join(fields, delimiter) == sequence.join(fields, delimiter)


_SAFE = st.text(alphabet=st.sampled_from("ab /;\t\\é"), max_size=10).filter(
    lambda t: not t.endswith("\\") and not t.startswith("'"))
_LEAF = st.one_of(
    st.builds(AddPiece, _SAFE, _SAFE, _SAFE),
    st.builds(ChangePiece, _SAFE, _SAFE, st.one_of(st.none(), _SAFE)),
    st.builds(MovePiece, _SAFE, _SAFE.filter(
        lambda t: t != "null"), st.integers(-5, 5000), st.integers(-5, 5000), st.none(),
        st.none(), st.integers(0, 9), st.integers(0, 9), st.none(), st.none()),
    st.builds(Chat, _SAFE),
    st.builds(PropertyChange, st.tuples(_SAFE, _SAFE, _SAFE, _SAFE)),
)


@settings(max_examples=300)
@given(st.lists(_LEAF, max_size=6), st.lists(_LEAF, max_size=4))
def test_any_tree_of_commands_round_trips(restored: list[Command], logged: list[Command]) -> None:
    tree = SetupCommand(False, children=[NullCommand(children=restored), SetupCommand(True)]
                        + [LogEntry(c, children=[LogEntry(None)]) for c in logged])
    text = encode_command(tree)
    assert decode_command(text) == tree


def test_a_logged_change_is_read_against_the_added_type() -> None:
    # step 10 of the VASSAL 3.6 log: "1ME Disrupt level 1" raises the outer layer 1 -> 2
    rec = record("tour-vassal36.vlog")
    add = next(c for c in rec.steps[0].logged() if isinstance(c, AddPiece))
    change = next(c for c in rec.steps[9].logged() if isinstance(c, ChangePiece))
    before, after = change.old_piece(add.type), change.piece(add.type)
    assert before is not None
    assert [layer.level for layer in before.layers] == [1, 1, 1, 3, 3]
    assert [layer.level for layer in after.layers] == [2, 1, 1, 3, 3]
    assert not after.masked


@pytest.mark.parametrize("name, pieces, changes", [
    ("A3R_1939_Scenario_Template_Rev1702_AWAW.vsav", 418, 0), ("Campaign-180907.vsav", 215, 0),
    ("New-180907.vsav", 215, 0), ("tour-vassal36.vlog", 14, 4), ("tour.vlog", 22, 43)])
def test_every_real_piece_and_change_decodes(name: str, pieces: int, changes: int) -> None:
    types: dict[str, str] = {}
    decoded = changed = 0
    for c in record(name).all_commands():
        if isinstance(c, AddPiece):
            types[c.id] = c.type
            piece = c.piece()
            if piece is not None:
                assert piece.name is not None and isinstance(piece.properties(), dict)
                decoded += 1
        elif isinstance(c, ChangePiece) and c.id in types:
            assert c.piece(types[c.id]).name
            changed += 1
    assert (decoded, changed) == (pieces, changes)


def test_dice_report_with_superscript_digits_is_not_a_number() -> None:
    """'²' is a digit to str.isdigit() but not to int(): such a report keeps its text, no values."""
    from converter.vassal.commands import decode_command

    chat = decode_command("CHAT*** 2d6 = ²,3 *** <Alice>")
    report = chat.dice
    assert report is not None and report.values is None and report.result == "²,3"
