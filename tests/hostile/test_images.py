"""A picture whose header declares more pixels than the limit is refused from the header, by
every command that opens pictures, with the file, the limit and its variable (issue 14).

The PNG used is 60 bytes long and declares 9000x8000 pixels (72 million, over the default
of 64 Mi); decoding it would take 216 MB before anything was checked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.hostile.conftest import Run
from tests.hostile.inputs import edit_game, module_entries, png_claiming, zip_bytes

LIMIT = ("9000x8000 pixels, over the limit of 67108864 (pixels in one image; raise it with "
         "VCONV_MAX_IMAGE_PIXELS)")


def _board_scan(kind: str) -> Any:
    """An edit of map.json giving the first board of *kind* the huge scan."""
    def edit(data: dict[str, Any]) -> None:
        board = next(b for b in data["boards"] if b["kind"] == kind)
        board["image"] = {"file": "scan.png", "origin": [40, 40], "hex_width_px": 60}
    return edit


def _face_picture(data: dict[str, Any]) -> None:
    data["pieces"][0]["faces"][0]["image"] = "face.png"


def _game(tmp_path: Path, file: str, edit: Any, picture: str) -> Path:
    game = edit_game(tmp_path, file, edit)
    (game / picture).write_bytes(png_claiming(9_000, 8_000))
    return game


@pytest.mark.parametrize("command", ["validate", "build", "print", "preview"])
def test_a_hex_board_scan_past_the_limit(run: Run, tmp_path: Path, command: str) -> None:
    game = _game(tmp_path, "map.json", _board_scan("hex"), "scan.png")
    out = [] if command == "validate" else ["-o", tmp_path / "out"]
    code, _, err = run(command, game, *out)
    assert code == 2 and f"{game / 'scan.png'}: {LIMIT}\n" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["validate", "build", "preview"])  # print draws no boards
def test_a_boxes_board_scan_past_the_limit(run: Run, tmp_path: Path, command: str) -> None:
    game = _game(tmp_path, "map.json", _board_scan("boxes"), "scan.png")
    out = [] if command == "validate" else ["-o", tmp_path / "out"]
    code, _, err = run(command, game, *out)
    assert code == 2 and f"{game / 'scan.png'}: {LIMIT}\n" in err
    assert not (tmp_path / "out").exists()


def _card_picture(data: dict[str, Any]) -> None:
    data["cards"][0]["back_image"] = "card.png"


def _die_face(data: dict[str, Any]) -> None:
    data["dice"][0]["faces"] = [{"label": str(n), "value": n} for n in range(1, 7)]
    data["dice"][0]["faces"][5]["image"] = "die.png"


def _chart(data: dict[str, Any]) -> None:
    data["charts"].append({"id": "crt", "name": "CRT", "image": "chart.png",
                           "provenance": {"status": "stated", "section": "1"}})


@pytest.mark.parametrize(("file", "edit", "picture"), [
    ("map.json", _board_scan("network"), "scan.png"), ("pieces.json", _face_picture, "face.png"),
    ("pieces.json", _card_picture, "card.png"), ("tables.json", _die_face, "die.png"),
    ("tables.json", _chart, "chart.png")], ids=["network-board", "face", "card", "die", "chart"])
def test_validate_sizes_every_picture_the_game_names(run: Run, tmp_path: Path, file: str,
                                                     edit: Any, picture: str) -> None:
    """Every picture is measured where it is first read, with the limit print and audit
    use: a zoned board's 20000x20000 scan or a face validated, then a module was built
    packing it, and only print and audit refused it."""
    game = _game(tmp_path, file, edit, picture)
    code, _, err = run("validate", game)
    assert code == 2 and err == f"vconv validate: error: {game / picture}: {LIMIT}\n"


def test_a_game_folder_with_a_picture_past_the_limit_is_not_audited(run: Run,
                                                                   tmp_path: Path) -> None:
    game = _game(tmp_path, "pieces.json", _face_picture, "face.png")
    code, _, err = run("audit", "tests/data/logs/mini-clean.vlog", "--module", game)
    assert code == 2 and f"{game / 'face.png'}: {LIMIT}\n" in err


@pytest.mark.parametrize("command", ["validate", "build", "print"])
def test_a_face_picture_past_the_limit(run: Run, tmp_path: Path, command: str) -> None:
    game = _game(tmp_path, "pieces.json", _face_picture, "face.png")
    out = [] if command == "validate" else ["-o", tmp_path / "out"]
    code, _, err = run(command, game, *out)
    assert code == 2 and f"{game / 'face.png'}: {LIMIT}\n" in err
    assert not (tmp_path / "out").exists()


def test_the_limit_is_raised_with_its_variable(run: Run, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game(tmp_path, "map.json", _board_scan("hex"), "scan.png")
    monkeypatch.setenv("VCONV_MAX_IMAGE_PIXELS", "80000000")
    code, _, err = run("validate", game)  # measured, not decoded: the grid check goes on
    assert code == 0 and err == ""


def _module_with_huge_board(mini_vmod: Path, out: Path, *, embedded: bool) -> Path:
    entries = [(n, png_claiming(9_000, 8_000) if n == "images/boards/main.png" else d)
               for n, d in module_entries(mini_vmod) if embedded or n != "vconv/game.json"]
    out.write_bytes(zip_bytes(entries))
    return out


def test_check_refuses_a_module_picture_past_the_limit(run: Run, tmp_path: Path,
                                                       mini_vmod: Path) -> None:
    module = _module_with_huge_board(mini_vmod, tmp_path / "huge.vmod", embedded=True)
    code, out, err = run("check", module)
    assert code == 2 and f"vconv check: error: {module}!images/boards/main.png: {LIMIT}" in err


@pytest.mark.parametrize("embedded", [True, False])
def test_audit_refuses_a_module_picture_past_the_limit(run: Run, tmp_path: Path, mini_vmod: Path,
                                                       embedded: bool) -> None:
    module = _module_with_huge_board(mini_vmod, tmp_path / "huge.vmod", embedded=embedded)
    code, _, err = run("audit", "tests/data/logs/mini-clean.vlog", "--module", module)
    assert code == 2 and f"vconv audit: error: {module}!images/boards/main.png: {LIMIT}" in err


def test_a_scan_under_the_image_limit_is_measured_but_not_drawn_past_the_drawing_limit(
        run: Run, tmp_path: Path) -> None:
    """8000x6000 (48 million pixels) is measured by validate; drawing it would hold about
    16 bytes a pixel, so build and preview stop at 40 Mi pixels."""
    game = edit_game(tmp_path, "map.json", _board_scan("boxes"))
    (game / "scan.png").write_bytes(png_claiming(8_000, 6_000))
    assert run("validate", game)[0] in (0, 1)
    for command in ("build", "preview"):
        code, _, err = run(command, game, "-o", tmp_path / "out")
        assert code == 2 and (f"{game / 'scan.png'}: 8000x6000 pixels, over the limit of 41943040 "
                              "(pixels in one picture that is drawn (a board scan or a face "
                              "picture); raise it with VCONV_MAX_DECODED_PIXELS)\n") in err
        assert not (tmp_path / "out").exists()


def test_a_broken_animation_chunk_is_one_line_not_a_pillow_warning(run: Run, tmp_path: Path) -> None:
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    png = png_claiming(9_000, 8_000)  # an empty acTL after the header: Pillow warns "Invalid APNG"
    png = png[:33] + chunk(b"acTL", bytes(8)) + png[33:]  # no frames
    game = edit_game(tmp_path, "map.json", _board_scan("boxes"))
    (game / "scan.png").write_bytes(png)
    import warnings

    with warnings.catch_warnings(record=True) as seen:  # a warning reaches stderr in a shell
        warnings.simplefilter("always")
        code, _, err = run("preview", game, "-o", tmp_path / "out")
    assert code == 2 and err.count("\n") == 1 and not [w for w in seen if "APNG" in str(w.message)]
