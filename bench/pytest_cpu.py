"""A pytest plugin for profiling the test step by hand (bench/, not a test): each test's CPU
in pytest's main thread (user + system, RUSAGE_THREAD: the engine's background threads and
the processes they wait for are not counted; see VCONV_TEST_ENGINE_LOG for those), summed per
test file and per directory, written as JSON to $VCONV_TEST_CPU_OUT at the end.

    PYTHONPATH=bench VCONV_TEST_CPU_OUT=/tmp/cpu.json CI=true \
        .venv/bin/python -m pytest -p pytest_cpu
"""

from __future__ import annotations

import json
import os
import resource
from collections import defaultdict
from collections.abc import Iterator

import pytest

_TESTS: dict[str, float] = {}


def _thread_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_THREAD)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    before = _thread_cpu()
    yield
    _TESTS[item.nodeid] = _TESTS.get(item.nodeid, 0.0) + _thread_cpu() - before


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = os.environ.get("VCONV_TEST_CPU_OUT")
    if not out:
        return
    files: dict[str, float] = defaultdict(float)
    dirs: dict[str, float] = defaultdict(float)
    for nodeid, cpu in _TESTS.items():
        path = nodeid.split("::")[0]
        files[path] += cpu
        dirs[path.rsplit("/", 1)[0] if "/" in path else path] += cpu
    self_usage = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(out, "w") as f:
        json.dump({"process": self_usage.ru_utime + self_usage.ru_stime,
                   "children": children.ru_utime + children.ru_stime,
                   "tests_total": sum(_TESTS.values()),
                   "dirs": dict(sorted(dirs.items(), key=lambda kv: -kv[1])),
                   "files": dict(sorted(files.items(), key=lambda kv: -kv[1])),
                   "tests": dict(sorted(_TESTS.items(), key=lambda kv: -kv[1])[:200])},
                  f, indent=1)
