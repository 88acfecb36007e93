"""Before and around a game: the decks and the record (session), a new game set up by voice,
the saved games offered at start-up and resumed, team names, and saving when the disk fails."""
