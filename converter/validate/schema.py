"""The JSON Schema stage: every schema error as a Problem with a plain-words message."""

from __future__ import annotations

import difflib
import functools
import json
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from converter.load.document import GameDocument, Problem
from converter.load.schemas import fragment_keys, schemas

if TYPE_CHECKING:  # jsonschema is imported only when a document needs its messages
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

BASE_URI = "https://vconv.github.io/schemas/1/"


@functools.lru_cache(maxsize=None)
def validator(name: str = "game.schema.json") -> Draft202012Validator:
    from jsonschema import Draft202012Validator, validators
    from referencing import Registry
    from referencing.jsonschema import DRAFT202012

    # JSON Schema lets 12.0 (and 1e308) be an "integer"; the code that counts, ranges and
    # indexes with them needs a whole number written as one, so the game must say 12.  A
    # subschema naming its dialect ("$schema") would be judged by the stock validator, so
    # the dialect is given here instead.
    strict = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, x: isinstance(x, int) and not isinstance(x, bool))
    checker = validators.extend(Draft202012Validator, type_checker=strict)  # type: ignore[no-untyped-call]
    resources = [(s["$id"], DRAFT202012.create_resource(_undeclared(s)))
                 for s in schemas().values()]
    registry: Registry = Registry().with_resources(resources)
    return checker(_undeclared(_single_pass(schemas()[name])),  # type: ignore[no-any-return]
                   registry=registry)


def _undeclared(schema: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in schema.items() if key != "$schema"}


@functools.lru_cache(maxsize=None)
def fast_check(name: str = "game.schema.json") -> Callable[[Any], bool] | None:
    """The one-pass yes/no check of *name*, compiled once (None when the schema uses a
    keyword the compiler does not know: jsonschema alone judges then)."""
    from converter.validate.fastcheck import Unsupported, compile_schema

    try:
        return compile_schema(schemas(), _single_pass(schemas()[name]))
    except Unsupported:
        return None


def _single_pass(schema: dict[str, Any]) -> dict[str, Any]:
    """*schema* with a top-level `unevaluatedProperties: false` over `allOf` references to
    our own schemas turned into `additionalProperties: false` over the merged property
    lists: the same verdict, but jsonschema no longer validates each document twice (once
    to check it, once more to learn which properties the referenced schemas evaluated)."""
    refs = [part.get("$ref") for part in schema.get("allOf", ())]
    if schema.get("unevaluatedProperties") is not False or not refs \
            or any(ref not in schemas() for ref in refs):
        return schema
    properties = dict(schema.get("properties", {}))
    for ref in refs:
        referenced = schemas()[ref]
        if set(referenced) & {"patternProperties", "additionalProperties", "allOf", "anyOf",
                              "oneOf", "if", "$ref", "dependentSchemas"}:
            return schema  # the referenced schema evaluates more than its property list
        for key in referenced.get("properties", {}):
            properties.setdefault(key, True)  # checked by the referenced schema itself
    merged = {k: v for k, v in schema.items() if k != "unevaluatedProperties"}
    merged["properties"] = properties
    merged["additionalProperties"] = False
    return merged


def check_schema(doc: GameDocument) -> list[Problem]:
    """Every schema problem of *doc*, located; a valid document costs one compiled pass
    (jsonschema, slower, runs only to say what is wrong)."""
    fast = fast_check()
    if fast is not None and fast(doc.data):
        return []
    problems = []
    top_keys = fragment_keys() | set(schemas()["game.schema.json"]["properties"])
    for error in validator().iter_errors(doc.data):
        if error.validator in ("unevaluatedProperties", "additionalProperties") \
                and not error.absolute_path:
            # a failing fragment branch hides its annotations; report only truly unknown keys
            unknown = sorted(k for k in doc.data if k not in top_keys)
            for key in unknown:
                close = difflib.get_close_matches(key, sorted(top_keys), n=1)
                problems.append(doc.problem("", f"unknown property {key!r}",
                                            f"did you mean {close[0]!r}?" if close else "", check="schema"))
            continue
        for leaf in _leaves(error):
            pointer = _pointer(leaf.absolute_path)
            message, hint = describe(leaf)
            problems.append(doc.problem(pointer, message, hint, check="schema"))
    return sorted(set(problems))


def _leaves(error: ValidationError) -> Iterator[ValidationError]:
    """Descend oneOf/anyOf errors to the branch that matched best, as a user would read it."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        # prefer the branch whose type matched (its errors are deeper); else report the combinator
        deepest = max(error.context, key=lambda e: (len(e.absolute_path), -_rank(e)))
        if len(deepest.absolute_path) > len(error.absolute_path) or deepest.validator not in ("type", "const", "required"):
            yield from _leaves(deepest)
            return
    yield error


def _rank(error: ValidationError) -> int:
    return {"type": 2, "const": 2, "required": 1}.get(str(error.validator), 0)


def _pointer(path: Any) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


_TYPE_NAMES = {"string": "a string", "integer": "an integer", "number": "a number", "object": "an object",
               "array": "a list", "boolean": "true or false", "null": "null"}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def describe(error: ValidationError) -> tuple[str, str]:
    """A message and a hint for one schema error."""
    v = error.validator
    value: Any = error.validator_value
    inst: Any = error.instance
    schema = error.schema if isinstance(error.schema, dict) else {}
    if v == "required":
        missing = [p for p in value if not (isinstance(inst, dict) and p in inst)]
        name = missing[0] if missing else value
        return f"missing required property {name!r}", ""
    if v in ("additionalProperties", "unevaluatedProperties"):
        known = set(schema.get("properties", {}))
        extra = [k for k in (inst if isinstance(inst, dict) else {}) if k not in known]
        if v == "unevaluatedProperties":
            import re
            extra = re.findall(r"'([^']+)'", error.message.split("(")[-1]) or extra
        name = extra[0] if extra else "?"
        close = difflib.get_close_matches(name, sorted(known), n=1) if known else []
        return f"unknown property {name!r}", (f"did you mean {close[0]!r}?" if close else "")
    if v == "type":
        expected = value
        names = [expected] if isinstance(expected, str) else list(expected)
        want = " or ".join(_TYPE_NAMES.get(n, n) for n in names)
        return f"expected {want}, got {_json_type(inst)} {json.dumps(inst, ensure_ascii=False)[:60]}", ""
    if v == "enum":
        options = ", ".join(json.dumps(o, ensure_ascii=False) for o in value)
        close = difflib.get_close_matches(str(inst), [str(o) for o in value], n=1)
        return (f"{json.dumps(inst, ensure_ascii=False)} is not one of {options}",
                f"did you mean {close[0]!r}?" if close else "")
    if v == "const":
        return f"expected {json.dumps(value)}, got {json.dumps(inst, ensure_ascii=False)[:60]}", ""
    if v == "pattern":
        desc = schema.get("description", "")
        return f"{json.dumps(inst, ensure_ascii=False)} does not match the pattern {value}", desc.split(":")[0] if desc else ""
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        words = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than", "exclusiveMaximum": "less than"}[str(v)]
        return f"{inst} is out of range: expected {words} {value}", ""
    if v in ("minItems", "maxItems"):
        words = "at least" if v == "minItems" else "at most"
        return f"expected {words} {value} items, got {len(inst)}", ""
    if v == "minLength":
        return "must not be empty", ""
    if v == "uniqueItems":
        return "items must be unique", ""
    if v in ("oneOf", "anyOf"):
        required = [r for s in value if isinstance(s, dict) for r in s.get("required", [])]
        if required:
            return f"expected one of the properties {', '.join(repr(r) for r in required)}", ""
        forms = _forms(error)
        if forms:
            return f"expected {_or(forms)}, got {_json_type(inst)} {json.dumps(inst, ensure_ascii=False)[:60]}", ""
        return f"{json.dumps(inst, ensure_ascii=False)[:60]} matches none of the allowed forms", schema.get("description", "")
    if v == "not":
        named = [k for branch in (value.get("anyOf") or [] if isinstance(value, dict) else [])
                 for k in branch.get("required", []) if isinstance(inst, dict) and k in inst]
        if named:
            return f"{', '.join(repr(k) for k in named)} not allowed here", schema.get("description", "")
        return "this property is not allowed here", schema.get("description", "")
    if v == "minProperties":
        return "must not be empty", ""
    return error.message, ""


def _forms(error: ValidationError) -> list[str]:
    """Plain names of the alternatives of a oneOf/anyOf ('an integer', '"?"', 'an identifier')."""
    forms: list[str] = []
    value: Any = error.validator_value
    for branch in value:
        if not isinstance(branch, dict):
            return []
        if "type" in branch:
            kinds = [branch["type"]] if isinstance(branch["type"], str) else branch["type"]
            name = " or ".join(_TYPE_NAMES.get(k, k) for k in kinds)
            if branch["type"] == "array" and isinstance(branch.get("items"), dict) and "$ref" in branch["items"]:
                item = _ref_name(branch["items"]["$ref"])
                name = "a list of " + item.split(" ", 1)[1] + "s"
            forms.append(name)
        elif "const" in branch:
            forms.append(json.dumps(branch["const"], ensure_ascii=False))
        elif "$ref" in branch:
            forms.append(_ref_name(branch["$ref"]))
        else:
            return []
    return forms


def _ref_name(ref: str) -> str:
    name = ref.rsplit("/", 1)[-1].replace("_", " ")
    return {"id": "an identifier", "range": "a range {min, max}"}.get(name, f"a {name}")


def _or(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
