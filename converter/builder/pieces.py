"""Game pieces as VASSAL piece definitions: prototypes for what pieces share, one definition
per piece with its faces and step reduction, masks for hidden pieces, damage for miniatures.

Trait order matters to VASSAL (outermost first): prototypes, then the mask (so a masked
piece hides its step layer too), the step or flip layer, damage properties, the fixed
properties, and the BasicPiece with the front face.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from converter.builder.conventions import (
    DAMAGE_PROPERTY, PIECE_ID_PROPERTY, SIDE_LAYER, SIDE_PROPERTY, STEP_LAYER, STEPS_PROPERTY,
    Levels, is_hidden, levels_of, side_prototype)
from converter.builder.images import face_image, mask_image, safe_name
from converter.model.game import Game
from converter.model.pieces import Face, Piece
from converter.render.counters import numbered
from converter.vassal import sequence
from converter.vassal.components import PrototypeDefinition
from converter.vassal.traits import (
    BasicPiece, Clone, Delete, DynamicProperty, Layer, Marker, MovementMarkable, Obscurable,
    Trait, UsePrototype)
from converter.vassal.traits.piece import PieceTraits

COMMON_PROTOTYPE = "vconv piece"
MASK_IMAGE = "mask.png"
MOVED_ICON = "/images/moved.gif"
KEY_FLIP = "70,130"     # Ctrl+F
KEY_LOSE = "76,130"     # Ctrl+L: lose a step
KEY_RECOVER = "82,130"  # Ctrl+R: recover a step
KEY_MASK = "73,130"     # Ctrl+I
KEY_NEXT_NUMBER = "78,130"      # Ctrl+N: a numbered marker's next number
KEY_PREVIOUS_NUMBER = "78,195"  # Ctrl+Shift+N


def _counter_keys(index: int) -> tuple[str, str]:
    """Keys adding and removing the index-th kind of token: Ctrl+digit, Ctrl+Shift+digit
    (menu only past the ninth kind)."""
    if index >= 9:
        return "", ""
    code = 49 + index  # '1'..'9'
    return f"{code},130", f"{code},195"


@dataclass
class PieceArt:
    """The images of every piece face, by (piece id, counter, side)."""

    names: dict[tuple[str, int, str], str] = field(default_factory=dict)
    images: dict[str, bytes] = field(default_factory=dict)
    # a numbered marker ('numbered 1-7'): its front image for each number, and the numbers
    numbers: dict[str, tuple[list[str], list[str]]] = field(default_factory=dict)

    def face(self, piece: Piece, face: Face) -> str:
        return self.names[(piece.id, face.counter, face.side)]


def face_image_name(piece: Piece, face: Face) -> str:
    """The archive entry of a printed face's image."""
    return f"pieces/{safe_name(piece.id)}-{face.counter}-{safe_name(face.side)}.png"


def draw_pieces(game: Game, draw: bool = True) -> PieceArt:
    """One PNG per printed face (the generic mask too when a hidden piece has no owner
    face to show instead); with *draw*
    false only the names (a build for an audit, which shows no piece)."""
    art = PieceArt()
    for piece in game.pieces or []:
        for face in piece.faces:
            name = face_image_name(piece, face)
            art.names[(piece.id, face.counter, face.side)] = name
            if draw:
                art.images[name] = face_image(game, piece, face.counter, face.side)
        span = numbered(piece)
        if span is not None and piece.faces:
            front = piece.faces[0]
            images = [art.names[(piece.id, front.counter, front.side)]]
            for copy in range(2, piece.copies + 1):
                name = f"pieces/{safe_name(piece.id)}-{front.counter}-{safe_name(front.side)}-n{copy}.png"
                if draw:
                    art.images[name] = face_image(game, piece, front.counter, front.side,
                                                  copy=copy)
                images.append(name)
            art.numbers[piece.id] = (images, [str(n) for n in range(span[1], span[2] + 1)])
    if draw and any(is_hidden(game, p) and not any(f.role == "owner" for f in p.faces)
                    for p in game.pieces or []):  # else every mask is its owner's back
        art.images[MASK_IMAGE] = mask_image(game)
    return art


def roster_uses_factions(game: Game) -> bool:
    """Whether players take factions (one per power) rather than sides: when the game seats
    more players than it has sides and has a faction for each."""
    most = game.players.max if game.players else len(game.sides)
    return most > len(game.sides) and len(game.factions or []) >= most


def roster_names(game: Game) -> list[str]:
    """The PlayerRoster entries: factions in a game of powers, else sides."""
    if roster_uses_factions(game):
        return [f.name for f in game.factions or []]
    return [s.name for s in game.sides]


def owners(game: Game, piece: Piece) -> list[str]:
    """The roster entries that own a piece (may see and handle it when it is masked)."""
    side = game.side_of(piece)
    if roster_uses_factions(game):
        faction = game.faction_of(piece)
        if faction is not None:
            return [faction.name]
        if side is not None:
            return [f.name for f in game.factions or [] if f.side == side.id]
        return []
    return [side.name] if side is not None else []


def prototypes(game: Game) -> list[PrototypeDefinition]:
    """The shared traits: delete, clone and the moved marker for every piece; one per side."""
    common = PieceTraits([
        MovementMarkable(image=MOVED_ICON),
        Clone(menu_text="Clone", key="67,130"),
        Delete(menu_text="Delete", key="68,130"),
        BasicPiece(),
    ])
    out = [_prototype(COMMON_PROTOTYPE, "traits every piece has", common)]
    for side in game.sides:
        out.append(_prototype(side_prototype(side.name), f"pieces of {side.name}",
                              PieceTraits([Marker.of({SIDE_PROPERTY: side.name}), BasicPiece()])))
    return out


def _prototype(name: str, description: str, piece: PieceTraits) -> PrototypeDefinition:
    proto = PrototypeDefinition(name=name, description=description)
    proto.piece = piece
    return proto


def factor_properties(game: Game, piece: Piece, levels: Levels | None) -> dict[str, str]:
    """The printed factors as piece properties, for the counter viewer, labels and
    expressions: each factor by its id as the front (full-strength) face prints it, with
    `Factors` the whole line ('5-6-3'); and, for a piece with a step or flip layer, the same
    for each layer level as `<id>_<level>` and `Factors_<level>` (level 1 is the front), so
    `GetProperty("attack_" + Step_Level)` is the attack the counter shows.  '?' stands for a
    value the rulebook does not give."""
    order = game.factor_order()
    faces = levels.faces if levels is not None else piece.faces[:1]
    if not any(f.factors or f.printed for f in faces):
        return {}

    def of(face: Face, suffix: str) -> dict[str, str]:
        out = {f"{fid}{suffix}": "?" if value is None else str(value)
               for fid, value in (face.factors or {}).items()}
        text = face.factor_text(order)
        if text:
            out[f"Factors{suffix}"] = text
        return out

    props = of(faces[0], "")
    if levels is not None:
        for level, face in enumerate(levels.faces, start=1):
            props.update(of(face, f"_{level}"))
    return props


def max_steps(game: Game, piece: Piece) -> int:
    """The most steps the piece has: its step count or the most any setup gives it."""
    if piece.steps is not None and piece.steps.model == "tokens":
        return 1
    given = [p.steps for s in game.scenarios or [] for p in s.setup or []
             if p.piece == piece.id and p.steps is not None]
    return max([piece.step_count, *given])


def _step_commands() -> str:
    return sequence.join([
        sequence.join(["Lose step", KEY_LOSE, sequence.join(["I", "-1"], ",")], ":"),
        sequence.join(["Recover step", KEY_RECOVER, sequence.join(["I", "1"], ",")], ":"),
    ], ",")


def piece_definition(game: Game, piece: Piece, art: PieceArt, *, level: int = 1,
                     masked_by: str | None = None, gpid: str = "",
                     steps: int | None = None) -> PieceTraits:
    """The full trait chain of one piece, showing layer *level*, masked when *masked_by*.

    Steps that no printed face shows (a unit whose strength the setup gives as a number)
    become a `Steps` property starting at *steps* (full strength when None).
    """
    side = game.side_of(piece)
    traits: list[Trait] = [UsePrototype(name=COMMON_PROTOTYPE)]
    if side is not None:
        traits.insert(0, UsePrototype(name=side_prototype(side.name)))
    if is_hidden(game, piece):
        owner = next((f for f in piece.faces if f.role == "owner"), None)
        mask = art.face(piece, owner) if owner is not None else MASK_IMAGE
        names = owners(game, piece)
        access = "sides:" + ":".join(names) if names else "player:"
        traits.append(Obscurable(key=KEY_MASK, mask_image=mask, menu_text="Hide / reveal",
                                 display_style="I", mask_name="?", access=access,
                                 obscured_by=masked_by or "null"))
    levels = levels_of(game, piece)
    if levels is not None:
        images = [art.face(piece, f) for f in levels.faces]
        if levels.steps:
            traits.append(Layer(increase_command="Lose step", increase_key=KEY_LOSE,
                                decrease_command="Recover step", decrease_key=KEY_RECOVER,
                                images=images, level_names=levels.level_names, loop=False,
                                name=STEP_LAYER, description="strength steps", value=level))
        else:
            traits.append(Layer(increase_command="Flip", increase_key=KEY_FLIP,
                                images=images, level_names=levels.level_names, loop=True,
                                name=SIDE_LAYER, description="front and back", value=level))
    if piece.id in art.numbers:  # one piece, its printed number chosen from the menu
        images, numbers = art.numbers[piece.id]
        traits.append(Layer(increase_command="Next number", increase_key=KEY_NEXT_NUMBER,
                            decrease_command="Previous number", decrease_key=KEY_PREVIOUS_NUMBER,
                            images=images, level_names=numbers, loop=True, name="Number",
                            description="the number printed on this marker", value=1))
    top = max_steps(game, piece)
    if top >= 2 and not (levels is not None and levels.steps):
        traits.append(DynamicProperty.numeric(STEPS_PROPERTY, steps if steps is not None else top, 0, top,
                                              commands=_step_commands(),
                                              description="strength steps"))
    damage: list[tuple[str, int]] = []
    for carried in piece.carries or []:
        token = game.piece(carried.token)
        damage.append((token.name if token else carried.token,
                       carried.max if carried.max is not None else 99))
    if not damage and piece.steps is not None and piece.steps.model == "tokens":
        damage = [(DAMAGE_PROPERTY, cast(int, piece.steps.count))]  # None passes on, as ever
    for index, (name, top) in enumerate(damage):
        more, less = _counter_keys(index)
        commands = sequence.join([
            sequence.join([f"More {name}", more, sequence.join(["I", "1"], ",")], ":"),
            sequence.join([f"Less {name}", less, sequence.join(["I", "-1"], ",")], ":"),
        ], ",")
        traits.append(DynamicProperty.numeric(name, 0, 0, top, commands=commands,
                                              description=f"{name} on this piece"))
    props = {PIECE_ID_PROPERTY: piece.id, "Kind": piece.kind}
    faction = game.faction_of(piece)
    if faction is not None:
        props["Faction"] = faction.name
    if piece.nationalities:
        nat = game.nationality(piece.nationalities[0])
        props["Nationality"] = nat.name if nat else piece.nationalities[0]
    if piece.type:
        props["Type"] = piece.type
    props.update(factor_properties(game, piece, levels))
    traits.append(Marker.of(props))
    front = piece.faces[0]
    traits.append(BasicPiece(image=art.face(piece, front), name=piece.name, gpid=gpid))
    return PieceTraits(traits)
