"""`vconv print` as a user runs it: files written, paper, bleed, quiet, exit codes and messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from converter.cli import main
from tests.conftest import MINI

MM_PER_PT = 25.4 / 72


def _pages(pdf: Path) -> list[tuple[float, float]]:
    return [(float(w) * MM_PER_PT, float(h) * MM_PER_PT)
            for w, h in re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf.read_bytes())]


def test_print_writes_counters_cards_and_decks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", str(MINI), "-o", str(tmp_path), "--dpi", "100"]) == 0
    names = sorted(p.name for p in tmp_path.iterdir() if p.name != ".mini-kit.files")  # the set's list
    assert names == ["mini-cards.pdf", "mini-counters.pdf", "mini-deck-blue-deck.pdf", "mini-maps.pdf",
                     "mini-setup.pdf", "mini-tracks.pdf"]
    out = capsys.readouterr().out.splitlines()
    assert sorted(Path(line).name for line in out) == names
    pages = _pages(tmp_path / "mini-counters.pdf")
    assert len(pages) == 2  # one sheet: fronts, then backs
    assert all(p == pytest.approx((210, 297), abs=0.01) for p in pages)
    assert len(_pages(tmp_path / "mini-deck-blue-deck.pdf")) == 2  # 3 cards: one sheet of fronts and backs


def test_letter_paper_and_png(tmp_path: Path) -> None:
    assert main(["print", str(MINI / "game.json"), "-o", str(tmp_path), "--paper", "letter", "--png",
                 "--quiet", "--dpi", "100"]) == 0
    assert all(p == pytest.approx((215.9, 279.4), abs=0.01) for p in _pages(tmp_path / "mini-counters.pdf"))
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert "mini-counters-01.png" in pngs and "mini-counters-02.png" in pngs
    assert "mini-card-table-crt.png" in pngs and "mini-deck-blue-deck-01.png" in pngs
    assert {"mini-map-main-01.png", "mini-setup-battle.png", "mini-tracks-01.png", "mini-card-victory.png"} <= set(pngs)
    # every map page is a letter sheet, upright or turned
    assert all(sorted(p) == pytest.approx(sorted((215.9, 279.4)), abs=0.01) for p in _pages(tmp_path / "mini-maps.pdf"))


def test_quiet_prints_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", str(MINI), "-o", str(tmp_path), "--quiet", "--dpi", "72"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_bleed_changes_the_sheet(tmp_path: Path) -> None:
    assert main(["print", str(MINI), "-o", str(tmp_path / "a"), "--quiet", "--dpi", "72"]) == 0
    assert main(["print", str(MINI), "-o", str(tmp_path / "b"), "--quiet", "--dpi", "72", "--bleed", "2"]) == 0
    a = (tmp_path / "a" / "mini-counters.pdf").read_bytes()
    b = (tmp_path / "b" / "mini-counters.pdf").read_bytes()
    assert a != b


def test_missing_game_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", str(tmp_path / "nowhere"), "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("vconv print: error:") and "nowhere" in err[0]
    assert not list(tmp_path.glob("*.pdf"))


def test_invalid_game_exits_2_with_one_line(mini_copy, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = mini_copy("pieces.json", lambda d: d["pieces"][0].__setitem__("kind", "spaceship"))
    assert main(["print", str(folder), "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the game has 1 problem (run vconv validate)" in err[0]
    assert not (tmp_path / "out").exists()


def test_corrupt_json_exits_2(mini_copy, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = mini_copy()
    (folder / "tables.json").write_text("{ not json", encoding="utf-8")
    assert main(["print", str(folder), "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "tables.json" in err[0]


@pytest.mark.parametrize("args", [["--bleed", "-1"], ["--bleed", "11"], ["--bleed", "nan"],
                                  ["--dpi", "10"]])
def test_bad_options_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    assert main(["print", str(MINI), "-o", str(tmp_path), *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"vconv print: error: {args[0]} must be")
    assert not list(tmp_path.glob("*.pdf"))


def test_unknown_paper_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["print", str(MINI), "-o", str(tmp_path), "--paper", "a3"])
    assert exit_info.value.code == 2
    assert "invalid choice: 'a3'" in capsys.readouterr().err


def test_progress_bar_only_on_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from converter.cli.print_kit import _Bar

    _Bar(True)("counters", 1, 2)
    _Bar(True)("counters", 2, 2)
    _Bar(False)("cards", 1, 2)
    err = capsys.readouterr().err
    assert "counters" in err and "1/2" in err and "2/2" in err and err.endswith("\n") and "cards" not in err
    assert main(["print", str(MINI), "-o", str(tmp_path), "--dpi", "72"]) == 0  # stderr is not a terminal here
    assert capsys.readouterr().err == ""
