"""A built module's own scenario setups (its File → New saves, reinforcements waiting on the
turn track included) audit clean against the game's rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.audit import audit_files
from converter.audit.findings import Severity
from tests.conftest import bundled_games


@pytest.mark.parametrize("slug", [g.name for g in bundled_games()])
def test_every_scenario_save_of_a_built_module_audits_clean(bundled, slug: str, tmp_path: Path) -> None:
    built, module = bundled(slug)
    saves = sorted(n for n in built.archive.files if n.startswith("scenarios/") and n.endswith(".vsav"))
    if not saves:
        pytest.skip("a one-scenario game: its setup is at-start stacks, audited by test_bundled")
    judged = 0
    for name in saves:
        path = tmp_path / Path(name).name
        path.write_bytes(built.archive.files[name])
        result = audit_files([path], str(path), module=module)
        assert result.files and result.files[0].steps == 0
        violations = [f.message for f in result.findings if f.severity is Severity.VIOLATION]
        assert violations == [], name
        judged += sum(c.applied for c in result.checks if c.check == "setup")
    if any(pl.at.code is None for s in built.game.scenarios or [] for pl in s.setup or []):
        assert judged > 0  # the placements were compared, not skipped
