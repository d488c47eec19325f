"""`vconv audit --module <game folder>` builds only what the audit reads: no counter, board
or reference card is drawn, yet the audit is the one of the built .vmod, and an HTML report
still shows the board (drawn then, on demand)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from converter.audit.auditor import audit_files
from converter.cli.audit import open_module as load_module
from converter.audit.report import render_html, render_json
from tests.audit.conftest import MINI, mini_built, mini_vmod  # noqa: F401

LOG = Path(__file__).resolve().parents[1] / "data" / "logs" / "mini-violations.vlog"


def _refuse(*_: Any, **__: Any) -> Any:
    raise AssertionError("an image was drawn for an audit that shows none")


def test_folder_module_draws_nothing_and_judges_as_the_vmod(
        monkeypatch: pytest.MonkeyPatch, mini_vmod: Path) -> None:
    from converter.builder import module as builder_module
    from converter.builder import pieces

    monkeypatch.setattr(builder_module, "board_picture", _refuse)
    monkeypatch.setattr(builder_module, "display_image", _refuse)
    monkeypatch.setattr(builder_module, "chart_window", _refuse)
    monkeypatch.setattr(pieces, "face_image", _refuse)
    monkeypatch.setattr(builder_module, "check_archive", _refuse)
    folder = load_module(MINI)
    from_folder = render_json(audit_files([LOG], MINI, module=folder))
    from_vmod = render_json(audit_files([LOG], mini_vmod))
    assert from_folder.replace(str(MINI), "M") == from_vmod.replace(str(mini_vmod), "M")
    monkeypatch.undo()
    page = render_html(audit_files([LOG], MINI, module=folder))
    assert "data:image/png;base64," in page  # the board, drawn when the report asked
