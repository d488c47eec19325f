"""Where the benchmarks find pywargame's Python 3.12 (pywargame 0.8 imports only on 3.12+)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def pywargame_python(root: Path) -> str:
    """$VCONV_PYWARGAME_PYTHON (the tests' name too), else *root*'s .venv312, else (in a git
    worktree) the main checkout's."""
    if os.environ.get("VCONV_PYWARGAME_PYTHON"):
        return os.environ["VCONV_PYWARGAME_PYTHON"]
    here = root / ".venv312" / "bin" / "python"
    if not here.is_file():
        common = subprocess.run(["git", "rev-parse", "--git-common-dir"], cwd=root,
                                capture_output=True, text=True).stdout.strip()
        main = (root / common).resolve().parent / ".venv312" / "bin" / "python" if common \
            else here
        if main.is_file():
            return str(main)
    return str(here)
