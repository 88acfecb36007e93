"""One data folder for saved games, the question history and the log, whatever the current
folder: --data, else $VOICEMASTER_DATA, else the config file's data, else XDG's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.cli import play
from tests.helpers.host import DECK
from voicemaster.cli import main


def test_resume_finds_the_game_from_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir(), there.mkdir()
    monkeypatch.chdir(here)
    assert play(monkeypatch, "keep\nkeep\nquit\n", "--teams", "2", "--deck", str(DECK)) == 0
    saved = Path(json.loads(capsys.readouterr().out.strip().splitlines()[-1])["record"])
    assert saved.parent == tmp_path / "games" and not (here / "games").exists()
    assert (tmp_path / "voicemaster.log").exists()  # the crash log lives there too
    monkeypatch.chdir(there)
    assert play(monkeypatch, "quit\n", "--resume") == 0
    out = capsys.readouterr().out
    assert "Welcome back" in out and json.loads(out.strip().splitlines()[-1])["record"] == str(
        saved
    )


def test_the_flag_the_environment_and_the_config_file_choose_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('data = "from-config"\n')
    monkeypatch.setenv("VOICEMASTER_CONFIG", str(config))
    monkeypatch.delenv("VOICEMASTER_DATA")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    args = ["--teams", "2", "--deck", str(DECK)]
    assert play(monkeypatch, "keep\nkeep\nquit\n", *args) == 0
    assert len(list((tmp_path / "from-config" / "games").glob("*.jsonl"))) == 1
    monkeypatch.setenv("VOICEMASTER_DATA", str(tmp_path / "from-env"))
    assert play(monkeypatch, "keep\nkeep\nquit\n", *args) == 0
    assert len(list((tmp_path / "from-env" / "games").glob("*.jsonl"))) == 1
    flag = tmp_path / "from-flag"
    assert play(monkeypatch, "keep\nkeep\nquit\n", *args, "--data", str(flag)) == 0
    assert len(list((flag / "games").glob("*.jsonl"))) == 1
    capsys.readouterr()
    assert main(["games", "--json", "--data", str(flag)]) == 0
    assert json.loads(capsys.readouterr().out)["folder"] == str(flag / "games")
    assert not (tmp_path / "home").exists()


def test_a_bad_config_file_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("data = [1, 2\n")
    monkeypatch.setenv("VOICEMASTER_CONFIG", str(config))
    assert main(["games"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"voicemaster: {config}: not valid TOML") and err.count("\n") == 1
    config.write_text('games = "x"\n')
    assert main(["games"]) == 2
    assert "unknown setting 'games'" in capsys.readouterr().err


def test_the_order_of_the_choices() -> None:
    from voicemaster.places import ConfigError, choose_data, config_path, parse_config

    home, config = Path("/home/pi"), Path("/etc/vm/config.toml")
    env = {"VOICEMASTER_DATA": "/srv/env"}
    assert choose_data("/srv/flag", env, {"data": "c"}, config, home) == Path("/srv/flag")
    assert choose_data(None, env, {"data": "c"}, config, home) == Path("/srv/env")
    assert choose_data(None, {}, {"data": "c"}, config, home) == Path("/etc/vm/c")
    assert choose_data(None, {}, {}, config, home) == home / ".local/share/voicemaster"
    xdg = {"XDG_DATA_HOME": "/xdg"}
    assert choose_data(None, xdg, {}, config, home) == Path("/xdg/voicemaster")
    assert config_path({}, home) == home / ".config/voicemaster/config.toml"
    assert parse_config('data = "/d"', config) == {"data": "/d"}
    with pytest.raises(ConfigError):
        parse_config("data = 3", config)
