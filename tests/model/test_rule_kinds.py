"""Rules are a tagged union on ``kind``: each rule is read into its kind's dataclass, written back
the same, and the schema allows a kind's own fields on that kind only."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from converter.model.codec import from_json, to_json
from converter.model.rules import RULE_KINDS, CombatRule, EntryRule, MovementRule, Rule, StackingRule
from converter.validate import load_model

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "rules.schema.json").read_text(encoding="utf-8"))["$defs"]["rule"]
MINI = ROOT / "tests" / "data" / "games" / "mini"


def test_each_rule_is_read_into_its_kinds_class_and_written_back_the_same() -> None:
    game = load_model(MINI)
    raw = json.loads((MINI / "game.json").read_text(encoding="utf-8"))["rules"]
    assert [type(r) for r in game.rules or []] == [StackingRule, MovementRule, EntryRule, CombatRule]
    assert [to_json(r) for r in game.rules or []] == raw


def test_a_kind_vconv_does_not_judge_is_a_plain_rule() -> None:
    rule = from_json(Rule, {"id": "r", "kind": "victory", "name": "Victory", "value": 3})
    assert type(rule) is Rule and rule.value == 3


def test_the_schema_lists_every_kind_and_allows_each_field_on_its_kind_only() -> None:
    assert sorted(SCHEMA["properties"]["kind"]["enum"]) == sorted(RULE_KINDS)
    shared = {f.name for f in dataclasses.fields(Rule)}
    own: dict[str, set[str]] = {}  # field -> the kinds whose class has it
    for kind, cls in RULE_KINDS.items():
        names = {f.name for f in dataclasses.fields(cls)}
        assert names <= set(SCHEMA["properties"]), (kind, names - set(SCHEMA["properties"]))
        for name in names - shared:
            own.setdefault(name, set()).add(kind)
    restricted: dict[str, set[str]] = {}
    for branch in SCHEMA["allOf"]:
        if "else" not in branch:
            continue
        cond = branch["if"]["properties"]["kind"]
        kinds = {cond["const"]} if "const" in cond else set(cond["enum"])
        for alt in branch["else"]["not"]["anyOf"]:
            for name in alt["required"]:
                restricted[name] = kinds
    assert restricted == own
