"""References between sections: provenance and its sources, sides, factions and nationalities,
terrain filters, rules."""

from __future__ import annotations

from converter.model.rules import CombatRule, MovementRule, StackingRule, Target
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
    for p, f in ctx.items("factions"):
        ctx.ref(f"{p}/side", f.get("side"), "sides")
    for p, n in ctx.items("nationalities"):
        ctx.ref(f"{p}/side", n.get("side"), "sides")
        if ctx.ref(f"{p}/faction", n.get("faction"), "factions") and n.get("side") and n.get("faction"):
            faction = ctx.find("factions", n["faction"])
            if faction and faction.get("side") != n["side"]:
                ctx.report(f"{p}/side", f"nationality {n['id']!r} is on side {n['side']!r} but its faction "
                            f"{n['faction']!r} is on side {faction.get('side')!r}", check="reference")
    for p, h in ctx.items("hidden_information"):
        ctx.filter_refs(f"{p}/pieces", h.get("pieces"))


def check_terrain(ctx: Context) -> None:
    for p, t in ctx.items("terrain"):
        mv = t.get("movement") or {}
        ctx.filter_refs(f"{p}/movement/only", mv.get("only"))
        ctx.filter_refs(f"{p}/movement/never", mv.get("never"))


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
