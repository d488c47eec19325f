"""Read game.json and its includes, keeping a source map from merged pointers to files."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from converter.errors import InputError

GAME_FILE = "game.json"
MAX_JSON_BYTES = 32 * 1024 * 1024


@dataclass(frozen=True, order=True)
class Problem:
    """One problem found in a game description, located by file and JSON pointer."""

    file: str
    pointer: str
    message: str
    hint: str = ""
    check: str = ""
    severity: str = "error"

    def line(self) -> str:
        text = f"{self.file}:{self.pointer or '/'}: {self.message}"
        if self.hint:
            text += f" (hint: {self.hint})"
        return text

    def as_dict(self) -> dict[str, str]:
        return {"file": self.file, "pointer": self.pointer, "message": self.message,
                "hint": self.hint, "check": self.check, "severity": self.severity}


@dataclass
class GameDocument:
    """The merged game: `data` as if everything were in game.json, plus where each part lives."""

    folder: Path
    data: dict[str, Any]
    origins: dict[str, tuple[str, str]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return self.folder.name

    def locate(self, pointer: str) -> tuple[str, str]:
        """Map a pointer into the merged document to (file, pointer inside that file)."""
        probe = pointer
        while True:
            if probe in self.origins:
                file, base = self.origins[probe]
                return file, base + pointer[len(probe):]
            if not probe:
                return GAME_FILE, pointer
            probe = probe.rsplit("/", 1)[0]

    def problem(self, pointer: str, message: str, hint: str = "", check: str = "") -> Problem:
        file, local = self.locate(pointer)
        return Problem(file, local, message, hint, check)


def find_game_file(path: str | Path) -> Path:
    """Accept a game folder or its game.json; raise InputError when there is none."""
    p = Path(path)
    if p.is_dir():
        p = p / GAME_FILE
    if not p.exists():
        raise InputError(str(p), "no such file (expected a game folder holding game.json)")
    if not p.is_file():
        raise InputError(str(p), "not a file")
    return p


def read_json(path: Path, display: str | None = None) -> Any:
    """Parse one JSON file; duplicate keys and bad syntax are input errors with a line."""
    name = display or str(path)
    try:
        size = path.stat().st_size
        if size > MAX_JSON_BYTES:
            raise InputError(name, f"file is {size} bytes; the limit is {MAX_JSON_BYTES}")
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(name, f"cannot read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(name, f"not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        raise InputError(name, f"invalid JSON: {exc.msg} (column {exc.colno})", line=exc.lineno) from None
    except _DuplicateKey as exc:
        line = _line_of_key(text, exc.key)
        raise InputError(name, f"key {exc.key!r} appears twice in one object", line=line) from None


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _line_of_key(text: str, key: str) -> int | None:
    needle = json.dumps(key) + ":"
    seen = 0
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line.replace('" :', '":'):
            seen += 1
            if seen == 2:
                return number
    return None


def load_game(path: str | Path) -> GameDocument:
    """Load a game folder (or its game.json) and merge the files it includes.

    Raises InputError when a file is missing or is not JSON; problems in the content
    (an include that is not a file of the folder, a key defined twice) are collected
    in `GameDocument.problems` for the validator to report with the others.
    """
    from converter.validate.schema import fragment_keys  # the schema knows the content keys

    game_file = find_game_file(path)
    folder = game_file.parent
    data = read_json(game_file, str(game_file))
    doc = GameDocument(folder=folder, data={}, files=[GAME_FILE])
    if not isinstance(data, dict):
        raise InputError(str(game_file), "expected a JSON object at the top level", pointer="")
    doc.data = dict(data)
    for key, value in data.items():
        if isinstance(value, list):
            for i in range(len(value)):
                doc.origins[f"/{key}/{i}"] = (GAME_FILE, f"/{key}/{i}")
    includes = data.get("include", [])
    if not isinstance(includes, list):
        return doc
    allowed = fragment_keys()
    for index, name in enumerate(includes):
        if not isinstance(name, str):
            continue
        target = (folder / name).resolve()
        if folder.resolve() not in target.parents:
            doc.problems.append(Problem(GAME_FILE, f"/include/{index}",
                                        f"include {name!r} is outside the game folder",
                                        check="include"))
            continue
        if not target.is_file():
            raise InputError(str(folder / name), f"included from {game_file} /include/{index} but there is no such file")
        part = read_json(target, str(folder / name))
        rel = target.relative_to(folder.resolve()).as_posix()
        doc.files.append(rel)
        if not isinstance(part, dict):
            doc.problems.append(Problem(rel, "", "expected a JSON object at the top level", check="include"))
            continue
        _merge(doc, rel, part, allowed)
    return doc


def _merge(doc: GameDocument, rel: str, part: dict[str, Any], allowed: set[str]) -> None:
    for key, value in part.items():
        if key == "$schema":
            continue
        if key not in allowed:
            hint = _closest(key, allowed)
            doc.problems.append(Problem(rel, f"/{_escape(key)}", f"unknown property {key!r} in an included file",
                                        hint=f"did you mean {hint!r}?" if hint else "", check="schema"))
            continue
        if isinstance(value, list):
            existing = doc.data.get(key)
            if existing is None:
                existing = doc.data[key] = []
            if not isinstance(existing, list):
                doc.problems.append(Problem(rel, f"/{_escape(key)}", f"{key!r} is a list here but not in game.json", check="include"))
                continue
            base = len(existing)
            existing.extend(value)
            for i in range(len(value)):
                doc.origins[f"/{_escape(key)}/{base + i}"] = (rel, f"/{_escape(key)}/{i}")
        elif key in doc.data:
            doc.problems.append(Problem(rel, f"/{_escape(key)}", f"{key!r} is defined in more than one file", check="include"))
        else:
            doc.data[key] = value
            doc.origins[f"/{_escape(key)}"] = (rel, f"/{_escape(key)}")


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _closest(word: str, options: set[str]) -> str | None:
    import difflib
    match = difflib.get_close_matches(word, sorted(options), n=1)
    return match[0] if match else None
