"""Spaces joined by links (roads, railways, straits): point-to-point movement."""

from converter.model.boardkinds.kind import BoardKind, Drawing

KIND = BoardKind("network", hex_grid=False, on_map=True, needs_spaces=True, spaces=Drawing.NODES)
