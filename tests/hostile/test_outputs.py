"""Outputs (issue 14): only a regular file is replaced, a bad -o is one line, folders switch
whole, and what a killed run left behind is cleaned by the next one."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest

from converter import atomic
from converter.atomic import clean_stale, replacing_folder, write_bytes_atomic
from converter.errors import InputError
from tests.hostile.conftest import Run
from tests.hostile.inputs import MINI

LOG = "tests/data/logs/mini-violations.vlog"


@pytest.fixture
def dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


@pytest.mark.parametrize("kind", ["fifo", "symlink", "device", "folder"])
def test_audit_o_refuses_to_replace_what_is_not_a_regular_file(
        run: Run, tmp_path: Path, mini_vmod: Path, kind: str) -> None:
    target = tmp_path / "report.html"
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        target.symlink_to(victim)
    elif kind == "folder":
        target.mkdir()
    else:
        target = Path("/dev/null")
    before = os.lstat(target)
    code, out, err = run("audit", LOG, "--module", mini_vmod, "--format", "html", "-o", target)
    assert code == 2 and out == ""
    names = {"fifo": "a FIFO", "symlink": "a symbolic link", "device": "a device",
             "folder": "a folder"}
    assert f"vconv audit: error: {target}: is {names[kind]}, not a regular file" in err
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert victim.read_text() == "keep me"
    assert not [p for p in target.parent.iterdir() if p.name.endswith(".part")]


def test_output_folders_that_cannot_be(run: Run, tmp_path: Path, mini_vmod: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    cases = {a_file: "is a file, not a folder; name a folder for the output",
             a_file / "sub": "lies under a file, so no folder can be made there",
             Path("/proc/vconv-nowhere"): "cannot make this folder"}
    from converter.builder import module

    built = []
    real = module.build_module
    monkeypatch.setattr(module, "build_module", lambda *a: built.append(a) or real(*a))
    for out, message in cases.items():
        for args in (["build", MINI, "-o", out, "-q"], ["print", MINI, "-o", out, "--quiet"],
                     ["audit", LOG, "--module", mini_vmod, "-o", out / "r.txt"]):
            code, stdout, err = run(*args)
            assert code == 2 and stdout == "", args
            assert f"vconv {args[0]}: error: {out}: {message}" in err
    assert a_file.read_text() == "x"
    # a file at -o (or above it) is said before the game is built, not after the build
    assert len(built) == 1  # /proc/vconv-nowhere: only making the folder tells


def test_import_refuses_a_symlink_as_the_game_folder(run: Run, tmp_path: Path,
                                                     mini_vmod: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (real / "keep.txt").write_text("x")
    link = tmp_path / "link"
    link.symlink_to(real)
    code, _, err = run("import", mini_vmod, "-o", link, "--force")
    assert code == 2 and f"{link}: exists and is not a folder" in err
    assert (real / "keep.txt").read_text() == "x" and link.is_symlink()


def test_a_killed_builds_temporaries_are_cleaned_by_the_next_build(
        run: Run, tmp_path: Path, dead_pid: int) -> None:
    out = tmp_path / "dist"
    out.mkdir()
    stale = out / f".mini.vmod.{dead_pid}-abc123.part"
    stale.write_bytes(b"\0" * 1000)
    legacy = out / ".mini.vmod.k2j4h5.part"  # written before temporaries carried a pid
    legacy.write_bytes(b"\0")
    os.utime(legacy, (0, 0))
    alive = out / f".mini.vmod.{os.getppid()}-def456.part"  # another run, still going
    alive.write_bytes(b"\0")
    other = out / f".other.vmod.{dead_pid}-abc123.part"  # another output's: not ours to judge
    other.write_bytes(b"\0")
    code, _, _ = run("build", MINI, "-o", out, "-q")
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [alive.name, other.name, "mini.vmod"])


def test_a_folder_switch_cut_short_is_restored_by_the_next_run(tmp_path: Path,
                                                              dead_pid: int) -> None:
    target = tmp_path / "game"
    aside = tmp_path / f".game.{dead_pid}-xyz.old.part"
    aside.mkdir()
    (aside / "game.json").write_text("old")
    half = tmp_path / f".game.{dead_pid}-uvw.part"
    half.mkdir()
    (half / "game.json").write_text("half")
    done = clean_stale(tmp_path, "game")
    assert sorted(p.name for p in done) == sorted([aside.name, half.name])
    assert (target / "game.json").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game"]


def test_a_folder_is_switched_whole_and_the_old_one_kept_until_then(tmp_path: Path) -> None:
    target = tmp_path / "game"
    target.mkdir()
    (target / "old.json").write_text("old")
    with pytest.raises(RuntimeError):
        with replacing_folder(target) as staged:
            (staged / "new.json").write_text("new")
            assert sorted(p.name for p in target.iterdir()) == ["old.json"]
            raise RuntimeError("killed while filling")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game"]
    assert sorted(p.name for p in target.iterdir()) == ["old.json"]
    with replacing_folder(target) as staged:
        (staged / "new.json").write_text("new")
    assert sorted(p.name for p in target.iterdir()) == ["new.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game"]


def test_write_bytes_atomic_leaves_nothing_when_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(InputError, match="is a FIFO"):
        write_bytes_atomic(tmp_path / "pipe", b"x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_set_switch_keeps_the_folders_other_files_and_a_linked_folder(tmp_path: Path) -> None:
    from converter.atomic import replacing_set

    real = tmp_path / "real"
    (real / "sub").mkdir(parents=True)
    (real / "sub" / "notes.txt").write_text("mine")
    (real / "kit.pdf").write_text("old kit")
    (real / "other.vmod").write_text("a module")
    link = tmp_path / "dist"
    link.symlink_to(real)
    (real / "page-3.png").write_text("old page 3")
    (real / ".kit.files").write_text("kit.pdf\npage-3.png\n")  # the old set
    with replacing_set(link, ".kit.files") as staged:
        (staged / "kit.pdf").write_text("new kit")
        assert (link / "kit.pdf").read_text() == "old kit"  # nothing changes until the switch
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert {p.relative_to(real).as_posix(): p.read_text() for p in real.rglob("*") if p.is_file()} \
        == {"kit.pdf": "new kit", "other.vmod": "a module", "sub/notes.txt": "mine",
            ".kit.files": "kit.pdf\n"}  # the old set's page 3 is gone with it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist", "real"]
    with pytest.raises(RuntimeError), replacing_set(link, ".kit.files") as staged:  # a failed set changes nothing
        (staged / "kit.pdf").write_text("newer kit")
        raise RuntimeError("drawing failed")
    assert (real / "kit.pdf").read_text() == "new kit"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist", "real"]


def test_a_mount_point_as_output_folder_is_refused_before_any_work(
        run: Run, tmp_path: Path, mini_vmod: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder switched whole is renamed into place, which a mount point cannot be."""
    mounted = tmp_path / "usb"
    mounted.mkdir()
    (mounted / "keep.txt").write_text("x")
    real_ismount = os.path.ismount
    monkeypatch.setattr(os.path, "ismount", lambda p: Path(p) == mounted or real_ismount(p))
    for args in (["import", mini_vmod, "-o", mounted, "--force"],
                 ["print", MINI, "-o", mounted, "--quiet"]):
        code, out, err = run(*args)
        assert code == 2 and out == "", args
        assert (f"vconv {args[0]}: error: {mounted}: is a mount point, which vconv cannot "
                f"replace whole") in err and f"such as {mounted / 'out'}" in err
    assert [p.name for p in mounted.iterdir()] == ["keep.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["usb"]  # no staged folder left


@pytest.mark.parametrize("code_", [errno.EBUSY, errno.EXDEV])
def test_a_folder_switch_the_system_refuses_is_one_line_and_keeps_the_old_folder(
        run: Run, tmp_path: Path, mini_vmod: Path, monkeypatch: pytest.MonkeyPatch,
        code_: int) -> None:
    target = tmp_path / "game"
    assert run("import", mini_vmod, "-o", target)[0] == 0
    before = sorted(p.relative_to(target) for p in target.rglob("*"))

    def refuse(*_: object) -> None:
        raise OSError(code_, os.strerror(code_), str(target))

    monkeypatch.setattr(atomic, "_exchange", refuse)
    code, out, err = run("import", mini_vmod, "-o", target, "--force")
    assert code == 2 and out == ""
    assert (f"vconv import: error: {target}: cannot put the new folder in its place: "
            f"{os.strerror(code_)}; it is a mount point, in use, or on another file system "
            f"than its parent") in err
    assert sorted(p.relative_to(target) for p in target.rglob("*")) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game"]
