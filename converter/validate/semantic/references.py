"""References between sections: provenance and its sources, sides, factions and nationalities,
terrain filters, rules."""

from __future__ import annotations

from converter.model.rules import CombatRule, MoveLimitRule, MovementRule, StackingRule, Target
from converter.validate.semantic.context import Context, get_pointer


def check_provenance(ctx: Context) -> None:
    for pointer, prov in ctx.found["provenance"]:
        if isinstance(prov, dict) and "source" in prov:
            ctx.ref(f"{pointer}/provenance/source", prov["source"], "sources")
        readings = prov.get("readings") if isinstance(prov, dict) else None
        if readings:
            used = [r for r in readings if r.get("used")]
            if len(used) > 1:
                ctx.report(f"{pointer}/provenance/readings", "more than one reading is marked used", check="provenance")
    for pointer, missing in ctx.found["missing"]:
        parent = get_pointer(ctx.data, pointer)
        for i, name in enumerate(missing if isinstance(missing, list) else []):
            # a list or object may be given in part; a single value is either known or missing
            if isinstance(parent, dict) and name in parent and not isinstance(parent[name], (list, dict)):
                ctx.report(f"{pointer}/missing/{i}",
                            f"{name!r} is listed as missing but is given",
                            "remove it from 'missing' or drop the value", check="missing")


def check_sides(ctx: Context) -> None:
    """Factions and nationalities name defined sides, and a nationality its faction's side
    (on the model)."""
    game = ctx.game
    factions = game.factions or []
    for i, f in enumerate(factions):
        ctx.ref(f"/factions/{i}/side", f.side, "sides")
    for i, n in enumerate(game.nationalities or []):
        p = f"/nationalities/{i}"
        ctx.ref(f"{p}/side", n.side, "sides")
        if ctx.ref(f"{p}/faction", n.faction, "factions") and n.side and n.faction:
            faction = next((f for f in factions if f.id == n.faction), None)  # the first, as defined
            if faction and faction.side != n.side:
                ctx.report(f"{p}/side", f"nationality {n.id!r} is on side {n.side!r} but its faction "
                           f"{n.faction!r} is on side {faction.side!r}", check="reference")
    for i, h in enumerate(game.hidden_information or []):
        ctx.filter_refs(f"/hidden_information/{i}/pieces", h.pieces)


def check_terrain(ctx: Context) -> None:
    """The pieces a terrain's movement names exist (on the model)."""
    for i, t in enumerate(ctx.game.terrain or []):
        if t.movement is not None:
            ctx.filter_refs(f"/terrain/{i}/movement/only", t.movement.only)
            ctx.filter_refs(f"/terrain/{i}/movement/never", t.movement.never)


def check_global_properties(ctx: Context) -> None:
    """A property's board exists, its limits are in order, and no name is given twice in one
    place (VASSAL would read only one of them)."""
    seen: set[tuple[str | None, str]] = set()
    for i, prop in enumerate(ctx.game.global_properties or []):
        pp = f"/global_properties/{i}"
        ctx.ref(f"{pp}/board", prop.board, "boards")
        if prop.min is not None and prop.max is not None and prop.min > prop.max:
            ctx.report(f"{pp}/max", f"the highest value {prop.max} is below the lowest "
                       f"{prop.min}", check="property")
        if (prop.board, prop.name) in seen:
            ctx.report(f"{pp}/name", f"property {prop.name!r} is given twice"
                       + (f" on board {prop.board!r}" if prop.board else ""), check="property")
        seen.add((prop.board, prop.name))


def check_rules(ctx: Context) -> None:
    """What each rule names exists, by the fields of its kind (on the model)."""
    for i, rule in enumerate(ctx.game.rules or []):
        rp = f"/rules/{i}"
        ctx.filter_refs(f"{rp}/pieces", rule.pieces)
        if isinstance(rule, StackingRule):
            ctx.filter_refs(f"{rp}/free", rule.free)
        ctx.ref(f"{rp}/table", rule.table, "tables")
        if isinstance(rule, MovementRule):
            ctx.ref(f"{rp}/allowance", rule.allowance, "factors")
        if isinstance(rule, MoveLimitRule):
            ctx.refs(f"{rp}/phases", rule.phases, "phases")
        if isinstance(rule, CombatRule):
            ctx.ref(f"{rp}/attack", rule.attack, "factors")
            ctx.ref(f"{rp}/defence", rule.defence, "factors")
        ctx.ref(f"{rp}/die", rule.die, "dice")
        ctx.refs(f"{rp}/modifiers", rule.modifiers, "tables")
        target = rule.target or Target()
        if target.board:
            ctx.ref(f"{rp}/target/board", target.board, "boards")
        ctx.refs(f"{rp}/target/spaces", target.spaces, "spaces")
        ctx.refs(f"{rp}/target/groups", target.groups, "groups")
        ctx.refs(f"{rp}/target/terrain", target.terrain, "terrain")
        for j, h in enumerate(target.hexes or []):
            ctx.hex_ref(f"{rp}/target/hexes/{j}", h, target.board)
        if isinstance(rule, StackingRule) and rule.weights and rule.measure != "size-weight":
            ctx.report(f"{rp}/weights", "weights apply only with \"measure\": \"size-weight\"", check="rule")
