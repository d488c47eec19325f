"""Art kept for reuse while pages are drawn, in bounded memory."""

from __future__ import annotations


class BoundedCache(dict):  # type: ignore[type-arg]
    """A dict that forgets its oldest entry past *limit* entries: counter art is reused
    between the copies of a counter on nearby pages, so memory stays flat in the number of
    counters while most reuse is kept."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: object, value: object) -> None:
        if key not in self and len(self) >= self.limit:
            del self[next(iter(self))]
        super().__setitem__(key, value)
