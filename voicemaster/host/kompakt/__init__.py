"""The kompakt rule set's dialogue: one hidden token a round, blind zwaps, stakes, first to 20."""
