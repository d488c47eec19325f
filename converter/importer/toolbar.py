"""Toolbar components → dice (DiceButton, SpecialDiceButton); turn trackers: trackers.py."""

from __future__ import annotations

from typing import Any

from lxml import etree

from converter.importer.context import ImportContext
from converter.importer.paths import label
from converter.vassal.components import (
    DiceButton, SpecialDiceButton, SpecialDie, SpecialDieFace)
from converter.vassal.components.base import Component, RawElement

MAX_DICE, MIN_SIDES, MAX_SIDES = 20, 2, 100


def import_dice(ctx: ImportContext, consumed: set[int]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    own: dict[str, int] = {}  # a class of the module's own that is a dice button: how many
    for comp in ctx.module.buildfile.walk():
        button = comp if isinstance(comp, DiceButton) else _own_dice_button(comp)
        if button is not None:
            consumed.add(id(comp))
            if button is not comp:
                own[comp.tag] = own.get(comp.tag, 0) + 1
            die = _numbered_die(ctx, button)
            if die is not None:
                out.append(die)
        elif isinstance(comp, SpecialDiceButton):
            for sub in comp.walk():
                consumed.add(id(sub))
            out.extend(_special_dice(ctx, comp))
    for tag, n in sorted(own.items()):
        ctx.note(f"{n} dice button{'s' if n > 1 else ''} of the module's own class {tag!r} "
                 "read as VASSAL's DiceButton, whose attributes "
                 f"{'they carry' if n > 1 else 'it carries'} (how the class rolls is its own)")
    return out


def _own_dice_button(comp: Component) -> DiceButton | None:
    """An element of a class the module brings (Iron Kingdoms' `random.DiceButton`) that
    carries VASSAL's DiceButton attributes (nDice, nSides): read as that DiceButton."""
    if not (isinstance(comp, RawElement) and comp.tag.endswith(".DiceButton")
            and {"nDice", "nSides"} <= comp.attrib.keys()):
        return None
    return DiceButton.from_element(etree.Element(DiceButton.TAG, comp.attrib))


def _numbered_die(ctx: ImportContext, button: DiceButton) -> dict[str, Any] | None:
    path = label(button)
    name = button.name or button.text or f"{button.n_dice}d{button.n_sides}"
    if not (1 <= button.n_dice <= MAX_DICE and MIN_SIDES <= button.n_sides <= MAX_SIDES):
        ctx.note(f"not imported: {path}: {button.n_dice} dice of {button.n_sides} sides is "
                 f"outside the format's range (1-{MAX_DICE} dice of {MIN_SIDES}-{MAX_SIDES} sides)")
        return None
    die: dict[str, Any] = {"id": ctx.ids.take("dice", name, "die"), "name": name,
                           "count": button.n_dice, "sides": button.n_sides}
    if button.n_dice > 1:
        die["sum"] = bool(button.report_total)
    prov = ctx.stated(path)
    extras = []
    if button.plus:
        extras.append(f"adds {button.plus:+d} to each die")
    if button.add_to_total:
        extras.append(f"adds {button.add_to_total:+d} to the total")
    if extras:
        prov["note"] += f"; VASSAL {' and '.join(extras)}, which the format has no field for"
        ctx.note(f"die {name!r}: VASSAL {' and '.join(extras)}; the format's dice have no modifier")
    die["provenance"] = prov
    return die


def _faces(ctx: ImportContext, die: Component) -> list[dict[str, Any]]:
    """Each face's text, its value where the module states one (a face element without
    a `value` attribute gives none: VASSAL would count it 0, which the module does not say),
    and its picture (Blood Bowl's block dice show 'POW!' as a picture)."""
    faces = []
    for face in die.children:
        if isinstance(face, SpecialDieFace):
            value = _stated_value(face)
            text = face.text.strip() or ("" if value is None else str(value))
            entry: dict[str, Any] = {"label": text or "?"}
            if value is not None:
                entry["value"] = value
            image = ctx.images.copy(face.icon) if face.icon.strip() else None
            if image is not None:
                entry["image"] = image
            faces.append(entry)
    return faces


def _stated_value(face: SpecialDieFace) -> int | None:
    """The face's `value` as the build file writes it, None when it writes none."""
    return face.value if "value" in dict(face.attributes()) else None


def _uses_values(button: SpecialDiceButton) -> bool:
    """Whether a report of the button shows the faces' values (VASSAL's $numericalTotal$, or
    a die's $numericalValue$); otherwise players see only the faces' texts."""
    texts = [text for comp in button.walk() for _, text in comp.attributes()]
    return any("numerical" in text for text in texts)


def _unvalued(faces: list[dict[str, Any]], button: SpecialDiceButton) -> bool:
    """The faces' values say nothing: every face has the same one (VASSAL's editor leaves
    each at 0) while their texts differ, and no report of the button shows a value. Paths of
    Glory's and For the People's dice: texts 1 to 6, values all 0, results shown by text."""
    values = {f.get("value") for f in faces}
    return (len(values) == 1 and len({f["label"] for f in faces}) > 1
            and not _uses_values(button))


def _special_dice(ctx: ImportContext, button: SpecialDiceButton) -> list[dict[str, Any]]:
    path = label(button)
    dice = [d for d in button.children if isinstance(d, SpecialDie)]
    if not dice:
        ctx.note(f"not imported: {path}: it has no SpecialDie")
        return []
    name = button.name or button.text or "special dice"
    groups: list[tuple[str, list[dict[str, Any]], int, str]] = []
    all_faces = [_faces(ctx, d) for d in dice]
    if all(f == all_faces[0] for f in all_faces):
        groups.append((name, all_faces[0], len(dice), path))
    else:
        for k, (die, faces) in enumerate(zip(dice, all_faces), 1):
            groups.append((f"{name} {die.name or k}", faces, 1, f"{path}/{label(die)}"))
    out = []
    for die_name, faces, count, where in groups:
        if not MIN_SIDES <= len(faces) <= MAX_SIDES or count > MAX_DICE:
            ctx.note(f"not imported: {where}: a die with {len(faces)} face{'' if len(faces) == 1 else 's'}")
            continue
        entry: dict[str, Any] = {"id": ctx.ids.take("dice", die_name, "die"), "name": die_name,
                                 "count": count, "sides": len(faces), "faces": faces,
                                 "provenance": ctx.stated(where)}
        _face_values(ctx, entry, button, die_name, where)
        out.append(entry)
    return out


def _face_values(ctx: ImportContext, entry: dict[str, Any], button: SpecialDiceButton,
                 die_name: str, where: str) -> None:
    """Leave out face values the module does not really give, and say so: a face without a
    value counts as the number its label shows (converter/model/tables.Die), and a die whose
    labels are not all numbers has its values marked missing rather than read as 0."""
    faces: list[dict[str, Any]] = entry["faces"]
    if _unvalued(faces, button):
        same = faces[0].get("value")
        for face in faces:
            face.pop("value", None)
        said = (f"every face's value is {same} in the module (VASSAL's default), and no report "
                "of the button shows a value") if same is not None else \
            "no face of the module has a value"
    elif any("value" not in f for f in faces):
        said = "some faces of the module have no value"
    else:
        return
    numbered = all(f["label"].lstrip("-").isdecimal() for f in faces)
    if numbered:
        entry["provenance"] = ctx.deduced(where, f"{said}: each face counts as the number "
                                                 "it shows")
        ctx.note(f"die {die_name!r}: {said}; each face counts as the number it shows")
    else:
        entry["provenance"] = ctx.missing(["the faces' values"], where)
        ctx.note(f"die {die_name!r}: {said}; the faces' values are left out as missing "
                 "(their labels are not numbers)")
