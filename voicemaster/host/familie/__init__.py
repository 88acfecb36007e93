"""The familie rule set's dialogue: children's and adults' teams, options read out, adults
answering first (privately)."""
