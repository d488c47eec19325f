"""A game imported from a VASSAL module keeps the module's files and packs them back as they
are: `vconv build` must not pack one VASSAL would open as an XML entity bomb (a billion laughs
in the kept moduledata, an external entity in a kept SVG), whether the module carried it or
the folder was edited after the import.  A DTD that declares no entity (SVG editors name the
SVG 1.1 one) is packed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from converter.cli import main
from tests.hostile import crafted
from tests.hostile.conftest import Run
from tests.hostile.inputs import TINY_BUILDFILE, zip_bytes

SVG_DOCTYPE = (b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!DOCTYPE svg PUBLIC '
               b'"-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
               b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect '
               b'width="40" height="40" fill="green"/></svg>')


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny module (a board, a piece whose picture is an SVG with a DOCTYPE, its
    moduledata) imported once."""
    work = tmp_path_factory.mktemp("kept")
    module = work / "tiny.vmod"
    module.write_bytes(zip_bytes([
        ("buildFile.xml", TINY_BUILDFILE.replace("inf.png", "inf.svg").encode()),
        ("moduledata", b'<?xml version="1.0"?><data><name>Tiny</name>'
                       b"<VassalVersion>3.6.0</VassalVersion></data>"),
        ("images/inf.svg", SVG_DOCTYPE)]))
    assert main(["import", str(module), "-o", str(work / "game"), "-q"]) == 0
    return work / "game"


def _kept(game: Path) -> dict[str, str]:
    """The kept files of the folder by the entry each is packed as."""
    section = json.loads((game / "game.json").read_text(encoding="utf-8"))["vassal"]
    return {"moduledata": section["moduledata"],
            **{entry: file for file, entry in section["files"].items()}}


def test_a_kept_svg_with_a_doctype_is_packed(run: Run, tmp_path: Path, imported: Path) -> None:
    code, _, err = run("build", imported, "-o", tmp_path / "out")
    assert code == 0, err
    import zipfile

    with zipfile.ZipFile(tmp_path / "out" / "game.vmod") as module:
        assert module.read("images/inf.svg") == SVG_DOCTYPE


@pytest.mark.parametrize(("entry", "data", "said"), [
    ("moduledata", crafted.billion_laughs("data"), "entities that expand past the parser's "
     "bound (an entity bomb)"),
    ("moduledata", crafted.billion_laughs("data").decode().replace(
        'version="1.0"', 'version="1.0" encoding="UTF-16"').encode("utf-16"),
     "entities that expand past the parser's bound (an entity bomb)"),
    ("moduledata", crafted.external_entity("data"), "&xxe;"),
    ("images/inf.svg", crafted.svg_laughs(), "&lol;, &lol1;, &lol2;, &lol3;, &lol4; and 5 more"),
    ("images/inf.svg", crafted.svg_external(), "&xxe;")],
    ids=["moduledata-laughs", "moduledata-laughs-utf16", "moduledata-xxe", "svg-laughs",
         "svg-xxe"])
def test_a_kept_xml_entity_is_not_packed(run: Run, tmp_path: Path, imported: Path, entry: str,
                                         data: bytes, said: str) -> None:
    game = tmp_path / "game"
    shutil.copytree(imported, game)
    file = _kept(game)[entry]
    (game / file).write_bytes(data)
    code, out, err = run("build", game, "-o", tmp_path / "out")
    assert code == 2 and out == ""
    assert err == (f"vconv build: {game / file}: XML declaring {said}, which VASSAL would "
                   "expand when it opens the module; a module vconv builds carries no XML "
                   "entity (remove the DTD)\n")
    assert not (tmp_path / "out").exists()


def test_a_kept_moduledata_of_too_many_elements_is_not_packed(
        run: Run, tmp_path: Path, imported: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VCONV_MAX_XML_ELEMENTS", "100")
    game = tmp_path / "game"
    shutil.copytree(imported, game)
    file = _kept(game)["moduledata"]
    (game / file).write_bytes(b"<data>" + b"<a/>" * 100 + b"</data>")
    code, _, err = run("build", game, "-o", tmp_path / "out")
    assert code == 2 and err == (
        f"vconv build: {game / file}: module metadata of 101 elements or more, over the limit "
        "of 100 (elements in one build file or other module XML; raise it with "
        "VCONV_MAX_XML_ELEMENTS)\n")
