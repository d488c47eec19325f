"""`vconv dump`: what a user sees for real saves and logs, and for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from converter.cli import main
from converter.vassal.savefile import Encoding, read_save, write_save

REAL = Path(__file__).resolve().parents[1] / "data" / "real"


def dump(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["dump", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_dump_of_a_modern_log(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = dump(capsys, str(REAL / "tour-vassal36.vlog"))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert "encoding: !VCSK (key 0xbf)" in lines
    assert "members: savedGame (19519 bytes), savedata (192 bytes), moduledata (248 bytes)" \
        in lines
    assert "module: VASSAL Tour 1.3 (VASSAL 3.6.0-SNAPSHOT-9a37405aa)" in lines
    assert "saved: 2026-11-22 11:00 UTC by VASSAL 3.6.0-SNAPSHOT-9a37405aa" in lines
    assert "restored game: 2 SetupCommand, 2 Null, 17 AddPiece, 2 SetBoards, 1 MarkGameNotNew" \
        in lines
    assert "logged steps: 16 (82 LOG entries)" in lines
    assert "step 2: MovePiece '1ME' from Main Map (337,419) to (393,386)" in lines
    assert "  Chat * 1ME moves G7 -> H6 *" in lines
    assert "  Dice Graphical dice roll = 1/1 (values 1, 1)" in lines
    assert "step 7: ChangePiece 'Jagd Pz Tiger CA = 4 Wreck' -> 'Jagd Pz Tiger CA = 5 Wreck'" \
        in lines
    assert "step 15: RemovePiece 'Goblin'" in lines
    # a player's chat as VASSAL's chat pane shows it (the log keeps '&lt;vlog-maker&gt;')
    assert "step 12: Chat <vlog-maker> - 1ME holds J5; the Tiger joins it." in lines


def test_the_password_never_appears(capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
    # VASSAL writes the player's password as the mover id of each MovePiece
    text = read_save(REAL / "tour-vassal36.vlog").text
    assert "vlog-maker-password" in text
    for fmt in ("text", "json"):
        code, out, _ = dump(capsys, str(REAL / "tour-vassal36.vlog"), "--format", fmt)
        assert code == 0 and "password" not in out.replace("<redacted>", "")
    # and a roster entry (PLAYER⇥password⇥name⇥side) shows the name and side only
    roster = text.replace("end_save", "PLAYER\tsecret-pw\tAlice\tAllies\x1bend_save", 1)
    path = write_save(tmp_path / "roster.vsav", roster)
    code, out, _ = dump(capsys, str(path))
    assert "Player 'Alice' side 'Allies' (password <redacted>)" in out
    assert "secret-pw" not in out


def test_json_dump_of_the_tour_log(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = dump(capsys, str(REAL / "tour.vlog"), "--format", "json")
    doc = json.loads(out)
    assert code == 0
    assert (doc["encoding"], doc["archive"], doc["unknown"]) == ("plain", True, 0)
    assert doc["savedata"] is None and doc["moduledata"] is None  # a 2005 file: savedGame only
    assert doc["restored"]["counts"]["AddPiece"] == 17
    assert len(doc["steps"]) == 114 and doc["log_entries"] == 191
    move = doc["steps"][17]["commands"][0]
    assert move == {"kind": "MovePiece", "id": "1116883538766",
                    "name": "stack of Albatros C", "from_map": "Main Map", "from_x": 504,
                    "from_y": 504, "to_map": "Main Map", "to_x": 552, "to_y": 552,
                    "under": None}


def test_dump_of_a_bare_vobs_stream(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_save(tmp_path / "savedGame", "begin_save\x1bend_save\x1bLOG\tCHAT*** 2d6 = "
                      "3,4 *** &lt;Alice&gt;\x1bLOG\tM/9/East/5/6/null/West/1/2/null/pw\x1b"
                      "LOG\tUNDO\ttrue", encoding=Encoding.VOBS, key=7, archive=False)
    code, out, _ = dump(capsys, str(path))
    assert code == 0
    lines = out.splitlines()
    assert "encoding: VOBS (key 0x07) (bare savedGame stream)" in lines
    assert "step 1: Dice 2d6 = 3,4 (values 3, 4) by Alice" in lines
    assert "step 2: MovePiece '9' from West (1,2) to East (5,6)" in lines
    assert "step 3: Undo begins" in lines


def test_a_played_sound_is_named_not_unknown(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """Blood Bowl's 2017 logs log a Play Sound after each move (`AUDIO⇥Moving.wav`, VASSAL's
    PlayAudioClipCommand); the module's own Java commands stay unknown and are counted."""
    path = write_save(tmp_path / "bb.vlog", "begin_save\x1bend_save\x1bLOG\tCHAT* 1 moves *"
                      "\x1bLOG\tAUDIO\tMoving.wav\x1bLOG\tROLLOVER:RED",
                      encoding=Encoding.VCSK, key=7)
    code, out, _ = dump(capsys, str(path))
    assert code == 0
    lines = out.splitlines()
    assert "step 2: PlayAudio 'Moving.wav'" in lines
    assert "step 3: Unknown 'ROLLOVER:RED'" in lines
    assert "unknown commands kept raw: 1" in lines
    code, out, _ = dump(capsys, str(path), "--format", "json")
    assert '"clip": "Moving.wav"' in out


@pytest.mark.parametrize("content, message", [
    (b"hello", "not a VASSAL save or log"),
    (b"PK\x03\x04broken", "not a readable zip archive"),
    (b"!VCSK2a484f4d434", "odd number of hex digits"),
])
def test_unreadable_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path, content: bytes,
                                                message: str) -> None:
    path = tmp_path / "bad.vsav"
    path.write_bytes(content)
    code, out, err = dump(capsys, str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"vconv dump: error: {path}") and message in err
    assert len(err.strip().splitlines()) == 1


def test_a_module_is_dumped_as_a_module(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = dump(capsys, str(REAL / "tour.vmod"))  # details: tests/importer
    assert code == 0 and err == "" and "VASSAL module 'VASSAL Tour'" in out


def test_save_description_and_bad_metadata(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    code, out, _ = dump(capsys, str(REAL / "Campaign-180907.vsav"))
    assert "module: TRC4 1.3b06 (VASSAL 3.2.17)" in out.splitlines()
    # a broken or hostile savedata (an entity) is shown as absent, never expanded
    text = read_save(REAL / "tour.vlog").text
    bad = b'<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><data><name>&x;</name></data>'
    path = write_save(tmp_path / "meta.vlog", text, savedata=b"<data><oops", moduledata=bad)
    code, out, _ = dump(capsys, str(path), "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["savedata"] is None
    assert doc["moduledata"] is None and "root:" not in out


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = dump(capsys, str(tmp_path / "nope.vlog"))
    assert code == 2 and "cannot read file" in err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["tour.vlog", "tour-vassal36.vlog"]),
       st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(b"/;\t\\0123x\x1b")),
                min_size=1, max_size=6))
def test_dump_of_damaged_commands_never_crashes(tmp_path_factory: pytest.TempPathFactory,
                                                name: str, edits: list[tuple[int, int]]) -> None:
    # damage the command text itself (not the zip), so piece decoding meets broken chains
    text = bytearray(read_save(REAL / name).text.encode("utf-8"))
    for pos, value in edits:
        text[pos % len(text)] = value
    path = tmp_path_factory.mktemp("d") / "damaged.vlog"
    write_save(path, bytes(text).decode("utf-8", "replace"), key=5)
    code = main(["dump", str(path), "--format", "json"])
    assert code in (0, 2)


def test_dumping_a_save_starts_without_the_module_reader() -> None:
    """Telling a save from a module opened the importer, builder and model (half the CPU
    of dumping a small log): the save path imports none of them."""
    import subprocess
    import sys

    code = ("import sys\nfrom converter.cli import main\n"
            f"main(['dump', {str(REAL / 'tour.vlog')!r}])\n"
            "heavy = sorted(m for m in sys.modules if m.startswith(('converter.importer', "
            "'converter.builder', 'converter.model', 'converter.vassal.components')))\n"
            "print('HEAVY', heavy, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert "HEAVY []" in done.stderr


def test_dumping_a_deep_save_loads_only_the_traits_that_name_and_place_pieces() -> None:
    """Every trait module, the trait registry, logging and the atomic writer took a fifth of
    the CPU of dumping a real save before its first piece was read: a dump loads the
    BasicPiece, Basic Name, Layer and Label decoders and nothing it does not run (Almoravid's layers
    follow properties: the Dynamic Property and Marker decoders that answer them too)."""
    import subprocess
    import sys

    code = ("import sys\nfrom converter.cli import main\n"
            f"main(['dump', {str(REAL / 'almoravid' / 'Scenario_A_Toledo_Beset.vsav')!r}])\n"
            "print('TRAITS', sorted(m.rpartition('.')[2] for m in sys.modules "
            "if m.startswith('converter.vassal.traits.')), file=sys.stderr)\n"
            "print('UNUSED', [m for m in ('logging', 'converter.atomic') if m in sys.modules],"
            " file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, encoding="utf-8")
    assert "TRAITS ['base', 'basic_name', 'basic_piece', 'dynamic_property', 'label', " \
        "'layer', 'marker', 'piece', 'spec']" in done.stderr
    assert "UNUSED []" in done.stderr
    assert "AddPiece 'Álava' [1677335665694] at Main Map (4526,188)" in done.stdout


def test_a_piece_named_question_mark_is_told_from_an_undecodable_one(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Both show the name '?'; only the one whose chain cannot be decoded says so."""
    log = tmp_path / "q.vlog"
    log.write_text("begin_save\x1b+/1/piece;;;a.png;?/Main Map;100;100;1;0\x1b"
                   "+/2/mark;k\tpiece;;;a.png;X/v\x1bend_save", encoding="utf-8")
    code, out, err = dump(capsys, str(log))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert "  AddPiece '?' [1] at Main Map (100,100)" in lines
    assert "  AddPiece '?' [2] (its trait chain cannot be decoded)" in lines
    code, out, _ = dump(capsys, "--format", "json", str(log))
    added = [c for c in json.loads(out)["restored"]["commands"] if c["kind"] == "AddPiece"]
    assert [c.get("undecodable", False) for c in added] == [False, True]
