"""Make tests/helpers_vassal.py importable from tests in this folder (pytest puts only
this folder on sys.path in its default import mode)."""

import sys
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parents[1])
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
