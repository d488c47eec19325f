"""Golden images: compare a render with a stored PNG, within a small mean difference."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.conftest import ROOT

GOLDEN = ROOT / "tests" / "data" / "golden"


def compare_golden(img: Image.Image, name: str, tolerance: float = 1.0) -> None:
    """Regenerate with VCONV_UPDATE_GOLDEN=1 after looking at the new image."""
    path: Path = GOLDEN / name
    if os.environ.get("VCONV_UPDATE_GOLDEN"):
        img.save(path)
    if not path.exists():
        pytest.fail(f"golden image {path} is missing; run with VCONV_UPDATE_GOLDEN=1 to create it")
    golden = Image.open(path).convert("RGB")
    assert golden.size == img.size
    diff = ImageStat.Stat(ImageChops.difference(golden, img.convert("RGB")).convert("L")).mean[0]
    assert diff < tolerance, f"differs from {path.name} by {diff:.2f} on average"
