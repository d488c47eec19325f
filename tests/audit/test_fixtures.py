"""Scripted games on the mini battle: the clean game has no finding; each planted
violation is found at its step with its rule; missing data shows as not checkable."""

from __future__ import annotations

from collections.abc import Callable

from converter.audit.auditor import AuditResult
from converter.cli.audit import open_module
from converter.builder.scripted import ScriptedGame
from converter.builder.module import BuiltModule
from tests.audit.conftest import clean_mini

Audit = Callable[..., AuditResult]


def only(result: AuditResult) -> list[tuple[str, int]]:
    return [(f.rule, f.pos.step) for f in result.findings]


def test_clean_game_has_no_findings(mini_built: BuiltModule, audit_log: Audit) -> None:
    result = audit_log(clean_mini(mini_built))
    assert [f.line() for f in result.findings] == []
    ran = {c.check: c for c in result.checks}
    assert ran["movement"].applied >= 1 and ran["combat"].applied == 1
    assert ran["reinforcement"].applied == 1 and ran["dice"].applied == 1


def test_over_long_move(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.move("na-1", hex="0803")  # six hexes for a 4 MP corps
    step = len(s.steps)
    result = audit_log(s)
    assert only(result) == [("move", step)]
    f = result.findings[0]
    assert f.section == "5" and "over its allowance of 4" in f.message
    assert f.pieces == ["I Corpo (na-1)"] and f.places == ["hex 0203 (Alfa; \"città\")", "hex 0803"]
    assert f.turn == 5 and f.phase == "Movimento"


def test_moves_add_up_within_a_phase(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.move("na-1", hex="0303")
    s.move("na-1", hex="0403")
    s.move("na-1", hex="0503")
    s.move("na-1", hex="0603")
    s.move("na-1", hex="0703")  # the fifth hex of a 4 MP corps
    result = audit_log(s)
    assert only(result) == [("move", len(s.steps))]
    assert "4 earlier this phase" in result.findings[0].message


def test_forbidden_terrain(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "red-move")
    s.place("sa-hq", hex="0705")
    s.move("sa-hq", hex="0606")  # the lake
    result = audit_log(s)
    rules = only(result)
    assert ("no-lake", len(s.steps)) in rules
    lake = next(f for f in result.findings if f.rule == "no-lake")
    assert lake.section == "5.2" and lake.places == ["hex 0606 (Lago Charlie)"]


def test_overstacking(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.place("na-2", hex="0203")  # 2 steps onto the 4-step corps: 6 > 4
    step = len(s.steps)
    s.turn(5, "blue-combat")
    result = audit_log(s)
    assert only(result) == [("stack", step)]
    f = result.findings[0]
    assert f.section == "6.1" and "6 steps" in f.message and "limit of 4" in f.message


def test_nationality_on_forbidden_front(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.place("na-2", space="kiev")  # the steppe admits only the red side
    result = audit_log(s)
    assert only(result) == [("allowed:steppe", len(s.steps))]
    assert "sides red" in result.findings[0].expected


def test_reinforcement_on_wrong_turn(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = ScriptedGame(mini_built)
    s.turn(2, "red-move")
    s.place("sa-1", hex="0801")
    result = audit_log(s)
    assert only(result) == [("entry", 2)]
    assert "before its entry turn 3" in result.findings[0].message


def test_reinforcement_at_wrong_place(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = ScriptedGame(mini_built)
    s.turn(3, "red-move")
    s.place("sa-1", hex="0404")
    result = audit_log(s)
    assert only(result) == [("entry", 2)]
    assert "not at its entry place edge E" in result.findings[0].message


def test_impossible_die_value(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.roll("2d6", 7, 1)
    result = audit_log(s)
    assert only(result) == [("die:2d6", len(s.steps))]
    assert result.findings[0].expected == "each die one of 1-6"


def test_duplicated_piece(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.place("na-1", hex="0101")
    result = audit_log(s)
    assert only(result) == [("count:na-1", len(s.steps))]


def test_crt_result_applied_wrongly(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built, skip={"combat"})
    s.turn(5, "blue-combat")
    s.chat("0701 attacks 0801")
    s.roll("d6", 3)
    roll_step = len(s.steps)
    s.set_level("na-2", 2)  # one step lost where the table calls for two
    result = audit_log(s)
    assert only(result) == [("combat", roll_step)]
    f = result.findings[0]
    assert f.section == "7" and "2/0" in f.message and "attacker lost 1 step" in f.message


def test_move_in_the_other_sides_phase(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "red-move")
    s.move("na-1", hex="0303")
    result = audit_log(s)
    assert only(result) == [("sequence", len(s.steps))]
    assert "moves during Movimento of Rosso" in result.findings[0].message


def test_undone_violation_is_withdrawn(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.move("na-1", hex="0803")
    s.undo_move()
    s.move("na-1", hex="0303")  # the allowance is given back by the undo
    result = audit_log(s)
    assert only(result) == []
    assert [f.rule for f in result.withdrawn] == ["move"]


def test_missing_data_is_not_checkable(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.move("na-1", hex="0304")  # terrain of 0304 not in the game data
    s.roll("special", 0)        # the special die's faces are not all known
    result = audit_log(s)
    assert only(result) == []
    reasons = [n.line() for n in result.not_checkable]
    assert any("no-lake" in r and "the terrain of the place entered is not in the game data "
               "[hex 0503, hex 0602, hex 0701, hex 0304]" in r for r in reasons)
    assert any("faces of die 'Dado speciale' are not all in the game data" in r
               for r in reasons)


def test_scenario_setup_compared(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = ScriptedGame(mini_built)
    s.setup("battle")
    good = audit_log(s)
    # the mini scenario is within its own stacking limit: its setup alone gives no finding
    assert only(good) == []
    moved = ScriptedGame(mini_built)
    moved.setup("battle")
    moved.relocate("sa-1", hex="0505")
    result = audit_log(moved, "moved.vlog")
    assert sorted(only(result)) == [("setup:battle", 0)]
    f = next(f for f in result.findings if f.rule == "setup:battle")
    assert f.section == "9"
    assert f.message == "Armata A starts at hex 0505; scenario 'La battaglia' places it at 0405"


_HEXES = [f"{c:02d}{r:02d}" for c in range(1, 9) for r in range(1, 7)]


def test_fuzzed_games_audit_without_crashing(mini_built: BuiltModule, mini_module) -> None:  # type: ignore[no-untyped-def]
    """Random play (moves anywhere, step changes, removals, dice, phases, undos) is judged,
    never crashes the checks."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from converter.audit.auditor import audit_records
    from converter.vassal.commands import read_record

    action = st.one_of(
        st.tuples(st.just("move"), st.sampled_from(["na-1", "na-2", "sa-1"]),
                  st.sampled_from(_HEXES + ["kiev", "minsk", "odessa", "reserve"])),
        st.tuples(st.just("level"), st.sampled_from(["na-1", "na-2"]), st.integers(1, 4)),
        st.tuples(st.just("roll"), st.sampled_from(["d6", "2d6", "special"]),
                  st.integers(-2, 14)),
        st.tuples(st.just("turn"), st.integers(1, 6),
                  st.sampled_from(["blue-move", "blue-combat", "red-move", "red-combat"])),
        st.tuples(st.just("chat"), st.sampled_from(["0203 attacks 0304", "attack", "Turn 3"]),
                  st.none()),
        st.tuples(st.just("undo"), st.none(), st.none()),
        st.tuples(st.just("remove"), st.sampled_from(["na-1", "na-2", "sa-1"]), st.none()),
    )

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(action, max_size=30))
    def run(actions: list[tuple[str, object, object]]) -> None:
        s = ScriptedGame(mini_built)
        for pid, where in (("na-1", "0203"), ("na-2", "0404"), ("sa-1", "0801")):
            s.place(pid, hex=where, restored=True)
        for kind, a, b in actions:
            if kind == "move" and a in {p.piece_id for p in s.live.values()}:
                key = "hex" if str(b)[0].isdigit() else "space"
                s.move(str(a), **{key: str(b)})
            elif kind == "level" and a in {p.piece_id for p in s.live.values()}:
                s.set_level(str(a), int(b))  # type: ignore[call-overload]
            elif kind == "roll":
                s.roll(str(a), int(b))  # type: ignore[call-overload]
            elif kind == "turn":
                s.turn(int(a), str(b))  # type: ignore[call-overload]
            elif kind == "chat":
                s.chat(str(a))
            elif kind == "undo" and s._last_move is not None:
                s.undo_move()
            elif kind == "remove" and a in {p.piece_id for p in s.live.values()}:
                s.remove(str(a))
        result = audit_records([("fuzz.vlog", read_record(s.record_text()))], mini_module)
        assert result.files[0].problems == []
        for f in result.findings:
            assert f.rule and f.pos.step >= 0 and f.message

    run()


def test_turn_tracker_moved_back_is_a_warning(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = clean_mini(mini_built)
    s.turn(3, "blue-move")  # from turn 4 back to turn 3
    result = audit_log(s)
    assert [(f.rule, f.severity.value, f.pos.step) for f in result.findings] == [
        ("sequence", "warning", len(s.steps))]
    assert result.violations == []
    assert "goes back to turn 3, Movimento" in result.findings[0].message


def _mid_game(mini_built: BuiltModule) -> ScriptedGame:
    """A log that starts on turn 4: I Corpo next to Armata A in the fort of 0801."""
    s = ScriptedGame(mini_built)
    s.turn(4, "blue-combat", restored=True)
    s.place("na-1", hex="0701", restored=True)
    s.place("sa-1", hex="0801", restored=True)
    s.roll("d6", 3)  # 6 vs 7 + fort 3: column 1:2, roll 3 + 1 (elite) → 1/1
    return s


def test_combat_inferred_from_the_losses(mini_built: BuiltModule, audit_log: Audit) -> None:
    s = _mid_game(mini_built)
    s.set_level("na-1", 2)  # the attacker loses one step
    s.remove("sa-1")        # the one-step defender is eliminated
    result = audit_log(s)
    assert only(result) == []
    assert {c.check: c.applied for c in result.checks}["combat"] == 1
    assert any("the log starts on a turn no scenario starts on" in n.line()
               and "[turn 4]" in n.line() for n in result.not_checkable)


def test_combat_inferred_defender_not_eliminated(mini_built: BuiltModule,
                                                  audit_log: Audit) -> None:
    s = _mid_game(mini_built)
    s.set_level("na-1", 2)
    s.move("sa-1", hex="0802")  # the defender walks away instead of losing its step
    result = audit_log(s)
    assert only(result) == [("combat", 1)]
    f = result.findings[0]
    assert f.message == ("combat at hex 0801 (Delta): 6 vs 10 (fort +3), roll 3 +1, column 1:2 gives "
                         "1/1; defender lost 0 step(s), the result calls for 1; the defender "
                         "retreated without a retreat result")


def test_network_links_restricted_by_nationality_and_turn(mini_copy, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """On a complete network board, paying per link: the Kiev-Odessa railway (0.5 MP) serves
    only SA pieces, from turn 3; others go round by Minsk (road 1 + road 1)."""
    from converter.audit.auditor import audit_files
    from converter.builder import build_module

    def edit_map(data):  # type: ignore[no-untyped-def]
        east = next(b for b in data["boards"] if b["id"] == "east")
        east["complete"] = True
        east["groups"][0].pop("allowed")  # let the blue cavalry stand in Kiev for this test
        for space in east["spaces"]:
            space.pop("missing", None)
            space.pop("provenance", None)
            space.pop("adjacent", None)
        east["links"].append({"between": ["kiev", "minsk"], "type": "road"})

    def cost_per_link(data):  # type: ignore[no-untyped-def]
        move = next(r for r in data["rules"] if r["id"] == "move")
        move["cost"] = "link"

    def slow(data):  # type: ignore[no-untyped-def]
        for piece in data["pieces"]:
            if piece["id"] in ("na-2", "sa-1"):
                for face in piece["faces"]:
                    face["factors"]["movement"] = 1

    mini_copy("map.json", edit_map)
    mini_copy("game.json", cost_per_link)
    folder = mini_copy("pieces.json", slow)
    built = build_module(folder, draw=False)

    def trip(piece: str, turn: int, phase: str) -> list[tuple[str, int, str]]:
        s = ScriptedGame(built)
        s.turn(turn, phase, restored=True)
        s.place(piece, space="kiev", restored=True)
        s.move(piece, space="odessa")
        log = tmp_path / f"{piece}-{turn}.vlog"
        log.write_bytes(s.log_bytes())
        return [(f.rule, f.pos.step, f.happened) for f in audit_files([log], folder, module=open_module(folder)).findings]

    by_road = [("move", 1, "at least 2 (path kiev - minsk - odessa)")]
    assert trip("sa-1", 3, "red-move") == []        # SA by rail from turn 3
    assert trip("sa-1", 2, "red-move") == by_road   # the railway is not open yet
    assert trip("na-2", 3, "blue-move") == by_road  # NA may not use it


def test_counter_totals(mini_built: BuiltModule, audit_log: Audit) -> None:
    """The box holds 6 units and dummies (totals, §2): a seventh is one too many."""
    s = ScriptedGame(mini_built)
    for pid, where in (("na-1", "0101"), ("na-2", "0102"), ("sa-1", "0801"),
                       ("sa-hq", "0802"), ("dummy", "0103"), ("dummy", "0104")):
        s.place(pid, hex=where)
    s.place("dummy", hex="0105")
    result = audit_log(s)
    # one cause, one finding: the third dummy is over its own count of 2, which is also
    # what takes the total over 6
    assert sorted(only(result)) == [("count:dummy", 7)]
    count = result.findings[0]
    assert count.message == "3 copies of Fittizio (dummy) are in play; the game has 2"


def test_undo_takes_back_the_move_before_it(mini_built: BuiltModule, audit_log: Audit) -> None:
    """(VASSAL's Undo takes back the last step logged, a chat line or a roll too, as the
    engine's own log shows: tests/audit/test_undo.py; so the undo comes right after the
    move here, and the chat after it)"""
    s = clean_mini(mini_built)
    s.turn(5, "blue-move")
    s.move("na-1", hex="0803")
    over_long = len(s.steps)
    s.undo_move()
    s.chat("oops")
    result = audit_log(s)
    assert only(result) == []
    assert [(f.rule, f.pos.step) for f in result.withdrawn] == [("move", over_long)]
    assert result.files[0].undone_steps == {over_long}


def test_turn_and_phase_announced_in_chat(mini_built: BuiltModule, audit_log: Audit) -> None:
    """Players who do not use the turn tracker write the turn and phase in the chat."""
    s = ScriptedGame(mini_built)
    s.place("na-1", hex="0203")
    s.chat("Turn 2 - Turno Rosso - Movimento")
    s.move("na-1", hex="0303")
    result = audit_log(s)
    assert only(result) == [("sequence", 3)]
    f = result.findings[0]
    assert (f.turn, f.phase) == (2, "Movimento")
    assert "moves during Movimento of Rosso" in f.message


def test_turn_marker_on_the_turn_track(mini_built: BuiltModule, audit_log: Audit) -> None:
    """Without a tracker, the turn marker's cell on the turn track gives the turn."""
    s = ScriptedGame(mini_built)
    s.place("turn-marker", track=("turn", 1))
    s.move("turn-marker", track=("turn", 2))
    s.place("sa-1", hex="0801")  # due on turn 3
    result = audit_log(s)
    assert only(result) == [("entry", 3)]
    assert result.findings[0].message == "Armata A enters on turn 2, before its entry turn 3"


def test_hexside_without_movement_data_is_not_guessed(mini_copy, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from converter.audit.auditor import audit_files
    from converter.builder import build_module

    def river_unknown(data):  # type: ignore[no-untyped-def]
        river = next(t for t in data["terrain"] if t["id"] == "river")
        river.pop("movement")
        river["missing"] = ["movement"]

    folder = mini_copy("map.json", river_unknown)
    s = ScriptedGame(build_module(folder, draw=False))
    s.turn(2, "blue-move", restored=True)  # mid-game: not compared with the setup
    s.place("na-1", hex="0404", restored=True)
    s.move("na-1", hex="0405")  # one hex is always allowed (minimum move)
    s.move("na-1", hex="0404")  # back across: forest 2 + the river's unknown cost
    log = tmp_path / "river.vlog"
    log.write_bytes(s.log_bytes())
    result = audit_files([log], folder, module=open_module(folder))
    assert result.findings == []
    lines = [n.line() for n in result.not_checkable if n.check == "movement"]
    assert lines == ["not checkable: move §5 (movement): the movement cost depends on terrain "
                     "or connections missing from the game data [hexside 0405/0404] (1 time, "
                     "first at river.vlog: step 2 (command 15))"]


def test_enemy_pieces_may_not_share_a_place(mini_copy, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from converter.audit.auditor import audit_files
    from converter.builder import build_module

    def no_mixing(data):  # type: ignore[no-untyped-def]
        data["rules"].append({"id": "no-mix", "kind": "stacking", "name": "Niente nemici",
                              "section": "6.2", "scope": "hex", "measure": "units",
                              "enemy": "forbidden", "per": "side"})

    folder = mini_copy("game.json", no_mixing)
    s = ScriptedGame(build_module(folder, draw=False))
    s.turn(2, "blue-move", restored=True)
    s.place("na-2", hex="0404", restored=True)
    s.place("sa-1", hex="0801", restored=True)
    s.place("sa-hq", hex="0404")  # a red HQ put on the blue cavalry
    log = tmp_path / "mix.vlog"
    log.write_bytes(s.log_bytes())
    result = audit_files([log], folder, module=open_module(folder))
    assert [(f.rule, f.section, f.pos.step, f.message) for f in result.findings] == [
        ("no-mix", "6.2", 1, "hex 0404 (Bravo) holds pieces of Blu and Rosso")]


def test_special_die_faces(mini_copy, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from converter.audit.auditor import audit_files
    from converter.builder import build_module

    def all_faces(data):  # type: ignore[no-untyped-def]
        die = next(d for d in data["dice"] if d["id"] == "special")
        die["faces"] = [{"label": "S", "value": 0}] + [{"label": str(n)} for n in range(1, 6)]
        die.pop("missing")
        die.pop("provenance")

    folder = mini_copy("tables.json", all_faces)
    s = ScriptedGame(build_module(folder, draw=False))
    s.roll("special", 4)
    s.roll("special", "S")
    s.roll("special", "X")  # no such face
    log = tmp_path / "special.vlog"
    log.write_bytes(s.log_bytes())
    result = audit_files([log], folder, module=open_module(folder))
    assert [(f.rule, f.pos.step, f.expected) for f in result.findings] == [
        ("die:special", 3, "1 face(s) among S, 1, 2, 3, 4, 5")]
