"""Off-map holding boxes and tracks (reserve, eliminated, reinforcements): not the map."""

from converter.model.boardkinds.kind import BoardKind, Drawing

KIND = BoardKind("boxes", hex_grid=False, on_map=False, needs_spaces=True, spaces=Drawing.BOXES)
