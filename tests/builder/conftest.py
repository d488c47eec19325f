"""Each game is built once per test session; the tests read the written modules back."""

from __future__ import annotations

import concurrent.futures
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from converter.builder.module import BuiltModule, write_module
from tests.conftest import built_once

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "data" / "games" / "mini"
EPOCH = 1_700_000_000


def game_folders() -> list[Path]:
    """The small test game and every bundled module with a game.json (found at collection)."""
    modules = ROOT / "modules"
    bundled = sorted(p for p in modules.iterdir() if (p / "game.json").is_file()) \
        if modules.is_dir() else []
    return [MINI, *bundled]


GAMES = game_folders()
GAME_IDS = [p.name for p in GAMES]


@dataclass
class Built:
    folder: Path
    module: BuiltModule
    path: Path


class BuildCache:
    """Builds a game the first time a test asks for it, then hands out the same result."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.built: dict[Path, Built] = {}

    def get(self, folder: Path) -> Built:
        if folder not in self.built:
            with fixed_epoch():
                module = built_once(folder)
                path = write_module(module, self.out)
            self.built[folder] = Built(folder, module, path)
        return self.built[folder]


class fixed_epoch:
    """SOURCE_DATE_EPOCH set to EPOCH for the duration of a build."""

    def __enter__(self) -> None:
        self.old = os.environ.get("SOURCE_DATE_EPOCH")
        os.environ["SOURCE_DATE_EPOCH"] = str(EPOCH)

    def __exit__(self, *exc: object) -> None:
        if self.old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = self.old


@pytest.fixture(scope="session")
def builds(tmp_path_factory: pytest.TempPathFactory) -> BuildCache:
    return BuildCache(tmp_path_factory.mktemp("vmod"))


@pytest.fixture(scope="session")
def vassal_reports(builds: BuildCache) -> dict[Path, object]:
    """vassal-check of every built module, run side by side (each takes a few seconds)."""
    from tests.helpers_vassal import require_vassal_checker

    require_vassal_checker()
    runs: dict[Path, object] = {}
    for folder in GAMES:  # each game's check starts as soon as it is built
        try:
            runs[folder] = _check_with_scenarios(builds.get(folder).path)
        except Exception as exc:  # reported by the test of that game
            runs[folder] = exc
    return {folder: run.result() if isinstance(run, concurrent.futures.Future) else run
            for folder, run in runs.items()}


def _check_with_scenarios(path: Path) -> concurrent.futures.Future[object]:
    """vassal-check of a module, opening and executing every scenario save it carries,
    started in the background (tests/helpers_vassal.py)."""
    from tests.helpers_vassal import start_vassal_check

    games = []
    with zipfile.ZipFile(path) as z:
        for name in sorted(z.namelist()):
            if name.startswith("scenarios/") and name.endswith(".vsav"):
                target = path.parent / f"{path.stem}-{Path(name).name}"
                target.write_bytes(z.read(name))
                games += ["--game", str(target)]
    return start_vassal_check(path, *games,  # type: ignore[return-value]
                              *(["--execute", "--raw", "--max", "0"] if games else []),
                              urgent=True)
