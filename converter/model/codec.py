"""One field spec, two directions: dataclasses read from and written to the canonical JSON.

Each model class is a dataclass whose field names are the JSON keys (a field may rename
its key with ``field(metadata={"json": "key"})``). ``from_json`` follows the type hints;
``to_json`` writes back only what was given, so load → dump gives the same document.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import lru_cache
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")


@lru_cache(maxsize=None)
def _spec(cls: type) -> tuple[tuple[str, str, Any], ...]:
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if f.metadata.get("derived"):
            continue
        out.append((f.name, f.metadata.get("json", f.name), hints[f.name]))
    return tuple(out)


def from_json(cls: type[T], data: Any) -> T:
    """Build a model object of *cls* from already-validated JSON data."""
    return _decode(cls, data)  # type: ignore[no-any-return]


def _decode(tp: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(tp) if a is not type(None)]
        if len(options) == 1:
            return _decode(options[0], value)
        return _decode_union(options, value)
    if origin is list:
        (item,) = get_args(tp)
        return [_decode(item, v) for v in value]
    if origin is dict:
        _, item = get_args(tp)
        return {k: _decode(item, v) for k, v in value.items()}
    if tp is Any:
        return value
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        kwargs = {}
        for name, key, hint in _spec(tp):
            if key in value:
                kwargs[name] = _decode(hint, value[key])
        return tp(**kwargs)
    if tp is float and isinstance(value, int) and not isinstance(value, bool):
        return value
    return value


def _decode_union(options: list[Any], value: Any) -> Any:
    for opt in options:
        if dataclasses.is_dataclass(opt) and isinstance(value, dict):
            return _decode(opt, value)
        origin = get_origin(opt)
        if origin is list and isinstance(value, list):
            return _decode(opt, value)
        if origin is dict and isinstance(value, dict):
            return _decode(opt, value)
    return value


def to_json(obj: Any) -> Any:
    """Write a model object back to JSON data (fields left unset are omitted)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {}
        for name, key, _hint in _spec(type(obj)):
            value = getattr(obj, name)
            if value is None:
                continue
            out[key] = to_json(value)
        return out
    if isinstance(obj, list):
        return [to_json(v) for v in obj]
    if isinstance(obj, dict):
        return {k: to_json(v) for k, v in obj.items()}
    return obj
