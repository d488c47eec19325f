"""Quartermaster General: 1914 (seed 002): the module against the Italian rulebook text.

Every expected value below is typed from the rulebook (quoted beside it), not read from the JSON."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.load import load_game
from converter.validate import validate_path

MODULE = Path(__file__).resolve().parents[2] / "modules" / "quartermaster-general-1914"


@pytest.fixture(scope="module")
def game() -> dict:
    return load_game(MODULE).data


def by_id(items: list[dict], ident: str) -> dict:
    found = [item for item in items if item.get("id") == ident]
    assert len(found) == 1, f"expected exactly one {ident!r}, found {len(found)}"
    return found[0]


def table(game: dict, ident: str) -> dict:
    return by_id(game["tables"], ident)


def board(game: dict) -> dict:
    return by_id(game["boards"], "tabellone")


def space_by_name(game: dict, name: str) -> dict:
    found = [s for s in board(game)["spaces"] if s["name"] == name]
    assert len(found) == 1, name
    return found[0]


def test_module_validates_clean() -> None:
    _, problems = validate_path(MODULE)
    assert [p.line() for p in problems] == []


def test_powers_and_nations(game: dict) -> None:
    # "POTENZE CENTRALI - Austria-Ungheria & Impero Ottomano - Germania"
    # "POTENZE DELL'INTESA - Russia - Francia & Italia - Regno Unito & Stati Uniti (UK & US)"
    sides = {f["name"]: by_id(game["sides"], f["side"])["name"] for f in game["factions"]}
    assert sides == {
        "Austria-Ungheria & Impero Ottomano": "Potenze Centrali",
        "Germania": "Potenze Centrali",
        "Russia": "Potenze dell'Intesa",
        "Francia & Italia": "Potenze dell'Intesa",
        "Regno Unito & Stati Uniti": "Potenze dell'Intesa",
    }
    # "Tre delle cinque Potenze hanno carte di due differenti Nazioni."
    per_power: dict[str, list[str]] = {}
    for nat in game["nationalities"]:
        per_power.setdefault(by_id(game["factions"], nat["faction"])["name"], []).append(nat["name"])
    assert sorted(per_power["Austria-Ungheria & Impero Ottomano"]) == ["Austria-Ungheria", "Impero Ottomano"]
    assert sorted(per_power["Francia & Italia"]) == ["Francia", "Italia"]
    assert sorted(per_power["Regno Unito & Stati Uniti"]) == ["Regno Unito", "Stati Uniti"]
    assert sum(1 for names in per_power.values() if len(names) == 2) == 3


# Giocatori / Assegnazione delle Potenze, row by row as printed:
#   Giocatore 1 | AH&IO, Germania | AH&IO, Germania | AH&IO, Germania | AH&IO
#   Giocatore 2 | Russia, Francia & Italia, Regno Unito & Stati Uniti | Russia, Francia & Italia | Russia | Russia
#   Giocatore 3 |  | Regno Unito & Stati Uniti | Francia & Italia | Germania
#   Giocatore 4 |  |  | Regno Unito & Stati Uniti | Francia & Italia
#   Giocatore 5 |  |  |  | Regno Unito & Stati Uniti
AHIO, GER, RUS, FRIT, UKUS = ("Austria-Ungheria & Impero Ottomano", "Germania", "Russia",
                              "Francia & Italia", "Regno Unito & Stati Uniti")
ASSIGNMENT = [
    [[AHIO, GER], [AHIO, GER], [AHIO, GER], [AHIO]],
    [[RUS, FRIT, UKUS], [RUS, FRIT], [RUS], [RUS]],
    [None, [UKUS], [FRIT], [GER]],
    [None, None, [UKUS], [FRIT]],
    [None, None, None, [UKUS]],
]


@pytest.mark.parametrize("row", range(5))
@pytest.mark.parametrize("column", range(4))
def test_player_assignment_cell(game: dict, row: int, column: int) -> None:
    t = table(game, "assegnazione-potenze")
    assert [c["label"] for c in t["columns"]] == ["2 giocatori", "3 giocatori", "4 giocatori", "5 giocatori"]
    assert [r["label"] for r in t["rows"]] == [f"Giocatore {i}" for i in range(1, 6)]
    cell = t["cells"][row][column]
    expected = ASSIGNMENT[row][column]
    if expected is None:
        assert cell is None
        return
    names = {c["code"]: c["meaning"] for c in t["result_codes"]}
    assert [names[code] for code in cell.split(", ")] == expected


def test_every_player_count_plays_all_five_powers(game: dict) -> None:
    # "Si giocano sempre tutte e cinque le Potenze."
    t = table(game, "assegnazione-potenze")
    for column in range(4):
        powers = [p for row in t["cells"] if row[column] for p in row[column].split(", ")]
        assert sorted(powers) == sorted(f["id"] for f in game["factions"])


# "45 Armate in legno (7 Austria-Ungheria, 4 Impero Ottomano, 8 Russia, 7 Germania, 6 Francia,
#  4 Italia, 5 Regno Unito, 4 Stati Uniti)"
ARMIES = {"Austria-Ungheria": 7, "Impero Ottomano": 4, "Russia": 8, "Germania": 7, "Francia": 6,
          "Italia": 4, "Regno Unito": 5, "Stati Uniti": 4}
# "16 Flotte in legno (1 Austria-Ungheria, 2 Russia, 2 Germania, 2 Francia, 1 Italia, 5 Regno Unito,
#  3 Stati Uniti)"
FLEETS = {"Austria-Ungheria": 1, "Russia": 2, "Germania": 2, "Francia": 2, "Italia": 1,
          "Regno Unito": 5, "Stati Uniti": 3}


def pieces_per_nation(game: dict, type_name: str) -> dict[str, int]:
    type_id = next(t["id"] for t in game["unit_types"] if t["name"] == type_name)
    counts: dict[str, int] = {}
    for piece in game["pieces"]:
        if piece.get("type") == type_id:
            nat = by_id(game["nationalities"], piece["nationality"])["name"]
            counts[nat] = counts.get(nat, 0) + piece.get("count", 1)
    return counts


def test_armies_per_nation(game: dict) -> None:
    assert pieces_per_nation(game, "Armata") == ARMIES
    assert sum(ARMIES.values()) == 45


def test_fleets_per_nation(game: dict) -> None:
    assert pieces_per_nation(game, "Flotta") == FLEETS
    assert sum(FLEETS.values()) == 16


def test_declared_totals_match_listed_pieces(game: dict) -> None:
    for total in game["totals"]:
        if "pieces" not in total:
            continue
        flt = total["pieces"]
        listed = sum(p.get("count", 1) for p in game["pieces"]
                     if ("nationalities" not in flt or p.get("nationality") in flt["nationalities"])
                     and ("kinds" not in flt or p["kind"] in flt["kinds"])
                     and ("types" not in flt or p.get("type") in flt["types"]))
        assert listed == total["count"], total["id"]


def test_markers(game: dict) -> None:
    # "2 Segnalini Punteggio, 1 Segnalino Round, 2 Segnalini Promemoria, 6 Segnalini Obiettivo"
    markers: dict[str, int] = {}
    for piece in game["pieces"]:
        if piece["kind"] == "marker":
            kind = piece["name"].split(" (")[0]
            markers[kind] = markers.get(kind, 0) + piece.get("count", 1)
    assert markers == {"Segnalino Punteggio": 2, "Segnalino Round": 1, "Segnalino Promemoria": 2,
                       "Segnalino Obiettivo": 6}


def test_decks(game: dict) -> None:
    # "216 carte (38 Austria-Ungheria & Impero Ottomano, 34 Russia, 53 Germania, 42 Francia & Italia,
    #  49 Regno Unito & Stati Uniti)"
    counts = {by_id(game["factions"], d["owner"])["name"]: d["count"] for d in game["decks"]}
    assert counts == {AHIO: 38, RUS: 34, GER: 53, FRIT: 42, UKUS: 49}
    assert sum(counts.values()) == 216
    # "fino ad averne massimo 7 in mano"
    assert {d["hand_size"] for d in game["decks"]} == {7}


def test_card_types_and_prep_symbols(game: dict) -> None:
    # "Ci sono sette diverse tipologie di carte"
    assert [e["label"] for e in table(game, "tipi-di-carta")["entries"]] == [
        "Costruisci Armata", "Costruisci Flotta", "Guerra Economica", "Battaglia Terrestre",
        "Battaglia Navale", "Evento", "Status"]
    prep = {e["label"]: (e["value"], e["result"]) for e in table(game, "simboli-preparazione")["entries"]}
    # Simbolo / Nome / Usa quando
    assert prep["Rinforzo Armata"] == (1, "La tua Armata è Attaccata")
    assert prep["Rinforzo Armata Massiccio"] == (2, "La tua Armata è Attaccata")
    assert prep["Supporto Combattimento di Terra"] == (1, "Attacchi un'Armata Nemica")
    assert prep["Supporto Massiccio Combattimento di Terra"] == (2, "Attacchi un'Armata Nemica")
    assert prep["Rinforzo Flotta"] == (1, "La tua Flotta è Attaccata")
    assert prep["Rinforzo Massiccio Flotta"] == (2, "La tua Flotta è Attaccata")
    assert prep["Supporto Combattimento di Mare"] == (1, "Attacchi una Flotta Nemica")
    assert prep["Supporto Massiccio Combattimento di Mare"] == (2, "Attacchi una Flotta Nemica")
    assert prep["Attrito Singolo (adiacente)"][0] == 1
    assert prep["Attrito Doppio (esempio)"][0] == 2
    assert prep["Attrito Triplo (esempio)"][0] == 3
    assert len(prep) == 12


def test_named_cards(game: dict) -> None:
    cards = {c["title"]: c for c in game["cards"]}
    # "se il giocatore con la Germania gioca ZEPPELIN, Regno Unito & Stati Uniti devono scartare 3 carte,
    #  mentre Francia & Italia devono scartare 1 carta. Inoltre, le Potenze Centrali ricevono ... 1 Punto Vittoria."
    zeppelin = cards["ZEPPELIN"]
    assert zeppelin["type"] == "Guerra Economica"
    assert zeppelin["values"] == {"scarti-potenza-uk-us": 3, "scarti-potenza-fr-it": 1, "pv-potenze-centrali": 1}
    assert by_id(game["decks"], zeppelin["deck"])["owner"] == "potenza-germania"
    # "TAXI DI PARIGI come Rinforzo Massiccio Armata"; "LA REVANCHE ... come simbolo preparazione ha Contrattacco"
    assert cards["TAXI DI PARIGI"]["symbols"] == ["rinforzo-armata-massiccio"]
    assert cards["LA REVANCHE"]["symbols"] == ["contrattacco"]
    # "la carta MONTENEGRO ha un simbolo Rifornimento"
    assert "rifornimento" in cards["MONTENEGRO"]["flags"]
    # "La carta Status STOSSTRUPPEN", "carta Status CARRI MARK IV", "carta Status IPRITE"
    for title in ("STOSSTRUPPEN", "CARRI MARK IV", "IPRITE", "LE RAGAZZE CANARINO"):
        assert cards[title]["type"] == "Status"
    # card texts are not in the rulebook
    assert all("text" not in c and "text" in c["missing"] for c in game["cards"])


def test_difficult_and_open_terrain(game: dict) -> None:
    # "Vienna, Tirolo, Budapest, Serbia e Bulgaria sono terreni difficili, mentre Romania e Ucraina no."
    for name in ("Vienna", "Tirolo", "Budapest", "Serbia", "Bulgaria"):
        assert space_by_name(game, name)["terrain"] == ["terreno-difficile"], name
    for name in ("Romania", "Ucraina"):
        assert space_by_name(game, name)["terrain"] == ["terreno-aperto"], name
    # Terrain of other land spaces is not in the text: it must be marked missing, not guessed.
    assert "terrain" in space_by_name(game, "Galizia")["missing"]
    assert "terrain" not in space_by_name(game, "Galizia")


def test_seas_and_kiel_canal(game: dict) -> None:
    for name in ("Atlantico Occidentale", "Nord Atlantico", "Canale della Manica", "Mare del Nord",
                 "Mar Baltico", "Mar Nero"):
        assert space_by_name(game, name)["kind"] == "sea", name
    # "Il Mar Baltico e il Mare del Nord sono considerati adiacenti per le Potenze Centrali, ma non per
    #  le Potenze dell'Intesa"
    (kiel,) = board(game)["links"]
    assert sorted(kiel["between"]) == sorted([space_by_name(game, "Mar Baltico")["id"],
                                              space_by_name(game, "Mare del Nord")["id"]])
    assert kiel["only"] == {"sides": ["potenze-centrali"]}
    assert board(game)["complete"] is False


def test_every_space_has_a_layout(game: dict) -> None:
    for space in board(game)["spaces"]:
        assert 0 <= space["layout"]["x"] <= 1 and 0 <= space["layout"]["y"] <= 1


# PIAZZAMENTO INIZIALE (Potenza (Nazione) / Spazio):
#   (Austria-Ungheria) Vienna, Budapest; (Germania) Berlino, Germania Occidentale;
#   (Russia) Mosca, Serbia; (Francia) Parigi, Borgogna; (Regno Unito) Gran Bretagna, Atlantico Occidentale
SETUP = [
    ("Armata", "Austria-Ungheria", "Vienna"), ("Armata", "Austria-Ungheria", "Budapest"),
    ("Armata", "Germania", "Berlino"), ("Armata", "Germania", "Germania Occidentale"),
    ("Armata", "Russia", "Mosca"), ("Armata", "Russia", "Serbia"),
    ("Armata", "Francia", "Parigi"), ("Armata", "Francia", "Borgogna"),
    ("Armata", "Regno Unito", "Gran Bretagna"), ("Flotta", "Regno Unito", "Atlantico Occidentale"),
]


def test_initial_placement(game: dict) -> None:
    (scenario,) = game["scenarios"]
    placed = []
    for placement in scenario["setup"]:
        piece = by_id(game["pieces"], placement["piece"])
        placed.append((by_id(game["unit_types"], piece["type"])["name"],
                       by_id(game["nationalities"], piece["nationality"])["name"],
                       by_id(board(game)["spaces"], placement["at"]["space"])["name"]))
    assert sorted(placed) == sorted(SETUP)


def test_track_starts(game: dict) -> None:
    (scenario,) = game["scenarios"]
    starts = {(s["track"], s.get("owner")): s["value"] for s in scenario["track_start"]}
    # "Piazza il Segnalino Round nello spazio "1" del Tracciato Round."
    assert starts[("tracciato-round", None)] == 1
    # "Piazza il Segnalino Punti Vittoria di ciascuna coalizione nello spazio "0""
    assert starts[("tracciato-punti-vittoria", "potenze-centrali")] == 0
    assert starts[("tracciato-punti-vittoria", "intesa")] == 0


def test_order_of_play_and_scoring_rounds(game: dict) -> None:
    # "Una partita dura al massimo 17 round."
    assert game["turns"]["count"] == 17
    (round_phase,) = game["sequence"]
    assert round_phase["repeat"] == 17
    turn, scoring = round_phase["phases"]
    # "1. AUSTRIA-UNGHERIA & IMPERO OTTOMANO 2. RUSSIA 3. GERMANIA 4. FRANCIA & ITALIA 5. REGNO UNITO & STATI UNITI"
    assert [by_id(game["factions"], f)["name"] for f in turn["order"]] == [AHIO, RUS, GER, FRIT, UKUS]
    assert [p["name"] for p in turn["phases"]] == [
        "1. Fase Arruolamento", "2. Fase Azione", "3. Fase Attrito", "4. Fase Preparazione", "5. Fase Pesca"]
    # "Alla fine dei round 3, 7, 11, 15 e 17 c'è un Round Punteggio"
    assert scoring["when"] == {"turns": [3, 7, 11, 15, 17]}
    assert sorted(n["turn"] for n in game["turns"]["notes"]) == [3, 7, 11, 15, 17]


def test_victory(game: dict) -> None:
    (scenario,) = game["scenarios"]
    victory = {v["kind"]: v for v in scenario["victory"]}
    # "una coalizione ha 12 o più punti di vantaggio rispetto all'altra, quella coalizione vince."
    # a lead, not a track value: 'lead', not 'at_least'
    assert "at_least" not in victory["instant"]
    assert (victory["instant"]["lead"], victory["instant"]["track"]) == (12, "tracciato-punti-vittoria")
    assert by_id(game["rules"], "vittoria-istantanea")["value"] == 12
    assert victory["instant"]["when"] == {"turns": [3, 7, 11, 15, 17]}
    # "In caso di parità, vincono le Potenze Centrali."
    assert victory["tie-break"]["side"] == "potenze-centrali"


def test_stacking_rule(game: dict) -> None:
    # "Una Nazione non può mai avere più di un pezzo per spazio." / "mai ... un pezzo nemico"
    rule = by_id(game["rules"], "un-pezzo-per-nazione")
    assert (rule["kind"], rule["scope"], rule["limit"], rule["per"], rule["enemy"]) == (
        "stacking", "space", 1, "nationality", "forbidden")


def test_out_of_cards_costs(game: dict) -> None:
    # "Se devi scartare una carta dal tuo mazzo, ma è vuoto, la tua coalizione perde 1 Punto Vittoria." (and
    #  the same for hand and prepared cards); "carta Status ... non ci sono ulteriori effetti negativi."
    values = [e["value"] for e in table(game, "esaurire-le-carte")["entries"]]
    assert values == [-1, -1, -1, 0]


def test_supply_sources_skip_serbia(game: dict) -> None:
    # "Tranne l'Armata in Serbia, tutti i suoi pezzi sono riforniti." - Serbia is not a Russian source.
    assert space_by_name(game, "Mosca")["supply_source"] == {"nationalities": ["russia"]}
    assert "supply_source" not in space_by_name(game, "Serbia")
    readings = space_by_name(game, "Serbia")["provenance"]["readings"]
    assert sum(1 for r in readings if r.get("used")) == 1


def test_no_dice(game: dict) -> None:
    assert game.get("dice", []) == []


def test_redraw_is_an_optional_rule(game: dict) -> None:
    # "RIPESCARE (REGOLA OPZIONALE) ... puoi mescolare l'intero mazzo e pescare di nuovo 10 carte."
    redraw = by_id(game["rules"], "ripescare")
    assert redraw["optional"] is True and redraw["value"] == 10
    assert not by_id(game["rules"], "vittoria-istantanea").get("optional")
