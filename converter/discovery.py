"""Registries that fill themselves: a package whose every module defines one object of a
class (a board kind, a board drawing) is read by listing the package, so adding an entry is
adding its module."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def defined_in_modules(package: str, path: Iterable[str], attr: str, cls: type[T], *,
                       skip: frozenset[str] = frozenset()) -> list[T]:
    """The *attr* of each module of *package* (its ``__path__`` is *path*) but those named in
    *skip*, in the order of the modules' names.

    Raises:
        TypeError: a module's *attr* is not a *cls*.
    """
    found: list[T] = []
    for info in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        if info.name in skip:
            continue
        value = getattr(importlib.import_module(f"{package}.{info.name}"), attr)
        if not isinstance(value, cls):
            raise TypeError(f"{package}.{info.name}.{attr} is not a {cls.__name__}")
        found.append(value)
    return found
