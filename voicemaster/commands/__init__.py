"""The command handlers, one module per command (or group): each receives the frozen settings
``voicemaster.cli`` made from argv, the config file and the environment, and returns the exit
status.  The layers below (host, decks, speech, judge, board) never import from here.

- ``arguments``: the parser's arguments, declared per command
- ``play`` (with ``play_start``: which game, ``play_flags``: flags checked first), ``simulate``,
  ``games``, ``replay``
- ``deck`` (check, import, stats, tag), ``judge``
- ``hear`` (hear, spot), ``say`` (say, devices), ``model`` (download, list)
"""
