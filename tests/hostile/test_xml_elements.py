"""An XML tree costs libxml2 about 250 bytes a node, whatever the file's size on disk: a
build file of 15 million empty elements (60 MB, 100 KB zipped) took check, import, dump and
audit to 4 GB and a MemoryError (the sweep of 2026-11-27b).  The elements are counted
before any tree is built, for build files, module metadata and SVG pictures."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.pictures import UnreadablePicture, decoded
from tests.hostile.conftest import Run
from tests.hostile.crafted import BUSHIDO, TOUR_LOG
from tests.hostile.inputs import module_entries, zip_bytes

FLAT = 3_000  # empty elements, over the limit the tests set (the default, 50,000, costs seconds)
LIMIT = 2_000


@pytest.fixture(autouse=True)
def lower_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VCONV_MAX_XML_ELEMENTS", str(LIMIT))


def flat_module(path: Path, count: int = FLAT, comments: int = 0) -> Path:
    """Bushido with a build file of *count* empty elements under its root, and comments."""
    body = (b'<?xml version="1.0"?><VASSAL.build.GameModule name="Flat" VassalVersion="3.6.0">'
            + b"<a/>" * count + b"<!-- c -->" * comments + b"</VASSAL.build.GameModule>")
    entries = [(n, body if n in ("buildFile", "buildFile.xml") else d)
               for n, d in module_entries(BUSHIDO)]
    path.write_bytes(zip_bytes(entries))
    return path


@pytest.mark.parametrize("command", ["check", "import", "dump", "audit"])
def test_a_build_file_of_more_elements_than_the_limit_is_refused_before_it_is_parsed(
        run: Run, tmp_path: Path, command: str) -> None:
    module = flat_module(tmp_path / "flat.vmod")
    argv = {"check": ["check", module], "import": ["import", module, "-o", tmp_path / "game"],
            "dump": ["dump", module], "audit": ["audit", TOUR_LOG, "--module", module]}[command]
    code, out, err = run(*argv)
    assert code == 2
    name = next(n for n, _ in module_entries(BUSHIDO) if n.startswith("buildFile"))
    assert err == (f"vconv {command}: error: {module}!{name}: XML of 2001 elements or more, "
                   "over the limit of 2000 (elements in one build file or other module XML; "
                   "raise it with VCONV_MAX_XML_ELEMENTS)\n")
    assert not (tmp_path / "game").exists()


def test_the_element_limit_is_raised_by_its_variable(run: Run, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    module = flat_module(tmp_path / "flat.vmod")
    monkeypatch.setenv("VCONV_MAX_XML_ELEMENTS", str(FLAT + 10))
    code, out, err = run("check", module)
    assert code in (0, 1) and "elements or more" not in err + out


def test_a_module_within_the_limit_is_read_whole(run: Run, tmp_path: Path) -> None:
    """The bound in bytes ('<' not starting an end tag) only starts the exact count, which
    counts no comment: a build file of exactly the limit is read, and a real one too."""
    module = flat_module(tmp_path / "flat.vmod", LIMIT - 1, comments=100)  # root: the 2,000th
    code, out, err = run("check", module)
    assert code in (0, 1) and "elements or more" not in err + out
    code, out, err = run("check", BUSHIDO)
    assert code in (0, 1) and "elements or more" not in err + out


def test_an_svg_of_more_elements_than_are_ever_drawn_is_refused_before_it_is_parsed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from converter import svgpictures

    monkeypatch.setattr(svgpictures, "DRAWN_ELEMENTS", 2_000)  # 200,000 by default
    svg = tmp_path / "board.svg"
    svg.write_bytes(b'<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">'
                    + b"<g/>" * 2_001 + b"</svg>")
    with pytest.raises(UnreadablePicture) as caught:
        decoded(svg, "RGB")
    assert "the SVG holds over 2,000 elements, more than vconv draws" in str(caught.value)
