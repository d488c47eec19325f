"""Toolbar parts of a module: dice buttons, track values as global properties (the turn
tracker: converter.builder.trackers)."""

from __future__ import annotations

from pathlib import PurePosixPath

from converter.model.game import Game
from converter.model import properties
from converter.model.scenario import Scenario
from converter.model.tables import Die
from converter.vassal.components import (
    DiceButton, GlobalProperties, GlobalProperty, SpecialDiceButton, SpecialDie, SpecialDieFace)
from converter.vassal.components.base import Component


def faces_complete(die: Die) -> bool:
    """Whether the description gives every face of a custom die: faces listed, neither the
    faces nor the number of sides marked missing, and as many faces as sides."""
    if not die.faces:
        return False
    if {"faces", "sides"} & set(die.missing or []):
        return False
    return die.sides is None or len(die.faces) == die.sides


def dice_buttons(game: Game, notes: list[str],
                 images: dict[str, bytes] | None = None) -> list[Component]:
    """A DiceButton per numbered die, a SpecialDiceButton when every custom face is known.

    A die whose faces the rules do not give completely gets no button (faces are never
    invented); the module's notes say so.
    """
    out: list[Component] = []
    taken: set[str] = set()
    for die in game.dice or []:
        name = die.name if die.name not in taken else f"{die.name} ({die.id})"
        taken.add(name)
        count = die.count or 1
        if die.faces is None and die.sides:
            out.append(DiceButton(name=name, text=name, tooltip=f"Roll {name}", n_dice=count,
                                  n_sides=die.sides, report_total=bool(die.sum) and count > 1,
                                  report_format="** $name$ = $result$ *** &lt;$PlayerName$&gt;"))
            continue
        if not faces_complete(die):
            notes.append(f"die {die.name!r} ({die.id}): its faces are not all known, so the "
                         "module has no button for it")
            continue
        button = SpecialDiceButton(name=name, text=name, tooltip=f"Roll {name}",
                                   format="** $name$ = " + " ".join(
                                       f"$result{i}$" for i in range(1, count + 1))
                                   + " *** &lt;$PlayerName$&gt;")
        for i in range(count):
            special = SpecialDie(name=f"{name} {i + 1}" if count > 1 else name,
                                 report="$name$ = $result$")
            for face in die.faces or []:
                value = face.value if face.value is not None else (
                    int(face.label) if face.label.lstrip("-").isdecimal() else 0)
                special.add(SpecialDieFace(text=face.label, value=value,
                                           icon=_face_picture(game, face.image, images)))
            button.add(special)
        out.append(button)
    return out


def _face_picture(game: Game, file: str | None, images: dict[str, bytes] | None) -> str:
    """The module's name of a die face's picture, put in *images* (None: a build drawing
    nothing, which names it all the same); '' for none."""
    if file is None or game.folder is None or not game.resource(file).is_file():
        return ""
    name = f"dice/{PurePosixPath(file).name}"
    if images is not None:
        images[name] = game.resource(file).read_bytes()
    return name


def track_properties(game: Game) -> dict[tuple[str, str | None], str]:
    """(track id, owner id or None) → the global property holding that track's value.

    Turn tracks are left to the turn tracker; a track kept per side, faction or nationality
    gets one property per owner.
    """
    out: dict[tuple[str, str | None], str] = {}
    for track in game.tracks or []:
        if track.kind == "turn":
            continue
        if track.per == "side":
            for side in game.sides:
                out[(track.id, side.id)] = f"{track.name} {side.name}"
        elif track.per == "faction" and game.factions:
            for faction in game.factions:
                out[(track.id, faction.id)] = f"{track.name} {faction.name}"
        elif track.per == "nationality" and game.nationalities:
            for nat in game.nationalities:
                out[(track.id, nat.id)] = f"{track.name} {nat.name}"
        else:
            out[(track.id, None)] = track.name
    return out


def start_values(game: Game, scenario: Scenario | None = None) -> dict[str, int]:
    """Property name → starting value: the track's own start, then the scenario's."""
    names = track_properties(game)
    values: dict[str, int] = {}
    for (track_id, owner), name in names.items():
        track = game.track(track_id)
        assert track is not None
        start = track.start
        if isinstance(start, dict):
            values[name] = start.get(owner or "", track.min or 0)
        else:
            values[name] = start if start is not None else (track.min or 0)
    for item in (scenario.track_start or []) if scenario is not None else []:
        named = names.get((item.track, item.owner)) or names.get((item.track, None))
        if named is not None:
            values[named] = item.value
    return values


def global_properties(game: Game) -> GlobalProperties | None:
    """Numeric tracks (victory points, levels) as global properties with their start values
    (a one-scenario game starts them at that scenario's values)."""
    props = GlobalProperties()
    scenarios = game.scenarios or []
    scenario = scenarios[0] if len(scenarios) == 1 else None
    values = start_values(game, scenario)
    for (track_id, _owner), name in track_properties(game).items():
        track = game.track(track_id)
        assert track is not None
        props.add(GlobalProperty(name=name, initial_value=str(values[name]), is_numeric=True,
                                 min="" if track.min is None else str(track.min),
                                 max="" if track.max is None else str(track.max),
                                 description=track.name))
    made = {p.name for p in props.children if isinstance(p, GlobalProperty)}
    props.add(*[set_property(GlobalProperty(), p) for p in game.global_properties or []
                if p.board is None and p.name not in made])
    return props if props.children else None


def board_properties(game: Game, board_id: str) -> GlobalProperties | None:
    """The global properties the game keeps on a board's map (a hand's card count)."""
    held = [set_property(GlobalProperty(), p) for p in game.global_properties or []
            if p.board == board_id]
    if not held:
        return None
    props = GlobalProperties()
    props.add(*held)
    return props


def set_property(comp: GlobalProperty, prop: properties.GlobalProperty) -> GlobalProperty:
    """*comp* given the game's property *prop*: a new one of the build, or a kept one that
    an imported game's write-back edits in place."""
    comp.name = prop.name
    comp.initial_value = prop.initial or ""
    comp.is_numeric = bool(prop.numeric)
    comp.min = "" if prop.min is None else str(prop.min)
    comp.max = "" if prop.max is None else str(prop.max)
    comp.wrap = bool(prop.wrap)
    comp.description = prop.description or ""
    return comp
