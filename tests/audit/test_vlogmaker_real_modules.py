"""Logs the VASSAL 3.6 engine wrote (vlog-maker) on real area and point-to-point modules:
Almoravid and Nevsky (Regions in RegionGrids inside Zones, lakes and seas as Zones, turn
boxes, several maps) and Paths of Glory (cities as Regions).  None of these modules gives its
maps a move report, so the oracle is the engine itself: beside each log,
`<log>.engine.txt` is vlog-maker's account of each action, naming every piece and every
point as VASSAL's own `Map.locationName` and `getName` gave them.  The HTML step list a
referee reads must name the same pieces and places, and have a line for every step."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from converter.cli import main
from tests.audit.conftest import REAL

LOGS = [("almoravid", "almoravid-vlogmaker", "Almoravid-1.3-noimages.vmod"),
        ("nevsky", "nevsky-vlogmaker", "Nevsky-2.1-noimages.vmod"),
        ("paths-of-glory", "pog-vlogmaker", "PathsOfGlory-10.8-noimages.vmod"),
        # a sideways hex grid in a zone, numbered upwards: VASSAL counts the rows from the
        # zone's height, and names (417,1291) '0504'; the step list said '1204' (the board's)
        ("ragnarok", "ragnarok-vlogmaker", "ragnarok-1.2-smallimages.vmod")]

# "[#5 move] "BEFc" [Map (665,1465) "Paris"] -> dropped at … -> now [Map (887,1304) "Sedan"]"
_ACTION = re.compile(r'\[#(\d+) (\w+)\] (.*)')
_NOW = re.compile(r'now (?:"(?P<renamed>[^"]*)" )?\[(?P<map>[^(\]]+) \((\d+),(\d+)\) '
                  r'"(?P<place>[^"]*)"\]$')
_MOVED = re.compile(r'^"(?P<piece>[^"]*)" \[(?P<map>[^(\]]+) \(\d+,\d+\) "(?P<place>[^"]*)"\]')
_ADDED = re.compile(r'new piece "(?P<piece>[^"]*)" id \d+ at \[(?P<map>[^(\]]+) \(\d+,\d+\) '
                    r'"(?P<place>[^"]*)"\]')
_STEP = re.compile(r"data-step='(\d+)' data-file='0'[^>]*><span class=n>#\d+</span>"
                   r"<span>(.*?)</span></div>")


def step_list(log: Path, module: Path, page: Path) -> dict[int, str]:
    """The HTML report's step list: step number → its line, as the page shows it."""
    assert main(["audit", str(log), "--module", str(module), "--format", "html", "-o",
                 str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    # (a line starts with its turn, 'T1 ', where the module has a turn tracker)
    return {int(n): re.sub(r"^T\d+ ", "", html.unescape(line)) for n, line in _STEP.findall(text)}


def engine_actions(log: Path) -> list[tuple[int, str, str]]:
    """(log step, action kind, what the engine said) of each action after the new game: the
    new game is action 2 (after the script's note), so action n is the log's step n - 2."""
    out = []
    for line in log.with_suffix(".engine.txt").read_text(encoding="utf-8").splitlines():
        m = _ACTION.match(line)
        if m and m.group(2) != "new_game":
            out.append((int(m.group(1)) - 2, m.group(2), m.group(3)))
    return out


@pytest.mark.parametrize("folder, name, vmod", LOGS)
def test_the_step_list_names_each_piece_and_place_as_the_engine_did(
        tmp_path: Path, folder: str, name: str, vmod: str) -> None:
    log = REAL / folder / f"{name}.vlog"
    steps = step_list(log, REAL / folder / vmod, tmp_path / "report.html")
    actions = engine_actions(log)
    # every action the engine logged is a step with a line, and there is no other step
    assert sorted(steps) == [step for step, _kind, _said in actions], steps
    compared = 0
    where: dict[str, str] = {}  # piece → where the engine last said it is
    for step, kind, said in actions:
        line = steps[step]
        after = _NOW.search(said)
        if kind in ("move", "move_xy", "key"):
            before = _MOVED.search(said)
            piece = before.group("piece") if before is not None else \
                said.split('"')[1]  # '"1ME" menu command "Send to León" …'
            origin = f"{before.group('place')} [{before.group('map')}]" \
                if before is not None else where[piece]
            assert after is not None, said
            destination = f"{after.group('place')} [{after.group('map')}]"
            where[after.group("renamed") or piece] = destination
            if origin != destination:  # a move, or a menu command that sends the piece
                assert line.startswith(f"{piece}: {origin} → {destination}"), (line, said)
                compared += 1
        elif kind == "add":
            added = _ADDED.search(said)
            assert added is not None, said
            assert line == f"{added.group('piece')} placed at {added.group('place')} " \
                           f"[{added.group('map')}]", (line, said)
            compared += 1
        elif kind == "roll":
            assert line.startswith("roll "), line
        elif kind == "chat":
            assert line.startswith("chat: "), line
    assert compared >= 6


@pytest.mark.parametrize("folder, name, vmod", LOGS[:3])  # (Ragnarok's 2d6 says its faces)
def test_a_special_dice_roll_shows_the_face_vassal_reported(
        tmp_path: Path, folder: str, name: str, vmod: str) -> None:
    """The modules' dice are special dice buttons whose chat line reads as no roll ('* Green
    Die = <img …> (5 rolled by vlog-maker) <span …>5</b>'): the step was missing from the
    list.  Its face, by the module's own faces, is the one the chat line shows, and the
    roller the one it names (the roll's step has no move to name a player)."""
    from converter.vassal import commands as cmd
    from converter.vassal.savefile import read_game

    log = REAL / folder / f"{name}.vlog"
    steps = step_list(log, REAL / folder / vmod, tmp_path / "report.html")
    _save, record = read_game(log)
    rolls = 0
    for number, step in enumerate(record.steps, start=1):
        for c in step.logged():
            if isinstance(c, cmd.SpecialDiceResults):
                [chat] = [x.text for x in step.logged() if isinstance(x, cmd.Chat)]
                face = re.search(r">(\w+)</b>$", chat)
                roller = re.search(r"rolled by ([^)]+)\)", chat, re.I)
                assert face is not None and roller is not None, chat
                assert steps[number] == (f"roll {c.button} = {face.group(1)} "
                                         f"[{roller.group(1)} (<observer>)]")
                rolls += 1
    assert rolls == 1


def test_a_lord_named_by_a_basic_name_trait_is_named_as_vassal_names_him(
        tmp_path: Path) -> None:
    """Nevsky's Lords carry their name in a Basic Name trait over a nameless BasicPiece:
    VASSAL names Aleksandr 'Aleksandr - Prince of Novgorod', the step list said '(unnamed
    piece 1795729403397)'; and 'Toggle Lords Display', which sets the global property
    Cylinders and nothing else, had no line."""
    folder, name, vmod = LOGS[1]
    steps = step_list(REAL / folder / f"{name}.vlog", REAL / folder / vmod,
                      tmp_path / "report.html")
    assert not any("unnamed piece" in line for line in steps.values())
    assert steps[1].startswith("Aleksandr - Prince of Novgorod: Riga [Main Map] → ")
    assert steps[8] == "property Cylinders: 1 → 2"


def test_a_rotation_says_so(tmp_path: Path) -> None:
    """Almoravid's 'Rotate Clockwise' changes only the Lord's facing: the line said
    'changed'."""
    folder, name, vmod = LOGS[0]
    steps = step_list(REAL / folder / f"{name}.vlog", REAL / folder / vmod,
                      tmp_path / "report.html")
    assert steps[6] == "Alfonso VI - King of León: rotated: facing 0 → 1 of 4"


def test_a_step_that_drags_an_empty_stack_is_listed(tmp_path: Path) -> None:
    """The Longest Day's 0606-1.log (a real 2006 game): steps 7 and 9 drag an empty stack of
    the Allied Airborne Display (its restored state lists no piece), and nothing else; the
    step list had no line for them, as if the steps were not there."""
    folder = REAL / "longest-day"
    steps = step_list(folder / "0606-1.log", folder / "TheLongestDay-noimages.vmod",
                      tmp_path / "report.html")
    assert steps[7] == ("an empty stack: (133,103) [Allied Airborne Display] → (83,103) "
                        "[Allied Airborne Display] (no piece in it) [Joel (Allies)]")
    assert steps[9].startswith("an empty stack: (83,103) [Allied Airborne Display] → "
                               "(108,78) [Allied Airborne Display]")
    assert steps[8].startswith("2/508/82: 2724 [Normandy] → 2824 [Normandy]")
    # a step that only clears a unit's moved mark (its Mark When Moved trait) said 'changed'
    assert steps[490] == "1: moved mark cleared"


def test_every_step_of_vassal_s_tutorial_log_is_listed(tmp_path: Path) -> None:
    """tour.vlog, VASSAL's own tutorial log: a step that turns a piece (the Albatros's
    FreeRotator), hides or reveals it (a Hideable), or lays other boards (SetBoards) had
    no line; the turns are told by VASSAL's own reports, the boards by their names."""
    from converter.vassal.savefile import read_game

    log = REAL / "tour.vlog"
    steps = step_list(log, REAL / "tour.vmod", tmp_path / "report.html")
    _save, record = read_game(log)
    assert sorted(steps) == list(range(1, len(record.steps) + 1))
    assert steps[14] == "* Albatros C faces NE"
    assert steps[30] == "Main Map: board VIP laid" and steps[41] == "Main Map: board SL laid"
    assert steps[87] == "* Hide Jagd Pz Tiger CA = 3 in I5"


def test_a_stack_dragged_later_leaves_behind_the_pieces_that_left_it(tmp_path: Path) -> None:
    """The Longest Day's 0606-1.log: air units taken one by one out of a stack of the Allied
    Aircraft Deployment Display, whose old stack is later dragged elsewhere.  The replay
    moved every piece the stack had ever listed with it: 354/FB and 135 BE/FB ended at
    (690,686) and (760,691); VASSAL's own replay of the log (vassal-check36 --execute
    --save) leaves them where they were put, as here."""
    from converter.audit.module import load_module
    from converter.audit.replay import replay
    from converter.vassal.savefile import read_game

    folder = REAL / "longest-day"
    _save, record = read_game(folder / "0606-1.log")
    state = replay(record, load_module(folder / "TheLongestDay-noimages.vmod")).state
    at = {p.name: (p.map, p.x, p.y) for p in state.pieces.values()}
    assert at["354/FB"] == ("Allied Aircraft Deployment Display", 60, 108)
    assert at["135 BE/FB"] == ("Allied Aircraft Deployment Display", 556, 195)


def test_a_piece_a_stack_s_new_state_lists_joins_the_stack(tmp_path: Path) -> None:
    """The Longest Day's 0611-1.log puts units into a stack on a hex by the stack's
    ChangePiece alone (its state lists them, with no MovePiece): VASSAL puts each at the
    stack's point; the replay only noted the stack's list, and left unit 1168285019254 at
    (1754,1568) where VASSAL's own replay of the log leaves it at (1810,1664)."""
    from converter.audit.module import load_module
    from converter.audit.replay import replay
    from converter.vassal.savefile import read_game

    folder = REAL / "longest-day"
    _save, record = read_game(folder / "0611-1.log")
    state = replay(record, load_module(folder / "TheLongestDay-noimages.vmod")).state
    piece = state.pieces["1168285019254"]
    assert (piece.x, piece.y) == (1810, 1664)


def test_a_move_starts_where_vassal_recorded_the_piece(tmp_path: Path) -> None:
    """VASSAL records in each MovePiece where the piece was.  The Longest Day's 0606-1.log
    restores 1/508/82 in a stack of the Allied Airborne Display while the unit's own state
    still says 'Normandy (33,103)': the step list said it left hex 0102 of Normandy.  And a
    dragged stack took along the units that had left it, so RRR/3 C was said to leave 7127
    when VASSAL records (3916,1792), hex 7128."""
    folder = REAL / "longest-day"
    steps = step_list(folder / "0606-1.log", folder / "TheLongestDay-noimages.vmod",
                      tmp_path / "report.html")
    assert steps[1] == ("1/508/82: (33,103) [Allied Airborne Display] → (58,103) "
                        "[Allied Airborne Display] [Joel (Allies)]")
    assert steps[717] == "RRR/3 C: 7128 [Normandy] → 7029 [Normandy] [Joel (Allies)]"


def test_hidden_and_concealed_pieces_are_followed_where_vassal_names_no_place(
        tmp_path: Path) -> None:
    """tour-hidden.vlog (vlog-maker on tour.vmod): a Tiger and its clone, hidden (Hideable)
    and concealed (Obscurable) and moved so; VASSAL's reports say '* ? moves ? -> ? *' to
    the other players.  The referee's step list follows each move to the place the engine
    named for the owner (.engine.txt), and has a line for every step."""
    log = REAL / "tour-hidden.vlog"
    steps = step_list(log, REAL / "tour.vmod", tmp_path / "report.html")
    actions = engine_actions(log)
    assert sorted(steps) == [step for step, _kind, _said in actions]
    moves = 0
    for step, kind, said in actions:
        before, after = _MOVED.search(said), _NOW.search(said)
        if kind == "move" and before is not None and after is not None:
            origin = f"{before.group('place')} [{before.group('map')}]"
            destination = f"{after.group('place')} [{after.group('map')}]"
            assert f": {origin} → {destination}" in steps[step], (steps[step], said)
            moves += 1
    assert moves == 4
    assert steps[8] == "Jagd Pz Tiger CA = 4 [invisible to others]: hidden"  # Conceal
    # what the other players were shown beside the truth: the hidden Tiger's moves
    assert steps[6].startswith("Jagd Pz Tiger CA = 4 [invisible to others]: H6 [Main Map]")
    assert steps[4].startswith("Jagd Pz Tiger CA = 4: H6 [Main Map] → I6")  # (not yet hidden)
    # the clone lands on the Tiger's stack: placed, not moved 'H6 → H6'
    assert steps[3] == "Jagd Pz Tiger CA = 4 placed at H6 [Main Map]"
    assert steps[10] == "Jagd Pz Tiger CA = 4: moved mark cleared"  # Mark Moved, a toggle


def test_a_step_that_only_restacks_or_echoes_an_undo_is_listed(tmp_path: Path) -> None:
    """The Longest Day's 0611-1.log: steps that only put a stack's units in another order
    (its ChangePiece), and steps whose only command is VASSAL's echo of an undone chat line
    ('* UNDO: …'), had no line."""
    folder = REAL / "longest-day"
    steps = step_list(folder / "0611-1.log", folder / "TheLongestDay-noimages.vmod",
                      tmp_path / "report.html")
    assert steps[173] == ("undo of #172: "
                          "* UNDO: <Joel> - Oh, wait. I did that first one wrong. That was a "
                          "D, not an D/LS.")
    # (243 puts back the order 242 made: an undo of 242, its ChangePiece's inverse)
    assert steps[243] == ("undo of #242: "
                          "stack at 3625 [Normandy], bottom to top: 2/38/2, BUILDING, 1/23/2, "
                          "(unnamed piece 1168285013606), Field Fortifications")


def test_moves_past_a_board_without_its_picture_are_drawn_to_the_view_s_scale(
        tmp_path: Path) -> None:
    """Nevsky's image-less Main Map has a board of no stated size, and every move lies past
    it: the view takes the moves in, and their lines were drawn at the board's scale, hair-thin
    once the 4,000-pixel view was fitted to the page.  Each line is as thick as a map of the
    view's size gets (3 units a thousand)."""
    page = tmp_path / "nevsky.html"
    assert main(["audit", str(REAL / "nevsky" / "nevsky-vlogmaker.vlog"), "--module",
                 str(REAL / "nevsky" / "Nevsky-2.1-noimages.vmod"), "--format", "html",
                 "-o", str(page)]) == 0
    text = page.read_text()
    view = re.search(r"viewBox='([^']*)'", text)
    assert view is not None
    box = [float(v) for v in view.group(1).split()]
    assert max(box[2], box[3]) > 4000
    main_map = text[view.start():text.index("</svg>", view.start())]  # its first map's
    widths = {float(w) for w in re.findall(r"<line [^>]*stroke-width='([\d.]+)'", main_map)}
    assert widths and min(widths) >= 3 * max(box[2], box[3]) / 1000 * 0.9, (widths, box)



def test_for_the_people_menus_move_a_general_as_the_engine_did(tmp_path: Path) -> None:
    """ftp-vlogmaker.vlog (VASSAL 3.6 on For the People, by the general's menus: its own
    mover throws on a drag): Banks flipped, which masks him ('Banks(Union General)' to his
    owner, 'Union General' to the others), then displaced to the turn track and killed,
    to the Permanently Removed map.  The step list has a line per step, names him with what
    the others saw, and names each point as the engine did, played on the module given
    blank boards of its pictures' sizes: 'General Reinforcements' and 'KILLED Union
    Generals' (zones), 'Turn 2' (a region of the turn track); on the image-less module the
    engine had named every point 'offboard', and the test could compare maps only."""
    folder = REAL / "for-the-people"
    log = folder / "ftp-vlogmaker.vlog"
    steps = step_list(log, folder / "ForThePeople-3.6-noimages.vmod", tmp_path / "report.html")
    actions = engine_actions(log)
    assert sorted(steps) == [step for step, _kind, _said in actions]
    assert steps[1] == "Banks [others see 'Union General']: hidden"  # the mask it put on
    where = "General Reinforcements [Map]"  # (the engine's name of his first point)
    for step, kind, said in actions:
        after = _NOW.search(said)
        if kind == "key" and step > 1:
            assert after is not None, said
            now = f"{after.group('place')} [{after.group('map')}]"
            assert steps[step].startswith(
                f"Banks [others see 'Union General']: {where} → {now} "), steps[step]
            where = now
    assert steps[3].endswith("→ KILLED Union Generals [Permanently Removed] "
                             "[vlog-maker (<observer>)]")
