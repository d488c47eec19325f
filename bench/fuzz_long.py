"""Long fuzz run (run by hand, not by the test suite): mutated inputs for each parser, in
process, reporting cases per second and every case that breaks the contract of issue 14.

    .venv/bin/python bench/fuzz_long.py [--cases 20000] [--seconds 0] [--start 0]
        [--parsers validate,dump,audit,import,check,image,svg] [--json results.json]

Parsers and their seeds (tests/hostile/fuzzing.py makes the cases):
  validate  the game JSON loader: the tiny game or one of the small test game's files,
            mutated as bytes or as JSON values; a mutated game that validates is built too
  dump      the save and log decoder: a log's command text or archive bytes, mutated
  audit     the same logs replayed against the small game's module
  import    the module importer: a build file, moduledata or archive, mutated
  check     `vconv check` of the same mutated modules
  image     picture loading: a mutated PNG, GIF or JPEG as a game's board scan (validate,
            preview) and as a module's board image (import, check, audit)
  svg       an SVG board scan drawing from a neighbour SVG (symbols.svg), either or both
            mutated as trees or bytes; validate measures it, preview draws it
  real-save   real saves and logs (tests/data/real): command text, archive bytes or archive
              structure mutated; dump, or audit against the module it was made on
  real-module real modules: build file mutated, or hostile archive structure (entries renamed
              outside, doubled, symlinks, a 100 MB bomb, lying headers, cut short); check,
              import, dump, diff and audit in turn (not in the default --parsers)

Every case runs the CLI's main function in this process (no interpreter started per case;
``SystemExit`` from argparse is caught) with the guard raising (VCONV_GUARD=raise).  A case
fails when it raised, ended with an exit code other than 0, 1 or 2, printed a traceback,
or ended in exit 2 without a 'vconv COMMAND' line; it is also reported when it took over
10 s of CPU time (user + system; the wall time is shown beside it, since a shared machine
inflates it), or when the process's resident memory peaked over 500 MB during it (the peak is reset
before each case through /proc/self/clear_refs; without it, tracemalloc's peak of Python
allocations is used).  A case still running after --case-timeout seconds is stopped there.
The work folder is in /dev/shm when there is one (the atomic writes' fsyncs cost nothing
there).  `--seconds N` stops each parser after N seconds; the target is at least 20,000
cases per parser with none of the above.  Exit 1 when any case failed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["VCONV_GUARD"] = "raise"
os.chdir(ROOT)

from converter.cli import main  # noqa: E402
from tests.hostile.fuzzing import (Outcome, audit_case, check_case, dump_case,  # noqa: E402
                                   image_case, import_case, real_module_case, real_save_case,
                                   svg_case, validate_case)
from tests.hostile.inputs import MINI  # noqa: E402

SLOW_S = 10.0
BIG_MB = 500
ADDRESS_SPACE_GB = 6  # a runaway case gets a MemoryError, not the machine's OOM killer


class CaseTimeout(Exception):
    """The case ran past --case-timeout."""


class PeakMemory:
    """The process's peak resident memory during one case."""

    def __init__(self) -> None:
        try:
            self._clear("5")
            self.kernel = True
        except OSError:
            self.kernel = False

    @staticmethod
    def _clear(value: str) -> None:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write(value)

    def reset(self) -> None:
        if self.kernel:
            self._clear("5")  # the resident high-water mark starts again from now
        else:
            tracemalloc.reset_peak()

    def mb(self) -> float:
        if self.kernel:
            with open("/proc/self/status") as fh:
                for line in fh:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) / 1024
        return tracemalloc.get_traced_memory()[1] / 2**20

    def now_mb(self) -> float:
        """Resident memory now (a leak across cases shows here), 0 when unknown."""
        try:
            with open("/proc/self/status") as fh:
                return next(int(line.split()[1]) / 1024 for line in fh if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            return 0.0

    def how(self) -> str:
        return "resident peak (VmHWM)" if self.kernel else "Python allocations (tracemalloc)"


def cpu_seconds() -> float:
    """This process's CPU time (user + system): on a shared machine wall time also counts the
    other processes' turns, so the 10 s limit is judged on CPU time."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def fuzz(name: str, case: Callable[[int], Outcome], cases: int, seconds: float, start: int,
         timeout: float, memory: PeakMemory) -> dict[str, object]:
    codes: Counter[int] = Counter()
    failures: list[str] = []
    slow: list[str] = []
    big: list[str] = []
    slowest = (0.0, -1)
    slowest_cpu = (0.0, -1)
    highest = (0.0, -1)
    began = time.perf_counter()
    done = 0
    for seed in range(start, start + cases):
        if seconds and time.perf_counter() - began > seconds:
            break
        memory.reset()
        t0 = time.perf_counter()
        c0 = cpu_seconds()
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            outcome = case(seed)
        except BaseException as exc:  # noqa: BLE001 - a crash is what we are looking for
            if isinstance(exc, KeyboardInterrupt):
                raise
            failures.append(f"seed {seed}: {type(exc).__name__}: {str(exc)[:300]}\n"
                            + "".join(traceback.format_exc(limit=-4)))
            print(f"  {name}: seed {seed}: {type(exc).__name__}: {str(exc)[:200]}",
                  file=sys.stderr, flush=True)
            outcome = None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        elapsed = time.perf_counter() - t0
        cpu = cpu_seconds() - c0
        peak = memory.mb()
        done += 1
        slowest = max(slowest, (elapsed, seed))
        slowest_cpu = max(slowest_cpu, (cpu, seed))
        highest = max(highest, (peak, seed))
        if cpu > SLOW_S:
            slow.append(f"seed {seed}: {cpu:.1f} s CPU ({elapsed:.1f} s wall)")
        if peak > BIG_MB:
            big.append(f"seed {seed}: peak {peak:.0f} MB")
        if done % 1000 == 0:
            print(f"  {name}: {done} cases, {time.perf_counter() - began:.0f} s, "
                  f"{len(failures)} failures, resident now {memory.now_mb():.0f} MB",
                  file=sys.stderr, flush=True)
        if outcome is None:
            continue
        codes[outcome.code] += 1
        problem = outcome.problem()
        if problem:
            failures.append(f"seed {seed}: {' '.join(outcome.argv[:1])}: {problem}")
            print(f"  {name}: {failures[-1][:300]}", file=sys.stderr, flush=True)
    total = time.perf_counter() - began
    return {"parser": name, "cases": done, "first_seed": start, "seconds": round(total, 1),
            "cases_per_second": round(done / total, 1) if total else 0.0,
            "exit_codes": dict(sorted(codes.items())), "failures": failures, "over_10_s": slow,
            "over_500_mb": big, "slowest": {"seconds": round(slowest[0], 2), "seed": slowest[1]},
            "slowest_cpu": {"seconds": round(slowest_cpu[0], 2), "seed": slowest_cpu[1]},
            "peak_mb": {"mb": round(highest[0]), "seed": highest[1]}}


def main_(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=20_000)
    ap.add_argument("--seconds", type=float, default=0.0, help="stop each parser after this long")
    ap.add_argument("--parsers", default="validate,dump,audit,import,check,image,svg")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--case-timeout", type=float, default=60.0, help="stop a case after this long")
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args(argv)

    def stop(signum: int, frame: FrameType | None) -> None:
        raise CaseTimeout(f"still running after {args.case_timeout:g} s")

    signal.signal(signal.SIGALRM, stop)
    limit = ADDRESS_SPACE_GB * 2**30
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
    memory = PeakMemory()
    if not memory.kernel:
        tracemalloc.start()
    shm = Path("/dev/shm")
    work = Path(tempfile.mkdtemp(prefix="vconv-fuzz-", dir=shm if shm.is_dir() else None))
    module = work / "mini.vmod"
    # the audit cases fuzz the log: the module (the same every case) is read once; the
    # command line's parser is built once per command (argparse objects are reusable)
    import functools

    import converter.audit.auditor as auditor
    import converter.cli as cli

    read_module = auditor.load_module
    shared = functools.lru_cache(maxsize=1)(read_module)

    def load_module(path: str | os.PathLike[str]) -> object:  # the fuzzed ones read each time
        return shared(path) if Path(path) == module else read_module(path)

    auditor.load_module = load_module  # type: ignore[assignment]
    cli.build_parser = functools.lru_cache(maxsize=None)(cli.build_parser)  # type: ignore[assignment]
    try:
        assert main(["build", str(MINI), "-o", str(work), "-q"]) == 0
        # three cases in four use the tiny seeds (fast, so many more cases), one the small game
        cases: dict[str, Callable[[int], Outcome]] = {
            "validate": lambda s: validate_case(work, s, tiny=s % 4 != 0),
            "dump": lambda s: dump_case(work, s, tiny=s % 4 != 0),
            "audit": lambda s: audit_case(work, s, module, tiny=s % 4 != 0),
            "import": lambda s: import_case(work, s, None if s % 4 else module),
            "check": lambda s: check_case(work, s, None if s % 4 else module),
            "image": lambda s: image_case(work, s),
            "svg": lambda s: svg_case(work, s),
            "real-save": lambda s: real_save_case(work, s),
            "real-module": lambda s: real_module_case(work, s),
        }
        results = []
        print(f"memory measured as the {memory.how()}; work folder {work}", flush=True)
        for name in args.parsers.split(","):
            r = fuzz(name, cases[name], args.cases, args.seconds, args.start, args.case_timeout,
                     memory)
            results.append(r)
            print(f"{name:9} {r['cases']:6} cases (seeds {args.start}-{args.start + r['cases'] - 1})"  # type: ignore[operator]
                  f" in {r['seconds']:7.1f} s = {r['cases_per_second']:6.1f} cases/s; exit codes "
                  f"{r['exit_codes']}; failures {len(r['failures'])}, over {SLOW_S:g} s "  # type: ignore[arg-type]
                  f"{len(r['over_10_s'])}, over {BIG_MB} MB {len(r['over_500_mb'])}; slowest "  # type: ignore[arg-type]
                  f"{r['slowest']['seconds']} s wall (seed {r['slowest']['seed']}), "  # type: ignore[index]
                  f"{r['slowest_cpu']['seconds']} s CPU (seed {r['slowest_cpu']['seed']}), peak "  # type: ignore[index]
                  f"{r['peak_mb']['mb']} MB (seed {r['peak_mb']['seed']})", flush=True)  # type: ignore[index]
            for line in [*r["failures"][:10], *r["over_10_s"][:5], *r["over_500_mb"][:5]]:  # type: ignore[misc]
                print("   ", line, flush=True)
        if args.json:
            args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if any(r["failures"] or r["over_10_s"] or r["over_500_mb"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main_())
