"""Helpers shared by the tests, in one place: ``cli`` (running commands as a player would),
``host`` (scripted tables for the dialogue), ``board`` (the live board's pages and phones),
``rules`` (games set up for the rules' tests)."""
