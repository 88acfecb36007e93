"""Bezzerwizzer Timeline's rules.  Its actions and events (``types``) are part of every
game's ``Action`` and ``Event``, so this package hands no names on: import its modules."""
