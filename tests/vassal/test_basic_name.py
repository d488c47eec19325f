"""The Basic Name trait (`basicName;`): VASSAL's BasicPiece asks the outermost trait for its
basic name, so the outermost Basic Name gives the name the other traits work on, wherever it
sits in the chain (Nevsky's Lords: `basicName;Aleksandr - Prince of Novgorod` over a
BasicPiece with no name)."""

from __future__ import annotations

from converter.vassal.traits import decode_piece
from converter.vassal.traits.piece import decode_shown, shown_name

LAYER = ("emb2;;128;;Flip;128;;;128;;;;1;false;0;0;a.png,b.png;,+ (reduced);true;Step;;;false;;"
         "1;1;true;;70,130;;;1.0;;true")


def test_a_basic_name_inside_a_layer_names_the_piece() -> None:
    type_text = LAYER + "\tbasicName;Aleksandr\\\tpiece;;;a.png;"
    state_text = "2\t\\\tnull;0;0;17;0"
    piece = decode_piece(type_text, state_text)
    assert piece.name == "Aleksandr (reduced)"
    assert decode_shown(type_text, state_text).name == shown_name(type_text, state_text) \
        == "Aleksandr (reduced)"
    assert piece.encode() == (type_text, state_text)  # kept as written


def test_a_basic_name_outside_a_layer_still_gives_the_name_the_layer_works_on() -> None:
    # VASSAL: the Layer asks the BasicPiece, which asks the outermost trait: 'Aleksandr',
    # then the Layer adds its level; the BasicPiece's own name 'stub' is never shown
    type_text = "basicName;Aleksandr\t" + LAYER + "\\\tpiece;;;a.png;stub"
    state_text = "\t2\\\tnull;0;0;17;0"
    assert decode_piece(type_text, state_text).name == "Aleksandr (reduced)"
    assert shown_name(type_text, state_text) == "Aleksandr (reduced)"
    two = "basicName;Outer\tbasicName;Inner\\\tpiece;;;a.png;stub"
    assert decode_piece(two, "\t\\\tnull;0;0;17;0").name == "Outer"


def test_a_label_s_name_format_refers_to_the_basic_name() -> None:
    # Inferno's Lords: a label always used, its name format `$BasicName$`, over a nameless
    # BasicPiece; VASSAL's Labeler reads the format against the whole piece
    type_text = ("basicName;Siena - Podestà\tlabel;;;10;;0,0,0;t;0;c;0;b;c;$BasicName$ (Mat);"
                 "Dialog;0;0;TextLabel;;true\\\tpiece;;;a.png;")
    state_text = "\t\\\tnull;0;0;17;0"
    assert decode_piece(type_text, state_text).name == "Siena - Podestà (Mat)"
    assert decode_shown(type_text, state_text).name == shown_name(type_text, state_text) \
        == "Siena - Podestà (Mat)"
    # the label text is a format too; a property no naming trait answers stays as written
    text = ("label;;;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;;false"
            "\tpiece;;;a.png;Lord")
    assert decode_piece(text, "$BasicName$ of $Side$\tnull;0;0;17;0").name \
        == "Lord (Lord of $Side$)"
