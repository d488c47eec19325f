"""A yes/no verdict on a document in one pass: our schemas compiled once into plain Python
checks, every `$ref` resolved at compile time.

jsonschema builds a validator object per subschema and resolves each `$ref` through the
registry on every visit; most documents are valid, and for them the verdict is all we need.
`check_schema` asks this first and runs jsonschema (for its precise, located messages) only
on a document this refuses.  A schema using a keyword not compiled here raises Unsupported
at compile time, and jsonschema alone judges.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any
from urllib.parse import urldefrag, urljoin

Check = Callable[[Any], bool]

# keywords that only annotate: no effect on the verdict
ANNOTATIONS = frozenset({"description", "title", "$schema", "$id", "$defs", "examples",
                         "default", "$comment", "deprecated", "readOnly", "writeOnly"})


class Unsupported(Exception):
    """The schema uses a keyword (or a form of one) this compiler does not know."""


def _equal(a: Any, b: Any) -> bool:
    """JSON equality: 1 == 1.0, but true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b if not _number(a) or not _number(b) else a == b


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


# the common type tests, each one call (the _is_type chain of comparisons is the reference)
TYPE_TESTS: dict[str, Check] = {
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "string": lambda x: isinstance(x, str),
    "integer": lambda x: isinstance(x, int) and not isinstance(x, bool),
    "boolean": lambda x: isinstance(x, bool),
}


def _one_of_values(options: list[Any]) -> Check:
    """The check of `enum` (or of `const`, one option): equal to one of *options*.  Texts
    only, the usual case, by a set lookup (JSON equality of a text is exact equality)."""
    if all(type(o) is str for o in options):
        texts = frozenset(options)
        return lambda x: type(x) is str and x in texts
    return lambda x: any(_equal(x, o) for o in options)


def _is_type(name: str, x: Any) -> bool:
    if name == "object":
        return isinstance(x, dict)
    if name == "array":
        return isinstance(x, list)
    if name == "string":
        return isinstance(x, str)
    if name == "integer":  # strict, as our validator: 12.0 or 1e308 is not a count
        return isinstance(x, int) and not isinstance(x, bool)
    if name == "number":
        return _number(x)
    if name == "boolean":
        return isinstance(x, bool)
    if name == "null":
        return x is None
    raise Unsupported(f"type {name!r}")


class Compiler:
    """Compiles schemas (by `$id`) into checks; each resolved reference is compiled once,
    recursion through a forward cell."""

    def __init__(self, schemas: dict[str, dict[str, Any]]) -> None:
        self.by_uri = {s["$id"]: s for s in schemas.values() if "$id" in s}
        self.done: dict[str, Check] = {}

    def compile_uri(self, uri: str) -> Check:
        if uri in self.done:
            return self.done[uri]
        cell: list[Check] = []
        self.done[uri] = lambda x: cell[0](x)  # a recursive reference reaches this
        base, fragment = urldefrag(uri)
        if base not in self.by_uri:
            raise Unsupported(f"reference to {base!r}")
        schema: Any = self.by_uri[base]
        if fragment:
            if not fragment.startswith("/"):
                raise Unsupported(f"anchor {fragment!r}")
            for part in fragment[1:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                schema = schema[int(part)] if isinstance(schema, list) else schema[part]
        check = self.compile(schema, base)
        cell.append(check)
        self.done[uri] = check
        return check

    def compile(self, schema: Any, base: str) -> Check:  # noqa: C901 (one case per keyword)
        if schema is True or schema == {}:
            return lambda x: True
        if schema is False:
            return lambda x: False
        if not isinstance(schema, dict):
            raise Unsupported(f"schema {schema!r}")
        base = urljoin(base, schema["$id"]) if "$id" in schema else base
        checks: list[Check] = []
        unknown = set(schema) - ANNOTATIONS - KNOWN
        if unknown:
            raise Unsupported(f"keywords {sorted(unknown)}")
        if "$ref" in schema:
            # the target's check itself, or (a reference back into a schema being compiled)
            # the forward cell that reaches it once compiled
            checks.append(self.compile_uri(urljoin(base, schema["$ref"])))
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            for n in names:
                _is_type(n, None)  # an unknown type name is refused now
            if len(names) == 1:
                checks.append(TYPE_TESTS.get(names[0]) or partial(_is_type, names[0]))
            else:
                checks.append(lambda x: any(_is_type(n, x) for n in names))
        if "enum" in schema:
            checks.append(_one_of_values(list(schema["enum"])))
        if "const" in schema:
            checks.append(_one_of_values([schema["const"]]))
        checks.extend(self._object(schema, base))
        checks.extend(self._array(schema, base))
        checks.extend(_string(schema))
        checks.extend(_numeric(schema))
        for key in ("allOf", "anyOf", "oneOf"):
            if key in schema:
                parts = [self.compile(s, base) for s in schema[key]]
                if key == "allOf":
                    checks.append(partial(_all_of, parts))
                elif key == "anyOf":
                    checks.append(partial(_any_of, parts))
                else:
                    checks.append(partial(_one_of, parts))
        if "not" in schema:
            inner = self.compile(schema["not"], base)
            checks.append(lambda x: not inner(x))
        if "if" in schema:
            cond = self.compile(schema["if"], base)
            then = self.compile(schema.get("then", True), base)
            other = self.compile(schema.get("else", True), base)
            checks.append(lambda x: then(x) if cond(x) else other(x))
        if not checks:
            return lambda x: True
        if len(checks) == 1:
            return checks[0]
        if len(checks) == 2:
            first, second = checks
            return lambda x: first(x) and second(x)
        return partial(_all_of, checks)

    def _object(self, schema: dict[str, Any], base: str) -> list[Check]:
        out: list[Check] = []
        if "unevaluatedProperties" in schema:
            raise Unsupported("unevaluatedProperties")
        props = {k: self.compile(v, base) for k, v in schema.get("properties", {}).items()}
        extra = schema.get("additionalProperties")
        extra_check = self.compile(extra, base) if extra is not None else None
        required = list(schema.get("required", ()))
        names = self.compile(schema["propertyNames"], base) if "propertyNames" in schema \
            else None
        least = schema.get("minProperties")

        def obj(x: Any) -> bool:
            if not isinstance(x, dict):
                return True
            for key in required:
                if key not in x:
                    return False
            if least is not None and len(x) < least:
                return False
            for key, value in x.items():
                c = props.get(key)
                if c is not None:
                    if not c(value):
                        return False
                elif extra_check is not None and not extra_check(value):
                    return False
                if names is not None and not names(key):
                    return False
            return True

        if props or extra_check is not None or required or names is not None \
                or least is not None:
            out.append(obj)
        return out

    def _array(self, schema: dict[str, Any], base: str) -> list[Check]:
        if not any(k in schema for k in ("items", "minItems", "maxItems", "uniqueItems",
                                         "contains")):
            return []
        items = schema.get("items")
        if isinstance(items, list):
            raise Unsupported("items as a list")
        each = self.compile(items, base) if items is not None else None
        contains = self.compile(schema["contains"], base) if "contains" in schema else None
        least, most = schema.get("minItems"), schema.get("maxItems")
        unique = schema.get("uniqueItems") is True

        def arr(x: Any) -> bool:
            if not isinstance(x, list):
                return True
            if least is not None and len(x) < least:
                return False
            if most is not None and len(x) > most:
                return False
            if each is not None:
                for item in x:
                    if not each(item):
                        return False
            if contains is not None and not any(contains(item) for item in x):
                return False
            if unique:
                for i, a in enumerate(x):
                    for b in x[i + 1:]:
                        if _equal(a, b):
                            return False
            return True
        return [arr]


def _string(schema: dict[str, Any]) -> list[Check]:
    out: list[Check] = []
    least, most = schema.get("minLength"), schema.get("maxLength")
    if least is not None or most is not None:
        lo, hi = least or 0, most
        out.append(lambda x: not isinstance(x, str) or
                   (len(x) >= lo and (hi is None or len(x) <= hi)))
    if "pattern" in schema:
        rx = re.compile(schema["pattern"])
        out.append(lambda x: not isinstance(x, str) or rx.search(x) is not None)
    return out


def _numeric(schema: dict[str, Any]) -> list[Check]:
    out: list[Check] = []
    for key, ok in (("minimum", lambda x, v: x >= v), ("maximum", lambda x, v: x <= v),
                    ("exclusiveMinimum", lambda x, v: x > v),
                    ("exclusiveMaximum", lambda x, v: x < v)):
        if key in schema:
            bound = schema[key]
            out.append(partial(_bounded, ok, bound))
    return out


KNOWN = frozenset({"$ref", "type", "enum", "const", "properties", "additionalProperties",
                   "required", "propertyNames", "minProperties", "items", "minItems",
                   "maxItems", "uniqueItems", "contains", "minLength", "maxLength", "pattern",
                   "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "allOf",
                   "anyOf", "oneOf", "not", "if", "then", "else"})


def compile_schema(schemas: dict[str, dict[str, Any]], root: dict[str, Any]) -> Check:
    """The one-pass check of *root* (whose `$ref`s reach into *schemas*, by `$id`).

    Raises:
        Unsupported: a keyword or form not compiled here; judge with jsonschema instead.
    """
    compiler = Compiler(schemas)
    return compiler.compile(root, root.get("$id", ""))


def _all_of(parts: list[Callable[[Any], bool]], x: Any) -> bool:
    for check in parts:
        if not check(x):
            return False
    return True


def _any_of(parts: list[Callable[[Any], bool]], x: Any) -> bool:
    return any(c(x) for c in parts)


def _one_of(parts: list[Callable[[Any], bool]], x: Any) -> bool:
    return sum(1 for c in parts if c(x)) == 1


def _bounded(ok: Callable[[Any, Any], bool], bound: Any, x: Any) -> bool:
    return not _number(x) or ok(x, bound)
