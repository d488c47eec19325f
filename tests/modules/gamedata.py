"""Reading a game's JSON in the module tests: items by id, spaces across boards, every node."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def by_id(items: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    matches = [item for item in items if item.get("id") == ident]
    assert len(matches) == 1, f"expected one item {ident!r}, found {len(matches)}"
    return matches[0]


def space(game: dict[str, Any], ident: str) -> dict[str, Any]:
    return by_id([s for b in game["boards"] for s in b.get("spaces", [])], ident)


def table(game: dict[str, Any], ident: str) -> dict[str, Any]:
    return by_id(game["tables"], ident)


def piece(game: dict[str, Any], ident: str) -> dict[str, Any]:
    return by_id(game["pieces"], ident)


def rule(game: dict[str, Any], ident: str) -> dict[str, Any]:
    return by_id(game["rules"], ident)


def walk(node: Any, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield pointer, node
        for key, value in node.items():
            yield from walk(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{pointer}/{i}")
