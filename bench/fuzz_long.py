"""Long fuzz run (run by hand, not by the test suite): mutated inputs for each parser, in
process (no subprocess per case), reporting cases per second and every case that breaks the
contract of issue 14.

    .venv/bin/python bench/fuzz_long.py [--cases 20000] [--seconds 0] [--parsers validate,dump,audit,import]

Each case mutates a seed input (the small test game or a tiny hand-written one; the small
test game's log or a tiny one; its module or a tiny one) and runs the command as a user
would.  Reported per parser: cases, cases/s, exit codes, and any case that
- raised (the CLI guard raises here: VCONV_GUARD=raise), or broke the exit-code/message
  contract (exit 3+, a traceback, an exit 2 without a 'vconv CMD' line),
- took more than 10 s,
- pushed the process's peak memory (ru_maxrss) past 500 MB.
The audit cases read the module once (it is the same for every case; the log is fuzzed).
`--seconds N` stops each parser after N seconds (the machine is shared); the target is at
least 20,000 cases per parser with none of the above.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["VCONV_GUARD"] = "raise"
os.chdir(ROOT)

from converter.cli import main  # noqa: E402
from tests.hostile.fuzzing import audit_case, dump_case, import_case, validate_case  # noqa: E402
from tests.hostile.inputs import MINI  # noqa: E402

SLOW_S = 10.0
BIG_MB = 500


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fuzz(name: str, case, cases: int, seconds: float, start: int) -> dict[str, object]:
    codes: Counter[int] = Counter()
    failures: list[str] = []
    slow: list[str] = []
    big: list[str] = []
    began = time.perf_counter()
    done = 0
    for seed in range(start, start + cases):
        if seconds and time.perf_counter() - began > seconds:
            break
        before = peak_mb()
        t0 = time.perf_counter()
        try:
            outcome = case(seed)
        except BaseException as exc:  # noqa: BLE001 - a crash is what we are looking for
            if isinstance(exc, KeyboardInterrupt):
                raise
            failures.append(f"seed {seed}: {type(exc).__name__}: {exc}\n"
                            + "".join(traceback.format_exc(limit=-4)))
            done += 1
            continue
        elapsed = time.perf_counter() - t0
        codes[outcome.code] += 1
        problem = outcome.problem()
        if problem:
            failures.append(f"seed {seed}: {problem}")
        if elapsed > SLOW_S:
            slow.append(f"seed {seed}: {elapsed:.1f} s")
        if peak_mb() > BIG_MB >= before:
            big.append(f"seed {seed}: peak {peak_mb():.0f} MB")
        done += 1
    total = time.perf_counter() - began
    return {"parser": name, "cases": done, "seconds": total, "rate": done / total if total else 0,
            "codes": dict(sorted(codes.items())), "failures": failures, "slow": slow,
            "big": big, "peak_mb": peak_mb()}


def main_(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=20_000)
    ap.add_argument("--seconds", type=float, default=0.0, help="stop each parser after this long")
    ap.add_argument("--parsers", default="validate,dump,audit,import")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    args = ap.parse_args(argv)
    # the audit cases fuzz the log: the module (the same every case) is read once
    import functools

    import converter.audit.auditor as auditor

    auditor.load_module = functools.lru_cache(maxsize=2)(auditor.load_module)  # type: ignore[assignment]
    work = Path(tempfile.mkdtemp(prefix="vconv-fuzz-"))
    module = work / "mini.vmod"
    assert main(["build", str(MINI), "-o", str(work), "-q"]) == 0
    # three cases in four use the tiny seeds (fast, so many more cases), one the small game
    cases = {
        "validate": lambda s: validate_case(work, s, tiny=s % 4 != 0),
        "dump": lambda s: dump_case(work, s, tiny=s % 4 != 0),
        "audit": lambda s: audit_case(work, s, module, tiny=s % 4 != 0),
        "import": lambda s: import_case(work, s, None if s % 4 else module),
    }
    worst = 0
    for name in args.parsers.split(","):
        r = fuzz(name, cases[name], args.cases, args.seconds, args.start)
        print(f"{name:9} {r['cases']:6} cases in {r['seconds']:6.1f} s = {r['rate']:7.1f} cases/s; "
              f"exit codes {r['codes']}; failures {len(r['failures'])}, over {SLOW_S:g} s "
              f"{len(r['slow'])}, over {BIG_MB} MB {len(r['big'])} (peak {r['peak_mb']:.0f} MB)",
              flush=True)
        for line in [*r["failures"][:10], *r["slow"][:5], *r["big"][:5]]:
            print("   ", line)
        if r["failures"] or r["slow"] or r["big"]:
            worst = 1
    return worst


if __name__ == "__main__":
    sys.exit(main_())
