"""A module's charts (Chart pictures, HtmlChart pages, in their windows and tabs) come into the
canonical form as `charts`, validate, build into a module without the kept build file, and
print among the reference cards. Fields of Fire 2 has 37 such charts, Blood Bowl 15, Paths of
Glory 5 and a how-to-play page: before, they lived only in the verbatim copy of the build file."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from converter.cli import main
from converter.validate import validate_path
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module
from tests.helpers_vassal import run_vassal_check
from tests.importer.helpers import merged

CHARTS = (
    '<VASSAL.build.module.ChartWindow hotkey="" icon="" name="Player Aids" text="Aids" '
    'tooltip="Player aids"><VASSAL.build.widget.TabWidget entryName="Combat">'
    '<VASSAL.build.widget.Chart chartName="CRT" description="Combat results" '
    'fileName="crt.png"/><VASSAL.build.widget.Chart chartName="TEC" fileName="tec.png"/>'
    '</VASSAL.build.widget.TabWidget>'
    '<VASSAL.build.widget.HtmlChart chartName="How to Play" fileName="howto.html"/>'
    '</VASSAL.build.module.ChartWindow>'
    '<VASSAL.build.module.ChartWindow name="Sequence" text="Sequence" tooltip="">'
    '<VASSAL.build.widget.Chart chartName="Sequence of Play" fileName="sop.png"/>'
    '</VASSAL.build.module.ChartWindow>')
PAGE = b'<html><body><p>Drag units.</p><img src="arrow.png"></body></html>'


def _picture(colour: str, size: tuple[int, int] = (120, 80)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def _module(tmp_path: Path, charts: str = CHARTS, *, lacking: tuple[str, ...] = ()) -> Path:
    text = BUILDFILE.replace("</VASSAL.build.GameModule>", charts + "</VASSAL.build.GameModule>")
    images = {n: png(*s) for n, s in IMAGES.items()}
    images.update({"crt.png": _picture("red"), "tec.png": _picture("green"),
                   "sop.png": _picture("blue", (60, 200)), "arrow.png": _picture("black", (8, 8))})
    files = {"howto.html": PAGE}
    for name in lacking:
        images.pop(name, None)
        files.pop(name, None)
    return write_module(tmp_path / "charts.vmod", text, images=images, files=files)


def _import(tmp_path: Path, module: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    folder = tmp_path / "game"
    assert main(["import", str(module), "-o", str(folder)]) == 0
    return folder, capsys.readouterr().out


def test_each_chart_comes_in_with_its_file_and_the_window_and_tabs_filing_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, out = _import(tmp_path, _module(tmp_path), capsys)
    assert "4 charts" in out
    assert "Chart ×" not in out and "ChartWindow" not in out  # no longer 'no counterpart'
    charts = {c["name"]: c for c in merged(folder)["charts"]}
    assert list(charts) == ["CRT", "TEC", "How to Play", "Sequence of Play"]
    crt = charts["CRT"]
    assert crt["group"] == ["Player Aids", "Combat"]
    assert crt["description"] == "Combat results"
    assert (folder / crt["image"]).read_bytes() == _picture("red")
    assert crt["provenance"]["note"] == ("imported from ChartWindow[Player Aids]/"
                                         "TabWidget[Combat]/Chart[CRT]")
    assert charts["How to Play"]["group"] == ["Player Aids"]
    assert (folder / charts["How to Play"]["html"]).read_bytes() == PAGE
    assert charts["Sequence of Play"]["group"] == ["Sequence"]
    assert [p.line() for p in validate_path(folder)[1]] == []


def test_a_chart_whose_file_the_module_lacks_is_said_and_left_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, out = _import(tmp_path, _module(tmp_path, lacking=("tec.png", "howto.html")), capsys)
    assert "note: chart 'TEC': its picture 'tec.png' is not in the module; not imported" in out
    assert "note: chart 'How to Play': its page 'howto.html' is not in the module; " \
        "not imported" in out
    assert [c["name"] for c in merged(folder)["charts"]] == ["CRT", "Sequence of Play"]
    assert [p.line() for p in validate_path(folder)[1]] == []


def test_a_chart_file_the_folder_lacks_is_a_validation_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = _import(tmp_path, _module(tmp_path), capsys)
    crt = merged(folder)["charts"][0]
    (folder / crt["image"]).write_bytes(b"not a picture")
    page = next(c for c in merged(folder)["charts"] if "html" in c)
    (folder / page["html"]).unlink()
    lines = [p.line() for p in validate_path(folder)[1]]
    assert any("tables.json:/charts/0/image: the chart picture" in line
               and "is not a readable picture" in line for line in lines), lines
    assert any("tables.json:/charts/2/html: file 'vassal/files/howto.html' does not exist"
               in line for line in lines), lines


def test_a_chart_page_larger_than_a_build_copies_is_a_validation_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, the build left such a page out of the module without a word."""
    folder, _ = _import(tmp_path, _module(tmp_path), capsys)
    monkeypatch.setenv("VCONV_MAX_HTML_PAGE_BYTES", str(len(PAGE) - 1))
    lines = [p.line() for p in validate_path(folder)[1]]
    assert lines == [f"tables.json:/charts/2/html: the chart page 'vassal/files/howto.html' is "
                     f"{len(PAGE)} bytes, over the limit of {len(PAGE) - 1} (bytes of one HTML "
                     "chart page; raise it with VCONV_MAX_HTML_PAGE_BYTES): a build would leave "
                     "it out of the module (hint: split it into several charts, or show its "
                     "pictures as image charts)"], lines
    capsys.readouterr()
    assert main(["build", str(folder), "-o", str(tmp_path / "out.vmod")]) == 2
    assert "VCONV_MAX_HTML_PAGE_BYTES" in capsys.readouterr().err
    assert not (tmp_path / "out.vmod").exists()
    monkeypatch.setenv("VCONV_MAX_HTML_PAGE_BYTES", str(len(PAGE)))
    assert [p.line() for p in validate_path(folder)[1]] == []


def _without_kept_module(folder: Path) -> None:
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    del game["vassal"]
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")


def test_a_build_from_the_json_alone_shows_the_charts_as_the_module_did(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = _import(tmp_path, _module(tmp_path), capsys)
    _without_kept_module(folder)
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    vmod = tmp_path / "out" / "game.vmod"
    with zipfile.ZipFile(vmod) as archive:
        built = archive.read("buildFile.xml").decode("utf-8")
        assert archive.read("images/crt.png") == _picture("red")
        assert archive.read("images/sop.png") == _picture("blue", (60, 200))
        assert archive.read("howto.html") == PAGE
        assert archive.read("images/arrow.png") == _picture("black", (8, 8))  # the page's
    aids = built[built.index('ChartWindow name="Player Aids"'):]
    aids = aids[:aids.index("</VASSAL.build.module.ChartWindow>")]
    assert aids.index('TabWidget entryName="Combat"') < aids.index('chartName="CRT"') \
        < aids.index('chartName="TEC"') < aids.index("</VASSAL.build.widget.TabWidget>\n") \
        < aids.index('HtmlChart chartName="How to Play" fileName="howto.html"')
    assert 'description="Combat results"' in aids
    sequence = built[built.index('ChartWindow name="Sequence"'):]
    assert sequence.index('Chart chartName="Sequence of Play" fileName="sop.png"') \
        < sequence.index("</VASSAL.build.module.ChartWindow>")
    assert run_vassal_check(vmod, images=True).errors == 0


def test_a_chart_renamed_repictured_or_removed_in_the_json_is_so_in_the_built_module(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = _import(tmp_path, _module(tmp_path), capsys)
    (folder / "images" / "new-crt.png").write_bytes(_picture("yellow"))
    tables = json.loads((folder / "tables.json").read_text(encoding="utf-8"))
    crt, tec, page, sop = tables["charts"]
    crt.update(name="Combat Results", description="CRT, 2nd edition", image="images/new-crt.png")
    page["group"] = ["Elsewhere"]
    sop["group"] = ["Player Aids", "Turn"]  # the only chart of its window
    tables["charts"].remove(tec)
    (folder / "tables.json").write_text(json.dumps(tables), encoding="utf-8")
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().err == ""
    with zipfile.ZipFile(tmp_path / "out" / "game.vmod") as archive:
        built = archive.read("buildFile.xml").decode("utf-8")
    assert 'ChartWindow name="Sequence"' not in built  # left holding nothing, it goes too
    again = tmp_path / "again"
    assert main(["import", str(tmp_path / "out" / "game.vmod"), "-o", str(again)]) == 0
    charts = {c["name"]: c for c in merged(again)["charts"]}
    assert [(n, c["group"]) for n, c in charts.items()] == [
        ("Combat Results", ["Player Aids", "Combat"]), ("Sequence of Play", ["Player Aids", "Turn"]),
        ("How to Play", ["Elsewhere"])]  # a window of its own
    assert charts["Combat Results"]["description"] == "CRT, 2nd edition"
    assert (again / charts["Combat Results"]["image"]).read_bytes() == _picture("yellow")
    assert (again / charts["How to Play"]["html"]).read_bytes() == PAGE
    assert run_vassal_check(tmp_path / "out" / "game.vmod", images=True).errors == 0


def test_a_chart_given_another_page_in_the_json_shows_it_in_the_built_module(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = _import(tmp_path, _module(tmp_path), capsys)
    (folder / "howto.html").write_bytes(b"<html><body><p>Second edition.</p></body></html>")
    tables = json.loads((folder / "tables.json").read_text(encoding="utf-8"))
    tables["charts"][2]["html"] = "howto.html"  # the module's own page bears that name too
    (folder / "tables.json").write_text(json.dumps(tables), encoding="utf-8")
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().err == ""
    again = tmp_path / "again"
    assert main(["import", str(tmp_path / "out" / "game.vmod"), "-o", str(again)]) == 0
    charts = {c["name"]: c for c in merged(again)["charts"]}
    assert charts["How to Play"]["group"] == ["Player Aids"]
    assert (again / charts["How to Play"]["html"]).read_bytes() == (
        b"<html><body><p>Second edition.</p></body></html>")


def test_a_chart_added_in_the_json_joins_the_window_and_tabs_it_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A builder adds charts to an imported game: into a tab the module has, a new tab of a
    window it has, a new window; a picture whose name another of the module's holds keeps its
    own (before, each was only a warning and the module went without it)."""
    folder, _ = _import(tmp_path, _module(tmp_path), capsys)
    (folder / "images" / "more").mkdir()
    (folder / "images" / "more" / "crt.png").write_bytes(_picture("purple"))
    (folder / "images" / "tem.png").write_bytes(_picture("orange"))
    (folder / "rules.html").write_bytes(b"<html><body><p>Rule 1.</p></body></html>")
    tables = json.loads((folder / "tables.json").read_text(encoding="utf-8"))
    tables["charts"] += [
        {"id": "crt-optional", "name": "Optional CRT", "image": "images/more/crt.png",
         "group": ["Player Aids", "Combat"]},
        {"id": "rules", "name": "Rules", "html": "rules.html", "group": ["Player Aids", "Rules"]},
        {"id": "tem", "name": "TEM", "image": "images/tem.png", "group": ["Tables", "Terrain"]}]
    (folder / "tables.json").write_text(json.dumps(tables), encoding="utf-8")
    assert [p.line() for p in validate_path(folder)[1]] == []
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().err == ""
    vmod = tmp_path / "out" / "game.vmod"
    with zipfile.ZipFile(vmod) as archive:
        assert archive.read("images/crt.png") == _picture("red")  # the module's own, kept
    again = tmp_path / "again"
    assert main(["import", str(vmod), "-o", str(again)]) == 0
    charts = {c["name"]: c for c in merged(again)["charts"]}
    assert [(n, c["group"]) for n, c in charts.items()] == [
        ("CRT", ["Player Aids", "Combat"]), ("TEC", ["Player Aids", "Combat"]),
        ("Optional CRT", ["Player Aids", "Combat"]), ("How to Play", ["Player Aids"]),
        ("Rules", ["Player Aids", "Rules"]), ("Sequence of Play", ["Sequence"]),
        ("TEM", ["Tables", "Terrain"])]
    assert (again / charts["CRT"]["image"]).read_bytes() == _picture("red")
    assert (again / charts["Optional CRT"]["image"]).read_bytes() == _picture("purple")
    assert (again / charts["TEM"]["image"]).read_bytes() == _picture("orange")
    assert (again / charts["Rules"]["html"]).read_bytes().startswith(b"<html><body><p>Rule 1.")
    assert run_vassal_check(vmod, images=True).errors == 0


def test_charts_added_to_one_new_window_or_tab_share_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before, each chart added to a window the module lacked made a window of its own
    (two 'Tables' buttons), and so did each added to a new tab."""
    folder, _ = _import(tmp_path, _module(tmp_path), capsys)
    (folder / "images" / "tem.png").write_bytes(_picture("orange"))
    tables = json.loads((folder / "tables.json").read_text(encoding="utf-8"))
    tables["charts"] += [
        {"id": f"c{n}", "name": f"Chart {n}", "image": "images/tem.png", "group": group}
        for n, group in enumerate([["Tables"], ["Tables"], ["Player Aids", "Rules"],
                                   ["Player Aids", "Rules"]])]
    (folder / "tables.json").write_text(json.dumps(tables), encoding="utf-8")
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    with zipfile.ZipFile(tmp_path / "out" / "game.vmod") as archive:
        built = archive.read("buildFile.xml").decode("utf-8")
    assert built.count('ChartWindow name="Tables"') == 1
    assert built.count('TabWidget entryName="Rules"') == 1
    again = tmp_path / "again"
    assert main(["import", str(tmp_path / "out" / "game.vmod"), "-o", str(again)]) == 0
    groups = {c["name"]: c["group"] for c in merged(again)["charts"]}
    assert [groups[f"Chart {n}"] for n in range(4)] == [
        ["Tables"], ["Tables"], ["Player Aids", "Rules"], ["Player Aids", "Rules"]]


def test_the_print_shows_each_chart_picture_as_a_reference_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = _import(tmp_path, _module(tmp_path), capsys)
    out = tmp_path / "kit"
    assert main(["print", str(folder), "-o", str(out), "--png", "--dpi", "100"]) == 0
    cards = sorted(p.name for p in out.glob("game-card-chart-*.png"))
    # the pictures, not the page meant for a screen
    assert cards == ["game-card-chart-crt.png", "game-card-chart-sequence-of-play.png",
                     "game-card-chart-tec.png"]
    with Image.open(out / "game-card-chart-crt.png") as card:
        rgb = card.convert("RGB")
        red = [(x, y) for x in range(rgb.width) for y in range(rgb.height)
               if rgb.getpixel((x, y)) == (255, 0, 0)]
        # 120 x 80 px as VASSAL shows it on a 96 dpi screen: 125 x 83 px at 100 dpi
        assert (max(x for x, _ in red) - min(x for x, _ in red) + 1,
                max(y for _, y in red) - min(y for _, y in red) + 1) == (125, 83)
        assert min(y for _, y in red) > 20  # below the title bar
    with Image.open(out / "game-card-chart-sequence-of-play.png") as card:
        assert card.convert("RGB").getpixel((card.width // 2, card.height // 2)) == (0, 0, 255)


def test_a_module_vconv_built_gives_back_the_chart_files_it_carries(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Importing a module vconv built gives back its game as it is, and the chart files the
    module carries as they were (pictures, pages) where the game names them."""
    folder, _ = _import(tmp_path, _module(tmp_path), capsys)
    _without_kept_module(folder)
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    capsys.readouterr()
    back = tmp_path / "back" / "game"
    assert main(["import", str(tmp_path / "out" / "game.vmod"), "-o", str(back)]) == 0
    out = capsys.readouterr().out
    assert "the game description the module carries (built by vconv)" in out
    for name in ("images/crt.png", "images/sop.png", "images/tec.png",
                 "vassal/files/howto.html"):
        assert f"note: the game names {name!r}" not in out
        assert (back / name).read_bytes() == (folder / name).read_bytes()
    # (the board's scan and the counters' pictures are the builder's drawings in the
    # module, not the files: those the user still copies, and the notes name them)
    assert "note: the game names 'images/board.png'" in out
