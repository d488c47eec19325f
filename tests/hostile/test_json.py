"""Hostile game JSON (issue 14): each class refused where it is read, with file and position,
and the limit that refused it named with the way to raise it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from converter.load import document
from tests.hostile.conftest import Run
from tests.hostile.inputs import edit_game, edit_text, game_with_text, line_of


def test_deep_nesting_is_refused_not_a_recursion_error(run: Run, tmp_path: Path) -> None:
    game = game_with_text(tmp_path / "deep", '{"a":' + "[" * 100_000 + "]" * 100_000 + "}")
    code, _, err = run("validate", game)
    assert code == 2
    assert f"{game / 'game.json'}" in err and "json nesting depth" in err
    assert "VCONV_MAX_JSON_DEPTH" in err


def test_nesting_past_the_limit_names_its_pointer_and_can_be_raised(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = edit_game(tmp_path, "game.json", lambda d: d.update(extra=[[[[[[1]]]]]]))
    monkeypatch.setenv("VCONV_MAX_JSON_DEPTH", "4")
    code, _, err = run("validate", game)
    assert code == 2 and "game.json:/extra/0/0/0:" in err and "over the limit of 4" in err
    monkeypatch.setenv("VCONV_MAX_JSON_DEPTH", "50")
    code, out, _ = run("validate", game)
    assert code == 1 and "extra" in out  # read now; the schema then reports the stray key


@pytest.mark.parametrize("literal, message", [
    ("9" * 5000, "5000 characters, over the limit of 100"),
    ("-" + "1" * 101, "102 characters"),
    ("1e400", "too large"),
    ("NaN", "NaN is not a JSON number"),
    ("Infinity", "Infinity is not a JSON number"),
    ("-Infinity", "-Infinity is not a JSON number"),
])
@pytest.mark.parametrize("command", ["validate", "build", "print"])
def test_numbers_json_cannot_hold_are_refused_with_their_line(
        run: Run, tmp_path: Path, literal: str, message: str, command: str) -> None:
    game = edit_text(tmp_path, "map.json", '"movement": {"cost": 2}', f'"movement": {{"cost": {literal}}}')
    line = line_of(game / "map.json", literal)
    code, out, err = run(command, game, "-o", tmp_path / "out") if command != "validate" \
        else run(command, game)
    assert code == 2 and out == ""
    assert f"map.json:{line}: " in err and message in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.parametrize("edit, pointer", [
    (lambda d: d.update(title="a\ud800b"), "/title"),
    (lambda d: d["sides"][0].update(name="\udfff"), "/sides/0/name"),
    (lambda d: d.update({"x\ud800": 1}), "/x\ud800"),
])
@pytest.mark.parametrize("command", ["validate", "build", "print", "audit"])
def test_lone_surrogates_are_refused_before_anything_prints_or_writes_them(
        run: Run, tmp_path: Path, edit, pointer: str, command: str) -> None:
    game = edit_game(tmp_path, "game.json", edit)
    assert "\\ud" in (game / "game.json").read_text() or "\\udfff" in (game / "game.json").read_text()
    args = {"validate": [game], "build": [game, "-o", tmp_path / "out"],
            "print": [game, "-o", tmp_path / "out"],
            "audit": ["tests/data/logs/mini-clean.vlog", "--module", game]}[command]
    code, out, err = run(command, *args)
    assert code == 2 and out == ""
    assert "game.json:" + pointer.encode("utf-8", "backslashreplace").decode() + ":" in err
    assert "lone UTF-16 surrogate" in err


def test_include_names_that_name_no_file_are_problems_of_the_include_list(
        run: Run, tmp_path: Path) -> None:
    def add(d: dict) -> None:
        d["include"] += ["a\u0000b.json", "x" * 300 + ".json", "loop.json"]

    game = edit_game(tmp_path, "game.json", add)
    os.symlink("loop.json", game / "loop.json")
    first = len(json.loads((game / "game.json").read_text())["include"]) - 3
    code, out, _ = run("validate", game)
    assert code == 1
    assert f"game.json:/include/{first}: include name 'a\\x00b.json' holds a control character" in out
    assert f"game.json:/include/{first + 1}: include name: 'xxxxxxxxxxxxxxxxxxxx'... has 305 " \
           "characters, over the limit of 255 (characters in an include name)" in out
    assert f"game.json:/include/{first + 2}: include 'loop.json' cannot be opened" in out


def test_the_same_fragment_included_2000_times_is_read_once(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = edit_game(tmp_path, "game.json", lambda d: d["include"].extend(["map.json"] * 2000))
    includes = json.loads((game / "game.json").read_text())["include"]
    reads: list[str] = []
    real = document.read_json
    monkeypatch.setattr(document, "read_json",
                        lambda path, display=None, **kw: reads.append(str(path)) or real(path, display, **kw))
    code, out, _ = run("validate", game)
    assert code == 1
    assert len(reads) == len(set(includes)) + 1  # game.json and each distinct file, once
    first = includes.index("map.json")
    assert out.count(f"is already included at /include/{first}") == 2000
    assert "is defined in more than one file" not in out and "duplicate" not in out.lower()


def test_too_many_distinct_includes_are_refused_with_the_limit(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = edit_game(tmp_path, "game.json", lambda d: None)
    monkeypatch.setenv("VCONV_MAX_INCLUDES", "2")
    code, _, err = run("validate", game)
    assert code == 2 and "game.json:/include: include: 3 files, over the limit of 2" in err
    assert "VCONV_MAX_INCLUDES" in err


def test_included_bytes_are_bounded_in_total(run: Run, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    game = edit_game(tmp_path, "game.json", lambda d: None)
    monkeypatch.setenv("VCONV_MAX_INCLUDED_BYTES", str((game / "game.json").stat().st_size + 10))
    code, _, err = run("validate", game)
    assert code == 2 and "the game and its includes pass the byte total" in err
    assert "VCONV_MAX_INCLUDED_BYTES" in err and ":/include/0:" in err


def test_a_surrogate_in_a_modules_embedded_description_is_refused(
        run: Run, tmp_path: Path, mini_vmod: Path) -> None:
    from tests.hostile.inputs import module_entries, zip_bytes

    entries = module_entries(mini_vmod)
    doc = dict(entries)["vconv/game.json"].decode()
    bad = doc.replace('"title": "', '"title": "\\ud800', 1)
    assert bad != doc
    module = tmp_path / "sur.vmod"
    module.write_bytes(zip_bytes([(n, bad.encode() if n == "vconv/game.json" else d)
                                  for n, d in entries]))
    code, out, err = run("import", module, "-o", tmp_path / "game")
    assert code == 2 and out == "" and not (tmp_path / "game").exists()
    assert f"{module}!vconv/game.json:/title:" in err and "lone UTF-16 surrogate" in err
    code, _, err = run("audit", "tests/data/logs/mini-clean.vlog", "--module", module)
    assert code == 2 and "vconv/game.json:/title:" in err


@pytest.mark.parametrize("edit, pointer, what", [
    (lambda d: d["tracks"][1].update(max=10**30), "/tracks/1/max", "track 'vp': max 1" + "0" * 30),
    (lambda d: d["tracks"][1].update(min=-20_000), "/tracks/1/min", "track 'vp': min -20000"),
    (lambda d: d["turns"].update(count=10**12), "/turns/count", "turns: count 1000000000000"),
])
def test_a_track_or_turn_count_past_the_limit_is_a_problem_not_a_memory_error(
        run: Run, tmp_path: Path, edit, pointer: str, what: str) -> None:
    game = edit_game(tmp_path, "game.json", edit)
    code, out, _ = run("validate", game)
    assert code == 1
    assert f"game.json:{pointer}: {what}, over the limit of 10000 (turns, and track values " \
           "either side of 0 (each is a drawn cell); raise it with VCONV_MAX_TRACK_CELLS)" in out
    code, _, err = run("build", game, "-o", tmp_path / "out")
    assert code == 2 and "run vconv validate" in err


@pytest.mark.parametrize("file, edit, where, shown", [
    ("game.json", lambda d: d.update(title="\u0000"), "game.json:/title", "'\\x00' holds U+0000"),
    ("pieces.json", lambda d: d["pieces"][0].update(name="I\u000bCorpo"), "pieces.json:/pieces/0/name",
     "'I\\x0bCorpo' holds U+000B"),
    ("tables.json", lambda d: d.update({"x\u001f": 1}), "tables.json:/x\\x1f", "'x\\x1f' holds U+001F"),
    ("map.json", lambda d: d.update(note="\uffff"), "map.json:/note", "'\\uffff' holds U+FFFF"),
])
def test_control_characters_a_module_cannot_carry_are_problems_of_validate(
        run: Run, tmp_path: Path, file: str, edit, where: str, shown: str) -> None:
    """JSON may hold them, XML may not: validate said 'valid' and the build then refused."""
    game = edit_game(tmp_path, file, edit)
    code, out, _ = run("validate", game)
    assert code == 1
    assert f"{where}: text {shown}, a character XML (so a VASSAL module) cannot carry" in out
    code, _, err = run("build", game, "-o", tmp_path / "out")
    assert code == 2 and where in err and "XML cannot carry" not in err


def test_tab_and_line_breaks_are_text(run: Run, tmp_path: Path) -> None:
    game = edit_game(tmp_path, "game.json", lambda d: d.update(title="a\tb\nc\r"))
    assert run("validate", game)[0] == 0


@pytest.mark.parametrize("literal", ["1e308", "2.0", "1E1"])
def test_a_whole_number_written_as_a_float_is_not_an_integer(
        run: Run, tmp_path: Path, literal: str) -> None:
    """JSON Schema calls 2.0 an integer; a turn track of 1e308 turns then crashed validate."""
    game = edit_text(tmp_path, "game.json", '"first": 1,', f'"first": {literal},')
    code, out, _ = run("validate", game)
    assert code == 1
    assert f"game.json:/turns/first: expected an integer, got a number {float(literal)!r}" in out
    code, _, err = run("build", game, "-o", tmp_path / "out")
    assert code == 2 and "game.json:/turns/first: expected an integer" in err


@pytest.mark.parametrize("text, found", [
    ('{"a": "\\b", "b": "x"}', [("/a", "\b")]),
    ('{"a": {"k\\f": 1}}', [("/a/k\f", "k\f")]),
    ('{"a": ["\\u000B"]}', [("/a/0", "\x0b")]),
    ('{"a": "\ufffe"}', [("/a", "\ufffe")]),
    ('{"a": "\\uFFFF"}', [("/a", "\uffff")]),
    ('{"a": "C:\\\\bin\\\\f", "b": "\\\\u0001", "c": "\\u00e9\\t\\n"}', []),
])
def test_every_way_json_spells_a_control_character_is_found(
        text: str, found: list[tuple[str, str]]) -> None:
    """The loader skips its walk over every string when the text cannot hold one: each
    spelling (escape letter, upper-case hex, the character itself) must still be found,
    and an escaped backslash before the letter is text."""
    controls: list[tuple[str, str]] = []
    document.parse_json_bytes(text.encode(), "game.json", controls=controls)
    assert controls == found


def test_a_lone_surrogate_in_upper_case_hex_is_refused() -> None:
    with pytest.raises(document.InputError, match="lone UTF-16 surrogate"):
        document.parse_json_bytes(b'{"a": ["ok", "\\uDBFF"]}', "game.json")


def test_a_file_of_more_values_than_the_limit_is_refused_before_it_is_parsed(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """10 million empty arrays (a 31 MB game.json, under the byte limit) took validate 3 GB
    and 40 s; past the limit (a million; a thousand here) the file is refused unread, naming
    the limit and the count (the object, its 3 members and the 1,001 arrays of x)."""
    monkeypatch.setenv("VCONV_MAX_JSON_VALUES", "1000")
    text = '{"format": "vconv-game/1", "id": "x", "x": [' + "[]," * 1_000 + "[]]}"
    game = game_with_text(tmp_path / "many", text)
    code, out, err = run("validate", game)
    assert code == 2 and out == ""
    assert err == (f"vconv validate: error: {game / 'game.json'}: JSON: 1005 values, over the "
                   "limit of 1000 (values in a game's JSON files together, or in one other "
                   "JSON file; raise it with VCONV_MAX_JSON_VALUES)\n")


def test_commas_inside_strings_are_not_counted_as_values(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = edit_game(tmp_path, "game.json", lambda d: d.update(title="a, " * 10_000))
    monkeypatch.setenv("VCONV_MAX_JSON_VALUES", "2000")  # mini's game.json holds about 700
    code, out, err = run("validate", game)
    assert code == 0, out + err


def test_a_game_of_many_files_each_under_the_limit_is_refused_by_their_sum(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit bounds the game, not each file: included files of 600 values each (a
    thousand allowed here; 900,000 each under the default) were each read whole, so the
    64 MiB of includes could hold 20 million values.  The file that crosses it is refused
    unparsed, with its own count and the game's."""
    monkeypatch.setenv("VCONV_MAX_JSON_VALUES", "1000")
    part = '{"notes": [' + ",".join(['"n"'] * 599) + "]}"
    game = game_with_text(tmp_path / "parts", '{"format": "vconv-game/1", "id": "x", '
                          '"include": ["a.json", "b.json"]}', {"a.json": part, "b.json": part})
    code, out, err = run("validate", game)
    assert code == 2 and out == ""
    assert err == (f"vconv validate: error: {game / 'b.json'}: JSON: 601 values, 1208 with the "
                   "files read before it, over the limit of 1000 (values in a game's JSON files "
                   "together, or in one other JSON file; raise it with VCONV_MAX_JSON_VALUES)\n")
    monkeypatch.setenv("VCONV_MAX_JSON_VALUES", "1208")
    assert run("validate", game)[0] in (0, 1)  # read, then judged
