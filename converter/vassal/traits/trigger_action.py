"""TriggerAction (`macro;`): fires other keys, optionally in a loop."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import BOOL, fields


@dataclass
class TriggerAction(Trait):
    """Sends `action_keys` when `key` or one of `watch_keys` fires and `property_match` holds."""

    ID = "macro;"
    TYPE = fields("name", "menu_text", "key", "property_match", "watch_keys", "action_keys",
                  ("loop", BOOL), "pre_loop_key", "post_loop_key", "loop_type",
                  "while_expression", "until_expression", "loop_count", ("index", BOOL),
                  "index_property", "index_start", "index_step")

    name: str = ""
    menu_text: str = ""
    key: str = ""
    property_match: str = ""
    watch_keys: str = ""
    action_keys: str = ""
    loop: bool = False
    pre_loop_key: str = ""
    post_loop_key: str = ""
    loop_type: str = "counted"
    while_expression: str = ""
    until_expression: str = ""
    loop_count: str = "1"
    index: bool = False
    index_property: str = ""
    index_start: str = "1"
    index_step: str = "1"
