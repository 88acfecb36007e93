"""Command tests: the real command line end to end."""
