"""The CLI's last-resort guard: an unexpected exception is one line naming the input and
exit 2; --debug shows the traceback.  The suite itself makes the guard raise (conftest), so
no other test can pass by reaching it."""

from __future__ import annotations

import argparse

import pytest

from converter.cli import main


def _crash(args: argparse.Namespace) -> int:
    raise KeyError("a bug, not an input error")


@pytest.fixture
def crashing_dump(monkeypatch: pytest.MonkeyPatch) -> None:
    import converter.cli.dump as dump

    monkeypatch.setattr(dump, "run", _crash)


def test_an_unexpected_exception_is_one_line_naming_the_input(
        crashing_dump: None, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("VCONV_GUARD")
    code = main(["dump", "some.vlog", "other.vlog"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == ("vconv dump: error: some.vlog, other.vlog: could not be processed "
                   "(KeyError: 'a bug, not an input error'); rerun with --debug for details\n")


def test_debug_shows_the_traceback(crashing_dump: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VCONV_GUARD")
    with pytest.raises(KeyError):
        main(["--debug", "dump", "some.vlog"])


def test_the_suite_makes_the_guard_raise(crashing_dump: None) -> None:
    with pytest.raises(KeyError):
        main(["dump", "some.vlog"])
