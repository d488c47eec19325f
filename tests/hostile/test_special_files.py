"""Inputs that are not regular files, or links out of a game folder: a device that never
ends (/dev/zero) is read to a limit, not to the end of memory; a FIFO or a link leading out
of an imported game's folder is refused by name, before it hangs the build or puts one of
the user's own files into the module they share."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from tests.hostile.conftest import Run
from tests.hostile.inputs import ROOT

ZXVT = ROOT / "tests" / "data" / "real" / "zxvt-capture"


@pytest.mark.parametrize("command", ["dump", "audit"])
def test_a_save_that_never_ends_is_read_to_the_limit(run: Run, mini_vmod: Path,
                                                     command: str) -> None:
    args = ["--module", mini_vmod] if command == "audit" else []
    code, out, err = run(command, "/dev/zero", *args)
    assert code == 2 and out == ""
    assert err == (f"vconv {command}: error: /dev/zero: file is over the 134217728 byte limit "
                   "(a pipe or device that does not end?)\n")


def test_a_save_through_a_pipe_is_read(run: Run, tmp_path: Path) -> None:
    """Process substitution (`vconv dump <(...)`) is a pipe: read as a file is."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    log = (ROOT / "tests" / "data" / "logs" / "mini-clean.vlog").read_bytes()
    if os.fork() == 0:  # the writer
        with open(pipe, "wb") as fh:
            fh.write(log)
        os._exit(0)
    code, out, err = run("dump", pipe)
    os.wait()
    assert code == 0, err
    assert out.startswith(f"file: {pipe}\nencoding: !VCSK")


def test_a_module_given_as_a_game_is_named_a_module(run: Run, tmp_path: Path) -> None:
    """`vconv dump <(cat m.vmod)` reads a pipe as a game; it said the module was an archive
    with no savedGame, as if it were a broken save.  A module named as the audited log too."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    module = ROOT / "tests" / "data" / "real" / "tour.vmod"
    if os.fork() == 0:  # the writer
        with open(pipe, "wb") as fh:
            fh.write(module.read_bytes())
        os._exit(0)
    code, out, err = run("dump", pipe)
    os.wait()
    said = ("a VASSAL module (a build file, no 'savedGame' entry), not a save or log; give a "
            "module as a regular file, not through a pipe, and to audit a game as --module "
            "MODULE\n")
    assert (code, out) == (2, "") and err == f"vconv dump: error: {pipe}: {said}", err
    code, out, err = run("audit", module, "--module", module)
    assert (code, out) == (2, "") and err == f"vconv audit: error: {module}: {said}", err


@pytest.fixture
def imported(tmp_path: Path, run: Run) -> Path:
    """zxvt's module imported: its build file kept as vassal/buildFile.txt."""
    game = tmp_path / "zxvt"
    code, _, err = run("import", ZXVT / "zxvt-0.3.0.vmod", "-o", game, "-q")
    assert code == 0, err
    assert (game / "vassal" / "buildFile.txt").is_file()
    return game


@pytest.mark.parametrize("command", ["build", "audit"])
@pytest.mark.parametrize("kind", ["link to a file outside", "link to a device", "fifo"])
def test_a_kept_file_that_is_a_link_out_or_not_a_file_is_refused(
        run: Run, tmp_path: Path, imported: Path, command: str, kind: str,
        request: pytest.FixtureRequest) -> None:
    kept = imported / "vassal" / "buildFile.txt"
    kept.unlink()
    secret = tmp_path / "secret.txt"
    secret.write_text("the user's own file")
    if kind == "fifo":
        os.mkfifo(kept)
        # a writer that comes late and writes nothing: a reader that opened the FIFO (which
        # hangs) then fails this test instead of hanging it
        late = threading.Timer(20, lambda: os.close(os.open(kept, os.O_WRONLY)))
        late.daemon = True
        late.start()
        request.addfinalizer(late.cancel)
    else:
        kept.symlink_to(secret if kind == "link to a file outside" else Path("/dev/zero"))
    out_dir = tmp_path / "dist"
    if command == "build":
        code, out, err = run("build", imported, "-o", out_dir, "-q")
        head = "vconv build: "  # the file inside the game folder, the folder not said twice
    else:
        code, out, err = run("audit", ZXVT / "5x5_startup.vlog", "--module", imported)
        head = "vconv audit: error: "
    assert code == 2 and out == ""
    why = "is not a regular file" if kind == "fifo" else "is a link leading out of the game folder"
    assert err.startswith(f"{head}{kept}: {why}; game.json#/vassal names "
                          "'vassal/buildFile.txt'"), err
    assert not out_dir.exists()


def test_a_kept_file_linked_inside_the_folder_builds(run: Run, tmp_path: Path,
                                                     imported: Path) -> None:
    vassal = imported / "vassal"
    shutil.move(vassal / "buildFile.txt", vassal / "real.txt")
    (vassal / "buildFile.txt").symlink_to("real.txt")
    code, _, err = run("build", imported, "-o", tmp_path / "dist", "-q")
    assert code == 0, err


def test_import_of_thousands_of_images_scans_its_folder_once_not_once_per_file(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each file written through a scan of the folder for stale temporaries made an import
    cost the square of its number of files (4,000 images: 8 million name matches, 7 s)."""
    import zipfile

    from converter import atomic

    module = tmp_path / "many.vmod"
    with zipfile.ZipFile(ZXVT / "zxvt-0.3.0.vmod") as source, zipfile.ZipFile(module, "w") as out:
        for info in source.infolist():
            out.writestr(info, source.read(info))
        for k in range(500):
            out.writestr(f"images/extra-{k}.png", b"")
    scans: list[Path] = []
    real_clean = atomic.clean_stale

    def counted(folder: Path, name: str) -> list[Path]:
        scans.append(folder)
        return real_clean(folder, name)

    monkeypatch.setattr(atomic, "clean_stale", counted)
    code, _, err = run("import", module, "-o", tmp_path / "game", "-q")
    assert code == 0, err
    assert len(list((tmp_path / "game").rglob("extra-*"))) == 500
    assert len(scans) <= 2, len(scans)


@pytest.mark.parametrize("command", ["check", "import", "audit"])
def test_a_module_through_a_pipe_is_refused_as_a_pipe(run: Run, tmp_path: Path,
                                                     command: str) -> None:
    """A module is a ZIP archive, read out of order, so `vconv check <(...)` cannot work: it
    read 'no such module file' of a pipe that was there."""
    pipe = tmp_path / "module.vmod"
    os.mkfifo(pipe)
    args = {"check": [pipe], "import": [pipe, "-o", tmp_path / "out"],
            "audit": [ROOT / "tests" / "data" / "real" / "tour.vlog", "--module", pipe]}[command]
    code, out, err = run(command, *args)
    assert code == 2 and (out == "" or command == "check")  # (check's report says it too)
    assert err.endswith(f"{pipe}: not a regular file (a pipe or a device): a module is a ZIP "
                        "archive read out of order; save it to a file first\n"), err
    assert not (tmp_path / "out").exists()
