"""Pieces: every slot, deck card and prototype decodes (type and state chains of the same
length, trait prefixes VASSAL knows), layers whose images and level names disagree, and
one keystroke bound to two menu commands of the same piece."""

from __future__ import annotations

from collections import defaultdict

from converter.check.chains import ChainRead, add_piece_fields, read_chain
from converter.check.context import Context, PieceDef
from converter.check.findings import Finding, error, info, warning
from converter.check.javaclass import BASIC_COMMAND_ENCODER, ClassUse, extends
from converter.check.tree import Node
from converter.vassal.traits import (
    BasicPiece, Clone, Delete, Hideable, Label, Layer, MovementMarkable, Obscurable, PlaceMarker, RawTrait,
    SendToLocation, Trait, TriggerAction)
from converter.vassal.traits.registry import KNOWN_IDS

# the build file's root: 3.2 modules name VASSAL.launch.BasicModule, later ones GameModule
MODULE_ROOTS = frozenset({"GameModule", "BasicModule"})
_CTRL, _SHIFT, _ALT, _META = 2 | 128, 1 | 64, 8 | 512, 4 | 256


def command_encoders(ctx: Context, uses: ClassUse) -> list[tuple[Node, bool]]:
    """The module's command encoders at its top level, each with whether VASSAL 3.6 loads it:
    VASSAL's own, or a module's own class that extends it (told by its class file, else by a
    name ending in 'CommandEncoder', as Blood Bowl's)."""
    found = []
    for node in ctx.tree.root.children:
        if node.cls == BASIC_COMMAND_ENCODER:
            found.append((node, True))
            continue
        if node.cls.startswith("VASSAL."):
            continue
        own = extends(ctx.source.entries, ctx.source.read, node.cls, BASIC_COMMAND_ENCODER)
        if own or (own is None and node.kind.endswith("CommandEncoder")):
            found.append((node, uses.loads(node.cls)))
    return found


def custom_encoder(encoders: list[tuple[Node, bool]]) -> str:
    """The class of a module's own command encoder that VASSAL loads (it may add traits of
    its own), or ""."""
    for node, loads in encoders:
        if loads and node.cls != BASIC_COMMAND_ENCODER:
            return node.cls
    return ""


def _without_encoder(ctx: Context, encoders: list[tuple[Node, bool]],
                     uses: ClassUse) -> list[Finding]:
    """A module with pieces and no command encoder VASSAL loads: VASSAL builds pieces
    through the encoder, so every palette piece, at-start stack and saved piece fails to
    build (Warmachine & Hordes' only encoder, its own cxio.malnorma.MalnormaFactory, uses
    classes VASSAL 3.6 lacks: the engine then reports "couldn't build piece" 1,700 times)."""
    root = ctx.tree.root
    if root.kind not in MODULE_ROOTS or not ctx.pieces:  # an extension uses its module's
        return []
    if any(loads for _node, loads in encoders):
        return []
    consequence = (f"VASSAL builds every piece through it, so all {len(ctx.pieces)} piece "
                   "definitions, at-start stacks and saved pieces fail with \"Couldn't build "
                   "piece\"")
    if encoders:
        node = encoders[0][0]
        return [error("no-command-encoder", ctx.where(node),
                      f"the module's command encoder is its own class {node.cls}, which "
                      f"VASSAL fails to load; without it the module has none: {consequence} "
                      "(and the traits that class adds are unknown)",
                      f"recompile {node.cls} against VASSAL 3.6 or later, or put a Basic "
                      "Command Encoder (VASSAL.build.module.BasicCommandEncoder) in its place")]
    lost = [*dict.fromkeys(node.cls for node in root.children
            if not node.cls.startswith("VASSAL.") and not uses.loads(node.cls))]
    maybe = (f" (its own {', '.join(lost)} at its top level, which VASSAL fails to load, may "
             "have been one)") if lost else ""
    return [error("no-command-encoder", ctx.where(root),
                  f"the module has no command encoder{maybe}; {consequence}",
                  "add a Basic Command Encoder (VASSAL.build.module.BasicCommandEncoder) at the "
                  "module's top level, as VASSAL's editor makes every new module")]


def check_pieces(ctx: Context) -> list[Finding]:
    uses = ClassUse(ctx.source.entries, ctx.source.read)
    encoders = command_encoders(ctx, uses)  # once: each may mean reading its class files
    findings: list[Finding] = _without_encoder(ctx, encoders, uses)
    encoder = custom_encoder(encoders)
    unknown: dict[str, list[PieceDef]] = defaultdict(list)
    for d in ctx.pieces:
        read = _vassal_read(ctx, d)
        if read is not None and read.no_state_field:
            findings.append(error(
                "piece-decode", ctx.where(d.node),
                "the piece definition has no state after its type ('+/id/type/state'): "
                "VASSAL's load fails on it (NoSuchElementException)",
                "re-create the piece in VASSAL's editor"))
            continue
        if d.piece is None and read is not None and read.no_state_for:
            findings.append(_chain_finding(ctx, d, read))
            continue
        if d.piece is None:
            findings.append(error(
                "piece-decode", ctx.where(d.node),
                f"the piece definition does not decode: {d.error}; VASSAL leaves the "
                f"{'prototype' if d.is_prototype else 'slot'} empty",
                "re-create the piece in VASSAL's editor"))
            continue
        for trait in d.piece.traits:
            if isinstance(trait, RawTrait):
                tid = trait.trait_id
                if tid not in KNOWN_IDS and not tid.startswith("piece;"):
                    unknown[tid].append(d)
            elif isinstance(trait, Layer):
                findings += _check_layer(ctx, d, trait)
        if read is not None and (read.no_state_for or not read.basic or read.dropped
                                 or read.count != len(d.piece.traits)):
            findings.append(_chain_finding(ctx, d, read))
            continue
        basic = d.piece.traits[-1]
        if isinstance(basic, BasicPiece) and basic.lacks_name:
            findings.append(error(
                "piece-decode", ctx.where(d.node),
                "its Basic Piece definition lacks fields (VASSAL reads 'piece;' then clone "
                "key, delete key, image and name, the name with no default): VASSAL cannot "
                "build the piece and fails to load the module ('module load failed: "
                "NoSuchElementException')",
                "re-create the piece in VASSAL's editor"))
    for tid, defs in sorted(unknown.items()):
        more = f" and {len(defs) - 1} other definition(s)" if len(defs) > 1 else ""
        if encoder:
            findings.append(info(
                "custom-trait", ctx.where(defs[0].node),
                f"trait {tid!r} (used here{more}) is not one of VASSAL's; the module's own "
                f"command encoder {encoder} must provide it"))
        else:
            findings.append(warning(
                "unknown-trait", ctx.where(defs[0].node),
                f"trait {tid!r} (used here{more}) is not one VASSAL knows; VASSAL's load "
                "warns 'Unknown type' (Bad Data in Module) and puts an empty Marker in its "
                "place: the piece goes without it",
                "re-create the trait in VASSAL's editor"))
    findings += _check_hotkeys(ctx)
    return findings


def _vassal_read(ctx: Context, d: PieceDef) -> ChainRead | None:
    """VASSAL's reading of a definition's chain (chains.py), once per text."""
    reads = ctx.cache.setdefault("chain-reads", {})
    assert isinstance(reads, dict)
    if d.node.text not in reads:
        fields = add_piece_fields(d.node.text)
        reads[d.node.text] = None if fields is None else read_chain(*fields)
    read = reads[d.node.text]
    assert read is None or isinstance(read, ChainRead)
    return read


def _chain_finding(ctx: Context, d: PieceDef, read: ChainRead) -> Finding:
    """A chain VASSAL reads otherwise than vconv's lenient decoder: a trait left without a
    state fails the module's load (an error, as the engine's 'No state for Decorator'); a
    chain cut short or ending in no Basic Piece is built anyway, with a warning (the
    engine's 'Could not create piece with type ...')."""
    where = ctx.where(d.node)
    ours = len(d.piece.traits) if d.piece is not None else read.count
    cut = [f"VASSAL reads {read.count} of its {ours} parts"] if ours != read.count else []
    cut += [f"VASSAL never reads {_short(read.dropped)}"] if read.dropped else []
    flat = ("its TABs are not escaped one more level per trait as VASSAL nests them, so "
            + " and ".join(cut))
    nested = bool(cut)
    hint = "re-create the piece in VASSAL's editor, which writes each trait nested in the next"
    if read.no_state_for:
        return error("piece-decode", where,
                     f"the piece's state gives trait {_short(read.no_state_for)} no state of "
                     "its own" + (f" ({flat})" if nested else "") + ": VASSAL's load fails on "
                     "it ('No state for Decorator', IllegalStateException)", hint)
    if not read.basic:
        lost = "its picture, name and the traits after it" if nested else "its picture and name"
        return warning("piece-decode", where,
                       f"the piece's trait chain ends in {_short(read.innermost)}, not in a "
                       "Basic Piece" + (f" ({flat})" if nested else "") + ": VASSAL's load "
                       + ("warns 'Could not create piece with type ...' and builds it with a "
                          f"blank Basic Piece in that place, without {lost}"
                          if read.count > 1 else
                          "warns 'couldn't build piece' and the slot holds no piece"), hint)
    return warning("piece-decode", where,
                   f"the piece's trait chain is flat: {flat}; VASSAL builds the piece without "
                   "the rest, and says nothing", hint)


def _short(text: str) -> str:
    """A trait's text as a message quotes it: its start."""
    return repr(text if len(text) <= 60 else text[:57] + "...")


def _check_layer(ctx: Context, d: PieceDef, layer: Layer) -> list[Finding]:
    out = []
    where = ctx.where(d.node, f"Layer {layer.name!r}")
    images, names = len(layer.images), len(layer.level_names)
    if names > images:
        out.append(warning(
            "layer-levels", where,
            f"the layer has {images} image(s) but {names} level names; VASSAL ignores the "
            f"last {names - images} name(s)", "give every level an image (it may be empty)"))
    if not d.is_prototype and images and abs(layer.value) > images:
        out.append(error(
            "layer-state", where,
            f"the layer's state shows level {abs(layer.value)} but it has only {images} "
            "level(s)", "set the layer's starting level in VASSAL's editor"))
    return out


def _menu_commands(trait: Trait) -> list[tuple[str, str]]:
    """(keystroke, menu text) of the menu commands a trait offers."""
    pairs: list[tuple[str, str]] = []
    if isinstance(trait, Layer):
        # Embellishment.myGetKeyCommands: which of a layer's commands reach the menu
        if not trait.always_active:
            pairs.append((trait.activate_key or trait.activate_key_chars,
                          trait.activate_command))
        if not trait.follow_property:
            if len(trait.images) > 1:
                pairs += [(trait.increase_key or trait.increase_key_chars,
                           trait.increase_command),
                          (trait.decrease_key or trait.decrease_key_chars,
                           trait.decrease_command)]
            pairs += [(trait.reset_key, trait.reset_command),
                      (trait.random_key, trait.random_command)]
    elif isinstance(trait, (Delete, Clone, PlaceMarker, TriggerAction, Label, Obscurable,
                            Hideable, MovementMarkable)):
        pairs = [(trait.key, trait.menu_text)]
    elif isinstance(trait, SendToLocation):
        pairs = [(trait.key, trait.menu_text), (trait.back_key, trait.back_menu_text)]
    return [(k, m) for k, m in pairs if k and m]


def keystroke_name(text: str) -> str:
    """A NamedKeyStroke as a comparable, readable name (`Ctrl+F`, `Flip`); "" for none."""
    parts = text.split(",")
    if len(parts) >= 3 and parts[2]:
        return parts[2]
    if len(parts) == 1:
        return f"Ctrl+{text[:1].upper()}" if text else ""
    try:
        code, mods = int(parts[0]), int(parts[1])
    except ValueError:
        return text
    if code == 0:
        return ""
    names = [n for bit, n in ((_CTRL, "Ctrl"), (_SHIFT, "Shift"), (_ALT, "Alt"),
                              (_META, "Meta")) if mods & bit]
    key = chr(code) if 32 < code < 127 else f"key {code}"
    return "+".join(names + [key])


def _check_hotkeys(ctx: Context) -> list[Finding]:
    """One finding per set of clashing commands, at the first piece that has them."""
    findings: list[Finding] = []
    reported: dict[frozenset[tuple[str, str, str]], int] = {}
    for d in ctx.pieces:
        if d.piece is None or d.is_prototype:
            continue
        bound: dict[str, list[tuple[Trait, str, str]]] = defaultdict(list)
        for trait, origin in ctx.expand(d.piece):
            for key, menu in _menu_commands(trait):
                name = keystroke_name(key)
                if name and all(t is not trait for t, _, _ in bound[name]):
                    bound[name].append((trait, menu, origin))
        for name, commands in bound.items():
            if len(commands) < 2:
                continue
            # the same commands in another slot (same traits, other gpid) are one finding
            clash = frozenset((o, m, t.encode_type()) for t, m, o in commands)
            if clash in reported:
                continue
            reported[clash] = 1
            listed = " and ".join(f"{menu!r}{_from(origin)}" for _, menu, origin in commands)
            same = len({menu for _, menu, _ in commands}) == 1
            # the same text twice is usually one command meant to work several layers
            make = info if same else warning
            findings.append(make(
                "hotkey-twice", ctx.where(d.node),
                f"keystroke {name} is bound to {len(commands)} menu commands, {listed}; one "
                "key press fires them all" + (" and the menu shows the command twice"
                                              if same else ""),
                "give each command its own keystroke, or keep one menu text and trigger the "
                "others with a Trigger Action"))
    return findings


def _from(origin: str) -> str:
    return f" (prototype {origin!r})" if origin else ""


__all__ = ["check_pieces", "custom_encoder", "keystroke_name"]
