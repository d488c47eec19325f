"""GlobalOptions: Module-wide options: auto-reporting, unmasking by non-owners, the player id
format."""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal.components.base import Component, attrs


@dataclass
class GlobalOptions(Component):
    """Module-wide options: auto-reporting, unmasking by non-owners, the player id format."""

    TAG = "VASSAL.build.module.GlobalOptions"
    ATTRS = attrs(("autoReport", "auto_report"), ("nonOwnerUnmaskable", "non_owner_unmaskable"),
                  ("promptString", "prompt_string"), ("playerIdFormat", "player_id_format"))

    auto_report: str = 'Always'
    non_owner_unmaskable: str = 'Never'
    prompt_string: str = 'Opponents can unmask pieces'
    player_id_format: str = '$PlayerName$'
