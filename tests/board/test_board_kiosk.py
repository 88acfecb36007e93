"""The Pi installer's --kiosk option: the board opens full-screen on HDMI only when a screen is
attached (scripts/board-kiosk reads the kernel's connector status), and the installer writes
and enables the unit that starts it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def check(drm: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "VOICEMASTER_DRM": str(drm)}
    command = [str(ROOT / "scripts" / "board-kiosk"), "--check"]
    return subprocess.run(command, env=env, text=True, capture_output=True, timeout=30)


def test_the_kiosk_opens_only_with_a_screen_attached(tmp_path: Path) -> None:
    connector = tmp_path / "card1-HDMI-A-1"
    connector.mkdir()
    assert check(tmp_path).returncode == 1  # no status at all: no screen
    (connector / "status").write_text("disconnected\n")
    found = check(tmp_path)
    assert found.returncode == 1 and "no screen" in found.stdout
    (connector / "status").write_text("connected\n")
    found = check(tmp_path)
    assert found.returncode == 0 and "attached" in found.stdout


def test_the_installer_writes_and_enables_the_kiosk_unit() -> None:
    command = [str(ROOT / "scripts" / "install-pi.sh"), "--dry-run", "--kiosk", "--no-service"]
    done = subprocess.run(command, text=True, capture_output=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "would write /etc/systemd/system/voicemaster-board.service" in out
    assert f"ExecStart={ROOT}/scripts/board-kiosk" in out
    assert "would run: systemctl enable voicemaster-board.service" in out
    assert "cage" in out
    plain = subprocess.run(command[:2], text=True, capture_output=True, timeout=120, cwd=ROOT)
    assert "voicemaster-board.service" not in plain.stdout
