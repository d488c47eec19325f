"""A front cut into sectors: boxes on the map that pieces move between, each big enough for a
stack (drawn, built and printed as boxes, but on the map, unlike off-map holding boxes)."""

from converter.model.boardkinds.kind import BoardKind, Drawing

KIND = BoardKind("sectors", hex_grid=False, on_map=True, needs_spaces=True, spaces=Drawing.BOXES)
