"""kill -9 during build, print and import --force leaves the old output or the new one, whole,
at the final names; the next run cleans what the killed one left (issue 14).

Each command is run once to completion in a process of its own (the new output, and how long
it takes), then started again over the old output and killed at a few moments of that
duration.  The runs that only make an output (the old one, the last run that cleans up) run
in this process, and a killed run that left the new output is followed by the old output
copied back, not made again: a vconv process spends about a second importing itself."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from converter.cli import main
from tests.hostile.inputs import MINI, ROOT, TINY_BUILDFILE, zip_bytes

MOMENTS = (0.55, 0.8, 0.97)  # fractions of a full run's duration
Tree = dict[str, bytes]


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)  # VCONV_GUARD=raise included: a guarded crash fails the run
    env.update(extra)
    return env


def _vconv(args: list[object], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "converter", *map(str, args)], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _complete(args: list[object], env: dict[str, str]) -> float:
    start = time.monotonic()
    proc = _vconv(args, env)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err.decode()
    return time.monotonic() - start


def _here(args: list[object], **env: str) -> None:
    """A complete run in this process, with *env* set for it."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        assert main([str(a) for a in args]) == 0


def _put_back(snapshot: Path, folder: Path) -> Callable[[], None]:
    """What puts the output *folder* back as *snapshot* (a copy of it) holds it: the old
    output, where a killed run left the new one (its leftovers, staged beside the folder,
    stay)."""
    def reset() -> None:
        shutil.rmtree(folder)
        shutil.copytree(snapshot, folder, symlinks=True)
    return reset


def _tree(folder: Path, keep: Callable[[str], bool] = lambda name: True) -> Tree:
    """Files at their final names (hidden temporaries are not outputs)."""
    if not folder.exists():
        return {}
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts)
            and keep(p.name)}


def _killed_runs(args: list[object], env: dict[str, str], duration: float, reset: Callable[[], None],
                 check: Callable[[float], bool]) -> None:
    """Kill a run over the old output (there when this is called) at each moment; *check*
    says whether the killed run already left the new output: the old one is then put back by
    a complete run (a killed run that left the old output, and its leftovers, is the next
    killed run's start)."""
    new = False
    for moment in MOMENTS:
        if new:
            reset()
        proc = _vconv(args, env)
        time.sleep(duration * moment)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        new = check(moment)


def _old_or_new(now: Tree, old: Tree, new: Tree, what: str) -> bool:
    """Whether *now* is the new output (failing when it is neither the old nor the new)."""
    assert now in (old, new), (f"{what}: a mix of old and new output "
                               f"({sorted(k for k in now if old.get(k) != now[k])} changed)")
    return now == new


def test_build_killed_at_any_moment(tmp_path: Path) -> None:
    out = tmp_path / "dist"
    args = ["build", MINI, "-o", out, "-q"]
    new_env = _env(SOURCE_DATE_EPOCH="1600000000")
    duration = _complete(args, new_env)
    new = _tree(out)
    _here(args, SOURCE_DATE_EPOCH="1000000000")
    old = _tree(out)
    assert old != new and list(new) == ["mini.vmod"]

    def reset() -> None:  # the old module back; the killed runs' temporaries beside it stay
        (out / "mini.vmod").write_bytes(old["mini.vmod"])

    _killed_runs(args, new_env, duration, reset,
                 lambda moment: _old_or_new(_tree(out), old, new, f"build killed at {moment}"))
    _here(args, SOURCE_DATE_EPOCH="1600000000")
    assert sorted(p.name for p in out.iterdir()) == ["mini.vmod"]  # the next run cleaned up


def test_import_force_killed_at_any_moment(tmp_path: Path, mini_vmod: Path) -> None:
    old_module = tmp_path / "tiny.vmod"
    old_module.write_bytes(zip_bytes([("buildFile.xml", TINY_BUILDFILE.encode())]))
    new_module = tmp_path / "mini.vmod"
    shutil.copyfile(mini_vmod, new_module)
    target = tmp_path / "games" / "the-game"
    old_args = ["import", old_module, "-o", target, "--force", "-q"]
    new_args = ["import", new_module, "-o", target, "--force", "-q"]
    duration = _complete(new_args, _env())
    new = _tree(target)
    _here(old_args)
    old = _tree(target)
    assert old and new and old != new
    shutil.copytree(target, tmp_path / "old")

    def check(moment: float) -> bool:
        assert target.is_dir()
        return _old_or_new(_tree(target), old, new, f"import killed at {moment}")

    _killed_runs(new_args, _env(), duration, _put_back(tmp_path / "old", target), check)
    _here(new_args)
    assert sorted(p.name for p in target.parent.iterdir()) == ["the-game"]


def test_print_killed_at_any_moment(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    new_args = ["print", MINI, "-o", out, "--png", "--dpi", "72", "--quiet", "--paper", "a4"]
    old_args = new_args[:-1] + ["letter"]
    duration = _complete(new_args, _env())
    new = _tree(out)
    _here(old_args)
    old = _tree(out)
    assert old != new and len(new) > 5  # letter has pages a4 lacks: no mix either
    shutil.copytree(out, tmp_path / "old")

    _killed_runs(new_args, _env(), duration, _put_back(tmp_path / "old", out),
                 lambda moment: _old_or_new(_tree(out), old, new, f"print killed at {moment}"))
    _here(new_args)
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == [".mini-kit.files"]
    assert _tree(out) == new



def _wait_for(condition: Callable[[], bool], proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while not condition():
        assert proc.poll() is None and time.monotonic() < deadline, "the moment never came"


def test_print_killed_during_the_switch_of_its_pages(tmp_path: Path) -> None:
    """The kit's pages share the folder with other files (5,000 here, so the switch lasts
    long enough to be caught): killed while they are carried into the new folder, or just
    after the new folder took the old one's place, the folder holds the old kit or the new
    one, whole, and every other file."""
    out = tmp_path / "kit"
    new_args = ["print", MINI, "-o", out, "--png", "--dpi", "72", "--quiet", "--paper", "a4"]
    old_args = new_args[:-1] + ["letter"]
    _here(new_args)
    new = _tree(out)
    _here(old_args)
    old = _tree(out)
    (out / "mine").mkdir()
    for n in range(5000):
        (out / "mine" / f"note-{n:05}.txt").write_text(f"note {n}")
    (out / "readme.txt").write_text("not the kit's")
    mine = {k: v for k, v in _tree(out).items() if k not in old}
    assert len(mine) == 5001

    def staged() -> list[Path]:
        return [p for p in tmp_path.iterdir() if p.name.startswith(".kit.")]

    def carrying() -> bool:  # the links into the staged folder are being made
        return any((p / "mine").is_dir() for p in staged())

    def switched() -> bool:  # the new folder has taken the old one's place
        return os.stat(out).st_ino != inode

    for moment, condition in (("carrying", carrying), ("switched", switched)):
        _here(old_args)  # over the others' files (and, the second time, what a kill left)
        inode = os.stat(out).st_ino
        proc = _vconv(new_args, _env())
        _wait_for(condition, proc)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        assert staged() or moment == "switched", moment  # left for the next run to clean
        now = _tree(out)
        _old_or_new({k: v for k, v in now.items() if k not in mine}, old, new,
                     f"print killed while {moment}")
        assert {k: v for k, v in now.items() if k in mine} == mine, moment
        assert (moment == "switched") == (now == {**new, **mine}), moment
    _here(new_args)  # the next run cleans what the killed ones left
    assert _tree(out) == {**new, **mine} and staged() == []
