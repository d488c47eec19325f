"""A loaded module outlives every log audited with it: its objects go to the oldest GC
generation when its first log is audited, so the replay's collections do not rescan them;
the collector is left as it was found (enabled, nothing frozen or unfrozen)."""

from __future__ import annotations

import gc
from pathlib import Path

from converter.audit.auditor import audit_files, promote
from converter.audit.module import load_module

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "tests" / "data" / "vlogs" / "mini" / "clean.vlog"


def _in_generation(obj: object, generation: int) -> bool:
    return any(o is obj for o in gc.get_objects(generation=generation))


def test_a_fresh_module_is_moved_to_the_oldest_generation_before_its_first_audit(
        mini_vmod: Path) -> None:
    gc.disable()  # (no collection moves the module while it is looked at)
    try:
        module = load_module(mini_vmod)
        assert _in_generation(module, 0)
    finally:
        gc.enable()
    promote(module)  # (what `audit_records` does first; it allocates nothing tracked)
    gc.disable()
    try:
        assert _in_generation(module, 2)
        assert gc.get_freeze_count() == 0
    finally:
        gc.enable()
    first = audit_files([LOG], mini_vmod, module=module, steps=False)
    again = audit_files([LOG], mini_vmod, module=module, steps=False)
    assert [f.line() for f in again.findings] == [f.line() for f in first.findings]


def test_objects_frozen_by_the_caller_stay_frozen(mini_vmod: Path) -> None:
    gc.disable()
    try:
        module = load_module(mini_vmod)
    finally:
        gc.enable()
    gc.freeze()  # (the module with the rest: in no generation while frozen)
    try:
        audit_files([LOG], mini_vmod, module=module, steps=False)
        assert not any(_in_generation(module, g) for g in range(3))
    finally:
        gc.unfreeze()
