"""The schema files (schemas/*.json): read once, shared by the loader (which keys a fragment
file may hold) and the validator."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

# the top-level schemas/ folder; the package reaches it through the link converter/schemas,
# which installs the schemas with the package
SCHEMA_DIR = Path(__file__).resolve().parents[1] / "schemas"


def schema_dir() -> Path:
    if SCHEMA_DIR.is_dir():
        return SCHEMA_DIR
    raise FileNotFoundError(f"schemas folder not found at {SCHEMA_DIR}")


@functools.lru_cache(maxsize=None)
def schemas() -> dict[str, dict[str, Any]]:
    """Every schema by file name."""
    out = {}
    for path in sorted(schema_dir().glob("*.schema.json")):
        out[path.name] = json.loads(path.read_text(encoding="utf-8"))
    return out


def fragment_keys() -> set[str]:
    """The top-level keys an included file may hold."""
    keys = set(schemas()["fragment.schema.json"]["properties"])
    keys.discard("$schema")
    return keys
