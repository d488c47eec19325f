"""Shared fixtures: paths to the bundled games and a copy of the small test game."""

from __future__ import annotations

import copy
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
MINI = ROOT / "tests" / "data" / "games" / "mini"
MODULES = ROOT / "modules"


def bundled_games() -> list[Path]:
    return sorted(p for p in MODULES.iterdir() if (p / "game.json").is_file()) if MODULES.is_dir() else []


@pytest.fixture
def mini_copy(tmp_path: Path) -> Callable[..., Path]:
    """Copy the small game into a temporary folder, optionally editing one of its files."""

    def make(file: str | None = None, edit: Callable[[Any], Any] | None = None) -> Path:
        folder = tmp_path / "mini"
        if not folder.exists():
            shutil.copytree(MINI, folder)
        if file is not None and edit is not None:
            path = folder / file
            data = json.loads(path.read_text(encoding="utf-8"))
            result = edit(data)
            if result is not None:
                data = result
            path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        return folder

    return make


@pytest.fixture(autouse=True)
def _guard_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """An input that reaches the CLI's last-resort guard fails its test with the traceback:
    every bad input must be handled where it arises (issue 14)."""
    monkeypatch.setenv("VCONV_GUARD", "raise")


# The stamp of the session's builds when SOURCE_DATE_EPOCH is not set: every test that asks
# for a game's module without choosing an epoch shares the build of the builder's tests,
# which need a fixed one (tests/builder/conftest.py) -- each game is built once per run.
EPOCH = 1_700_000_000

# (game folder, SOURCE_DATE_EPOCH) -> its BuiltModule, or the error its build raised: the
# epoch is part of the key, as it changes the module's stamps
_BUILT: dict[tuple[Path, str], Any] = {}


@pytest.fixture
def words_drawn(monkeypatch: pytest.MonkeyPatch) -> Callable[[Any], list[tuple[str, int]]]:
    """`words_drawn(module)`: from then on, every (text, font size) that *module*'s
    `put_text` draws, in order (the words a person reads on the picture)."""
    def spy_on(module: Any) -> list[tuple[str, int]]:
        drawn: list[tuple[str, int]] = []
        real = module.put_text

        def spy(draw, xy, text, *, font, **kw):  # type: ignore[no-untyped-def]
            drawn.append((text, font.size))
            return real(draw, xy, text, font=font, **kw)

        monkeypatch.setattr(module, "put_text", spy)
        return drawn

    return spy_on


def built_once(folder: Path) -> Any:
    """The module of a game folder, built the first time any test of this run asks for it
    (stamped with $SOURCE_DATE_EPOCH, else EPOCH); each caller gets its own deep copy (tests
    change what they are given, and a copy costs far less than a build).  A build that
    fails raises the same error again for every caller."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH") or str(EPOCH)
    key = (Path(folder).resolve(), epoch)
    if key not in _BUILT:
        from converter.builder import build_module

        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("SOURCE_DATE_EPOCH", epoch)
            try:
                _BUILT[key] = build_module(key[0])
            except Exception as exc:  # remembered: a broken game is not built again
                _BUILT[key] = exc
    result = _BUILT[key]
    if isinstance(result, Exception):
        raise result
    return copy.deepcopy(result)


# folder -> (its game, its reference cards at CARDS_DPI), or the error loading it raised
_CARDS: dict[Path, Any] = {}
CARDS_DPI = 60


def reference_cards_once(folder: Path) -> tuple[Any, list[Any]]:
    """A game folder's model and reference cards, drawn the first time a test of this run
    asks: the aid-text and card read-back tests read the same cards (the cells' text is the
    same at any dpi; the cards are not changed by the tests).  A game that does not load
    raises the same error again for every caller."""
    key = Path(folder).resolve()
    if key not in _CARDS:
        from converter.render.cards import reference_cards
        from converter.validate import load_model

        try:
            game = load_model(key)
            _CARDS[key] = (game, reference_cards(game, dpi=CARDS_DPI))
        except Exception as exc:  # remembered: a broken game is not loaded again
            _CARDS[key] = exc
    result = _CARDS[key]
    if isinstance(result, Exception):
        raise result
    return result  # type: ignore[no-any-return]


# (module file, game id) -> (the folder `vconv import` made of it in this run, a listing of
# that folder's files as made), or the error the import raised
_IMPORTED: dict[tuple[Path, str], Any] = {}


def _listing(folder: Path) -> list[tuple[str, int, int]]:
    return sorted((str(p.relative_to(folder)), p.stat().st_size, p.stat().st_mtime_ns)
                  for p in folder.rglob("*"))


def imported_once(vmod: Path, game_id: str, copy_into: Path | None = None) -> Path:
    """The folder `vconv import VMOD -o GAME_ID -q` makes (its name is the game id),
    imported the first time a test of this run asks (a real module takes seconds to import,
    and a dozen test files judge the same ones).  Tests that only read the folder share it;
    a test that changes it passes *copy_into* and gets its own copy, *copy_into*/GAME_ID.
    A shared folder found changed since its import fails the test that asks next (the test
    before it should have taken a copy).  An import that does not exit 0 fails every
    caller, with what it printed."""
    import contextlib
    import io
    import tempfile

    from converter.cli import main

    key = (Path(vmod).resolve(), game_id)
    if key not in _IMPORTED:
        folder = Path(tempfile.mkdtemp(prefix="vconv-imported-")) / game_id
        said = io.StringIO()
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            code = main(["import", str(key[0]), "-o", str(folder), "-q"])
        if code == 0:
            _IMPORTED[key] = (folder, _listing(folder))
        else:  # remembered: a module that does not import is not imported again
            shutil.rmtree(folder.parent, ignore_errors=True)
            _IMPORTED[key] = AssertionError(
                f"vconv import {key[0]} -o {game_id} exited {code}: {said.getvalue()}")
    result = _IMPORTED[key]
    if isinstance(result, Exception):
        raise result
    folder, listing = result
    assert _listing(folder) == listing, f"a test changed the shared import of {key[0].name}"
    if copy_into is None:
        return folder  # type: ignore[no-any-return]
    copy = Path(copy_into) / game_id
    shutil.copytree(folder, copy)
    return copy


# Under CI (CI=true) an outside checker that is missing, or a bundled game that no longer
# builds, fails the test that needed it instead of skipping it (.ci/run sets the checkers up).
_CHECKER_MISSING = ("not installed", "pywargame", "not set up", "does not build", "does not load",
                    "vlog-maker")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if report.skipped and os.environ.get("CI") == "true":
        reason = str(report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr)
        if any(word in reason for word in _CHECKER_MISSING):
            report.outcome = "failed"
            report.longrepr = f"under CI a missing checker fails: {reason}"


# Where pytest makes tmp_path folders: in memory (/dev/shm) when the machine has it.  The
# program makes every output durable (a flush to disk before the rename, converter/atomic.py),
# ~4 ms of waiting per file on this machine's disk and a few thousand files per run: the
# same writes, renames and checks, without the wait.  PYTEST_DEBUG_TEMPROOT (pytest's own
# setting) or VCONV_TEST_TMP=disk keeps them on the disk.
# pytest keeps the last three runs' folders there, in memory: a small /dev/shm (a
# container's 64 MB) would fill up, so below 4 GB free the disk is used.
_MEMORY_TMP = Path("/dev/shm")
_MEMORY_TMP_FREE = 4 << 30


def _memory_tmp_fits() -> bool:
    try:
        stat = os.statvfs(_MEMORY_TMP)
    except OSError:
        return False
    return stat.f_bavail * stat.f_frsize >= _MEMORY_TMP_FREE


def pytest_configure(config: pytest.Config) -> None:
    if "PYTEST_DEBUG_TEMPROOT" not in os.environ and os.environ.get("VCONV_TEST_TMP") != "disk" \
            and _MEMORY_TMP.is_dir() and os.access(_MEMORY_TMP, os.W_OK | os.X_OK) \
            and _memory_tmp_fits():
        os.environ["PYTEST_DEBUG_TEMPROOT"] = str(_MEMORY_TMP)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start, in the background, every engine call whose inputs exist before its test runs
    (a test module says which with `start_engine_jobs(item)`), in the order of the tests."""
    from tests.helpers_vassal import vassal_checker

    if vassal_checker() is None or session.config.option.collectonly:
        return
    for item in session.items:
        start = getattr(getattr(item, "module", None), "start_engine_jobs", None)
        if start is not None:
            start(item)


def pytest_sessionfinish(session: pytest.Session) -> None:
    from tests.helpers_vassal import stop_engine_jobs

    stop_engine_jobs()
    for result in _IMPORTED.values():  # the shared imports go with the run that made them
        if not isinstance(result, Exception):
            shutil.rmtree(result[0].parent, ignore_errors=True)
