"""Fuzzing each parser a little on every run (bench/fuzz_long.py runs thousands): mutated
game JSON, logs and modules end in exit 0, 1 or 2 with a message, never in the guard."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile.fuzzing import (audit_case, dump_case, import_case, real_module_case,
                                   real_save_case, svg_case, validate_case)

FUZZ = settings(max_examples=25, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(seed=SEEDS, tiny=st.booleans())
def test_mutated_game_json(work: Path, seed: int, tiny: bool) -> None:
    outcome = validate_case(work, seed, tiny=tiny)
    assert outcome.problem() is None, outcome


@FUZZ
@given(seed=SEEDS, tiny=st.booleans())
def test_mutated_logs_dump(work: Path, seed: int, tiny: bool) -> None:
    outcome = dump_case(work, seed, tiny=tiny)
    assert outcome.problem() is None, outcome


@settings(FUZZ, max_examples=10)
@given(seed=SEEDS)
def test_mutated_logs_audit(work: Path, mini_vmod: Path, seed: int) -> None:
    outcome = audit_case(work, seed, mini_vmod)
    assert outcome.problem() is None, outcome


@FUZZ
@given(seed=SEEDS, tiny=st.booleans())
def test_mutated_modules_import(work: Path, mini_vmod: Path, seed: int, tiny: bool) -> None:
    outcome = import_case(work, seed, None if tiny else mini_vmod)
    assert outcome.problem() is None, outcome


@settings(FUZZ, max_examples=10)
@given(seed=SEEDS)
def test_mutated_svg_boards_and_their_neighbour_svgs(work: Path, seed: int) -> None:
    outcome = svg_case(work, seed)
    assert outcome.problem() is None, outcome


@settings(FUZZ, max_examples=8)
@given(seed=SEEDS)
def test_mutated_real_saves(work: Path, seed: int) -> None:
    outcome = real_save_case(work, seed)
    assert outcome.problem() is None, outcome


@settings(FUZZ, max_examples=8)
@given(seed=SEEDS)
def test_real_modules_with_hostile_archive_structure(work: Path, seed: int) -> None:
    outcome = real_module_case(work, seed)
    assert outcome.problem() is None, outcome
