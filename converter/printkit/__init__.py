"""Print-and-play kits: counter sheets with duplex backs, reference cards and card decks as PDF."""
