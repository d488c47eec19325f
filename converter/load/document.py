"""Read game.json and its includes, keeping a source map from merged pointers to files."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from converter import limits
from converter.errors import InputError
from converter.load.schemas import fragment_keys

GAME_FILE = "game.json"


@dataclass(frozen=True, order=True)
class Problem:
    """One problem found in a game description, located by file and JSON pointer."""

    file: str
    pointer: str
    message: str
    hint: str = ""
    check: str = ""
    severity: str = "error"

    def line(self, file: str | None = None) -> str:
        """'file:pointer: message (hint: ...)', with *file* in place of the problem's own
        (a path the reader can open)."""
        pointer = _CONTROL.sub(_escaped, self.pointer)  # a key may hold one: shown, not sent
        text = f"{self.file if file is None else file}:{pointer or '/'}: {self.message}"
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


@dataclass
class ValueBudget:
    """The JSON values one document may still hold: a game's files share one budget, taken
    file by file before each is parsed, so many included files, each under the limit, do not
    add up to gigabytes (about 300 bytes a value once parsed)."""

    left: int
    spent: int = 0  # by the files read before, counted from their text

    def spend(self, text: str, name: str) -> None:
        """Count the values of *text* (the file *name*) against what is left, or refuse it
        unparsed."""
        values = _values(text, self.left)
        if values > self.left:
            total = f", {values + self.spent} with the files read before it" if self.spent else ""
            raise InputError(name, limits.JSON_VALUES.refusal("JSON", f"{values} values{total}"))
        self.left -= values
        self.spent += values


def read_json(path: Path, display: str | None = None, *,
              controls: list[tuple[str, str]] | None = None,
              budget: ValueBudget | None = None) -> Any:
    """Parse one JSON file; duplicate keys and bad syntax are input errors with a line.
    *controls*, when given, receives the (pointer, text) of each text holding a control
    character (see parse_json_bytes); *budget* is the values left to the document the file
    is part of (a game and its includes), else the file has the whole limit."""
    name = display or str(path)
    limit = limits.JSON_BYTES.value()
    try:
        size = path.stat().st_size
        if size > limit:
            raise InputError(name, limits.JSON_BYTES.refusal("file", f"{size} bytes"))
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(name, f"cannot read: {exc.strerror or exc}") from None
    return parse_json_bytes(raw, name, controls=controls, budget=budget)


def parse_json_bytes(raw: bytes, name: str, *,
                     controls: list[tuple[str, str]] | None = None,
                     budget: ValueBudget | None = None) -> Any:
    """JSON from untrusted bytes, refused with a line or pointer where it would cost or crash
    later: bad UTF-8, NaN/Infinity, numbers past the limit, nesting past the limit, a lone
    surrogate (which no UTF-8 writer can write back), a key given twice.

    A text holding a control character that XML cannot carry (U+0000-U+001F but tab, line
    feed and carriage return; U+FFFE, U+FFFF) is valid JSON but cannot go into a module: its
    (pointer, text) is added to *controls*, when given, for the caller to report."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(name, f"not UTF-8 text (byte {exc.start})") from None
    (budget or ValueBudget(limits.JSON_VALUES.value())).spend(text, name)
    bounded_int, bounded_float = _number_readers(limits.NUMBER_CHARS.value())
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                          parse_int=bounded_int, parse_float=bounded_float)
    except json.JSONDecodeError as exc:
        raise InputError(name, f"invalid JSON: {exc.msg} (column {exc.colno})", line=exc.lineno) from None
    except _DuplicateKey as exc:
        line = _line_of_key(text, exc.key)
        raise InputError(name, f"key {exc.key!r} appears twice in one object", line=line) from None
    except _BadNumber as exc:
        raise InputError(name, exc.message, line=text.count("\n", 0, max(0, text.find(exc.literal))) + 1) \
            from None
    except RecursionError:
        raise InputError(name, limits.JSON_DEPTH.refusal("JSON", "arrays and objects nested "
                                                         "too deep to read")) from None
    if _may_hold_suspect(text) or _too_deep(data, limits.JSON_DEPTH.value()):
        _check_tree(data, name, controls)  # walks every node, spelling the pointer of a problem
    return data


def _values(text: str, bound: int) -> int:
    """How many values JSON *text* holds, counted before it is parsed: each value but the
    first of a non-empty array or object follows a comma, so it holds one more value than
    its commas and non-empty arrays and objects.  A count from the raw text (brackets and
    commas in strings too) is an upper bound; only past *bound* are strings and spaces taken
    out to count exactly."""
    count = text.count(",") + text.count("[") + text.count("{") + 1
    if count <= bound:
        return count
    bare = _SPACE.sub("", _STRING.sub('""', text))
    return (1 + bare.count(",") + bare.count("[") + bare.count("{")
            - bare.count("[]") - bare.count("{}"))


_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_SPACE = re.compile(r"\s+")


def _may_hold_suspect(text: str) -> bool:
    """Whether JSON *text* can put a _SUSPECT character into a string or key: only \\b, \\f,
    a \\u escape of U+0000-U+001F, of a surrogate or of U+FFFE/U+FFFF, or U+FFFE/U+FFFF
    written as itself can (raw controls are not JSON, and UTF-8 text holds no surrogate).
    Substring tests first, at memory speed; an escaped backslash before "b" only costs the
    walk."""
    return ("\\b" in text or "\\f" in text or "\ufffe" in text or "\uffff" in text
            or ("\\u" in text and _SUSPECT_ESCAPE.search(text) is not None))


def _too_deep(data: Any, limit: int) -> bool:
    """Whether *data* nests arrays and objects *limit* deep or more: a level at a time, in
    C-speed comprehensions (the full walk, _check_tree, runs only when this says so)."""
    level = [data] if isinstance(data, (dict, list)) else []
    for _depth in range(limit):
        if not level:
            return False
        level = [child for node in level
                 for child in (node.values() if isinstance(node, dict) else node)
                 if isinstance(child, (dict, list))]
    return bool(level)


class _BadNumber(ValueError):
    def __init__(self, literal: str, message: str) -> None:
        super().__init__(message)
        self.literal = literal
        self.message = message


def _no_constant(literal: str) -> Any:
    raise _BadNumber(literal, f"{literal} is not a JSON number (write a number or a string)")


def _number_readers(limit: int) -> tuple[Callable[[str], int], Callable[[str], float]]:
    """The int and float hooks of one parse, with the length *limit* read once for the file
    (not from the environment at each of its thousands of numbers)."""

    def bounded_int(literal: str) -> int:
        if len(literal) > limit:
            raise _too_long(literal)
        return int(literal)

    def bounded_float(literal: str) -> float:
        if len(literal) > limit:
            raise _too_long(literal)
        value = float(literal)
        if math.isinf(value):
            raise _BadNumber(literal, f"number {literal} is too large to hold (over 1.8e308)")
        return value
    return bounded_int, bounded_float


def _too_long(literal: str) -> _BadNumber:
    return _BadNumber(literal, limits.NUMBER_CHARS.refusal(
        "number", f"{literal[:12]}... has {len(literal)} characters"))


def _check_tree(data: Any, name: str, controls: list[tuple[str, str]] | None = None) -> None:
    """Depth, lone surrogates and control characters, walked without recursion (so without a
    RecursionError).  A node's pointer is spelled out only for a problem (each node keeps
    its parent's link)."""
    depth_limit = limits.JSON_DEPTH.value()
    stack: list[tuple[Any, Any, int]] = [(data, None, 0)]
    while stack:
        node, path, depth = stack.pop()
        if isinstance(node, str):
            if _SUSPECT.search(node):
                _check_text(node, name, _spell(path), controls)
            continue
        if not isinstance(node, (dict, list)):
            continue
        if depth >= depth_limit:
            raise InputError(name, limits.JSON_DEPTH.refusal(
                "JSON", f"arrays and objects nested more than {depth_limit} deep"),
                pointer=_spell(path))
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            child = (path, key)
            if isinstance(key, str) and _SUSPECT.search(key):
                _check_text(key, name, _spell(child), controls)
            stack.append((value, child, depth + 1))


def _spell(path: Any) -> str:
    """The JSON pointer of a (parent, key) link chain."""
    keys: list[str] = []
    while path is not None:
        path, key = path
        keys.append(_escape(str(key)))
    return "".join("/" + k for k in reversed(keys))


def _check_text(text: str, name: str, pointer: str,
                controls: list[tuple[str, str]] | None) -> None:
    if _SURROGATE.search(text):
        printable = pointer.encode("utf-8", "backslashreplace").decode("utf-8")
        raise InputError(name, "text holds a lone UTF-16 surrogate (a \\ud800-\\udfff escape "
                               "without its pair), which is not a character", pointer=printable)
    if controls is not None:
        controls.append((pointer, text))


_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")  # what XML 1.0 cannot carry
_SUSPECT = re.compile("[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_SUSPECT_ESCAPE = re.compile(r"\\u(?:00[01]|[dD][89a-fA-F]|[fF]{3}[eEfF])")


def _escaped(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()):02x}" if len(match.group().encode()) == 1 else \
        f"\\u{ord(match.group()):04x}"


def control_problem(file: str, pointer: str, text: str) -> Problem:
    """The problem of a text holding a character a module's XML cannot carry."""
    found = _CONTROL.search(text)
    code = f"U+{ord(found.group()):04X}" if found else "a control character"
    return Problem(file, pointer, f"text {text[:40]!r} holds {code}, a character XML "
                                  "(so a VASSAL module) cannot carry", hint="remove it",
                   check="schema")


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) < len(pairs):  # a key given twice: name the first one repeated
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
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
    game_file = find_game_file(path)
    folder = game_file.parent
    controls: list[tuple[str, str]] = []
    values = ValueBudget(limits.JSON_VALUES.value())  # shared by game.json and its includes
    data = read_json(game_file, str(game_file), controls=controls, budget=values)
    doc = GameDocument(folder=folder, data={}, files=[GAME_FILE])
    doc.problems.extend(control_problem(GAME_FILE, pointer, text) for pointer, text in controls
                        if not pointer.startswith("/include/"))  # include names: below
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
    distinct = len({name for name in includes if isinstance(name, str)})
    if distinct > limits.INCLUDES.value():
        raise InputError(str(game_file), limits.INCLUDES.refusal(
            "include", f"{distinct} files"), pointer="/include")
    budget = limits.INCLUDED_BYTES.value() - _size(game_file)
    seen: dict[Path, int] = {}
    for index, name in enumerate(includes):
        if not isinstance(name, str):
            continue
        pointer = f"/include/{index}"
        bad = _bad_include_name(name)
        if bad:
            doc.problems.append(Problem(GAME_FILE, pointer, bad, check="include"))
            continue
        try:
            target = (folder / name).resolve(strict=False)
            inside = folder.resolve() in target.parents
            is_file = inside and target.is_file()
        except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a name too long
            doc.problems.append(Problem(GAME_FILE, pointer, f"include {name!r} cannot be "
                                        f"opened: {getattr(exc, 'strerror', None) or exc}",
                                        check="include"))
            continue
        if not inside:
            doc.problems.append(Problem(GAME_FILE, pointer,
                                        f"include {name!r} is outside the game folder",
                                        check="include"))
            continue
        if not is_file:
            raise InputError(str(folder / name), f"included from {game_file} {pointer} but there is no such file")
        if target in seen:
            # read once: the same fragment merged again would only repeat its ids
            doc.problems.append(Problem(GAME_FILE, pointer, f"include {name!r} is already "
                                        f"included at /include/{seen[target]}",
                                        hint="name each file once", check="include"))
            continue
        seen[target] = index
        budget -= _size(target)
        if budget < 0:
            raise InputError(str(folder / name), limits.INCLUDED_BYTES.refusal(
                "include", "the game and its includes pass the byte total"), pointer=pointer)
        controls = []
        part = read_json(target, str(folder / name), controls=controls, budget=values)
        rel = target.relative_to(folder.resolve()).as_posix()
        doc.files.append(rel)
        doc.problems.extend(control_problem(rel, pointer, text) for pointer, text in controls)
        if not isinstance(part, dict):
            doc.problems.append(Problem(rel, "", "expected a JSON object at the top level", check="include"))
            continue
        _merge(doc, rel, part, allowed)
    return doc


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _bad_include_name(name: str) -> str:
    """Why *name* cannot name a file of the folder ('' when it can)."""
    if not name.strip():
        return "include name is empty"
    if any(ord(ch) < 32 for ch in name):
        return f"include name {name!r} holds a control character"
    if len(name) > limits.INCLUDE_NAME_CHARS.value() or any(
            len(part.encode("utf-8")) > 255 for part in name.split("/")):
        return limits.INCLUDE_NAME_CHARS.refusal("include name", f"{name[:20]!r}... has {len(name)} characters")
    return ""


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
