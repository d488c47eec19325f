"""One field spec, two directions: dataclasses read from and written to the canonical JSON.

Each model class is a dataclass whose field names are the JSON keys (a field may rename
its key with ``field(metadata={"json": "key"})``). ``from_json`` follows the type hints;
``to_json`` writes back only what was given, so load → dump gives the same document.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
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
    return _decoder(tp)(value)


@lru_cache(maxsize=None)
def _decoder(tp: Any) -> Callable[[Any], Any]:
    """The decoder of one type hint, worked out once per hint (a document decodes tens of
    thousands of values, each with a hint already seen)."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(tp) if a is not type(None)]
        if len(options) == 1:
            return _decoder(options[0])
        return lambda value: None if value is None else _decode_union(options, value)
    if origin is list:
        (item_tp,) = get_args(tp)
        cell: list[Callable[[Any], Any]] = []

        def decode_list(value: Any) -> Any:
            if value is None:
                return None
            if not cell:
                cell.append(_decoder(item_tp))
            item = cell[0]
            return [item(v) for v in value]
        return decode_list
    if origin is dict:
        _, value_tp = get_args(tp)

        def decode_dict(value: Any) -> Any:
            if value is None:
                return None
            item = _decoder(value_tp)
            return {k: item(v) for k, v in value.items()}
        return decode_dict
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and "json_kinds" in vars(tp):
        return _tagged_decoder(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _object_decoder(tp)
    return _same


def _object_decoder(tp: type) -> Callable[[Any], Any]:
    """The decoder of one dataclass: its fields by their JSON keys (a key the class does not
    name is left out), a plain value as it is."""
    fields: dict[str, tuple[str, Callable[[Any], Any] | None]] = {}

    def decode_object(value: Any) -> Any:
        if value is None:
            return None
        if not fields:  # on first use: a class may hold itself (phases of phases)
            for field_name, key, hint in _spec(tp):
                decoder = _decoder(hint)
                fields[key] = (field_name, None if decoder is _same else decoder)
        kwargs = {}
        for key, item in value.items():
            spec = fields.get(key)
            if spec is not None:
                name, decode = spec
                kwargs[name] = item if decode is None else decode(item)
        return tp(**kwargs)
    return decode_object


def _tagged_decoder(tp: type) -> Callable[[Any], Any]:
    """A tagged union: ``tp.json_kinds()`` gives the tag field and the class each tag value
    names (a subclass of *tp*, or *tp* itself); each object is read into its tag's class."""
    tag, classes = tp.json_kinds()  # type: ignore[attr-defined]
    decoders: dict[type, Callable[[Any], Any]] = {}

    def decode_tagged(value: Any) -> Any:
        if value is None:
            return None
        cls = classes.get(value.get(tag), tp)
        if cls not in decoders:
            decoders[cls] = _object_decoder(cls)
        return decoders[cls](value)
    return decode_tagged


def _same(value: Any) -> Any:
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
