"""Every problem the real VASSAL engine reports when it loads a module (and draws every
palette piece) is also reported by `vconv check`: on the real modules in tests/data/real/
and on the small test module broken in ways the engine notices."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from converter.check import Report
from tests.check.conftest import BUILDFILE, IMAGES, checked_once, png, write_module
from tests.helpers_vassal import start_vassal_check

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
        return _has(report, {"missing-image", "image-expression", "image-nfd"},
                    repr(image.group(1).strip()))
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
