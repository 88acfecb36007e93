"""Where voicemaster keeps its files.

One data folder holds the saved games (``games/``), the simulated games (``simulations/``,
never offered by ``play``), deleted games (``trash/``, until ``games restore``), the crash log
(``voicemaster.log``) and the history of asked questions (``history.json``).  It is chosen in
cli.py, the only reader of argv, the environment and the config file: ``--data DIR``, else
``$VOICEMASTER_DATA``, else ``data`` in the config file, else ``$XDG_DATA_HOME/voicemaster``
(``~/.local/share/voicemaster``).  The functions here take what cli.py read and return a
``Places``, which the commands receive in their settings (:mod:`voicemaster.settings`).
The config file also holds the quizmaster's voice (``voice``, ``rate``, ``volume``, ``car``),
which the command line's flags override.

What ships with voicemaster is found from the package, never from the working folder: the
bundled decks inside an installed wheel (``voicemaster/bundled/decks``, mapped there from the
project's ``decks/`` by setup.py), else in the project folder of a checkout or an editable
install.  Downloaded speech models live in the project's ``models/`` in a checkout, else in
``models/`` in the data folder (an installed package's folder is no place for downloads).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]  # a checkout's folder (pyproject.toml, decks/)
DATA_ENV = "VOICEMASTER_DATA"
CONFIG_ENV = "VOICEMASTER_CONFIG"
Setting = str | int | float | bool
RATE_RANGE = (80, 450)  # words per minute, for --rate and the config file alike
VOLUME_RANGE = (0.0, 1.0)
# each key: its type, what it must be (said when it is not), the range of a number (as the flag's)
CONFIG_KEYS: dict[str, tuple[type, str, tuple[float, float] | None]] = {
    "data": (str, "a folder name in quotes", None),
    "voice": (str, 'a voice in quotes ("piper", "espeak", "piper:NAME")', None),
    "rate": (int, "a whole number of words per minute", RATE_RANGE),
    "volume": (float, "a number", VOLUME_RANGE),
    "car": (bool, "true or false", None),
}


class ConfigError(Exception):
    """A config file that cannot be used (the message names the file and why)."""


@dataclass(frozen=True)
class Places:
    """The data folder and what lives in it."""

    data: Path

    @property
    def games(self) -> Path:
        return self.data / "games"

    @property
    def simulations(self) -> Path:
        return self.data / "simulations"

    @property
    def trash(self) -> Path:
        return self.data / "trash"

    @property
    def log(self) -> Path:
        return self.data / "voicemaster.log"

    @property
    def history(self) -> Path:
        return self.data / "history.json"


def bundled_decks() -> Path:
    """The folder of the decks that ship with voicemaster (see the module's docstring)."""
    packaged = Path(str(resources.files("voicemaster"))) / "bundled" / "decks"
    return packaged if packaged.is_dir() else PROJECT / "decks"


def models_folder(data: Path) -> Path:
    """Where downloaded speech models live: the project's ``models/`` in a checkout, else
    ``models/`` in the data folder ``data``."""
    return PROJECT / "models" if (PROJECT / "pyproject.toml").is_file() else data / "models"


def config_path(environ: Mapping[str, str], home: Path) -> Path:
    """``$VOICEMASTER_CONFIG``, else ``$XDG_CONFIG_HOME/voicemaster/config.toml``."""
    if environ.get(CONFIG_ENV):
        return Path(environ[CONFIG_ENV]).expanduser()
    return _xdg(environ, "XDG_CONFIG_HOME", home / ".config") / "voicemaster" / "config.toml"


def parse_config(text: str, where: Path) -> dict[str, Setting]:
    """The settings of a config file (TOML: ``data = "/srv/voicemaster"``, ``rate = 150``)."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML: {exc}") from None
    unknown = sorted(set(table) - set(CONFIG_KEYS))
    if unknown:
        known = ", ".join(CONFIG_KEYS)
        raise ConfigError(f"{where}: unknown setting {unknown[0]!r} (known: {known})")
    return {key: _setting(key, value, where) for key, value in table.items()}


def _setting(key: str, value: object, where: Path) -> Setting:
    kind, what, limits = CONFIG_KEYS[key]
    if kind is str and isinstance(value, str) and value.strip():
        return value
    if kind is bool and isinstance(value, bool):
        return value
    fits = kind is float or (kind is int and isinstance(value, int))
    if fits and isinstance(value, int | float) and not isinstance(value, bool):
        if limits is not None and not limits[0] <= value <= limits[1]:
            raise ConfigError(f"{where}: {key} must be from {limits[0]:g} to {limits[1]:g}")
        return float(value) if kind is float else int(value)
    raise ConfigError(f"{where}: {key} must be {what}")


def choose_data(
    flag: str | None,
    environ: Mapping[str, str],
    config: Mapping[str, Setting],
    config_file: Path,
    home: Path,
) -> Path:
    """The data folder: the flag, the environment, the config file, the XDG default.  A relative
    folder in the config file is taken from the config file's folder."""
    if flag:
        return Path(flag).expanduser().resolve()
    if environ.get(DATA_ENV):
        return Path(environ[DATA_ENV]).expanduser().resolve()
    data = config.get("data")
    if isinstance(data, str) and data:
        return (config_file.parent / Path(data).expanduser()).resolve()
    return _xdg(environ, "XDG_DATA_HOME", home / ".local" / "share") / "voicemaster"


def _xdg(environ: Mapping[str, str], name: str, default: Path) -> Path:
    value = environ.get(name, "")
    return Path(value) if value and Path(value).is_absolute() else default
