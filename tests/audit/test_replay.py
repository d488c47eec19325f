"""The replay on real VASSAL files: every file replays without a problem, and every place
name we compute equals the one VASSAL itself wrote in its move reports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from converter.audit.events import Event, PieceChanged, PieceMoved
from converter.audit.module import AuditModule, load_module
from converter.audit.replay import Replay, Visitor, replay
from converter.audit.state import GameState
from converter.vassal import commands as cmd
from converter.vassal.savefile import read_game
from tests.audit.conftest import REAL, mini_built, mini_vmod  # noqa: F401

REAL_FILES = ["tour.vlog", "tour-vassal36.vlog", "Campaign-180907.vsav", "New-180907.vsav",
              "A3R_1939_Scenario_Template_Rev1702_AWAW.vsav"]


@pytest.fixture(scope="module")
def tour() -> AuditModule:
    return load_module(REAL / "tour.vmod")


@pytest.mark.parametrize("name", REAL_FILES)
def test_real_files_replay_without_problems(name: str, tour: AuditModule) -> None:
    _, record = read_game(REAL / name)
    r = replay(record, tour, source=name)
    if name.endswith(".vlog"):  # tour's own logs
        assert r.problems == []
    else:  # saves of other games (TRC, A3R): only their maps, named once each, are unknown
        assert r.problems and all("which the module does not have (VASSAL ignores the boards "
                                  "it lays there, and reports 'No such map' for any piece on it)"
                                  in p.message for p in r.problems)
        maps = [p.message.split("'")[1] for p in r.problems]
        assert len(maps) == len(set(maps)) and "TRC Map" in maps or "Map Window" in maps
    assert r.commands == sum(1 for _ in record.restored()) + sum(
        1 for s in record.steps for _ in s.logged())


class _Moves(Visitor):
    handles = (PieceMoved,)

    def __init__(self) -> None:
        self.by_step: dict[int, list[tuple[str, str]]] = {}

    def visit_event(self, state: GameState, event: Event) -> None:
        assert isinstance(event, PieceMoved)
        self.by_step.setdefault(event.pos.step, []).append(
            (event.origin.location, event.destination.location))


def test_place_names_match_vassals_own_reports(tour: AuditModule) -> None:
    _, record = read_game(REAL / "tour.vlog")
    moves = _Moves()
    replay(record, tour, [moves], source="tour.vlog")
    report = re.compile(r"^\* (?P<piece>.*) moves (?P<a>.*) (?:-&gt;|->|&rarr;) (?P<b>.*) \*$")
    checked = 0
    for number, step in enumerate(record.steps, start=1):
        for c in step.logged():
            m = report.match(c.text) if isinstance(c, cmd.Chat) else None
            if m:
                assert (m["a"], m["b"]) in moves.by_step.get(number, []), (number, m.groups())
                checked += 1
    assert checked == 20  # every move report in the file


def test_players_are_named_by_side_never_by_password(tour: AuditModule) -> None:
    text = ("begin_save\x1bPLAYER\tpw123\tAlice\tAllies\x1bend_save\x1b"
            "LOG\t+/7/piece;;;a.png;Tank/null;0;0;7;0\x1b"
            "LOG\tM/7/Force Pool/10/10/null/null/0/0/null/pw123")
    moves: list[str | None] = []

    class Who(Visitor):
        handles = (PieceMoved,)

        def visit_event(self, state: GameState, event: Event) -> None:
            moves.append(event.player)

    replay(cmd.read_record(text), tour, [Who()])
    assert moves == ["Alice (Allies)"]


def test_undo_marks_the_step_it_takes_back(tour: AuditModule) -> None:
    text = ("begin_save\x1bend_save\x1b"
            "LOG\t+/7/piece;;;a.png;Tank/Force Pool;5;5;7;0\x1b"
            "LOG\tM/7/Force Pool/100/10/null/Force Pool/5/5/null\x1b"
            "LOG\tUNDO\ttrue\x1bLOG\tM/7/Force Pool/5/5/null/Force Pool/100/10/null\x1b"
            "LOG\tUNDO\tfalse")
    r = replay(cmd.read_record(text), tour)
    assert r.undone_steps == {2}
    assert (r.state.pieces["7"].x, r.state.pieces["7"].y) == (5, 5)


def test_unknown_pieces_are_problems_not_crashes(tour: AuditModule) -> None:
    text = "begin_save\x1bend_save\x1bLOG\tM/99/Force Pool/1/1/null/null/0/0/null\x1bLOG\t-/98"
    r = replay(cmd.read_record(text, source="x"), tour, source="x.vlog")
    assert [(p.pos.step, p.message) for p in r.problems] == [
        (1, "MovePiece of piece 99, which is not in the game"),
        (2, "RemovePiece of piece 98, which is not in the game")]


@pytest.mark.parametrize("watched", [False, True])
def test_a_problem_of_the_restored_game_is_placed_at_its_command(tour: AuditModule,
                                                                 watched: bool) -> None:
    """The restored game's global properties have no handler and are passed over, yet
    count: a problem says where its command stands among all the file's commands, in the
    restored game and in the steps after it (with and without a visitor of the pieces)."""
    from converter.audit.events import PieceAdded

    class Watcher(Visitor):
        handles = (PieceAdded,)

    text = ("begin_save\x1bGlobalProperty\t;Turn;1;Module\x1bGlobalProperty\t;Phase;A;Module"
            "\x1b+/2/mark;k\tpiece;;;a.png;X/v\x1bGlobalProperty\t;Side;B;Module"
            "\x1b+/3/piece;;;a.png;Y/Nowhere;1;1;3;0\x1bend_save"
            "\x1bLOG\tM/99/Force Pool/1/1/null/null/0/0/null")
    r = replay(cmd.read_record(text, source="x"), tour, [Watcher()] if watched else [],
               source="x.vlog")
    assert [(p.pos.label(), p.message.split(" (")[0]) for p in r.problems] == [
        ("x.vlog: restored game (command 3)",
         "piece 2 has an unreadable trait chain; kept off the board"),
        ("x.vlog: restored game (command 5)", "the file names map 'Nowhere', which the "
                                              "module does not have"),
        ("x.vlog: step 1 (command 7)", "MovePiece of piece 99, which is not in the game")]
    assert r.commands == 8


_ids = st.sampled_from(["1", "2", "3", "stack9"])
_maps = st.sampled_from(["Main Map", "Force Pool", "null", "Nowhere"])
_coord = st.integers(min_value=-5000, max_value=5000)
_command = st.one_of(
    st.builds(lambda i, m, x, y: f"+/{i}/piece;;;a.png;P{i}/{m};{x};{y};{i};0", _ids, _maps,
              _coord, _coord),
    st.builds(lambda i: f"+/{i}/stack/Main Map;1;1;1;2", _ids),
    st.builds(lambda i, m, x, y: f"M/{i}/{m}/{x}/{y}/null/null/0/0/null", _ids, _maps, _coord,
              _coord),
    st.builds(lambda i, s: f"D/{i}/{s}", _ids, st.text(max_size=20)),
    st.builds(lambda i: f"-/{i}", _ids),
    st.builds(lambda t: f"CHAT{t}", st.text(max_size=30)),
    st.builds(lambda t: f"CHAT*** 1d6 = {t} *** &lt;A&gt;", st.text(max_size=8)),
    st.builds(lambda t: f"TURNTurnTracker0\t{t}", st.text(max_size=20)),
    st.sampled_from(["UNDO\ttrue", "UNDO\tfalse", "Main MapBoardPicker\tSL\t0\t0",
                     "Main MapBoardPicker\tVIP\t0\t0", "PLAYER\tpw\tA\tB"]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_command, max_size=25))
def test_fuzzed_logs_replay_without_crashing(commands: list[str]) -> None:
    module = load_module(REAL / "tour.vmod")
    text = "begin_save\x1bend_save" + "".join("\x1bLOG\t" + c.replace("\x1b", "")
                                                for c in commands)
    try:
        record = cmd.read_record(text)
    except ValueError:
        return  # the reader refused it: a clear error, not the replay's business
    r = Replay(module)
    r.run(record, "fuzz.vlog")
    assert r.steps == len(record.steps)


def test_dice_report_with_a_non_number_is_a_problem(tour: AuditModule) -> None:
    text = "begin_save\x1bend_save\x1bLOG\tCHAT*** 1d6 = ² *** &lt;A&gt;"
    r = replay(cmd.read_record(text), tour, source="x.vlog")
    assert [(p.pos.step, p.message) for p in r.problems] == [
        (1, "dice report '*** 1d6 = ² *** &lt;A&gt;' has a value that is not a number")]


def test_a_module_judges_many_logs_with_tables_derived_once(mini_vmod: Path) -> None:
    """An archive's logs share one loaded module: the tables derived from its game (place
    names, phases, hex neighbours) are built once, and each log gets the findings it gets
    from a module of its own."""
    from converter.audit.auditor import audit_files
    from converter.audit.state import derive_tables

    vlogs = Path(__file__).resolve().parents[1] / "data" / "vlogs" / "mini"
    shared = load_module(mini_vmod)
    derive_tables(shared)
    names, neighbours = shared.derived.place_names, shared.derived.neighbours["main"]
    for log in ("clean.vlog", "violations.vlog", "stack-on-start.vlog"):
        alone = audit_files([vlogs / log], mini_vmod, module=load_module(mini_vmod))
        again = audit_files([vlogs / log], mini_vmod, module=shared)
        assert [f.to_dict() for f in again.findings] == [f.to_dict() for f in alone.findings]
        assert alone.findings or log == "clean.vlog"
    assert shared.derived.place_names is names
    assert shared.derived.neighbours["main"] is neighbours
    assert neighbours["0203"] and set(neighbours["0203"]) <= set(neighbours)


def test_each_log_starts_from_the_modules_own_boards(tour: AuditModule) -> None:
    """A log that chose other boards (SetBoards) does not move the next log's pieces: an
    archive's logs share one loaded module, and each game starts from the module's boards."""
    geometry = tour.maps["Main Map"]
    first = geometry.boards["plain"]
    x, y = geometry.edge[0] + first.size[0] + 40, geometry.edge[1] + 40  # right of the first board
    fresh = GameState(tour).locator.place("Main Map", x, y)
    geometry.place(["VIP", "SL"])  # as the previous log's SetBoards left it
    assert GameState(tour).locator.place("Main Map", x, y) == fresh


def test_a_restored_piece_is_named_by_the_boards_of_the_restored_game(tour: AuditModule) -> None:
    """A save lists its SetBoards after its pieces (VASSAL writes the pieces, then each
    component's state); VASSAL names a place by the boards laid when it asks, so a restored
    piece stands on the restored game's boards, not on the module's default ones."""
    from converter.audit.auditor import audit_records

    text = ("begin_save\x1b+/1/piece;;;a.png;P1/Main Map;100;100;1;0\x1b"
            "Main MapBoardPicker\tVIP\t0\t0\x1bend_save\x1b"
            "LOG\tM/1/Main Map/500/300/null/null/0/0/null")
    state = GameState(tour)
    default = state.locator.place("Main Map", 100, 100).label()  # the module's own boards
    tour.maps["Main Map"].place(["VIP"])
    state.locator.forget()
    chosen = state.locator.place("Main Map", 100, 100).label()
    destination = state.locator.place("Main Map", 500, 300).label()
    assert default != chosen  # the two layouts name the point differently
    result = audit_records([("x.vlog", cmd.read_record(text, source="x"))], tour)
    assert result.files[0].recorded[0].text == [f"P1: {chosen} → {destination}"]


def test_a_board_change_in_mid_log_renames_every_piece_by_the_new_boards(
        tour: AuditModule) -> None:
    """A player who lays other boards in mid-game (SetBoards in a logged step) leaves the
    pieces at their pixels; VASSAL names them by the boards laid now, so a piece placed
    before the change moves from, and is removed from, a place of the new boards.  (A log
    written here: vlog-maker has no action that changes boards after New Game.)"""
    from converter.audit.auditor import audit_records

    text = ("begin_save\x1b+/1/piece;;;a.png;P1/Main Map;100;100;1;0\x1b"
            "+/2/piece;;;a.png;P2/Main Map;100;100;1;0\x1b"
            "Main MapBoardPicker\tplain\t0\t0\x1bend_save\x1b"
            "LOG\tMain MapBoardPicker\tVIP\t0\t0\x1b"
            "LOG\tM/1/Main Map/500/300/null/null/0/0/null\x1b"
            "LOG\t-/2")
    state = GameState(tour)
    tour.maps["Main Map"].place(["plain"])
    state.locator.forget()
    before = state.locator.place("Main Map", 100, 100).label()
    tour.maps["Main Map"].place(["VIP"])
    state.locator.forget()
    after = state.locator.place("Main Map", 100, 100).label()
    destination = state.locator.place("Main Map", 500, 300).label()
    assert before != after  # the two layouts name the point differently
    result = audit_records([("x.vlog", cmd.read_record(text, source="x"))], tour)
    assert result.files[0].problems == []
    lines = [line for step in result.files[0].recorded for line in step.text]
    assert lines == ["Main Map: board VIP laid", f"P1: {after} → {destination}",
                     f"P2 removed from {after}"]


def test_a_piece_named_question_mark_is_a_piece_not_an_unreadable_chain(
        tour: AuditModule) -> None:
    """A module may name a piece "?" (a hidden unit, an unknown marker): it stays on the
    board and moves like any other; only a chain that cannot be read is reported."""
    from converter.audit.auditor import audit_records

    text = ("begin_save\x1b+/1/piece;;;a.png;?/Main Map;100;100;1;0\x1b"
            "+/2/mark;k\tpiece;;;a.png;X/v\x1bend_save\x1b"  # one state for two traits
            "LOG\tM/1/Main Map/500/300/null/null/0/0/null")
    result = audit_records([("x.vlog", cmd.read_record(text, source="x"))], tour)
    problems = [p.message for p in result.files[0].problems]
    assert problems == ["piece 2 has an unreadable trait chain; kept off the board"], problems
    [moved] = result.files[0].recorded[0].text
    assert moved.startswith("?: ") and " → " in moved


def test_the_step_list_tells_a_nameless_piece_by_its_id(tour: AuditModule) -> None:
    """The Longest Day moves pieces whose Basic Piece has no name: the step list read
    ': (133,503) [Allied Airborne Display] → 8336'; it now says which piece moved, by the
    id the replay problems name it by."""
    from converter.audit.auditor import audit_records

    text = ("begin_save\x1b+/7/piece;;;a.png;/Main Map;100;100;1;0\x1bend_save\x1b"
            "LOG\tM/7/Main Map/500/300/null/Main Map/100/100/null")
    result = audit_records([("x.vlog", cmd.read_record(text, source="x"))], tour)
    [moved] = result.files[0].recorded[0].text
    assert moved.startswith("(unnamed piece 7): ") and " → " in moved


def test_the_step_list_names_a_piece_as_it_was_named_at_each_step(tour: AuditModule) -> None:
    """The HTML step list shows a piece by the name it had when the step moved it, though
    the name is decoded only when the list is shown: renamed later, its earlier moves keep
    the earlier name."""
    from converter.audit.auditor import audit_records

    label = "label;;;10;;;b;0;c;0;b;c;$label$;Dialog;0;0;;;false\tpiece;;;a.png;A"
    text = (f"begin_save\x1b+/1/{label}/Alpha\tMain Map;100;100;1;0\x1bend_save\x1b"
            "LOG\tM/1/Main Map/500/300/null/Main Map/100/100/null\x1b"
            "LOG\tD/1/Bravo\tMain Map;500;300;1;0\x1b"
            "LOG\tM/1/Main Map/100/100/null/Main Map/500/300/null")
    result = audit_records([("x.vlog", cmd.read_record(text, source="x"))], tour)
    steps = result.files[0].recorded
    assert [line.split(":")[0] for s in steps for line in s.text] == \
        ["Alpha", "Alpha → Bravo", "Bravo"]
    assert [move[1] for s in steps for move in s.moves] == ["Alpha", "Bravo"]


def test_the_step_list_of_a_real_log_names_pieces_as_eager_naming_did() -> None:
    """The step list's names are decoded only when the list is shown, one decoding shared by
    a piece's moves until a change may rename it; on a real log (1,091 steps, 736 changes,
    most of them "moved" marks) every line and move reads as when each piece was named at
    its event."""
    from pathlib import Path

    from converter.audit.auditor import StepRecorder
    from converter.audit.events import Event, PieceAdded, PieceMoved, PieceRemoved
    from converter.audit.module import load_module
    from converter.vassal.savefile import read_game

    class Eager(StepRecorder):
        def visit_event(self, state: GameState, event: Event) -> None:
            if isinstance(event, (PieceMoved, PieceAdded, PieceRemoved)):
                event.piece.name  # decoded now, as the piece is at its event
            super().visit_event(state, event)

    real = Path(__file__).resolve().parents[1] / "data" / "real" / "longest-day"
    _save, record = read_game(real / "0606-1.log")
    lazy, eager = StepRecorder("0606-1.log"), Eager("0606-1.log")
    for recorder in (lazy, eager):
        replay(record, load_module(real / "TheLongestDay-noimages.vmod"), [recorder],
               source="0606-1.log")
    assert len(lazy.steps) > 900
    assert [(s.step, s.text, s.moves) for s in lazy.steps] == \
        [(s.step, s.text, s.moves) for s in eager.steps]


@pytest.mark.parametrize("log, vmod", [
    ("longest-day/0606-1.log", "longest-day/TheLongestDay-noimages.vmod"),
    ("tour.vlog", "tour.vmod"),
    ("zxvt-capture/5x5_startup.vlog", "zxvt-capture/zxvt-0.3.0.vmod")])
def test_a_restored_game_no_visitor_watches_is_the_one_each_added_piece_is_told(
        log: str, vmod: str) -> None:
    """Without a game description and with no visitor of the restored game's pieces, the
    replay restores a real log's thousands of pieces in one loop: each piece stands where
    it does when every added piece is told to a visitor, and the problems are the same."""
    from converter.audit.events import PieceAdded

    class Watcher(Visitor):
        handles = (PieceAdded,)

    def restored(*visitors: Visitor) -> tuple[list[tuple[object, ...]], list[str]]:
        _save, record = read_game(REAL / log)
        r = replay(record, load_module(REAL / vmod), visitors, source=log)
        pieces = [(p.id, p.type_text, p.state_text, p.map, p.x, p.y, p.on_board,
                   p.place.label(), p.traits) for p in r.state.pieces.values()]
        return pieces, [f"{p.pos}: {p.message}" for p in r.problems]

    fast, told = restored(), restored(Watcher())
    assert len(fast[0]) > 0
    assert fast == told


class _EveryChange(Visitor):
    """Wants every move and change of the logged steps (as the step recorder does)."""

    handles = (PieceMoved, PieceChanged)


def _end_of(record: cmd.GameRecord, module: AuditModule, *visitors: Visitor
            ) -> tuple[list[tuple[object, ...]], list[str]]:
    """Every piece as the replay leaves it (its place named last), and the problems."""
    r = replay(record, module, visitors, source="x.vlog")
    pieces = [(p.id, p.state_text, p.map, p.x, p.y, p.on_board, p.moved_by,
               p.place.label(), p.traits) for p in r.state.pieces.values()]
    return pieces, [f"{p.pos}: {p.message}" for p in r.problems]


@pytest.mark.parametrize("log, vmod", [
    ("longest-day/0606-1.log", "longest-day/TheLongestDay-noimages.vmod"),
    ("longest-day/0611-1.log", "longest-day/TheLongestDay-noimages.vmod"),
    ("tour.vlog", "tour.vmod"),
    ("tour-two-boards.vlog", "tour.vmod")])
def test_logged_moves_and_changes_no_visitor_watches_end_where_told_ones_do(
        log: str, vmod: str) -> None:
    """Without a game description and with no visitor of moves and changes, a real log's
    moves leave their places to be named when asked and its changes are read by position
    alone: every piece ends where, as and named as it does when each is told."""
    _save, record = read_game(REAL / log)
    fast = _end_of(record, load_module(REAL / vmod))
    told = _end_of(record, load_module(REAL / vmod), _EveryChange())
    assert len(fast[0]) > 0
    assert fast == told


_changes = st.one_of(
    _command,
    st.builds(lambda i, m, x, y: f"D/{i}/{m};{x};{y};{i};0", _ids, _maps, _coord, _coord),
    st.builds(lambda i, m, x, y: f"D/{i}/{m};{x};{y};{i};0/null;0;0;{i};0", _ids, _maps,
              _coord, _coord))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_changes, max_size=25))
@example(["+/1/piece;;;a.png;P1/Force Pool;5;5;1;0", "Main MapBoardPicker\tVIP\t0\t0",
          "M/1/Main Map/100/100/null/null/0/0/null"])  # named by the boards laid at the move
def test_fuzzed_logs_end_the_same_whether_or_not_moves_are_told(commands: list[str]) -> None:
    """Moves, changes that move a piece (Send to Location), unreadable states, board changes
    and undo: the same pieces, places and problems with and without a visitor of them."""
    text = "begin_save\x1bend_save" + "".join("\x1bLOG\t" + c.replace("\x1b", "")
                                                for c in commands)
    try:
        record = cmd.read_record(text)
    except ValueError:
        return
    module = load_module(REAL / "tour.vmod")
    assert _end_of(record, module) == _end_of(record, module, _EveryChange())


def test_a_roster_name_is_shown_decoded_in_every_report() -> None:
    """Paths of Glory's save lists its player as '&lt;Brian Reynolds (<observer>)&gt;' (the
    chat's escaped form): the players line showed the entities as they stand, and the HTML
    page escaped them again ('&amp;lt;').  The name is decoded where the roster enters the
    game, and the chat's '<name (side)>' wrapping around it is taken off (a VASSAL-written
    log on the module gave 'players: <vlog-maker (Allied Powers)> (Allied Powers)'), so
    text, JSON and HTML show 'Brian Reynolds (<observer>)'."""
    import html
    import json

    from converter.audit.auditor import audit_files
    from converter.audit.report import render_html, render_json, render_text

    folder = REAL / "paths-of-glory"
    result = audit_files([folder / "Historical10-8.vsav"],
                         folder / "PathsOfGlory-10.8-noimages.vmod")
    shown = "Brian Reynolds (<observer>)"
    assert result.files[0].players == [shown]
    assert f"  players: {shown}\n" in render_text(result)
    assert json.loads(render_json(result))["files"][0]["players"] == [shown]
    assert f"players {html.escape(shown)}</div>" in render_html(result)


@pytest.mark.parametrize(("roster", "shown"), [
    ("&lt;vlog-maker (Allied Powers)&gt;", "vlog-maker"),
    ("&lt;Brian Reynolds (&lt;observer&gt;)&gt;", "Brian Reynolds"),
    ("Anna (Paris)", "Anna (Paris)"),   # no wrapping: the name as the player chose it
    ("&lt;Anna&gt;", "Anna"),
    ("<>", "<>"),
])
def test_a_roster_name_loses_the_chat_s_wrapping(roster: str, shown: str) -> None:
    from converter.audit.replay import roster_name

    assert roster_name(roster) == shown


_DISRUPT = ("emb2;;128;;Disrupt;128;;;128;;;;1;false;0;0;a.png,b.png;,;true;Disrupt;;;false;;1;1;"
            "true;;70,130;;;1.0;;true\tpiece;;;a.png;A")


def test_the_step_list_tells_a_change_the_audit_does_not_read(tour: AuditModule) -> None:
    """A step that only turns a marker layer on (no name, step or position changes) was
    left out of the step list: the list read #7, #9.  It now says what changed, from the
    piece's texts when VASSAL reported nothing, and in VASSAL's own words when it did."""
    from converter.audit.auditor import audit_records

    start = f"begin_save\x1b+/1/{_DISRUPT}/1\tMain Map;100;100;1;0\x1bend_save"
    quiet = f"{start}\x1bLOG\tD/1/2\tMain Map;100;100;1;0"
    reported = f"{quiet}\\\x1bLOG\tCHAT* A is disrupted *"  # (one step: VASSAL's nesting)
    one_image = quiet.replace("a.png,b.png;", "a.png;").replace("D/1/2", "D/1/1") \
        .replace("/1\tMain", "/-1\tMain", 1)  # a layer of one picture, turned on
    said = {}
    for name, text in (("quiet", quiet), ("reported", reported), ("one image", one_image)):
        result = audit_records([("x.vlog", cmd.read_record(text, source="x"))], tour)
        said[name] = [line for step in result.files[0].recorded for line in step.text]
    assert said == {"quiet": ["A: Disrupt level 2"], "reported": ["* A is disrupted *"],
                    "one image": ["A: Disrupt on"]}


def test_every_step_of_a_vassal_written_log_is_in_the_step_list(tour: AuditModule) -> None:
    """tour-rows.vlog, written by VASSAL: its step 8 (Disrupt on 1ME, a layer that names
    no step) is listed as VASSAL reported it, between the dice roll and the chat."""
    from converter.audit.auditor import audit_files

    result = audit_files([REAL / "tour-rows.vlog"], REAL / "tour.vmod", module=tour)
    listed = {rec.step: rec.text for rec in result.files[0].recorded}
    assert sorted(listed) == list(range(1, result.files[0].steps + 1))
    assert listed[8] == ["* 1ME Disrupt level 1"]
