"""Hostile-input tests: one session build of the small game to mutate, and a CLI runner that
also checks the one-line contract (the guard itself raises in tests: see tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from converter.cli import main
from tests.hostile.inputs import MINI

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture(scope="session")
def mini_vmod(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small game built once (it carries vconv/game.json)."""
    out = tmp_path_factory.mktemp("mini-vmod")
    assert main(["build", str(MINI), "-o", str(out), "-q"]) == 0
    return out / "mini.vmod"


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    """`vconv ARGS` in process: (exit code, stdout, stderr); an error is one line naming the
    command, never a traceback."""

    def call(*args: str) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        if code == 2:  # one line saying why (build lists a game's problems under it)
            assert err.startswith(f"vconv {args[0]}") and (err.count("\n") == 1 or args[0] == "build"), err
        return code, out, err

    return call
