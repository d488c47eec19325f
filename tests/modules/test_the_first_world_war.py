"""The First World War (Phalanx): the canonical module against the Italian rulebook.

Every expected value below is typed from the rulebook text (seed 000), with the Italian
words it comes from, and compared with what the module's JSON holds.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from converter.load import load_game
from tests.modules.gamedata import by_id, space, table, piece, walk
from converter.validate import validate_path

GAME = Path(__file__).resolve().parents[2] / "modules" / "the-first-world-war"


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return load_game(GAME).data



def board(game: dict[str, Any], ident: str = "europa") -> dict[str, Any]:
    return by_id(game["boards"], ident)






# --- the module as a whole -------------------------------------------------------------

def test_module_validates_clean() -> None:
    _doc, problems = validate_path(GAME)
    assert [p.line() for p in problems] == []


def test_every_object_with_an_id_or_missing_list_has_provenance(game: dict[str, Any]) -> None:
    # Provenance on every datum: pieces, spaces, tables, rules, tracks, phases, entries, links, totals.
    lacking = [ptr for ptr, obj in walk(game)
               if ("id" in obj or "missing" in obj) and "provenance" not in obj
               and ptr and not ptr.startswith("/sources")]
    assert lacking == []


def test_missing_fields_are_absent(game: dict[str, Any]) -> None:
    # "objects whose values are lacking list them in missing and leave those fields out"
    clashes = [(ptr, name) for ptr, obj in walk(game) for name in obj.get("missing", []) if name in obj]
    assert clashes == []


# --- sides, factions, nationalities (2.2, 2.5, 3.0) -------------------------------------

def test_factions_and_colours(game: dict[str, Any]) -> None:
    # 2.2: "Alleati Occidentali (rosso), Alleati Orientali (verde), Germania (nero), Alleati della Germania (blu)"
    expected = {"Alleati Occidentali": ("allies", "rosso"), "Alleati Orientali": ("allies", "verde"),
                "Germania": ("central", "nero"), "Alleati della Germania": ("central", "blu")}
    got = {f["name"]: (f["side"], f["color_name"]) for f in game["factions"]}
    assert got == expected
    hexes = {f["color_name"]: f["color"].lower() for f in game["factions"]}
    r, g, b = (int(hexes["rosso"][i:i + 2], 16) for i in (1, 3, 5))
    assert r > 150 and g < 80 and b < 80
    r, g, b = (int(hexes["verde"][i:i + 2], 16) for i in (1, 3, 5))
    assert g > r and g > b
    r, g, b = (int(hexes["blu"][i:i + 2], 16) for i in (1, 3, 5))
    assert b > r and b > g
    assert max(int(hexes["nero"][i:i + 2], 16) for i in (1, 3, 5)) < 60


def test_nationalities_of_2_5_and_their_factions(game: dict[str, Any]) -> None:
    # 2.5 Abbreviazioni; 2.2: "Gli eserciti Blu che non sono Austro-Ungarici, sono Bulgari." etc.
    expected = {"AH": "ga", "BU": "ga", "DE": "de", "FR": "wa", "BR": "wa", "BE": "wa", "IT": "wa", "US": "wa",
                "RU": "ea", "SB": "ea", "MN": "ea", "RO": "ea", "GR": "ea"}
    got = {n["abbreviation"]: n["faction"] for n in game["nationalities"]}
    assert got == expected


def test_players_two_to_four(game: dict[str, Any]) -> None:
    # 1.0: "La partita può essere giocata da 2, 3 o 4 giocatori."
    assert game["players"] == {"min": 2, "max": 4}


# --- the board (2.1, 5.0, 6.4, 6.6, 7.0, 7.1) --------------------------------------------

def test_eleven_fronts_in_three_theatres(game: dict[str, Any]) -> None:
    # 2.1: "Ogni Scenario è suddiviso in due o più Fronti numerati (11 in totale)."
    fronts = [s for s in board(game)["spaces"] if s["kind"] == "front"]
    assert sorted(s["properties"]["number"] for s in fronts) == list(range(1, 12))
    theatre = {s["properties"]["number"]: s["groups"] for s in fronts}
    # 2.1: "Lo Scenario italiano è diviso nel Fronte Trentino ed il Fronte Isonzo ... numerati, rispettivamente, 5 e 6."
    assert theatre[5] == ["theatre-italy"] and theatre[6] == ["theatre-italy"]
    assert all(theatre[n] == ["theatre-west"] for n in (1, 2, 3, 4))
    assert all(theatre[n] == ["theatre-east"] for n in (7, 8, 9, 10, 11))
    assert "Trentino" in space(game, "front-5")["name"] and "Isonzo" in space(game, "front-6")["name"]
    assert board(game)["complete"] is False


def test_front_nationality_lists_stated_for_6_and_9_only(game: dict[str, Any]) -> None:
    # 2.1: "il Fronte 6 indica che li possono operare gli eserciti Britannici (BR), Italiani (IT), Austro-Ungarici (AH) e Tedeschi (DE"
    assert sorted(space(game, "front-6")["allowed"]["nationalities"]) == ["ah", "br", "de", "it"]
    # 7.0: "Il Fronte 9 elenca le abbreviazioni AH, DE, e RU."
    assert sorted(space(game, "front-9")["allowed"]["nationalities"]) == ["ah", "de", "ru"]
    for n in (1, 2, 3, 4, 5, 7, 8, 10, 11):
        front = space(game, f"front-{n}")
        assert "allowed" not in front and "allowed" in front["missing"]


def test_front_adjacency_only_from_the_5_0_example(game: dict[str, Any]) -> None:
    # 5.0: "Egli dichiara che muoverà gli eserciti dal Fronte 2. Muove due eserciti al Fronte 1, due eserciti al Fronte 3"
    assert sorted(space(game, "front-2")["adjacent"]) == ["front-1", "front-3"]
    assert space(game, "front-1")["adjacent"] == ["front-2"]
    assert space(game, "front-3")["adjacent"] == ["front-2"]
    for n in range(4, 12):
        assert "adjacent" not in space(game, f"front-{n}")


def test_front_6_places(game: dict[str, Any]) -> None:
    # 2.1: "Il Fronte 6 (il Fronte Isonzo) contiene quattro località città vittoria: Venezia, Udine, Gorizia, e Trieste.
    #  Venezia e Udine appartengono alla fazione degli Alleati Occidentali (rosso), mentre Gorizia e Trieste appartengono
    #  alla fazione degli Alleati della Germania (blu). Trieste e Venezia sono città vittoria di rimpiazzo.
    #  Inoltre c'è una base per ogni fazione."
    cities = {s["name"]: s for s in board(game)["spaces"] if s.get("parent") == "front-6" and s["kind"] == "city"}
    assert sorted(cities) == ["Gorizia", "Trieste", "Udine", "Venezia"]
    assert {n: c["control"] for n, c in cities.items()} == {"Venezia": "wa", "Udine": "wa", "Gorizia": "ga", "Trieste": "ga"}
    repl = sorted(n for n, c in cities.items() if "replacement-centre" in c["features"])
    assert repl == ["Trieste", "Venezia"]
    bases = sorted(s["control"] for s in board(game)["spaces"] if s.get("parent") == "front-6" and s["kind"] == "base")
    assert bases == ["ga", "wa"]
    # "Una Linea di Attacco collega tutte queste località." -- the six places share one attack-line group
    on_line = sorted(s["id"] for s in board(game)["spaces"] if "attack-line-front-6" in s.get("groups", []))
    assert on_line == ["base-ga-front-6", "base-wa-front-6", "gorizia", "trieste", "udine", "venezia"]


def test_replacement_centres_of_7_1(game: dict[str, Any]) -> None:
    # 7.1: "Aachen, Metz, Berlino e Breslau" (Germania); "Trieste, Wien, Budapest, e Lemberg" (Alleati della Germania);
    # "Calais, Paris, Nancy, e Venezia" (Alleati Occidentali); "Riga, Warszawa, Minsk, Kiev, e Odessa" (Alleati Orientali)
    expected = {"de": ["Aachen", "Berlino", "Breslau", "Metz"], "ga": ["Budapest", "Lemberg", "Trieste", "Wien"],
                "wa": ["Calais", "Nancy", "Paris", "Venezia"], "ea": ["Kiev", "Minsk", "Odessa", "Riga", "Warszawa"]}
    got: dict[str, list[str]] = {}
    for s in board(game)["spaces"]:
        if "replacement-centre" in s.get("features", []):
            got.setdefault(s["control"], []).append(s["name"])
    assert {k: sorted(v) for k, v in got.items()} == expected


def test_monastir_on_front_10_and_neutral_line_to_odessa(game: dict[str, Any]) -> None:
    # 5.4: "Monastir (situata al fronte 10)"
    assert space(game, "monastir")["parent"] == "front-10"
    # 6.6: "Odessa anche, la quale è connessa attraverso Bucarest, non può cambiare mano prima del turno di gioco nr. 4"
    links = board(game)["links"]
    line = [link for link in links if sorted(link["between"]) == ["bucarest", "odessa"]]
    assert len(line) == 1
    assert line[0]["type"] == "neutral-attack-line" and line[0]["when"] == {"turns": {"min": 4}}


def test_every_city_and_base_lies_in_a_front_when_known(game: dict[str, Any]) -> None:
    fronts = {s["id"] for s in board(game)["spaces"] if s["kind"] == "front"}
    for s in board(game)["spaces"]:
        if s["kind"] in ("city", "base"):
            assert s.get("parent") in fronts or "parent" in s["missing"], s["id"]
            assert 0 <= s["layout"]["x"] <= 1 and 0 <= s["layout"]["y"] <= 1


# --- pieces and totals (2.0, 2.2, 2.3, 6.2) ----------------------------------------------

def test_declared_totals(game: dict[str, Any]) -> None:
    # 2.0: "96 Eserciti (incluso 24 eserciti "Fittizzi")", "46 Pedina Città Vittoria", "30 Pedine Combattimento",
    # "1 Pedina Turno", "1 Pedina Round", "4 Pedina Punti Vittoria", "8 Pedina Ordine di Gioco", "4 Pedina Resa",
    # "1 Pedina Trattato di Brest-Litovsk"; 6.2: "hanno 15 pedine combattimento ognuna"
    totals = {t["id"]: t["count"] for t in game["totals"]}
    assert totals["armies-all"] == 96 and totals["armies-dummy"] == 24
    assert totals["city-markers"] == 46 and totals["chips-all"] == 30
    assert totals["chips-allies"] == 15 and totals["chips-central"] == 15
    assert (totals["turn-marker"], totals["round-marker"], totals["vp-markers"], totals["play-order-markers"],
            totals["surrender-markers"], totals["brest-litovsk-marker"]) == (1, 1, 4, 8, 4, 1)


def _count(game: dict[str, Any], pred: Any) -> int:
    return sum(p.get("count", 1) for p in game["pieces"] if pred(p))


def test_listed_pieces_respect_the_totals(game: dict[str, Any]) -> None:
    armies = _count(game, lambda p: p["kind"] == "unit")
    assert armies == 34 and armies <= 72      # 31 armies of 9.3 + BR MEF, FR OR, ITB (5.4, 7.2)
    assert _count(game, lambda p: p["kind"] == "control") == 23 <= 46
    assert _count(game, lambda p: p["kind"] == "chip" and p["side"] == "allies") <= 15
    # the markers are listed in full: 1 + 1 + 4 + 8 + 4 + 1
    assert _count(game, lambda p: p["kind"] == "marker") == 19
    assert _count(game, lambda p: p["id"].startswith("play-order-marker")) == 8


def test_armies_are_hidden_with_an_owner_back(game: dict[str, Any]) -> None:
    # 2.2: "Infine il retro di ogni esercito indica soltanto la sua fazione."
    for p in game["pieces"]:
        if p["kind"] in ("unit", "dummy"):
            assert p["hidden"] is True
            back = [f for f in p["faces"] if f["side"] == "back"][0]
            assert back["role"] == "owner"
    assert [f for f in piece(game, "de-4")["faces"] if f["side"] == "back"][0]["label"] == "Germania"
    # combat value (0-3) is never given in the text
    for p in game["pieces"]:
        if p["kind"] == "unit":
            front = [f for f in p["faces"] if f["side"] == "front"][0]
            assert "factors" not in front and "factors" in front["missing"]


def test_dummies_have_no_nationality(game: dict[str, Any]) -> None:
    # 2.2: "Gli eserciti Fittizi non hanno nazionalità, identità o valori di combattimento."
    dummies = [p for p in game["pieces"] if p["kind"] == "dummy"]
    assert sorted(p["faction"] for p in dummies) == ["de", "ea", "ga", "wa"]
    for p in dummies:
        assert "nationality" not in p and "designation" not in p
        # 3.0: "Tutti gli eserciti fittizi sono disponibili dal turno 1."
        assert p["entry"]["turn"] == 1


def test_eastern_allies_control_mef_or_itb(game: dict[str, Any]) -> None:
    # 7.2: "gli eserciti IT Balcani (ITB), BR MEF, e FR Orientale (OR) contano contro la capacità di rimpiazzo degli Alleati Occidentali"
    for ident, nat in (("br-mef", "br"), ("fr-or", "fr"), ("it-itb", "it")):
        p = piece(game, ident)
        assert (p["faction"], p["nationality"], p["properties"]["replaced_by"]) == ("ea", nat, "wa")


def test_named_combat_chips(game: dict[str, Any]) -> None:
    # 6.2.2: "Queste includono "the Pantalone Rouges, Shell Shortage, Kaisertreu, e Ludendorff""
    mandatory = sorted(p["name"] for p in game["pieces"] if p["kind"] == "chip" and "mandatory" in p.get("flags", []))
    assert mandatory == ["Kaisertreu", "Ludendorff", "Pantalone Rouges", "Shell Shortage"]
    # 6.1: "ed alle Macchine da Guerra (+1)" -- played in defence
    front = piece(game, "chip-macchine-da-guerra")["faces"][0]
    assert front["factors"] == {"chip-defence": 1}


def test_special_die(game: dict[str, Any]) -> None:
    # 2.0: "2 Dadi"; 2.4: "Il gioco contiene due dadi speciali. La "S" significa Speciale"
    # 6.1: "Il risultato di un dado "S" è trattato come uno "0""
    die = by_id(game["dice"], "tfww-die")
    assert die["physical"] == 2
    assert die["faces"] == [{"label": "S", "value": 0}]
    assert "sides" not in die and "sides" in die["missing"]


# --- tables -----------------------------------------------------------------------------

def test_combat_result_cell_by_cell(game: dict[str, Any]) -> None:
    t = table(game, "combat-result")
    # 6.1: each side adds a die to its lead army and the totals are compared: an opposed roll, not odds
    assert t["method"] == "opposed"
    cells = dict(zip((c["label"] for c in t["columns"]), t["cells"][0]))
    codes = {c["code"]: c["meaning"] for c in t["result_codes"]}
    pattern = re.compile(t["result_pattern"])
    # 6.1: "Se il totale dell'attaccante è maggiore del difensore, l'esercito in comando del difensore è eliminato,
    #       e la fazione dell'attaccante può catturare una città vittoria su quel Fronte (se disponibile)."
    assert set(cells["attaccante > difensore"].split()) == {"DL", "C"}
    # "Se il totale del difensore è maggiore dell'attaccante, l'esercito in comando dell'attaccante è eliminato."
    assert cells["attaccante < difensore"].split() == ["AL"]
    # "Se il numero è pari, sia l'esercito in comando attaccante che quello difensore sono eliminati."
    assert set(cells["pari"].split()) == {"AL", "DL"}
    assert "attaccante" in codes["AL"] and "difensore" in codes["DL"] and "catturare" in codes["C"]
    ranges = {c["label"]: c["range"] for c in t["columns"]}
    assert ranges == {"attaccante < difensore": {"max": -1}, "pari": {"min": 0, "max": 0},
                      "attaccante > difensore": {"min": 1}}
    for cell in t["cells"][0]:
        m = pattern.match(cell)
        assert m is not None
    assert pattern.match("AL DL").group("attacker") == "AL" and pattern.match("AL DL").group("defender") == "DL"


def test_combat_modifiers_and_worked_example(game: dict[str, Any]) -> None:
    t = table(game, "combat-modifiers")
    e = {x["id"]: x for x in t["entries"]}
    # 6.1 passo 3: "l'attaccante aggiunge 1" / "il difensore aggiunge un 1"
    assert (e["more-armies-attacker"]["value"], e["more-armies-attacker"]["applies_to"]) == (1, "attacker")
    assert (e["more-armies-defender"]["value"], e["more-armies-defender"]["applies_to"]) == (1, "defender")
    # Example 6.1: "aggiunge un 1 al valore di combattimento del comandante in attacco (= 4). Egli lancia un 2 (= 6 totale).
    #  Il giocatore degli Alleati Occidentali lancia un 3, e lo somma al suo valore base (3) ed alle Macchine da Guerra (+1).
    #  Il suo totale è 7. Egli vince il combattimento ed il giocatore della Germania perde il suo esercito in comando."
    attacker = 3 + e["more-armies-attacker"]["value"] + 2
    defender = 3 + 3 + piece(game, "chip-macchine-da-guerra")["faces"][0]["factors"]["chip-defence"]
    assert (attacker, defender) == (6, 7)
    crt = table(game, "combat-result")
    column = next(i for i, c in enumerate(crt["columns"])
                  if c["range"].get("min", -99) <= attacker - defender <= c["range"].get("max", 99))
    assert crt["cells"][0][column] == "AL"


def test_replacement_capacity(game: dict[str, Any]) -> None:
    # 7.0: "La fazione degli Alleati Orientali può rimpiazzare 5 eserciti, le altre tre fazioni possono rimpiazzare 4 eserciti ognuna."
    cap = {x["pieces"]["factions"][0]: x["value"] for x in table(game, "replacement-capacity")["entries"]}
    assert cap == {"ea": 5, "wa": 4, "de": 4, "ga": 4}


def test_replacement_centres_reduce_capacity_by_one(game: dict[str, Any]) -> None:
    # 7.1: "ridotta di un'unità per ognuna di Trieste, Wien, Budapest, e Lemberg sotto il controllo nemico" (and the others)
    entries = table(game, "replacement-centres")["entries"]
    assert len(entries) == 17 and all(x["value"] == -1 for x in entries)
    by_faction: dict[str, set[str]] = {}
    for x in entries:
        by_faction.setdefault(x["applies_to"], set()).add(x["label"])
        assert space(game, x["id"].removeprefix("centre-"))["control"] == x["applies_to"]
    assert by_faction == {"de": {"Aachen", "Metz", "Berlino", "Breslau"}, "ga": {"Trieste", "Wien", "Budapest", "Lemberg"},
                          "wa": {"Calais", "Paris", "Nancy", "Venezia"}, "ea": {"Riga", "Warszawa", "Minsk", "Kiev", "Odessa"}}
    # 4.2 phase 4 agrees: "in ragione di 1 esercito per ogni Centro di Rimpiazzo amico posseduto"
    cap = {x["pieces"]["factions"][0]: x["value"] for x in table(game, "replacement-capacity")["entries"]}
    assert {f: len(c) for f, c in by_faction.items()} == cap


def test_surrender_check(game: dict[str, Any]) -> None:
    # 6.5: "Se il risultato del lancio del dado è uguale o più basso del numero di punti resa, egli perde la partita."
    # "Lanciando un risultato di una "S" non ci sono effetti (la fazione non si arrende)."
    results = {x["label"]: x["result"] for x in table(game, "surrender-check")["entries"]}
    assert "perde" in results["tiro ≤ punti resa"]
    assert results["S"].startswith("Nessun effetto")


def test_minimum_garrison(game: dict[str, Any]) -> None:
    # 4.2: "I Fronti 1-4 sono per le fazioni degli Alleati Occidentali e la Germania; i Fronti 7-9 sono per la fazione
    #  Alleati Orientali, e i Fronti 5, 6, 9, e 10 sono per la fazione Alleati della Germania." -- "Partendo dal turno 2"
    got = {x["applies_to"]: x["value"].split() for x in table(game, "minimum-garrison")["entries"]}
    assert got == {"wa": ["front-1", "front-2", "front-3", "front-4"], "de": ["front-1", "front-2", "front-3", "front-4"],
                   "ea": ["front-7", "front-8", "front-9"], "ga": ["front-5", "front-6", "front-9", "front-10"]}
    assert all(x["when"] == {"turns": {"min": 2}} for x in table(game, "minimum-garrison")["entries"])


def test_actions(game: dict[str, Any]) -> None:
    # 4.2: Combattere, Muovere, Trasferimento Strategico ("uno o due eserciti"), Passare
    entries = table(game, "actions")["entries"]
    assert [x["label"] for x in entries] == ["Combattere", "Muovere", "Trasferimento Strategico", "Passare"]
    assert by_id(entries, "strategic-transfer")["value"] == 2


# --- turns, tracks, sequence (2.2, 3.0, 4.1, 4.2) ----------------------------------------

def test_turns_and_tracks(game: dict[str, Any]) -> None:
    # 4.1: "fino ad un massimo di sei"; 3.0: "(1/1914)"; 4.2: "turno di gioco 6 (1918)"
    assert game["turns"]["count"] == 6
    labels = {x["turn"]: x["label"] for x in game["turns"]["labels"]}
    assert labels == {1: "1/1914", 6: "6 (1918)"}
    tracks = {t["id"]: t for t in game["tracks"]}
    # 2.2: "(ce ne sono 16 per turno, quattro per ogni fazione)"
    assert (tracks["round"]["min"], tracks["round"]["max"]) == (1, 16)
    # 8.0: "Tutte le fazioni iniziano con 6 Punti Vittoria ognuna." / "mai avere meno di "0" punti vittoria"
    assert tracks["vp"]["start"] == {"wa": 6, "ea": 6, "de": 6, "ga": 6} and tracks["vp"]["min"] == 0
    assert tracks["surrender"]["min"] == 0 and tracks["surrender"]["per"] == "faction"


def test_sequence_of_play(game: dict[str, Any]) -> None:
    seq = game["sequence"]
    # 4.2: "1. Schieramento ... 2. Round di Gioco ... 3. Verifica Vittoria ... 4. Rimpiazzati ... 5. Pedine Combattimento ... 6. Nuovo Turno"
    assert [p["id"] for p in seq] == ["deployment", "rounds", "victory-check", "replacement", "combat-chips", "new-turn"]
    # "Lo schieramento avviene in questo ordine: Alleati della Germania / Alleati Orientali / Alleati Occidentali / Germania"
    assert seq[0]["order"] == ["ga", "ea", "wa", "de"]
    rounds = seq[1]
    assert rounds["repeat"] == 4
    # "Germania / Alleati Orientali / [header] / Alleati Orientali / Alleati della Germania": garbled, two readings
    readings = rounds["provenance"]["readings"]
    assert rounds["provenance"]["status"] == "errata" and len(readings) == 2
    assert sum(1 for r in readings if r.get("used")) == 1
    assert rounds["order"][0] == "de" and rounds["order"][-1] == "ga" and sorted(rounds["order"]) == ["de", "ea", "ga", "wa"]
    garrison = by_id(seq[0]["phases"], "deployment-garrison")
    assert garrison["when"] == {"turns": {"min": 2}}
    brest = by_id(seq[2]["phases"], "victory-brest-litovsk")
    assert brest["when"] == {"turns": {"min": 4}} and brest["side"] == "de"


# --- rules (5.3, 5.4, 6.6, 9.1, 9.2) -----------------------------------------------------

def test_turn_gated_rules(game: dict[str, Any]) -> None:
    rules = {r["id"]: r for r in game["rules"]}
    # 5.3: "Gli eserciti Britannici, Francesi e Tedeschi possono operare soltanto ... nello Scenario Italiano (Fronti 5 e 6)
    #       a partire dal turno di gioco 4."
    it = rules["italian-front-gate"]
    assert (it["kind"], sorted(it["pieces"]["nationalities"]), it["target"]["spaces"], it["when"]) == \
        ("may-not-enter", ["br", "de", "fr"], ["front-5", "front-6"], {"turns": {"max": 3}})
    # 5.4: "BR MEF e l'esercito FR Orientale (OR) ... al Fronte 11 se la fazione degli Alleati Orientali controlla Monastir"
    ro = rules["romanian-front-monastir"]
    assert sorted(ro["pieces"]["pieces"]) == ["br-mef", "fr-or"] and ro["target"]["spaces"] == ["front-11"]
    # 9.1: "possono attaccare soltanto sui Fronti 1, 2, e 3 durante il turno di gioco 1."
    sch = rules["optional-schlieffen"]
    assert sch["when"]["turns"] == [1] and sch["target"]["spaces"] == [f"front-{n}" for n in range(4, 12)]
    # 9.2: "Partendo dal turno di gioco 2 ... (se si lancia una "S" conta come uno "0")"
    assert rules["optional-variable-order"]["when"]["turns"] == {"min": 2}
    assert sch.get("optional") is True and rules["optional-variable-order"].get("optional") is True  # 9.0 "REGOLE OPZIONALI"
    # 5.0: "Non c'è limite al numero di eserciti che possono essere in un singolo Fronte."
    assert rules["no-stacking-limit"]["kind"] == "stacking" and "limit" not in rules["no-stacking-limit"]
    assert rules["no-stacking-limit"].get("unlimited") is True


def test_rules_needing_missing_data_are_not_checkable(game: dict[str, Any]) -> None:
    rules = {r["id"]: r for r in game["rules"]}
    for ident in ("move-action", "front-lists-missing", "capture-along-attack-lines", "combat", "reinforcements"):
        assert rules[ident]["checkable"] is False and rules[ident]["missing"]


# --- scenarios (3.0, 8.0, 9.3) ----------------------------------------------------------

# 9.3, as printed:
# Fronte	Alleati	Imperi Centrali
# 1	1 BE	1, 2 DE
# 2	1 BR, 5 FR	3, 4 DE
# 3	2, 3, 4 FR	5, 6 DE
# 4	1 FR	7 DE
# 7	1, 2 RU	8 DE
# 8	9 RU	AA DE
# 9	3, 4, 5, 8 RU	1, 3, 4 AH
# 10	1, 2, SB, MN	5, 6 AH
HISTORICAL = {
    "front-1": [("be", "1"), ("de", "1"), ("de", "2")],
    "front-2": [("br", "1"), ("fr", "5"), ("de", "3"), ("de", "4")],
    "front-3": [("fr", "2"), ("fr", "3"), ("fr", "4"), ("de", "5"), ("de", "6")],
    "front-4": [("fr", "1"), ("de", "7")],
    "front-7": [("ru", "1"), ("ru", "2"), ("de", "8")],
    "front-8": [("ru", "9"), ("de", "AA")],
    "front-9": [("ru", "3"), ("ru", "4"), ("ru", "5"), ("ru", "8"), ("ah", "1"), ("ah", "3"), ("ah", "4")],
    "front-10": [("sb", "1"), ("sb", "2"), ("mn", "MN"), ("ah", "5"), ("ah", "6")],
}


def test_historical_setup_places_the_9_3_armies(game: dict[str, Any]) -> None:
    scenario = by_id(game["scenarios"], "historical-setup")
    placed: dict[str, list[tuple[str, str]]] = {}
    for pl in scenario["setup"]:
        p = piece(game, pl["piece"])
        if p["kind"] == "unit":
            placed.setdefault(pl["at"]["space"], []).append((p["nationality"], p["designation"]))
    assert {k: sorted(v) for k, v in placed.items()} == {k: sorted(v) for k, v in HISTORICAL.items()}
    # Fronts 5, 6 and 11 are empty in 9.3
    assert not {"front-5", "front-6", "front-11"} & set(placed)
    assert sum(len(v) for v in placed.values()) == 31


def test_historical_setup_sides(game: dict[str, Any]) -> None:
    # the "Alleati" column holds allied armies, "Imperi Centrali" the central ones
    scenario = by_id(game["scenarios"], "historical-setup")
    for pl in scenario["setup"]:
        p = piece(game, pl["piece"])
        if p["kind"] == "unit":
            assert p["side"] == ("central" if p["nationality"] in ("de", "ah") else "allies")
            assert pl["hidden"] is True


def test_setup_markers(game: dict[str, Any]) -> None:
    # 3.0: "Piazzare la pedina turno di gioco sul primo spazio del Tracciato Turno di Gioco (1/1914)."
    #      "Le 4 pedine Punti Vittoria vanno messe sulla casella "6""; "Piazzare tutte le 46 pedine città vittoria da una parte."
    for ident in ("campaign", "historical-setup"):
        setup = {pl["piece"]: pl["at"] for pl in by_id(game["scenarios"], ident)["setup"]}
        assert setup["turn-marker"] == {"track": "turn", "value": 1}
        for f in ("wa", "ea", "de", "ga"):
            assert setup[f"vp-marker-{f}"] == {"track": "vp", "value": 6}
            assert setup[f"surrender-marker-{f}"]["space"] == "set-aside"
        assert setup["city-marker-venezia"]["space"] == "set-aside"
        assert setup["brest-litovsk-marker"]["space"] == "set-aside"


def test_victory_conditions(game: dict[str, Any]) -> None:
    victory = {v["id"]: v for v in by_id(game["scenarios"], "campaign")["victory"]}
    # 8.0: "In caso di arpeggio, gli Imperi Centrali vincono."
    assert victory["tie-central"]["kind"] == "tie-break" and victory["tie-central"]["side"] == "central"
    # 4.2: "se al turno di gioco 6 (1918)"
    assert victory["alliance-vp"]["when"] == {"turns": [6]}
    # 8.0: "almeno 3 punti vittoria in più" (3 players); 8.1: "8 punti vittoria addizionali" (4 players)
    assert "3 punti vittoria" in victory["three-players"]["text"] and victory["three-players"]["when"] == {"players": [3]}
    assert "+8" in victory["four-players-allies"]["text"]
    three, four = victory["three-players"], victory["four-players-allies"]
    assert (three["side"], three["track"], three["lead"]) == ("de", "vp", 3)  # "almeno 3 punti vittoria in più del giocatore Alleato della Germania"
    # 8.0: "la fazione degli Alleati Occidentali vince se ha almeno 1 punto vittoria di più del giocatore degli Alleati Orientali"
    assert (four["side"], four["track"], four["lead"]) == ("wa", "vp", 1)
