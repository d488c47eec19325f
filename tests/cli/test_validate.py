"""`vconv validate` as a user runs it: output lines, exit codes, JSON output."""

from __future__ import annotations

import json
from pathlib import Path

from converter.cli import main
from tests.conftest import MINI, bundled_games


def test_valid_game_exits_0_and_says_so(capsys) -> None:
    assert main(["validate", str(MINI)]) == 0
    out = capsys.readouterr().out
    assert out.strip() == f"{MINI}: valid (Mini Battle; a \"test\" game, à la 1914)"


def test_game_json_path_is_accepted(capsys) -> None:
    assert main(["validate", str(MINI / "game.json")]) == 0


def test_broken_game_prints_every_problem_and_exits_1(mini_copy, capsys) -> None:
    def edit(doc):
        doc["pieces"][2]["nationality"] = "XX"
        doc["pieces"][0]["faces"][0]["side"] = "top"
    folder = mini_copy("pieces.json", edit)
    assert main(["validate", str(folder)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        f'{folder}/pieces.json:/pieces/0/faces/0/side: "top" is not one of "front", "back"',
    ]
    assert captured.err.strip() == f"{folder}: 1 problem"


def test_cross_reference_problems_after_schema_passes(mini_copy, capsys) -> None:
    folder = mini_copy("pieces.json", lambda d: d["pieces"][2].update(nationality="XX"))
    assert main(["validate", str(folder)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{folder}/pieces.json:/pieces/2/nationality: unknown nationality 'XX'",
    ]


def test_json_format_for_machines(mini_copy, capsys) -> None:
    folder = mini_copy("map.json", lambda d: d["boards"][2]["spaces"][1].update(adjacent=[]))
    assert main(["validate", "--format", "json", str(folder), str(MINI)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [r["valid"] for r in report] == [False, True]
    (problem,) = report[0]["problems"]
    assert problem["file"] == str(folder / "map.json")
    assert problem["pointer"] == "/boards/2/spaces/0/adjacent/0"
    assert problem["check"] == "adjacency"
    assert "add 'kiev' to the 'adjacent' of 'minsk'" in problem["hint"]


def test_missing_game_exits_2_naming_the_file(tmp_path, capsys) -> None:
    assert main(["validate", str(tmp_path / "nothing")]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"vconv validate: error: {tmp_path / 'nothing'}: no such file (expected a game folder holding game.json)"


def test_unparsable_file_exits_2_naming_file_and_line(mini_copy, capsys) -> None:
    folder = mini_copy()
    (folder / "tables.json").write_text('{\n  "dice": [\n    {"id": "d6",}\n  ]\n}\n', encoding="utf-8")
    assert main(["validate", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"vconv validate: error: {folder / 'tables.json'}:3: invalid JSON")


def test_duplicate_key_is_an_input_error_with_line(mini_copy, capsys) -> None:
    folder = mini_copy()
    (folder / "tables.json").write_text('{\n "dice": [],\n "dice": []\n}\n', encoding="utf-8")
    assert main(["validate", str(folder)]) == 2
    assert f"{folder / 'tables.json'}:3: key 'dice' appears twice in one object" in capsys.readouterr().err


def test_missing_included_file_exits_2(mini_copy, capsys) -> None:
    folder = mini_copy()
    (folder / "map.json").unlink()
    assert main(["validate", str(folder)]) == 2
    err = capsys.readouterr().err
    assert f"{folder / 'map.json'}: included from" in err and "no such file" in err


def test_no_arguments_is_a_usage_error(capsys) -> None:
    try:
        main(["validate"])
    except SystemExit as exc:
        assert exc.code == 2
    else:  # pragma: no cover - argparse always exits
        raise AssertionError("expected a usage error")


def test_every_bundled_module_validates_clean(capsys) -> None:
    games = bundled_games()
    assert games, "no modules/ folder with a game.json"
    assert main(["validate", *map(str, games)]) == 0, capsys.readouterr().out
