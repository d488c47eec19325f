"""Auditing an archive: many logs, each judged on its own, in parallel, into one summary.

A league's referee audits thousands of games: each log is replayed and checked alone (no
continuity between them, unlike the files of one play-by-e-mail game), by N worker
processes, and the summary lists per log its players, steps and findings by rule, with the
totals.  A log that cannot be read is listed as unreadable with why; the others still run.

The order of the summary is the order of the paths (folders expanded in sorted order), never
the order in which the workers finish, so any number of jobs gives the same bytes.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from converter.audit.module import AuditModule
from converter.errors import InputError, VconvError

LOG_SUFFIXES = (".vlog", ".vsav")


@dataclass(slots=True)
class LogSummary:
    """What the summary says of one log (small, so a worker sends it back cheaply)."""

    path: str
    module: str = ""
    players: list[str] = field(default_factory=list)
    steps: int = 0
    commands: int = 0
    violations: int = 0
    warnings: int = 0
    by_rule: dict[str, int] = field(default_factory=dict)  # rule id → findings, sorted
    findings: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: str | None = None  # set when the log (or its module) could not be read
    # what the replay could not apply: {"step", "command", "message"}, in file order
    problems: list[dict[str, Any]] = field(default_factory=list)

    @property
    def unreadable(self) -> bool:
        return self.error is not None

    def to_dict(self) -> dict[str, Any]:
        if self.error is not None:
            return {"file": self.path, "unreadable": self.error}
        return {"file": self.path, "module": self.module, "players": self.players,
                "steps": self.steps, "commands": self.commands,
                "violations": self.violations, "warnings": self.warnings,
                "findings_by_rule": self.by_rule, "findings": self.findings,
                "replay_problems": self.problems, "notes": self.notes}


@dataclass(slots=True)
class ArchiveSummary:
    """Every log's summary, in the order given, and the totals."""

    modules: list[str]
    logs: list[LogSummary]

    @property
    def unreadable(self) -> list[LogSummary]:
        return [s for s in self.logs if s.unreadable]

    @property
    def audited(self) -> list[LogSummary]:
        return [s for s in self.logs if not s.unreadable]

    def by_rule(self) -> dict[str, int]:
        total: Counter[str] = Counter()
        for s in self.logs:
            total.update(s.by_rule)
        return dict(sorted(total.items()))

    def totals(self) -> dict[str, Any]:
        done = self.audited
        return {"logs": len(self.logs), "audited": len(done),
                "unreadable": len(self.logs) - len(done),
                "with_violations": sum(1 for s in done if s.violations),
                "with_warnings_only": sum(1 for s in done if s.warnings and not s.violations),
                "clean": sum(1 for s in done if not s.violations and not s.warnings),
                "steps": sum(s.steps for s in done), "commands": sum(s.commands for s in done),
                "violations": sum(s.violations for s in done),
                "warnings": sum(s.warnings for s in done),
                "replay_problems": sum(len(s.problems) for s in done),
                "findings_by_rule": self.by_rule()}

    def exit_code(self) -> int:
        """2 when a log is unreadable, 1 when one has a violation, else 0 (as for one log)."""
        if self.unreadable:
            return 2
        return 1 if any(s.violations for s in self.logs) else 0


def collect_logs(paths: Sequence[str | os.PathLike[str]]) -> list[str]:
    """The logs to audit: files as given, folders searched (all depths) for .vlog and .vsav
    files in sorted order, hidden entries skipped; each file once.

    Raises:
        InputError: a path does not exist, or a folder holds no log.
    """
    out: list[str] = []
    seen: set[str] = set()
    for given in paths:
        p = Path(given)
        if p.is_dir():
            found = sorted(str(f) for f in _walk(p))
            if not found:
                raise InputError(str(given), "the folder holds no .vlog or .vsav file")
        elif p.exists():
            found = [str(given)]
        else:
            raise InputError(str(given), "no such log file or folder")
        for f in found:
            key = os.path.realpath(f)
            if key not in seen:
                seen.add(key)
                out.append(f)
    return out


def _walk(folder: Path) -> Iterator[Path]:
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if not name.startswith(".") and name.lower().endswith(LOG_SUFFIXES):
                yield Path(root) / name


def audit_one(path: str, modules: Sequence[AuditModule], *, strict: bool = False
              ) -> LogSummary:
    """Audit one log on its own against the module it was saved with (the only module when
    one is given).  An unreadable log gives a summary with its error; with *strict* an
    unexpected failure raises instead of being summarized (the test suite wants those)."""
    from converter.audit.auditor import admit, audit_records, module_name
    from converter.vassal.savefile import read_game

    try:
        save, record = read_game(path)
        mod = _module_for(path, module_name(save.moduledata, path), modules)
        notes = admit(path, save.moduledata, record, mod)
        result = audit_records([(path, record)], mod, steps=False)  # (no step list shown)
    except VconvError as exc:
        message = _one_line(exc)
        if message.startswith(f"{path}: "):  # the summary names the log already
            message = message[len(path) + 2:]
        return LogSummary(path, error=message)
    except Exception as exc:  # a league's archive goes on past one log we fail on
        if strict:
            raise
        return LogSummary(path, error=f"could not be processed ({type(exc).__name__}: "
                                      f"{_one_line(exc)})")
    fa = result.files[0]
    by_rule = Counter(f.rule for f in result.findings)
    violations = len(result.violations)
    return LogSummary(path, mod.source, list(fa.players), fa.steps, fa.commands, violations,
                      len(result.findings) - violations, dict(sorted(by_rule.items())),
                      [f.to_dict() for f in result.findings], [*result.notes, *notes],
                      problems=[{"step": p.pos.step, "command": p.pos.index,
                                 "message": p.message} for p in fa.problems])


def _module_for(path: str, saved_with: str | None, modules: Sequence[AuditModule]
                ) -> AuditModule:
    if len(modules) == 1:
        return modules[0]
    if not saved_with:
        raise InputError(path, "the log records no module name, so which of the "
                               f"{len(modules)} modules it was played on is unknown; audit "
                               "it with its one --module")
    for mod in modules:
        if mod.name == saved_with:
            return mod
    names = ", ".join(repr(m.name) for m in modules)
    raise InputError(path, f"saved with module {saved_with!r}; none of the modules given "
                           f"({names}) is that one")


def _one_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


# ------------------------------------------------------------------------------- running

# A worker process's modules, set once by _start_worker (fork: inherited, never pickled).
_WORKER_MODULES: list[AuditModule] = []


def _start_worker(modules: list[AuditModule]) -> None:
    _WORKER_MODULES[:] = modules


def _audit_in_worker(job: tuple[list[str], bool]) -> list[LogSummary]:
    return [audit_one(path, _WORKER_MODULES, strict=job[1]) for path in job[0]]


def _batches(count: int, jobs: int) -> list[range]:
    """The logs' indexes in consecutive batches: a worker is handed a few logs at a time, so
    the parent's hand-over (about half a millisecond a job) does not grow into a serial part
    of a long archive, while each worker still gets many batches to even out the load."""
    size = max(1, min(_MAX_BATCH, count // (jobs * 8)))
    return [range(start, min(start + size, count)) for start in range(0, count, size)]


_MAX_BATCH = 16


def default_jobs() -> int:
    """The machine's cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def audit_archive(paths: Sequence[str], modules: Sequence[AuditModule], *, jobs: int = 1,
                  progress: Callable[[int, int, LogSummary], None] | None = None,
                  strict: bool = False) -> ArchiveSummary:
    """Audit every log on its own with *jobs* worker processes; the summary keeps the order
    of *paths*.  *progress* is called after each log (done, total, its summary)."""
    from converter.audit.rules import choose_rules
    from converter.audit.state import derive_tables

    for module in modules:  # once here, not in each worker
        derive_tables(module)
        choose_rules(module)
    logs: list[LogSummary | None] = [None] * len(paths)
    jobs = max(1, min(jobs, len(paths)))
    done = 0
    if jobs == 1 or not _can_fork():
        for i, path in enumerate(paths):
            logs[i] = audit_one(path, modules, strict=strict)
            done += 1
            if progress is not None:
                progress(done, len(paths), logs[i])  # type: ignore[arg-type]
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker,
                                 initargs=(list(modules),)) as pool:
            futures = {pool.submit(_audit_in_worker, ([paths[i] for i in batch], strict)): batch
                       for batch in _batches(len(paths), jobs)}
            for future in as_completed(futures):
                for i, summary in zip(futures[future], future.result()):
                    logs[i] = summary
                    done += 1
                    if progress is not None:
                        progress(done, len(paths), summary)
    return ArchiveSummary([m.source for m in modules], [s for s in logs if s is not None])


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


class Progress:
    """A one-line progress bar on a terminal's stderr (nothing when it is not a terminal)."""

    WIDTH = 30

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.active = bool(getattr(self.stream, "isatty", lambda: False)())
        self.flagged = 0
        self.unreadable = 0

    def __call__(self, done: int, total: int, summary: LogSummary) -> None:
        if summary.unreadable:
            self.unreadable += 1
        elif summary.violations:
            self.flagged += 1
        if not self.active:
            return
        filled = self.WIDTH * done // max(total, 1)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(f"\raudit [{bar}] {done}/{total} logs, {self.flagged} with "
                          f"violations, {self.unreadable} unreadable")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()
