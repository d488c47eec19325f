"""An output named like one of the command's own inputs (the same path, a link, a hard link,
a folder holding it) is refused before any work, and the input keeps its bytes: a report or
a proposed mapping written over the log, the module or the game would destroy what the
audit read, and `import --force` into the folder holding the module would delete it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.hostile.conftest import Run
from tests.hostile.inputs import MINI, ROOT

LOG = ROOT / "tests" / "data" / "logs" / "mini-violations.vlog"
TOUR = ROOT / "tests" / "data" / "real" / "tour.vmod"
TOUR_GAME = ROOT / "tests" / "data" / "games" / "tour-skirmish"
TOUR_LOG = ROOT / "tests" / "data" / "real" / "tour-vassal36.vlog"


def refused(err: str, command: str, output: object, given: object, *, holds: bool = False) -> bool:
    what = "holds" if holds else "is"
    return err == (f"vconv {command}: error: {output}: {what} the input '{given}'; write the "
                   "output somewhere else (nothing was written)\n")


@pytest.mark.parametrize("how", ["same path", "symlink", "hard link", "other spelling"])
def test_audit_report_over_its_log_is_refused(run: Run, tmp_path: Path, mini_vmod: Path,
                                              how: str) -> None:
    log = tmp_path / "game.vlog"
    shutil.copyfile(LOG, log)
    output: Path | str = log
    if how == "symlink":
        output = tmp_path / "report.txt"
        output.symlink_to(log)
    elif how == "hard link":
        output = tmp_path / "report.txt"
        os.link(log, output)
    elif how == "other spelling":
        output = f"{tmp_path}/./game.vlog"
    code, out, err = run("audit", log, "--module", mini_vmod, "-o", output)
    assert code == 2 and out == ""
    assert refused(err, "audit", output, log), err
    assert log.read_bytes() == LOG.read_bytes()


def test_audit_report_over_a_log_of_an_archive_folder_is_refused(
        run: Run, tmp_path: Path, mini_vmod: Path) -> None:
    logs = tmp_path / "league"
    logs.mkdir()
    shutil.copyfile(LOG, logs / "a.vlog")
    code, _, err = run("audit", logs, "--module", mini_vmod, "-o", logs / "a.vlog")
    assert code == 2 and refused(err, "audit", logs / "a.vlog", logs / "a.vlog"), err
    assert (logs / "a.vlog").read_bytes() == LOG.read_bytes()
    # a report beside the logs is not an input: written, and the next run replaces it
    for _ in range(2):
        code, _, err = run("audit", logs, "--module", mini_vmod, "-o", logs / "report.txt")
        assert code == 1, err
    assert sorted(p.name for p in logs.iterdir()) == ["a.vlog", "report.txt"]


def test_audit_report_over_its_module_or_a_file_of_its_game_is_refused(
        run: Run, tmp_path: Path, mini_vmod: Path) -> None:
    module = tmp_path / "mini.vmod"
    shutil.copyfile(mini_vmod, module)
    code, _, err = run("audit", LOG, "--module", module, "-o", module)
    assert code == 2 and refused(err, "audit", module, module), err
    assert module.read_bytes() == mini_vmod.read_bytes()
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    pieces = game / "pieces.json"
    code, _, err = run("audit", LOG, "--module", game, "-o", pieces)
    assert code == 2 and refused(err, "audit", pieces, pieces), err
    assert pieces.read_bytes() == (MINI / "pieces.json").read_bytes()


def test_a_proposed_mapping_over_the_module_or_a_log_is_refused(run: Run, tmp_path: Path) -> None:
    module = tmp_path / "tour.vmod"
    shutil.copyfile(TOUR, module)
    log = tmp_path / "tour.vlog"
    shutil.copyfile(TOUR_LOG, log)
    code, _, err = run("audit", "--module", module, "--game", TOUR_GAME, "--mapping", module,
                       "--propose-mapping")
    assert code == 2 and refused(err, "audit", module, module), err
    code, _, err = run("audit", log, "--module", module, "--game", TOUR_GAME, "--mapping", log)
    assert code == 2 and refused(err, "audit", log, log), err
    assert module.read_bytes() == TOUR.read_bytes() and log.read_bytes() == TOUR_LOG.read_bytes()


def test_the_report_over_the_mapping_is_refused(run: Run, tmp_path: Path) -> None:
    mapping = tmp_path / "tour.mapping.json"
    code, _, err = run("audit", "--module", TOUR, "--game", TOUR_GAME, "--mapping", mapping,
                       "--propose-mapping")
    assert code == 0, err
    before = mapping.read_bytes()
    code, _, err = run("audit", TOUR_LOG, "--module", TOUR, "--game", TOUR_GAME,
                       "--mapping", mapping, "-o", mapping)
    assert code == 2 and refused(err, "audit", mapping, mapping), err
    assert mapping.read_bytes() == before


@pytest.mark.parametrize("where", ["its folder", "a parent"])
def test_import_force_into_the_folder_holding_the_module_is_refused(
        run: Run, tmp_path: Path, mini_vmod: Path, where: str) -> None:
    folder = tmp_path / "work" / "mini"
    folder.mkdir(parents=True)
    module = folder / "mini.vmod"
    shutil.copyfile(mini_vmod, module)
    (folder / "notes.txt").write_text("mine")
    target = folder if where == "its folder" else tmp_path / "work"
    code, out, err = run("import", module, "-o", target, "--force")
    assert code == 2 and out == ""
    assert refused(err, "import", target, module, holds=True), err
    assert module.read_bytes() == mini_vmod.read_bytes()
    assert (folder / "notes.txt").read_text() == "mine"


def test_fix_gpids_over_a_hard_link_of_its_input_is_refused(run: Run, tmp_path: Path) -> None:
    module = tmp_path / "tour.vmod"
    shutil.copyfile(TOUR, module)
    twin = tmp_path / "fixed.vmod"
    os.link(module, twin)
    code, _, err = run("check", "--fix-gpids", module, "-o", twin)
    assert code == 2 and refused(err, "check", twin, module), err
    assert module.read_bytes() == TOUR.read_bytes()
