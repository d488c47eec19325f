"""A hex grid, numbered (``grid``), its hexes and hexsides carrying terrain."""

from converter.model.boardkinds.kind import BoardKind, Drawing

KIND = BoardKind("hex", hex_grid=True, on_map=True, needs_spaces=False, spaces=Drawing.NODES)
