"""Independent judges of a built module: the real VASSAL engine and pywargame.

On a developer's machine, tests that need them skip when they are not installed; under CI
(`CI=true`, set by .ci/run) such a skip fails the test instead (tests/conftest.py).
"""

from __future__ import annotations

import heapq
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import zipfile
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
_SUMMARY = re.compile(r"^(\d+) errors?, (\d+) warnings?\s*$", re.MULTILINE)


@dataclass(frozen=True)
class VassalCheckResult:
    """What vassal-check reported: exit code, full output and the summary counts."""

    returncode: int
    output: str
    errors: int
    warnings: int
    stdout: str = ""


def vassal_checker() -> Path | None:
    """The vassal-check launcher: $VASSAL_CHECK, else ~/.cache/vassal36/vassal-check36."""
    env = os.environ.get("VASSAL_CHECK")
    candidate = Path(env) if env else Path.home() / ".cache/vassal36/vassal-check36"
    return candidate if candidate.is_file() and os.access(candidate, os.X_OK) else None


def require_vassal_checker() -> Path:
    checker = vassal_checker()
    if checker is None:
        pytest.skip("vassal-check is not installed (see shared/tools/vassal-check)")
    return checker


# The engine starts a JVM for every call (a few seconds of CPU each, ~60 calls per run): the
# calls run in background threads, so the JVMs use the second core while the tests go on, and
# a call whose inputs are known before its test runs is started as early as that (see
# `engine_jobs` in tests/conftest.py).  The same call on the same unchanged files runs once.
ENGINE_WORKERS = int(os.environ.get("VCONV_TEST_ENGINE_JOBS", "2"))
# Only the JIT's quick first tier: the same engine and the same verdicts, in about half the
# CPU time (a check is short; the optimizing compiler's work never pays off in it).
_JAVA_OPTIONS = "-XX:TieredStopAtLevel=1"

def engine_env(*java_options: str) -> dict[str, str]:
    """The environment of an engine call: ours, with the quick JIT tier (and *java_options*)
    added."""
    env = dict(os.environ)
    env["JAVA_TOOL_OPTIONS"] = " ".join([env.get("JAVA_TOOL_OPTIONS", ""), _JAVA_OPTIONS,
                                         *java_options]).strip()
    return env


# Each call's JVM loads the same few thousand classes of Java, Swing and VASSAL: about 1.5 s of
# the 2.5-4 s of CPU of a small call.  With Class Data Sharing it maps them from an archive
# instead: the run's first call writes the archive of the classes it loaded (into the run's
# own temporary folder, removed at the end: no archive outlives the run), the later calls map
# it.  The same engine, with the same options and the same classes in the same order on its
# class path; CDS only needs every class-path entry to be a file, so the calls go through a
# copy of the launcher whose two class folders are packed as jars (`_jar_only_launcher`).
_CDS_OFF = "-Xlog:cds*=off"  # CDS's own notes (classes it skips) stay out of the output


def _jar_only_launcher(launcher: Path, into: Path) -> Path | None:
    """A copy of the vassal-check launcher in *into* whose class path holds only files: its
    `classes` and `stubclasses` folders packed as jars of the same names, and a jar whose
    manifest adds a folder to the class path (Debian's gnu-getopt adds /usr/share/java,
    which holds no class) copied without that Class-Path line.  None for a launcher of
    another layout (it is then called as it is)."""
    home = launcher.parent
    try:
        script = launcher.read_text(encoding="utf-8")
        class_path = (home / "classpath.txt").read_text(encoding="utf-8").strip().split(":")
    except (OSError, UnicodeDecodeError):
        return None
    if '"$V/classes:$V/stubclasses:$(cat "$V/classpath.txt")"' not in script:
        return None
    for folder in ("classes", "stubclasses"):
        if not (home / folder).is_dir():
            return None
        with zipfile.ZipFile(into / folder, "w") as jar:
            for path in sorted((home / folder).rglob("*")):
                if path.is_file():
                    jar.write(path, path.relative_to(home / folder).as_posix())
    entries = []
    for entry in class_path:
        jar_path = Path(entry)
        copy = into / "jars" / jar_path.name
        if jar_path.suffix == ".jar" and jar_path.is_file() and not copy.exists() \
                and _without_folder_class_path(jar_path, copy):
            entry = str(copy)
        entries.append(entry)
    (into / "classpath.txt").write_text(":".join(entries), encoding="utf-8")
    for name in os.listdir(home):  # the harness's settings beside it (logback-harness.xml)
        if name.endswith(".xml") and (home / name).is_file():
            shutil.copyfile(home / name, into / name)
    shutil.copyfile(launcher, into / launcher.name)
    (into / launcher.name).chmod(0o755)
    return into / launcher.name


def _without_folder_class_path(jar_path: Path, copy: Path) -> bool:
    """Copy *jar_path* to *copy* without its manifest's Class-Path when that names a folder;
    False (nothing written) when it names none."""
    with zipfile.ZipFile(jar_path) as jar:
        try:
            manifest = jar.read("META-INF/MANIFEST.MF").decode("utf-8")
        except KeyError:
            return False
        lines = manifest.replace("\r\n", "\n").split("\n")
        unfolded: list[str] = []  # a manifest line continues on lines that start with a space
        for line in lines:
            if line.startswith(" ") and unfolded:
                unfolded[-1] += line[1:]
            else:
                unfolded.append(line)
        paths = [p for line in unfolded if line.startswith("Class-Path:")
                 for p in line[len("Class-Path:"):].split()]
        if not any((jar_path.parent / p).is_dir() for p in paths):
            return False
        kept = "\r\n".join(line for line in unfolded if not line.startswith("Class-Path:"))
        copy.parent.mkdir(exist_ok=True)
        with zipfile.ZipFile(copy, "w", zipfile.ZIP_DEFLATED) as out:
            for info in jar.infolist():
                data = kept.encode("utf-8") if info.filename == "META-INF/MANIFEST.MF" \
                    else jar.read(info)
                out.writestr(info, data)
    return True


class _SharedClasses:
    """The run's class archive: who writes it, where it is, whether the calls map it."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.launchers: dict[Path, Path | None] = {}
        self.state = "none"  # none -> writing -> ready | off

    def call(self, args: list[str]) -> tuple[list[str], list[str]]:
        """(the arguments, the extra JVM options) of a call: through the jar-only launcher,
        the first one writing the archive, the ones after it mapping it."""
        if os.environ.get("VCONV_TEST_ENGINE_CDS", "1") == "0" or self.state == "off":
            return args, []
        if self.folder is None:
            self.folder = Path(tempfile.mkdtemp(prefix="vconv-engine-cds-"))
        launcher = Path(args[0])
        if launcher not in self.launchers:
            into = Path(tempfile.mkdtemp(dir=self.folder))
            try:
                self.launchers[launcher] = _jar_only_launcher(launcher, into)
            except (OSError, zipfile.BadZipFile):
                self.launchers[launcher] = None
        copy = self.launchers[launcher]
        if copy is None:
            return args, []
        archive = self.folder / "engine.jsa"
        if self.state == "none":
            self.state = "writing"
            return [str(copy), *args[1:]], [f"-XX:ArchiveClassesAtExit={archive}", _CDS_OFF]
        if self.state == "ready":
            return [str(copy), *args[1:]], [f"-XX:SharedArchiveFile={archive}", _CDS_OFF]
        return args, []  # while the archive is being written

    def written(self, ok: bool) -> None:
        """After the call that wrote the archive: the later calls map it, if it is there."""
        archive = self.folder / "engine.jsa" if self.folder else None
        self.state = "ready" if ok and archive is not None and archive.is_file() else "off"

    def remove(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


class _EngineCall(Future[VassalCheckResult]):
    """An engine call's result.  A test that asks for it before a background thread has
    begun the call runs the call itself, at once: it would only wait otherwise (both threads
    busy with calls started ahead of their tests), and its core would stay idle."""

    def __init__(self, jobs: "_EngineJobs", args: list[str], timeout: float) -> None:
        super().__init__()
        self.jobs, self.args, self.timeout = jobs, args, timeout

    def result(self, timeout: float | None = None) -> VassalCheckResult:
        self.jobs.run_here(self)
        return super().result(timeout)


class _EngineJobs:
    """Engine calls run by a few background threads, the ones a test waits for first, then
    the ones started ahead of their tests, in the order they were started; a call a test
    waits for that no thread has begun runs in the test's own thread."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.lock = threading.Condition()
        self.jobs: dict[tuple[object, ...], _EngineCall] = {}
        self.queue: list[tuple[int, int, tuple[object, ...], list[str], float]] = []
        self.threads: list[threading.Thread] = []
        self.running: set[subprocess.Popen[str]] = set()
        self.order = itertools.count()
        self.stopping = False
        self.shared = _SharedClasses()

    def start(self, key: tuple[object, ...], args: list[str], timeout: float,
              urgent: bool) -> Future[VassalCheckResult]:
        with self.lock:
            future = self.jobs.get(key)
            if future is None:
                future = self.jobs[key] = _EngineCall(self, args, timeout)
            elif not urgent or future.running() or future.done():
                return future
            # a waiting test's call goes before every call started ahead of its test
            heapq.heappush(self.queue, (0 if urgent else 1, next(self.order), key, args, timeout))
            while len(self.threads) < self.workers:
                thread = threading.Thread(target=self._work, name="engine", daemon=True)
                thread.start()
                self.threads.append(thread)
            self.lock.notify()
            return future

    def _work(self) -> None:
        while True:
            with self.lock:
                while not self.queue and not self.stopping:
                    self.lock.wait()
                if self.stopping:
                    return
                _, _, key, args, timeout = heapq.heappop(self.queue)
                future = self.jobs[key]
                if future.running() or future.done() or not future.set_running_or_notify_cancel():
                    continue  # already run for a more urgent start, or cancelled
            self._settle(future, args, timeout)

    def _settle(self, future: Future[VassalCheckResult], args: list[str],
                timeout: float) -> None:
        try:
            future.set_result(self._call(args, timeout))
        except BaseException as exc:  # the waiting test reports it
            future.set_exception(exc)

    def run_here(self, future: _EngineCall) -> None:
        """Run *future*'s call in the calling thread, unless a thread has begun it (or the
        run is over); its entry left in the queue is then skipped."""
        with self.lock:
            if self.stopping or future.running() or future.done() \
                    or not future.set_running_or_notify_cancel():
                return
        self._settle(future, future.args, future.timeout)

    def stop(self) -> None:
        """Forget the calls no test waited for; wait for the running ones."""
        with self.lock:
            self.stopping = True
            self.queue.clear()
            for future in self.jobs.values():
                future.cancel()
            self.lock.notify_all()
            for proc in self.running:  # its own process group: xvfb-run, Xvfb and the JVM
                os.killpg(proc.pid, signal.SIGKILL)
        for thread in self.threads:
            thread.join()
        self.shared.remove()

    def _call(self, args: list[str], timeout: float) -> VassalCheckResult:
        """One run of the engine; on a timeout its whole process group is ended."""
        with self.lock:
            launch, options = self.shared.call(args)
            writing = any(o.startswith("-XX:ArchiveClassesAtExit") for o in options)
        try:
            returncode, stdout, stderr = self._run(launch, options, timeout, args)
        except BaseException:
            if writing:
                with self.lock:
                    self.shared.written(False)
            raise
        if writing:
            ok = bool(_SUMMARY.search(stdout + stderr))
            with self.lock:
                self.shared.written(ok)
            if not ok:  # the JVM could not start so: the call again, as it is
                returncode, stdout, stderr = self._run(args, [], timeout, args)
        return _result(returncode, stdout + stderr, stdout)

    def _run(self, launch: list[str], options: list[str], timeout: float,
             args: list[str]) -> tuple[int, str, str]:
        with self.lock:
            if self.stopping:
                raise RuntimeError("the test run is over")
            log = os.environ.get("VCONV_TEST_ENGINE_LOG")
            timing = tempfile.mktemp(prefix="vconv-engine-time-") if log else None
            if timing:
                launch = ["/usr/bin/time", "-f", "%U %S %e", "-o", timing, *launch]
            started = time.monotonic()
            proc = subprocess.Popen(launch, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    text=True, env=engine_env(*options), start_new_session=True)
            self.running.add(proc)
        try:
            stdout, stderr = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise AssertionError(f"vassal-check ran longer than {timeout} s: {args}") from None
        except BaseException:  # interrupted (^C in the test that runs it): no JVM left behind
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise
        finally:
            with self.lock:
                self.running.discard(proc)
        if log and timing:
            try:
                user, sys_, wall = open(timing).read().split()[-3:]
                os.unlink(timing)
            except (OSError, ValueError):
                user = sys_ = wall = "nan"
            with open(log, "a") as f:
                f.write(json.dumps({"args": args[1:], "options": options, "user": float(user),
                                    "sys": float(sys_), "wall": float(wall),
                                    "start": started}) + "\n")
        return proc.returncode, stdout, stderr


_engine = _EngineJobs(ENGINE_WORKERS)


def _file_key(arg: str) -> object:
    """An argument, with the size and time of the file it names (a rewritten file is a new
    call)."""
    path = Path(arg)
    if arg.startswith("--") or not path.is_file():
        return arg
    stat = path.stat()
    return (str(path.resolve()), stat.st_size, stat.st_mtime_ns)


def start_vassal_check(module: Path, *extra: str, images: bool = True, timeout: float = 180,
                       urgent: bool = False) -> Future[VassalCheckResult]:
    """Start loading *module* in the real VASSAL engine in the background (skips the calling
    test when the engine is not installed); the same call on unchanged files runs once and
    its result is shared."""
    checker = require_vassal_checker()
    args = [str(checker), "--module", str(module), *(["--images"] if images else []),
            *map(str, extra)]
    key = tuple(arg if before == "--save" else _file_key(arg)  # an output: its name
                for before, arg in zip(["", *args], args))
    return _engine.start(key, args, timeout, urgent)


def run_vassal_check(module: Path, *extra: str, images: bool = True,
                     timeout: float = 180) -> VassalCheckResult:
    """Load *module* in the real VASSAL engine (skips the test when it is not installed)."""
    return start_vassal_check(module, *extra, images=images, timeout=timeout,
                              urgent=True).result()


def stop_engine_jobs() -> None:
    """At the end of the run: the calls no test waited for are dropped."""
    _engine.stop()


def _result(returncode: int, output: str, stdout: str) -> VassalCheckResult:
    found = _SUMMARY.findall(output)
    if not found:
        raise AssertionError(f"vassal-check printed no summary line:\n{output[-3000:]}")
    errors, warnings = (int(v) for v in found[-1])
    return VassalCheckResult(returncode, output, errors, warnings, stdout)


def pywargame_python() -> Path | None:
    """The Python 3.12 with pywargame: $VCONV_PYWARGAME_PYTHON, else .venv312 of the repo."""
    env = os.environ.get("VCONV_PYWARGAME_PYTHON")
    candidate = Path(env) if env else REPO / ".venv312/bin/python"
    return candidate if candidate.is_file() else None


_PYWARGAME_COUNTS = r"""
import json, sys
from pywargame.vassal.vmod import VMod
from pywargame.vassal.buildfile import BuildFile
from pywargame.vassal.withtraits import PieceSlot, Prototype
with VMod(sys.argv[1], 'r') as vmod:
    build = BuildFile(vmod.getBuildFile())
game = build.getGame()
maps = game.getMaps(asdict=False)
boards = grids = 0
for m in maps:
    for picker in m.getBoardPicker(single=False) or []:
        for board in picker.getBoards(asdict=False):
            boards += 1
            for getter in ('getHexGrids', 'getSquareGrids', 'getRegionGrids', 'getZonedGrids'):
                fn = getattr(board, getter, None)
                if fn is not None:
                    grids += len(fn(single=False) or [])
def decoded(cls):
    # Wrap each element and decode its traits: a slot counts only if pywargame parses it.
    nodes = game._node.getElementsByTagName(cls.TAG)
    return sum(1 for n in nodes if len(cls(game, node=n).getTraits()) >= 1)
dice = len(game.getDiceButtons(asdict=False) or [])
print(json.dumps({"maps": len(maps), "boards": boards, "grids": grids,
                  "piece_slots": decoded(PieceSlot), "prototypes": decoded(Prototype),
                  "dice_buttons": dice}))
"""


def pywargame_counts(module: Path, timeout: float = 120) -> dict[str, int]:
    """Counts of maps, boards, grids, piece slots, prototypes and dice read by pywargame.

    Skips the calling test when the pywargame interpreter is missing.
    """
    python = pywargame_python()
    if python is None:
        pytest.skip("no Python 3.12 with pywargame (.venv312 or $VCONV_PYWARGAME_PYTHON)")
    proc = subprocess.run([str(python), "-c", _PYWARGAME_COUNTS, str(module)],
                          capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise AssertionError(f"pywargame failed to read {module}:\n{proc.stderr[-3000:]}")
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    return dict(json.loads(lines[-1]))


# --- an independent reading of saved games, for tests that check our reader against it ----
def deobfuscate(raw: bytes) -> str:
    """A savedGame entry as text: '!VCSK' hex-XOR undone, anything else read as UTF-8."""
    text = raw.decode("latin-1")
    if not text.startswith("!VCSK"):
        return raw.decode("utf-8")
    key = int(text[5:7], 16)
    return bytes(int(text[i:i + 2], 16) ^ key for i in range(7, len(text) - 1, 2)).decode()


def command_leaves(text: str) -> Iterator[str]:
    """Every leaf command of an ESC-separated stream, LOG wrappers opened."""
    from converter.vassal import sequence

    parts = sequence.split(text, "\x1b")
    if len(parts) == 1 and parts[0] == text:
        yield from (command_leaves(text[4:]) if text.startswith("LOG\t") else [text])
        return
    for part in parts:
        yield from command_leaves(part)
