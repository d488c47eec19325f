"""Every problem the real VASSAL engine reports when it loads a module (and draws every
palette piece) is also reported by `vconv check`: on the real modules in tests/data/real/
and on the small test module broken in ways the engine notices."""

from __future__ import annotations

import functools
import re
import zipfile
from pathlib import Path

import pytest

from converter.check import Report
from tests.check.conftest import (BUILDFILE, IMAGES, SCENARIO, TAB, UNIT, _save, checked_once, png,
                                  write_module)
from tests.helpers_vassal import start_vassal_check, vassal_checker

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
REAL_MODULES = sorted(REAL.glob("*.vmod")) + sorted(REAL.glob("*/*.vmod"))

_PROBLEM = re.compile(r"^  (ERROR|WARN) \[(\w+)\] ?(.*)$")


def engine_problems(output: str) -> list[str]:
    """The problem lines of vassal-check's summary."""
    summary = output[output.rfind("== SUMMARY"):]
    return [m.group(0).strip() for m in map(_PROBLEM.match, summary.splitlines()) if m]


class Findings:
    """A report's finding messages by code, gathered once for the many engine lines asked
    about (a real module's hundreds of lines each scanned every finding)."""

    def __init__(self, report: Report) -> None:
        by_code: dict[str, list[str]] = {}
        for f in report.findings:
            by_code.setdefault(f.code, []).append(f.message)
        # NUL apart: no message or looked-for text holds one, so a text found in the
        # joined messages lies in one of them
        self.messages = {code: "\0".join(said) for code, said in by_code.items()}
        # the quoted names the messages hold ('name'), looked up before any scan
        self.quoted = {code: set(re.findall(r"'[^']*'", text))
                       for code, text in self.messages.items()}


def _has(findings: Findings, codes: set[str], text: str = "") -> bool:
    return any(code in findings.messages and (text in findings.quoted[code]
                                              or text in findings.messages[code])
               for code in codes)


def explained(line: str, report: Report | Findings, module: Path) -> bool:
    """Whether *report* holds the finding that answers one engine problem line (give the
    `Findings` of a report asked about many lines)."""
    if isinstance(report, Report):
        report = Findings(report)
    if "[version]" in line or '"Version Mismatch"' in line:
        return _has(report, {"declared-version", "newer-than-declared"})
    unknown = re.search(r"Unknown type (\S+?;|\S+(?= not found))", line)
    if unknown:  # a trait id up to its ';', or the whole type when it has none
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
    twice = re.search(r"More than one Definition named (.+)$", line)
    if twice:  # VASSAL uses the last prototype of the name; check says the others are unused
        return _has(report, {"duplicate-prototype"}, repr(twice.group(1).strip()))
    if "No state for Decorator" in line:  # a trait the piece's state leaves without one
        return _has(report, {"piece-decode"}, "no state of its own")
    if "BasicPiece.mySetType" in line or "VASSAL.build.Builder: Error building" in line \
            or "module load failed: java.util.NoSuchElementException" in line:
        # a Basic Piece short of fields, a trait or a definition without a state: the
        # module's load fails, each component around it
        return (_has(report, {"piece-decode"}, "Basic Piece definition lacks fields")
                or _has(report, {"piece-decode"}, "no state of its own")
                or _has(report, {"piece-decode"}, "has no state after its type"))
    if "Could not create piece with type" in line:  # a chain ending in no Basic Piece
        return _has(report, {"piece-decode"}, "not in a Basic Piece")
    if re.search(r"Source: \+/.*\(\d+ chars\)$", line):
        # a piece's text, cut by the harness's summary before the engine's words: a module
        # whose pieces all fail (no command encoder) warns so for every piece
        return _has(report, {"no-command-encoder"})
    if "couldn't build piece" in line.lower() or "Bad Data" in line:
        return _has(report, {"piece-decode", "unknown-trait", "needs-version", "no-command-encoder"})
    return False


def _in_engine_jar(name: str) -> bool:
    """The engine's own jar (read from the launcher's class path) holds images/<name>."""
    checker = vassal_checker()
    assert checker is not None
    return "images/" + name in _engine_jar_names(checker)


@functools.lru_cache(maxsize=None)
def _engine_jar_names(launcher: Path) -> frozenset[str]:
    """Every entry of the jars beside the engine's *launcher*, read once per run: a module
    shipped without its pictures has thousands of missing-image lines, and opening the jars
    again for each cost The Longest Day's test ~35 s of CPU."""
    names: set[str] = set()
    for jar in sorted(launcher.parent.glob("*.jar")):
        with zipfile.ZipFile(jar) as z:
            names.update(z.namelist())
    return frozenset(names)


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
    findings = Findings(report)
    missed = [line for line in engine_problems(result.output)
              if not explained(line, findings, module)]
    assert missed == [], "\n".join(missed + [str(f) for f in report.sorted()])
    if result.errors:
        assert report.exit_code() == 1
    assert_same_image_severities(engine_problems(result.output), report)
    assert_errors_are_the_engines(engine_problems(result.output), report, module)
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
    # a trait id without ';' (X-Wing's 'auto-range-finder'): 'Unknown type auto-range-finder'
    "unknown-trait-no-semicolon": ({"+/null/piece;;;card.png;Card A/null;0;0;3;0":
                                    "+/null/wobble\tpiece;;;card.png;Card A/\tnull;0;0;3;0"},
                                   set()),
    # a piece text past what the harness's summary prints: its 'couldn't build piece' is cut
    "no-command-encoder-long-piece": ({"<VASSAL.build.module.BasicCommandEncoder/>": "",
                                       "card.png;Card A/": "card.png;Card A" + "a" * 800 + "/"},
                                      set()),
    # Blood Bowl's module has only its own encoder class; one with none builds no piece
    "no-command-encoder": ({"<VASSAL.build.module.BasicCommandEncoder/>": ""}, set()),
    # its only encoder a class the module lacks (Blood Bowl's BBCounterFactory): the same
    "encoder-not-loaded": ({"<VASSAL.build.module.BasicCommandEncoder/>":
                            "<own.OwnCommandEncoder/>"}, set()),
    # a Basic Piece without its name field: VASSAL reads that field with no default
    "short-basic-piece": ({"+/null/piece;;;card.png;Card A/null;0;0;3;0":
                           "+/null/piece;;;card.png/null;0;0;3;0"}, set()),
    # a grid number Java does not read: VASSAL builds no grid ('failed to load class'; the
    # stack placed by the grid's location name is placed by pixels here, not to lose it too)
    # trait chains VASSAL never writes, each TAB not escaped one more level per trait: the
    # engine reads two tokens a level, so a flat type ends in the second trait, built with a
    # blank Basic Piece ('Could not create piece with type emb2;...', a warning), and a flat
    # state leaves the second trait without a state (the load fails: 'No state for
    # Decorator'); a chain ending in a trait is built the same way, with a warning
    "flat-chain": ({UNIT.format(gpid=1): UNIT.format(gpid=1).replace("\\" + TAB, TAB)},
                   set()),
    "flat-state": ({"/" + TAB + "1\\" + TAB + "null;0;0;1;0": "/" + TAB + "1" + TAB
                    + "null;0;0;1;0"}, set()),
    # an AddPiece text without its state field: VASSAL's decoder reads three tokens
    "no-state-field": ({"+/null/piece;;;card.png;Card A/null;0;0;3;0": "+/null/"}, set()),
    "no-basic-piece": ({UNIT.format(gpid=1): UNIT.format(gpid=1).split("\\" + TAB + "piece;")[0]
                        + "/" + TAB + "1"}, set()),
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


def assert_errors_are_the_engines(lines: list[str], report: Report, module: Path) -> None:
    """The converse of `explained`: every error of check answers one of the errors the
    engine reports as it loads the module, so that check's errors are faults VASSAL's load
    meets as errors; what the load warns of or passes over is a warning, marked in play where
    a player meets it."""
    errors = [line for line in lines if line.startswith("ERROR")]
    for f in report.findings:
        if f.severity.value != "error":
            continue
        alone = Report(report.module, [f])
        # without a command encoder no piece builds: the engine warns of each, check says
        # it once, as the error it is for every piece of the module
        said = lines if f.code == "no-command-encoder" else errors
        assert any(explained(line, alone, module) for line in said), \
            f"an error the engine's load does not report as an error: {f}"


def _chain(types: list[str], states: list[str]) -> str:
    """A piece's text as a PieceSlot holds it: each trait wraps the ones inside it."""
    from converter.vassal import sequence

    type_text, state_text = types[-1], states[-1]
    for outer_type, outer_state in zip(reversed(types[:-1]), reversed(states[:-1])):
        type_text = sequence.join([outer_type, type_text], "\t")
        state_text = sequence.join([outer_state, state_text], "\t")
    return sequence.join(["+", "null", type_text, state_text], "/")


def _send(menu: str, key: str, map_name: str, dest: str, zone: str = "", x: str = "10",
          y: str = "10") -> str:
    from converter.vassal import sequence

    return "sendto;" + sequence.join([menu, key, map_name, "", x, y, "", "", "0", "0", "1", "1",
                                      "", dest, zone, "", "", ""], ";")


# Faults VASSAL's load passes over and a player meets in play, one of each kind; what VASSAL
# does then was read in its 3.6 code and, for the Send To Location traits, played in the 3.6
# engine with vlog-maker: 'To East' (map 'Nowhere') moved the piece to zone East's centre on
# the map it was on, 'To XY' to (333, 111) there, and 'To North' (a zone Main Map lacks)
# logged 'Zone not found' as the piece's menu opened, its command greyed out; 'Discard it'
# (Return to Deck, deck 'Discard') logged 'Deck Not Found for Return-to-Deck trait: Discard'
# and left the piece where it was.
IN_PLAY_TRAITS = [_send("To East", "72,130", "Nowhere", "Z", "East"),
                  _send("To XY", "74,130", "Nowhere", "L", x="333", y="111"),
                  _send("To North", "75,130", "Main Map", "Z", "North"),
                  "return;Discard it;82,130;Discard;;",
                  "prototype;Ghost", "delete;Delete;68,130;", "piece;;;front.png;Runner"]
IN_PLAY_STATES = [";;", ";;", ";;", "", "", "", "null;0;0;7;0"]
IN_PLAY_COMPONENTS = (
    '<VASSAL.build.module.GlobalKeyCommand name="Draw" target="MODULE|true|DECK|||||0|0|Discard'
    '|false|||EQUALS||"/>'
    '<VASSAL.build.module.DiceButton name="2d6" nDice="2" nSides="6" reportFormat="'
    '&lt;img src=&quot;die-face.png&quot;&gt; $result$"/>'
    '<VASSAL.build.module.PredefinedSetup name="Campaign" file="campaign.vsav" useFile="true" '
    'isMenu="false"/>')


@pytest.mark.vassal
def test_faults_met_only_in_play_are_warnings_that_say_so(tmp_path: Path) -> None:
    """The engine loads a module with a missing prototype, Send To Location places it lacks,
    a Return to Deck and a global key command naming no deck, an at-start stack of a board
    the map lacks, a missing help page, PDF and setup file and a chat message's missing image
    without reporting any of them; check reports each as a warning met in play (exit 0),
    saying what VASSAL does then."""
    slot = ('<VASSAL.build.widget.PieceSlot entryName="Runner" gpid="7" width="64" height="64">'
            + _chain(IN_PLAY_TRAITS, IN_PLAY_STATES).replace("&", "&amp;").replace("<", "&lt;")
            + "</VASSAL.build.widget.PieceSlot>")
    text = BUILDFILE.replace("</VASSAL.build.widget.ListWidget>",
                             slot + "</VASSAL.build.widget.ListWidget>")
    text = text.replace('<VASSAL.build.module.map.SetupStack name="Reserve" owningBoard="Main"',
                        '<VASSAL.build.module.map.SetupStack name="Reserve" owningBoard="Other"')
    text = text.replace("<VASSAL.build.module.Documentation/>",
                        "<VASSAL.build.module.Documentation>"
                        '<VASSAL.build.module.documentation.HelpFile fileName="About.txt" '
                        'fileType="archive" title="About"/>'
                        '<VASSAL.build.module.documentation.BrowserPDFFile pdfFile="rules.pdf" '
                        'title="Rules"/></VASSAL.build.module.Documentation>' + IN_PLAY_COMPONENTS)
    path = write_module(tmp_path / "in-play.vmod", text)
    lines = assert_agrees(path)
    # (the harness's own [images] scan lists every name it finds missing: not VASSAL's load)
    assert [line for line in lines if "[images]" not in line] == []
    report = checked_once(path)
    found = {(f.code, f.where.split(" (", 1)[-1]): f for f in report.findings}
    assert report.exit_code() == 0 and report.exit_code(strict=True) == 1
    assert all(f.in_play and f.severity.value == "warning" for f in report.findings), \
        [str(f) for f in report.findings if not f.in_play]
    said = {code: f.message for (code, _), f in found.items()}
    assert set(said) == {"missing-map", "missing-zone", "missing-deck", "missing-prototype",
                         "missing-board", "missing-file", "missing-setup", "missing-image"}
    east = found[("missing-map", "Send To Location 'To East')")].message
    assert "from map 'Main Map', which has one, the piece goes there" in east
    xy = found[("missing-map", "Send To Location 'To XY')")].message
    assert "VASSAL moves the piece to (333, 111) on the map it is on instead" in xy
    north = found[("missing-zone", "Send To Location 'To North')")].message
    assert "'Bad Data in Module: Zone not found'" in north and "greyed out" in north
    decks = sorted(f.message for (code, _), f in found.items() if code == "missing-deck")
    assert "reaches no piece there" in decks[1] and "Deck Not Found" in decks[0]
    assert "VASSAL never places it and says nothing" in said["missing-board"]
    assert "VASSAL says nothing, on load or in play" in said["missing-prototype"]
    assert "'Bad Data in Module: Setup not found'" in said["missing-setup"]
    assert "when the chat or a label shows this text in play" in said["missing-image"]
    files = sorted(f.message for (code, _), f in found.items() if code == "missing-file")
    assert "error dialog 'Unable to Read File'" in files[0]  # About.txt, the help page
    assert "'File not found in data archive'" in files[1]   # rules.pdf
    assert report.summary().endswith(": 0 error(s), 11 warning(s) (11 met only in play), 0 info")


@pytest.mark.vassal
def test_gpid_faults_the_engine_loads_in_silence_are_warnings(tmp_path: Path) -> None:
    """A duplicate gpid, one that is not a number and a nextPieceSlotId below the ids in use:
    VASSAL 3.6 loads the module without a word (the editor renumbers them, Refresh Counters
    meets the duplicate), so check's verdict is warnings and exit 0, not errors."""
    text = (BUILDFILE.replace('gpid="3"', 'gpid="2"').replace("null;0;0;3;0", "null;0;0;2;0")
            .replace('nextPieceSlotId="10"', 'nextPieceSlotId="2"'))
    text = text.replace('<VASSAL.build.widget.PieceSlot entryName="1st Bn" gpid="1"',
                        '<VASSAL.build.widget.PieceSlot entryName="1st Bn" gpid="x1"')
    path = write_module(tmp_path / "gpids.vmod", text,
                        images={n: png(*s) for n, s in IMAGES.items()})
    assert assert_agrees(path) == []
    report = checked_once(path)
    assert sorted((f.severity.value, f.code, f.in_play) for f in report.findings
                  if "gpid" in f.code) == [
        ("warning", "bad-gpid", False), ("warning", "duplicate-gpid", True),
        ("warning", "gpid-above-next", False)]
    assert report.exit_code() == 0
