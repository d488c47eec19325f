"""Pursuit of Glory, 2nd edition (GMT): the canonical module against the Italian rulebook.

Every expected value below is typed from the rulebook text (seed 004), with the Italian
words it comes from, and compared with what the module's JSON holds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from converter.load import load_game
from tests.modules.gamedata import by_id, space, table, piece, rule, walk
from converter.validate import validate_path

GAME = Path(__file__).resolve().parents[2] / "modules" / "pursuit-of-glory"


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return load_game(GAME).data



def board(game: dict[str, Any], ident: str = "mappa") -> dict[str, Any]:
    return by_id(game["boards"], ident)







def entry(tab: dict[str, Any], label: str) -> dict[str, Any]:
    matches = [e for e in tab["entries"] if e["label"] == label]
    assert len(matches) == 1, f"{tab['id']}: expected one entry {label!r}"
    return matches[0]


# --- the module as a whole -------------------------------------------------------------


def test_module_validates_clean() -> None:
    _, problems = validate_path(GAME)
    assert [p.line() for p in problems] == []


def test_every_identified_object_says_where_it_comes_from(game: dict[str, Any]) -> None:
    lacking = [ptr for ptr, obj in walk(game)
               if "id" in obj and ptr.count("/") >= 2 and "provenance" not in obj
               and not ptr.startswith("/sources/")]
    assert lacking == []


def test_no_object_lists_a_missing_field_it_also_gives(game: dict[str, Any]) -> None:
    clashes = [(ptr, f) for ptr, obj in walk(game) for f in obj.get("missing", []) if f in obj]
    assert clashes == []


# --- sides, nationalities, scale ----------------------------------------------------------


def test_nationalities_are_the_eighteen_of_3_2_6(game: dict[str, Any]) -> None:
    # "AH Austroungarico  GR Greco / ANA Armata Araba Settentrionale  IN Indiano / ANZ ... TU-A Turco Arabo"
    expected = {"AH": "Austroungarico", "ANA": "Armata Araba Settentrionale", "ANZ": "Australia/Nuova Zelanda",
                "ARM": "Armeno", "BR": "Britannico", "BU": "Bulgaro", "FR": "Francese", "GE": "Tedesco",
                "GEO": "Georgiano", "GR": "Greco", "IN": "Indiano", "IT": "Italiano", "PE": "Persiano",
                "RO": "Romeno", "RU": "Russo", "SB": "Serbo", "TU": "Turco", "TU-A": "Turco Arabo"}
    assert {n["abbreviation"]: n["name"] for n in game["nationalities"]} == expected


def test_neutral_nations_start_neutral(game: dict[str, Any]) -> None:
    # 7.6.1 "La Bulgaria (19.3), Serbia (19.4), e Romania (19.5) entrano in guerra solo tramite eventi, e la Grecia (19.2) può farlo."
    nats = {n["id"]: n for n in game["nationalities"]}
    assert {i for i, n in nats.items() if n.get("neutral")} == {"bu", "sb", "ro", "gr"}
    assert "side" not in nats["gr"]  # "La Grecia può allearsi con entrambi i giocatori"


def test_counter_sizes_are_five_eighths_and_half_inch(game: dict[str, Any]) -> None:
    # 3.2.2 "pedine da 5/8 pollice"; 3.2.3 "pedine da 1/2 pollice"
    assert game["scale"]["counter_sizes_mm"] == {"LCU": pytest.approx(25.4 * 5 / 8), "SCU": pytest.approx(25.4 / 2)}


@pytest.mark.parametrize("ident, nats", [
    ("xi-armata-ge-bu", ["ge", "bu"]),            # "XI Armata GE/BU: Conta come BU e/o GE"
    ("fanteria-combinata-bu-ah", ["bu", "ah"]),   # "Fanteria combinata BU/AH"
    ("divisione-jugoslava", ["ru", "sb"]),        # "Divisione Jugoslava RU/SB"
    ("cosacchi-persiani", ["pe", "ru"]),          # "Cosacchi Persiani PE/RU"
    ("cnd", ["gr", "br"]),                        # "l'unità GR-BR CND"
])
def test_dual_nationality_units(game: dict[str, Any], ident: str, nats: list[str]) -> None:
    p = piece(game, ident)
    assert p["nationality"] == nats
    assert "doppia-nazionalita" in p["flags"]


# --- pieces ----------------------------------------------------------------------------


def test_unit_values_given_by_the_text(game: dict[str, Any]) -> None:
    # 12.8 "una SCU di Fanteria RU (a piena forza, 2-1-4)"
    front = piece(game, "ru-fanteria-div")["faces"][0]
    assert (front["printed"], front["factors"]) == ("2-1-4", {"cf": 2, "lf": 1, "mf": 4})
    # 12.8 "Entrambe le LCU russe hanno un LF di 3" / "forza combinata pari a 2"
    back = piece(game, "ru-iv-corpo-caucasico")["faces"][1]
    assert (back["role"], back["factors"]["cf"], back["factors"]["lf"]) == ("reduced", 2, 3)
    # 12.8 "gira l'unità di cavalleria (che ha LF pari a 1)"
    assert piece(game, "tu-cavalleria-div")["faces"][0]["factors"]["lf"] == 1
    # 16.2.1 "l'HQ Yudenich a piena forza dà un DRM +1"
    assert piece(game, "hq-yudenich")["faces"][0]["factors"]["drm"] == 1
    # p. 55 "può solo difendere in combattimento (con CF pari a 1)"
    assert piece(game, "protettorato-georgiano")["faces"][0]["factors"]["cf"] == 1
    # 9.2.4 "spende solo 4 MP (metà del suo Fattore di Movimento)"; p. 55 "Dunsterforce BR (3.2.5)"
    dunster = piece(game, "dunsterforce")["faces"][0]["factors"]
    assert (dunster["mf"], dunster["lf"]) == (8, "?")


def test_unknown_factors_are_null_not_invented(game: dict[str, Any]) -> None:
    # the text gives no CF or MF for the IX Corps: "Il IX Corpo turco è a Koprukoy"
    front = piece(game, "tu-ix-corpo")["faces"][0]["factors"]
    assert front == {"cf": None, "lf": 3, "mf": None}


@pytest.mark.parametrize("ident, count", [
    ("rivolta-araba", 3),             # 9.4.7 "le tre unità della Rivolta Araba"
    ("ribellione-egiziana", 3),       # 18.2.5 "Ponete le tre unità irregolari egiziane"
    ("alleanza-afgana", 3),           # "Ponete le tre unità afgane in Afghanistan."
    ("ammutinamento-indiano", 3),     # "Piazzate le tre unità ammutinate indiane in India."
    ("cordon-force-persiana", 3),     # 7.9 "per le tre unità BR PersCordon"
    ("rivolta-sovietica", 3),         # 18.3.8 "Ponete i tre segnalini di Rivolta Sovietica"
    ("rivolta-armena-segnalino", 3),  # 21.5.1 "Ponete i tre segnalini di Rivolta Armena"
    ("trincea-l2", 1),                # 15.4.4 "l'unica trincea di livello 2 nel gioco"
])
def test_counts_stated_by_the_text(game: dict[str, Any], ident: str, count: int) -> None:
    assert piece(game, ident)["count"] == count


def test_declared_totals_hold(game: dict[str, Any]) -> None:
    # 18.3.8 "le cinque unità della Federazione Transcaucasica (ARM e GEO)"
    total = by_id(game["totals"], "federazione-transcaucasica")
    assert total["count"] == 5
    for t in game["totals"]:
        if "pieces" in t:
            listed = sum(piece(game, p).get("count", 0) for p in t["pieces"]["pieces"])
            assert listed == t["count"] if t.get("complete") else listed <= t["count"], t["id"]


def test_flags_have_the_printed_marks(game: dict[str, Any]) -> None:
    marks = {f["id"]: f.get("mark") for f in game["piece_flags"]}
    # 22.1.7 punto = mai RP; 3.3 "▲"; 3.3 rettangolo attorno al MF; 3.2.11 trattino basso; 3.2.5 "?"
    assert (marks["mai-rp"], marks["rp-solo-su-mappa"], marks["rifornimento-limitato"],
            marks["speciale-unica"], marks["lf-ignoto"]) == ("●", "▲", "box", "underline", "?")


# --- cards -----------------------------------------------------------------------------


def test_two_decks_of_55_in_three_subdecks(game: dict[str, Any]) -> None:
    # 7.1.1 "mazzo di 55 Carte Strategia, suddivise in tre gruppi: 14 Carte Mobilitazione, 20 Carte Guerra Limitata e 21 Carte Guerra Totale"
    for deck in game["decks"]:
        assert deck["count"] == 55
        assert [s["count"] for s in deck["subdecks"]] == [14, 20, 21]
        assert deck["hand_size"] == 7  # 4.0 H "fino ad avere sette carte"
    assert sum(d["count"] for d in game["decks"]) == 110  # 3.0 "110 carte Evento"
    for deck in game["decks"]:
        assert len([c for c in game["cards"] if c["deck"] == deck["id"]]) <= 55


@pytest.mark.parametrize("deck, number, title", [
    ("mazzo-cp", 4, "Riserve al Fronte"),                    # "CP#4 in Storie delle Carte"
    ("mazzo-cp", 28, "Vi Ordino di Morire"),                 # "Vi Ordino di Morire, carta CP #28"
    ("mazzo-cp", 31, "Gorlice-Tarnow"),                      # "Gorlice-Tarnow, carta CP #31"
    ("mazzo-cp", 48, "Stanchezza della Guerra Turca"),       # "carta Evento CP #48 Stanchezza della Guerra Turca"
    ("mazzo-cp", 55, "Stanchezza della Guerra Britannica"),  # "(Evento CP #55 Stanchezza della Guerra Britannica)"
    ("mazzo-ap", 23, "Granduca a Tiflis"),                   # "Granduca a Tiflis: la carta AP #23"
    ("mazzo-ap", 7, "Enver Va ad Est"),                      # "Enver Va ad Est ... Vedi anche AP#7"
    ("mazzo-ap", 49, "Carica di Cavalleria in Massa"),       # "Carta 49 “Carica di Cavalleria in Massa”"
])
def test_numbered_cards(game: dict[str, Any], deck: str, number: int, title: str) -> None:
    cards = [c for c in game["cards"] if c["deck"] == deck and c.get("number") == number]
    assert [c["title"] for c in cards] == [title]


def test_card_numbers_unique_per_deck(game: dict[str, Any]) -> None:
    for deck in game["decks"]:
        numbers = [c["number"] for c in game["cards"] if c["deck"] == deck["id"] and "number" in c]
        assert len(numbers) == len(set(numbers))
        assert all(1 <= n <= 55 for n in numbers)


# --- map -------------------------------------------------------------------------------


@pytest.mark.parametrize("ident, control, vp", [
    # 18.1.4 "Gerusalemme (Siria/Palestina) CP 2 / Baghdad (Mesopotamia) CP 2 / Mecca (Siria/Palestina) CP 1 /
    #         Medina (Siria/Palestina) CP 1 / Cairo (Egitto) AP 2 / Qum (Persia) neutrale 0"
    ("gerusalemme", "cp", 2), ("baghdad", "cp", 2), ("mecca", "cp", 1),
    ("medina", "cp", 1), ("cairo", "ap", 2), ("qum", None, 0),
])
def test_jihad_cities_on_the_map(game: dict[str, Any], ident: str, control: str | None, vp: int) -> None:
    s = space(game, ident)
    assert "citta-jihad" in s["features"]
    assert s.get("control") == control
    assert s["vp"] == vp


@pytest.mark.parametrize("ident, group", [
    ("gerusalemme", "siria-palestina"), ("mecca", "siria-palestina"), ("medina", "siria-palestina"),
    ("baghdad", "mesopotamia"), ("cairo", "egitto"), ("qum", "persia"),
    ("hamadan", "persia-neutrale"),  # 10.4 "la neutrale Hamadan nella Persia neutrale"
    ("lemnos", "balcani"), ("galizia", "balcani"), ("odessa", "balcani"), ("bolgrad", "balcani"),  # Glossario
    ("bucarest", "romania"), ("costanza", "romania"), ("ploesti", "romania"),  # 19.5.5
    ("el-arish", "sinai"),
])
def test_spaces_in_their_areas(game: dict[str, Any], ident: str, group: str) -> None:
    assert group in space(game, ident)["groups"]


def test_lemnos_is_not_in_greece(game: dict[str, Any]) -> None:
    # 19.4.6 "Nemmeno Lemno si trova in Grecia."
    assert "grecia" not in space(game, "lemnos")["groups"]


@pytest.mark.parametrize("ident, who", [
    # 14.2.1 "Galizia, Sofia (quando alleate delle CP), Costantinopoli, Kayseri, Erzincan, Damasco e Baghdad"
    ("galizia", "cp"), ("sofia", "cp"), ("costantinopoli", "cp"), ("kayseri", "cp"), ("erzincan", "cp"),
    ("damasco", "cp"), ("baghdad", "cp"),
    # "Medina, Mecca e Maan funzionano come Fonti di Rifornamento Limitate"
    ("medina", "cp-limitata"), ("mecca", "cp-limitata"), ("maan", "cp-limitata"), ("afghanistan", "cp-limitata"),
    # 14.2.2 "Le Fonti di rifornimento RU sono Odessa, Tiflis, Asia Centrale e Petrovsk."
    ("odessa", "ru"), ("tiflis", "ru"), ("asia-centrale", "ru"), ("petrovsk", "ru"),
    # 14.2.3 "il Sudan/Darfur, l'India e le Basi insulari controllate dall'AP"
    ("sudan-darfur", "br"), ("india", "br"), ("lemnos", "br"), ("cipro", "br"), ("bahrein", "br"),
])
def test_supply_sources(game: dict[str, Any], ident: str, who: str) -> None:
    s = space(game, ident)
    src = s["supply_source"]
    if who == "ru":
        assert "ru" in src["nationalities"]
    elif who == "br":
        assert set(src["nationalities"]) >= {"br", "fr", "it", "in", "anz"}
    else:
        assert src.get("sides") == ["cp"] or "tu" in src.get("nationalities", [])
        assert (s.get("properties", {}).get("rifornimento") == "limitato") == who.endswith("limitata")


def test_forts_with_their_strength(game: dict[str, Any]) -> None:
    # 15.2.1 "Per assediare Erzurum (un Forte a forza 3)"
    assert space(game, "erzurum")["fort"]["cf"] == 3
    # 21.4.2 "il Forte al Bosforo ... (deve tirare un 4, 5 o 6)" with 21.4.1 "superiore al ... CF"
    assert space(game, "bosforo")["fort"]["cf"] == 3
    # 21.4.1 Kum Kale, Seddul Bahr, Maidos, Canakkale, Gallipoli: forts whose CF the text lacks
    for ident in ("kum-kale", "seddul-bahr", "maidos", "canakkale", "forte-gallipoli"):
        fort = space(game, ident)["fort"]
        assert "cf" not in fort and fort["missing"] == ["cf"]


def test_special_space_kinds(game: dict[str, Any]) -> None:
    # Glossario "Lemnos, Bahrain e Cipro ... Basi sull'Isola"; 13.4.3 "Teste di Ponte nei Balcani: Atene e Salonicco"
    kinds = {s["id"]: s.get("kind") for s in board(game)["spaces"]}
    assert {i for i, k in kinds.items() if k == "island-base"} == {"lemnos", "cipro", "bahrein"}
    assert {"testa-di-ponte-atene", "testa-di-ponte-salonicco"} <= {i for i, k in kinds.items() if k == "bridgehead"}
    # 9.7.3 regions: "Asia Centrale, Afghanistan, le tre regioni persiane, India e Baluchistan"; 11.4 Odessa, Petrovsk
    for region in ("asia-centrale", "afghanistan", "persia-orientale", "persia-centrale", "persia-meridionale",
                   "india", "baluchistan", "odessa", "petrovsk", "galizia", "hejaz", "sudan-darfur"):
        assert kinds[region] == "region", region


def test_stated_links(game: dict[str, Any]) -> None:
    links = {tuple(sorted(l["between"])): l for l in board(game)["links"]}
    # 9.4.6 "Stretto #5 (da Bandirma a Costantinopoli)"
    strait = links[("bandirma", "costantinopoli")]
    assert (strait["type"], strait["label"]) == ("stretto", "5")
    # 12.3.7 "Baku all'Asia Centrale, Baku ad Enzeli, ed Enzeli all'Asia Centrale"
    for pair in [("asia-centrale", "baku"), ("baku", "enzeli"), ("asia-centrale", "enzeli")]:
        assert links[pair]["type"] == "trans-regionale"
    # 3.1.2 "Nessuna unità SB può muovere tra Belgrado e la Galizia"
    assert links[("belgrado", "galizia")]["type"] == "ferrovia-colorata"


def test_gallipoli_inset_entries(game: dict[str, Any]) -> None:
    # 9.6.1 "rispettivamente a Bulair, Chardak, Ezine"
    inset = board(game, "gallipoli")
    assert inset["role"] == "inset" and inset["complete"] is False
    # "Le unità che muovono da Rodosto, Bandirma, Edremit o Lemnos ... si spostano immediatamente sulla mappa di
    #  Gallipoli – rispettivamente a Bulair, Chardak, Ezine o in uno spazio di testa di ponte": links across the boards
    inset_ids = {s["id"] for s in inset["spaces"]}
    entries = {}
    for link in board(game)["links"]:
        if link["type"] == "ingresso-gallipoli":
            main, other = link["between"]
            assert other in inset_ids, link["id"]
            entries[main] = other
    assert entries == {"rodosto": "bulair", "bandirma": "chardak", "edremit": "ezine", "lemnos": "testa-di-ponte-gallipoli"}
    # Glossario "la mappa inserita di Gallipoli NON è considerata nei Balcani"; Turchia includes it
    for s in inset["spaces"]:
        assert "balcani" not in s["groups"] and "turchia" in s["groups"]
    # Glossario: Balcani include "Tracia"; Tracia includes "la penisola di Gallipoli" (the main-map space)
    assert {"tracia", "balcani"} <= set(space(game, "gallipoli")["groups"])


def test_links_join_existing_spaces_and_layouts_are_fractions(game: dict[str, Any]) -> None:
    all_ids = {s["id"] for b in game["boards"] for s in b.get("spaces", [])}
    for b in game["boards"]:
        ids = {s["id"] for s in b.get("spaces", [])}
        for l in b.get("links", []):
            assert set(l["between"]) <= all_ids, l
            # only the Gallipoli entries (9.6.1) leave their board
            assert set(l["between"]) <= ids or l["type"] == "ingresso-gallipoli", l
        if b["kind"] == "network":
            for s in b["spaces"]:
                assert 0 <= s["layout"]["x"] <= 1 and 0 <= s["layout"]["y"] <= 1
    assert board(game)["complete"] is False


# --- tables ----------------------------------------------------------------------------


def test_jihad_city_table_cell_by_cell(game: dict[str, Any]) -> None:
    text = """Gerusalemme (Siria/Palestina)\tCP\t2
Baghdad (Mesopotamia)\tCP\t2
Mecca (Siria/Palestina)\tCP\t1
Medina (Siria/Palestina)\tCP\t1
Cairo (Egitto)\tAP\t2
Qum (Persia)\tneutrale\t0"""
    tab = table(game, "citta-jihad")
    got = [[row["label"], *cells] for row, cells in zip(tab["rows"], tab["cells"], strict=True)]
    expected = [[c, k, int(v)] for c, k, v in (line.split("\t") for line in text.splitlines())]
    assert got == expected


def test_jihad_revolt_table_cell_by_cell(game: dict[str, Any]) -> None:
    text = """Egitto\tLIBERATE SUEZ\t12/17
India\tAMMUTINAMENTO INDIANO\t14/19
Afghanistan\tMISSIONE IN AFGANISTAN\t9/14
Asia Centrale\tMISSIONE IN AFGANISTAN\t8/13"""
    tab = table(game, "rivolte-jihad")
    got = [[row["label"], *cells] for row, cells in zip(tab["rows"], tab["cells"], strict=True)]
    assert got == [line.split("\t") for line in text.splitlines()]


def test_restricted_area_lcu_limits(game: dict[str, Any]) -> None:
    # 9.8.3 "# massimo di LCU per giocatore 1 2 3*" / "* Il giocatore CP deve prima giocare l'evento Ferrovia Berlino-Baghdad"
    tab = table(game, "limite-lcu-aree-ristrette")
    assert [c["label"] for c in tab["columns"]] == ["Mobilizzazione", "Guerra Limitata", "Guerra Totale"]
    assert tab["cells"] == [[1, 2, "3*"]]
    assert any("Ferrovia Berlino-Baghdad" in n["text"] for n in tab["notes"])
    r = rule(game, "limite-lcu-aree-ristrette")
    assert set(r["target"]["groups"]) == {"siria-palestina", "mesopotamia", "persia", "asia-centrale", "afghanistan"}


def test_armistice_roll(game: dict[str, Any]) -> None:
    # 24.2.3 "1 – 2 3 turni avanti / 3 – 4 4 turni avanti / 5 – 6 5 turni avanti"
    tab = table(game, "armistizio")
    assert [(e["roll"]["min"], e["roll"]["max"], e["value"]) for e in tab["entries"]] == [(1, 2, 3), (3, 4, 4), (5, 6, 5)]
    assert [r["used"] for r in tab["provenance"]["readings"]] == [False, True]  # "prima" vs "avanti"


def test_extra_victory_points(game: dict[str, Any]) -> None:
    # 23.2.1 "Evento Blocco (Inverno) -1 | LCU TU/TU-A in Galizia (Estate) +1 | ... +1/-1 | ... -1* | ... +1"
    values = {e["id"]: e["value"] for e in table(game, "vp-extra")["entries"]}
    assert values == {"blocco": -1, "tu-in-galizia": 1, "gerusalemme-per-natale": "+1/-1", "mo-cp": "-1*", "mo-ap": 1}


def test_column_shifts(game: dict[str, Any]) -> None:
    values = {e["id"]: (e["value"], e.get("applies_to")) for e in table(game, "spostamenti-di-colonna")["entries"]}
    assert values["montagna"] == (-1, "attacker")        # 12.3.1 "si sposta di uno a sinistra"
    assert values["palude"] == (-1, "attacker")          # 12.3.2
    assert values["deserto"] == (-1, "attacker")         # 12.3.3
    assert values["corso-d-acqua"] == (-1, "attacker")   # 12.3.4
    assert values["trincea-l1-attaccante"] == (-1, "attacker")  # 12.3.5 "si sposta a sinistra"
    assert values["trincea-l1-difensore"] == (1, "defender")    # "quella del difensore si sposta a destra"
    assert values["trincea-l2-attaccante"] == (-2, "attacker")  # "si sposta di due a sinistra"
    assert values["trincea-l2-difensore"] == (1, "defender")    # "solo di una a destra"
    assert values["foresta"][0] == 0                      # 12.3.8 "Le foreste non influenzano la Colonna di Fuoco"


def test_combat_drms_and_clamp(game: dict[str, Any]) -> None:
    # 12.2.8a "+1 Cavalleria, Cammelli, Autoblindo / +1 o +2 Artiglieria Pesante / +1 Alpenkorps / +0, 1 o 2 HQ"
    tab = table(game, "drm-combattimento")
    assert tab["clamp"] == {"min": 1, "max": 6}  # "non può mai essere ridotto a meno di 1 o aumentato a maggiore di 6"
    values = {e["id"]: e.get("value") for e in tab["entries"]}
    assert (values["cavalleria"], values["artiglieria-pesante"], values["alpenkorps"], values["hq"]) == (1, "+1 o +2", 1, "+0, 1 o 2")


def test_fire_tables_hold_only_the_stated_cells(game: dict[str, Any]) -> None:
    heavy = table(game, "fuoco-pesante")
    cols = [c["label"] for c in heavy["columns"]]
    # 12.8 "colonna 6-8 della Tabella del Fuoco Pesante ... risultato netto di 5 ... numero di perdite pari a 5"
    assert heavy["cells"][5 - 1][cols.index("6-8")] == 5
    # 12.8 "tirando sulla colonna 2 ... aumentato a 5 ... Numero di Perdite pari a 3"
    assert heavy["cells"][5 - 1][cols.index("2")] == 3
    assert sum(cell is not None for row in heavy["cells"] for cell in row) == 2
    light = table(game, "fuoco-leggero")
    assert "cells" not in light and set(light["missing"]) == {"columns", "cells"}


def test_thresholds(game: dict[str, Any]) -> None:
    # 12.4.3 "Se il tiro di dado modificato è 4 o più, l'Attacco di Fianco ha successo"
    assert entry(table(game, "attacco-di-fianco"), "Successo: l'attaccante risolve il passo 8 per primo")["roll"] == {"min": 4}
    # 15.4.2 "Se vi è una LCU nello spazio, la Trincea viene costruita con un tiro di dado di 1–3."
    assert entry(table(game, "costruzione-trincee"), "Con una LCU nello spazio: costruita")["roll"] == {"min": 1, "max": 3}
    # 23.3.3 "Stato di Guerra è 4 o superiore"; 23.3.4 "11 o superiore"
    values = [e["value"] for e in table(game, "impegno-bellico")["entries"]]
    assert values == [4, 11]
    # 11.1.2 "1 Punto SR per SR di una SCU ... 4 Punti SR per SR una LCU"
    costs = {e["label"]: e["value"] for e in table(game, "costi-sr")["entries"]}
    assert costs["LCU (a piena forza o ridotta)"] == 4
    assert costs["SCU (a piena forza o ridotta), HQ o Artiglieria Pesante"] == 1


def test_missing_player_aid_tables_are_marked_missing(game: dict[str, Any]) -> None:
    for ident in ("tec", "costi-rp", "vp-armistizio"):
        tab = table(game, ident)
        assert tab["provenance"]["status"] == "missing" and "entries" not in tab


# --- turns, sequence, rules, scenarios --------------------------------------------------


def test_turn_track(game: dict[str, Any]) -> None:
    turns = game["turns"]
    assert turns["count"] == 17
    labels = {l["turn"]: l["label"] for l in turns["labels"]}
    assert labels[1] == "Autunno 1914"   # 5.1.1 "Nel turno 1 (autunno 1914)"
    assert labels[2] == "Inverno 1915"   # 23.3.2 "turno dell'Inverno 1915 (turno 2)"
    assert labels[17] == "Autunno 1918"  # 24.2.2 "turno dell'Autunno 1918"
    notes = {(n["turn"], n["text"]) for n in turns["notes"]}
    # fragment "Winter, 1915 2 Blockade VP? ... Winter, 1916 6 No Invasions. Blockade VP?"
    assert (2, "Blockade VP?") in notes and (6, "No Invasions. Blockade VP?") in notes


def test_sequence_of_play(game: dict[str, Any]) -> None:
    seq = game["sequence"]
    assert [p["name"][:2] for p in seq] == ["A.", "B.", "C.", "D.", "E.", "F.", "G.", "H.", "I."]
    ar = seq[1]["phases"][0]
    # 6.1.1 "sei Round di Azione ... il Giocatore AP inizia ogni volta per primo"
    assert (ar["repeat"], ar["order"], len(ar["actions"])) == (6, ["ap", "cp"], 5)
    # 23.1 "questo non viene controllato al primo turno (autunno 1914)"
    assert by_id(seq[5]["phases"], "f4-impegno-bellico")["when"] == {"not_turns": [1]}
    # 4.0 G "Il giocatore AP prende i rimpiazzati prima del giocatore CP."
    assert seq[6]["order"] == ["ap", "cp"]


def test_stacking_rules(game: dict[str, Any]) -> None:
    # 8.1.1 "Un massimo di tre Unità Combattenti"; 8.1.3 "in uno spazio può trovarsi solo un HQ"
    assert rule(game, "raggruppamento-spazi")["limit"] == 3
    assert rule(game, "un-hq-per-spazio")["limit"] == 1
    regions = rule(game, "raggruppamento-regioni")
    assert "limit" not in regions and regions["unlimited"] is True  # 8.1.2 "Qualsiasi numero di unità"
    # Glossario "Base su Isola: Lemnos, Bahrain e Cipro ... possono contenere un qualsiasi numero di unità AP"
    assert {"lemnos", "cipro", "bahrein"} <= set(regions["target"]["spaces"])


def test_lcu_rules_filter_by_counter_size_class(game: dict[str, Any]) -> None:
    # 9.8.3 "# massimo di LCU per giocatore"; 19.7.1 "Solo le SCU CP possono entrare nell'Afghanistan neutrale"
    # 3.2.2 "Unità Combattenti Grandi (LCU): Sono rappresentate da pedine da 5/8 pollice": a counter size class,
    # so the SB and RO LCUs (whose printed size the text does not give) are caught too
    for ident in ("limite-lcu-aree-ristrette", "afghanistan-neutrale-lcu-cp", "paludi-lcu-tu-bu", "tu-lcu-galizia"):
        assert rule(game, ident)["pieces"]["size_classes"] == ["LCU"], ident
    pieces = {p["id"]: p for p in game["pieces"]}
    assert pieces["sb-lcu"]["size_class"] == "LCU" and pieces["ro-lcu"]["size_class"] == "LCU"


def test_victory_thresholds(game: dict[str, Any]) -> None:
    # 24.2.1 "Il giocatore AP vince se il livello VP totale è 0 o inferiore" / "20 o superiore"
    victory = {v["id"]: v for v in by_id(game["scenarios"], "campagna")["victory"]}
    assert victory["vittoria-automatica-ap"]["at_most"] == 0
    assert victory["vittoria-automatica-cp"]["at_least"] == 20


def test_scenario_placements_and_starts(game: dict[str, Any]) -> None:
    campaign = by_id(game["scenarios"], "campagna")
    placed = {(p["piece"], p["at"].get("space") or p["at"].get("track")) for p in campaign["setup"]}
    # 15.4.4 "La trincea di livello 2 preimpostata a Doiran nello scenario del 1914"
    assert ("trincea-l2", "doiran") in placed
    # 5.1.1 "Nel turno 1 (autunno 1914), entrambi i giocatori iniziano automaticamente con MO RU."
    assert {("mo-cp", "tabella-mo"), ("mo-ap", "tabella-mo")} <= placed
    levels = game["tracks"][[t["id"] for t in game["tracks"]].index("impegno-bellico")]["labels"]
    # 23.3.1 "iniziano gli scenari del 1914 ... con la Mobilitazione" / "lo scenario del 1916 in Guerra Totale"
    for ident, level in (("campagna", "Mobilitazione"), ("guerra-limitata-1914", "Mobilitazione"), ("guerra-totale-1916", "Guerra Totale")):
        starts = [levels[t["value"]] for t in by_id(game["scenarios"], ident)["track_start"] if t["track"] == "impegno-bellico"]
        assert starts == [level, level]


def test_start_control_of_the_1914_map(game: dict[str, Any]) -> None:
    # 19.6.3 "Nel 1914, l'Azerbaigian era controllato dalla Russia"; 10.4 "la neutrale Hamadan"; 7.7.6 "nella neutrale Salonicco"
    assert space(game, "hamadan")["properties"]["controllo_1914"] == "neutrale"
    assert space(game, "salonicco")["properties"]["controllo_1914"] == "neutrale"
    assert space(game, "atene")["properties"]["controllo_1914"] == "neutrale"
    for ident in ("costantinopoli", "erzurum", "van", "gerusalemme"):
        assert space(game, ident)["control"] == "cp"
    for ident in ("cairo", "tiflis", "india", "lemnos"):
        assert space(game, ident)["control"] == "ap"


def test_no_invasions_in_winter_turns(game: dict[str, Any]) -> None:
    # 13.1.3 "Durante l'Inverno, le carte Invasione non possono essere giocate"; turn-track "No Invasions"
    winters = sorted(l["turn"] for l in game["turns"]["labels"] if l["label"].startswith("Inverno"))
    assert winters == [2, 6, 10, 14]
    assert rule(game, "invasioni")["when"]["not_turns"] == winters


def test_optional_rules_of_chapter_25(game: dict[str, Any]) -> None:
    # "25.0 Regole Opzionali": 25.1 Variante Fuori Rifornimento (OOS) ... 25.10 Parvus variabile
    optional = {r["section"]: r for r in game["rules"] if r.get("optional")}
    assert sorted(optional, key=lambda s: int(s.split(".")[1])) == [f"25.{n}" for n in range(1, 11)]
    # 25.7 "Se entrambi i giocatori sono d'accordo, possono usare una mano da otto carte."
    assert rule(game, "opzionale-mani-otto-carte")["value"] == 8
    # 25.6 "il difensore viene penalizzato immediatamente di 1 VP" — Jerusalem only
    assert rule(game, "opzionale-gerusalemme")["target"]["spaces"] == ["gerusalemme"]
    # the standard rules stay standard
    assert not rule(game, "raggruppamento-spazi").get("optional")
