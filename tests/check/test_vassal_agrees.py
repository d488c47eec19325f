"""Every problem the real VASSAL engine reports when it loads a module (and draws every
palette piece) is also reported by `vconv check`: on the real modules in tests/data/real/
and on the small test module broken in ways the engine notices."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from converter.check import Report
from tests.check.conftest import BUILDFILE, IMAGES, SCENARIO, _save, checked_once, png, write_module
from tests.helpers_vassal import start_vassal_check, vassal_checker

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
REAL_MODULES = sorted(REAL.glob("*.vmod")) + sorted(REAL.glob("*/*.vmod"))

_PROBLEM = re.compile(r"^  (ERROR|WARN) \[(\w+)\] ?(.*)$")


def engine_problems(output: str) -> list[str]:
    """The problem lines of vassal-check's summary."""
    summary = output[output.rfind("== SUMMARY"):]
    return [m.group(0).strip() for m in map(_PROBLEM.match, summary.splitlines()) if m]


def _has(report: Report, codes: set[str], text: str = "") -> bool:
    return any(f.code in codes and text in f.message for f in report.findings)


def explained(line: str, report: Report, module: Path) -> bool:
    """Whether *report* holds the finding that answers one engine problem line."""
    if "[version]" in line or '"Version Mismatch"' in line:
        return _has(report, {"declared-version", "newer-than-declared"})
    unknown = re.search(r"Unknown type (\S+?;)", line)
    if unknown:
        return _has(report, {"needs-version", "newer-than-declared", "unknown-trait",
                             "custom-trait"}, unknown.group(1))
    image = (re.search(r"referenced image not in module archive: (.+)$", line)
             or re.search(r"Failed to load (.+?) \|", line)
             or re.search(r"Source: (.+?) Error: Image not found", line))
    if image:
        name = image.group(1).strip()
        if "[images]" in line and _in_engine_jar(name + ".gif"):
            # the harness's own look-up tries the jar without VASSAL's '.gif' fallback;
            # VASSAL draws the jar's image ('moved' is the jar's moved.gif) and says nothing
            return not _has(report, {"missing-image"}, repr(name))
        return _has(report, {"missing-image", "image-expression", "image-nfd"}, repr(name))
    untranslated = re.search(r"No Translation: (.+)$", line)
    if untranslated:
        # a key the module's own Java code asks VASSAL's translations for
        key = untranslated.group(1).strip().encode()
        with zipfile.ZipFile(module) as z:
            in_code = any(key in z.read(n) for n in z.namelist() if n.endswith(".class"))
        return in_code and _has(report, {"custom-class"})
    missing_class = re.search(r"failed to load class ([\w.$]+)", line)
    if missing_class:
        return _has(report, {"missing-class", "outdated-class", "bad-number", "needs-version",
                             "newer-than-declared"}, missing_class.group(1))
    if "BasicPiece.mySetType" in line or "VASSAL.build.Builder: Error building" in line:
        # a Basic Piece short of fields: the module's load fails, each component around it
        return _has(report, {"piece-decode"}, "Basic Piece definition lacks fields")
    if "couldn't build piece" in line.lower() or "Bad Data" in line:
        return _has(report, {"piece-decode", "unknown-trait", "needs-version", "no-command-encoder"})
    return False


def _in_engine_jar(name: str) -> bool:
    """The engine's own jar (read from the launcher's class path) holds images/<name>."""
    checker = vassal_checker()
    assert checker is not None
    for jar in sorted(checker.parent.glob("*.jar")):
        with zipfile.ZipFile(jar) as z:
            if "images/" + name in z.namelist():
                return True
    return False


_IMAGE_LINE = re.compile(r"^(ERROR|WARN) \[\w+\] .*?(?:referenced image not in module archive: "
                         r"(.+)$|Failed to load (.+?) \||Source: (.+?) Error: Image not found)")


def image_severities(lines: list[str]) -> dict[str, str]:
    """Image → the engine's worst level for it ('ERROR' or 'WARN')."""
    out: dict[str, str] = {}
    for line in lines:
        m = _IMAGE_LINE.match(line)
        if m:
            name = next(g for g in m.groups()[1:] if g is not None).strip()
            if out.get(name) != "ERROR":
                out[name] = m.group(1)
    return out


def assert_same_image_severities(lines: list[str], report: Report) -> None:
    """A missing image is an error where the engine raises one (an HTML page it shows), else a
    warning; an HTML text shown only in play (chat, a label) the engine's load never shows."""
    found = {f.message.split(" is not in the archive")[0][len("image "):]: f
             for f in report.findings if f.code == "missing-image"}
    for name, level in image_severities(lines).items():
        f = found.get(repr(name))
        if f is None:
            continue
        if level == "ERROR":
            assert f.severity.value == "error", f
        else:
            in_play = "(<img> in @" in f.where or "(<img> in text)" in f.where
            assert f.severity.value == "warning" or in_play, f


def start_engine_jobs(item: pytest.Function) -> None:
    """The real modules' engine runs start with the test run (tests/conftest.py)."""
    if item.originalname == "test_real_module":
        start_vassal_check(item.callspec.params["module"], images=True, timeout=300)


def assert_agrees(module: Path) -> list[str]:
    """Run the engine and vconv check on *module*; return the engine's problem lines."""
    result = start_vassal_check(module, images=True, timeout=300, urgent=True).result()
    report = checked_once(module)
    missed = [line for line in engine_problems(result.output)
              if not explained(line, report, module)]
    assert missed == [], "\n".join(missed + [str(f) for f in report.sorted()])
    if result.errors:
        assert report.exit_code() == 1
    assert_same_image_severities(engine_problems(result.output), report)
    return engine_problems(result.output)


@pytest.mark.vassal
@pytest.mark.parametrize("module", REAL_MODULES, ids=lambda p: p.parent.name + "/" + p.name)
def test_real_module(module: Path) -> None:
    assert_agrees(module)


BROKEN = {
    "missing-image": ({}, {"back.png"}),
    "unknown-trait": ({"+/null/piece;;;card.png;Card A/null;0;0;3;0":
                       "+/null/wobble;x\tpiece;;;card.png;Card A/\tnull;0;0;3;0"}, set()),
    "newer-trait": ({"+/null/piece;;;card.png;Card A/null;0;0;3;0":
                     "+/null/cmt;Note\tpiece;;;card.png;Card A/\tnull;0;0;3;0"}, set()),
    # Blood Bowl's module has only its own encoder class; one with none builds no piece
    "no-command-encoder": ({"<VASSAL.build.module.BasicCommandEncoder/>": ""}, set()),
    # a Basic Piece without its name field: VASSAL reads that field with no default
    "short-basic-piece": ({"+/null/piece;;;card.png;Card A/null;0;0;3;0":
                           "+/null/piece;;;card.png/null;0;0;3;0"}, set()),
    # a grid number Java does not read: VASSAL builds no grid ('failed to load class'; the
    # stack placed by the grid's location name is placed by pixels here, not to lose it too)
    "grid-number": ({'x0="25" y0="25" dx="50.0"': 'x0="25.5" y0="25" dx="50.0"',
                     'useGridLocation="true" location="1,2"': 'useGridLocation="false"'},
                    set()),
}


@pytest.fixture(scope="module")
def broken_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each breakage's module, its engine run started at once (tests/helpers_vassal.py)."""
    out = tmp_path_factory.mktemp("broken")
    modules = {}
    for case, (replace, without) in BROKEN.items():
        text = BUILDFILE
        for old, new in replace.items():
            text = text.replace(old, new)
        images = {n: png(*s) for n, s in IMAGES.items() if n not in without}
        modules[case] = write_module(out / f"{case}.vmod", text, images=images)
        start_vassal_check(modules[case], images=True, timeout=300, urgent=True)
    return modules


@pytest.mark.vassal
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_module(case: str, broken_modules: dict[str, Path]) -> None:
    assert assert_agrees(broken_modules[case]), "the engine should notice this breakage"


def _marked(image: str, gpid: int) -> str:
    return (f"+/null/markmoved;{image};0;0\tpiece;;;card.png;Card A/false\tnull;0;0;{gpid};0")


@pytest.mark.vassal
def test_missing_images_have_the_engines_severity(tmp_path: Path) -> None:
    """An image a piece draws is a warning ('Image not found'), one an HTML chart shows an
    error, as the engine says; 'moved' (VASSAL 2's Mark When Moved image) and 'Splash.png'
    are the engine's own (its jar's moved.gif and Splash.png): nothing to report."""
    chart = ('<VASSAL.build.module.ChartWindow name="Charts"><VASSAL.build.widget.HtmlChart '
             'chartName="Help" fileName="help.html"/></VASSAL.build.module.ChartWindow>')
    text = BUILDFILE.replace("+/null/piece;;;card.png;Card A/null;0;0;3;0", _marked("moved", 3))
    text = text.replace("<VASSAL.build.module.Documentation/>",
                        '<VASSAL.build.module.Documentation><VASSAL.build.module.documentation.'
                        'AboutScreen fileName="Splash.png" title="About"/>'
                        "</VASSAL.build.module.Documentation>" + chart)
    text = text.replace("</VASSAL.build.widget.ListWidget>",
                        '<VASSAL.build.widget.PieceSlot entryName="M" gpid="4" width="64" '
                        f'height="64">{_marked("nothere", 4)}</VASSAL.build.widget.PieceSlot>'
                        "</VASSAL.build.widget.ListWidget>")
    path = write_module(tmp_path / "images.vmod", text, files={
        "scenario.vsav": _save(SCENARIO), "help.html": b'<html><img src="gone.png"></html>'})
    lines = assert_agrees(path)
    assert image_severities(lines) == {"gone.png": "ERROR", "nothere": "WARN", "moved": "WARN"}
    report = checked_once(path)
    assert sorted((f.severity.value, f.message.split("'")[1]) for f in report.findings
                  if f.code == "missing-image") == [("error", "gone.png"), ("warning", "nothere")]
