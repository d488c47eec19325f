"""Real public modules (tests/data/real): import, validate, build back, import again.

Each module is imported once per session (tests/conftest.py's `imported_once`, shared with
the other test files that judge it) and rebuilt once (module-scoped fixtures).  The rebuilt
module must hold every element of the original, the same map, board, zone and region names
and the same piece definitions; the original's own saves must load into it in the real
engine with no error the original does not raise itself.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass
from concurrent.futures import Future
from pathlib import Path

import pytest

from converter.cli import main
from converter.validate import validate_path
from tests.conftest import imported_once
from tests.helpers_vassal import VassalCheckResult, start_vassal_check, vassal_checker
from tests.importer.buildfiles import buildfile_of, compare_buildfiles
from tests.importer.helpers import ROOT

REAL = ROOT / "tests" / "data" / "real"
SAVE_SUFFIXES = (".vsav", ".vlog")


@dataclass
class RealModule:
    slug: str
    vmod: Path
    saves: list[Path]


def _slug(name: str) -> str:
    """A folder name vconv accepts as a game id."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-._") or "module"


def _real_modules() -> list[RealModule]:
    found = [RealModule("tour", REAL / "tour.vmod", [REAL / "tour.vlog"])]
    found += [RealModule(_slug(p.stem), p, []) for p in sorted(REAL.glob("*.vmod"))
              if p.stem != "tour"]
    for folder in sorted(p for p in REAL.iterdir() if p.is_dir()):
        vmods = sorted(folder.glob("*.vmod"))
        has_buildfile = any((folder / n).is_file() for n in ("buildFile.xml", "buildFile"))
        if not vmods and not has_buildfile:
            continue
        saves = sorted(p for p in folder.rglob("*") if p.suffix in SAVE_SUFFIXES)
        found.append(RealModule(_slug(folder.name), vmods[0] if vmods else folder, saves))
    return found


MODULES = _real_modules()


def _as_vmod(module: RealModule, out: Path) -> Path:
    """The module file; an unpacked module (a folder with its build file) zipped first."""
    if module.vmod.is_file():
        return module.vmod
    target = out / f"{module.slug}.vmod"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(module.vmod.rglob("*")):
            if path.is_file() and path.suffix not in (".vlog", ".md"):
                archive.write(path, path.relative_to(module.vmod).as_posix())
    return target


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


ENGINE_TEST = "test_the_rebuilt_module_and_the_originals_saves_load_in_the_engine"


def _engine_run(vmod: Path, module: RealModule, urgent: bool = False) -> Future[VassalCheckResult]:
    """The engine opens *vmod* and replays every save kept beside the original (one run)."""
    games = [arg for save in module.saves for arg in ("--game", str(save))]
    return start_vassal_check(vmod, *games, "--execute", "--max", "0", images=False,
                              timeout=600, urgent=urgent)


def start_engine_jobs(item: pytest.Function) -> None:
    """The originals' engine runs start with the test run (tests/conftest.py)."""
    if item.originalname == ENGINE_TEST:
        module: RealModule = item.callspec.params["trip"]
        if module.vmod.is_file():
            _engine_run(module.vmod, module)


@dataclass
class RoundTrip:
    module: RealModule
    original: Path
    imported: Path
    import_code: int
    rebuilt: Path
    build_code: int
    reimported: Path


@pytest.fixture(scope="module", params=MODULES, ids=[m.slug for m in MODULES])
def trip(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> RoundTrip:
    module: RealModule = request.param
    work = tmp_path_factory.mktemp(module.slug)
    original = _as_vmod(module, work)
    try:  # the import the other test files judge too (tests/conftest.py)
        imported, import_code = imported_once(original, module.slug), 0
    except AssertionError:  # did not exit 0: test_import_and_build_exit_0 says so
        imported, import_code = work / "first" / module.slug, 1
    build_code = main(["build", str(imported), "-o", str(work / "dist"), "-q"])
    rebuilt = work / "dist" / f"{module.slug}.vmod"
    reimported = work / "again" / module.slug
    if build_code == 0:
        if vassal_checker() is not None and any(
                i.name == f"{ENGINE_TEST}[{module.slug}]" for i in request.session.items):
            _engine_run(rebuilt, module)  # in the background while the other tests run
        main(["import", str(rebuilt), "-o", str(reimported), "-q"])
    return RoundTrip(module, original, imported, import_code, rebuilt, build_code, reimported)


def test_import_and_build_exit_0_and_the_game_validates(trip: RoundTrip) -> None:
    assert trip.import_code == 0
    _, problems = validate_path(trip.imported)
    assert [p.line() for p in problems] == []
    assert trip.build_code == 0 and trip.rebuilt.is_file()


def test_every_element_name_and_piece_definition_comes_back(trip: RoundTrip) -> None:
    assert compare_buildfiles(buildfile_of(trip.original), buildfile_of(trip.rebuilt)) == []


def test_every_entry_of_the_original_comes_back(trip: RoundTrip) -> None:
    with zipfile.ZipFile(trip.original) as a, zipfile.ZipFile(trip.rebuilt) as b:
        before = {i.filename: i.CRC for i in a.infolist() if not i.is_dir()}
        after = {i.filename: i.CRC for i in b.infolist() if not i.is_dir()}
    assert {k: v for k, v in after.items() if not k.startswith("vconv/")} == before


def test_importing_twice_is_byte_identical(trip: RoundTrip, tmp_path: Path) -> None:
    again = tmp_path / trip.module.slug
    assert main(["import", str(trip.original), "-o", str(again), "-q"]) == 0
    assert _files(again) == _files(trip.imported)


def test_import_build_import_is_a_fixed_point(trip: RoundTrip) -> None:
    assert _files(trip.reimported) == _files(trip.imported)


@pytest.mark.vassal
def test_the_rebuilt_module_and_the_originals_saves_load_in_the_engine(trip: RoundTrip) -> None:
    """The engine opens the rebuilt module, and every save kept beside the original, with no
    error the original does not raise itself (one run each, all saves together)."""
    baseline_run = _engine_run(trip.original, trip.module, urgent=True)
    rebuilt = _engine_run(trip.rebuilt, trip.module, urgent=True).result()
    baseline = baseline_run.result()
    assert rebuilt.errors <= baseline.errors, rebuilt.output[-3000:]
    assert "Could not find map" not in rebuilt.output.replace(baseline.output, "")


def test_diff_of_the_original_and_its_rebuild_names_only_the_game_description(
        trip: RoundTrip) -> None:
    from converter.importer.diff import diff_modules

    found = diff_modules(trip.original, trip.rebuilt)
    assert not found.components and not found.pieces
    assert (found.files.added, found.files.removed, found.files.changed) == (
        ["vconv/game.json"], [], [])
    assert diff_modules(trip.original, trip.original).same
