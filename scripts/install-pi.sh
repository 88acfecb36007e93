#!/usr/bin/env bash
# Sets up voicemaster on a Raspberry Pi (Raspberry Pi OS / Debian): Debian packages, .venv,
# the package, optionally the vosk speech model, the USB microphone and speaker as the sound
# defaults, and a systemd unit that starts a game at boot once a microphone is present.
#
#   scripts/install-pi.sh [--vosk] [--no-service] [--kiosk] [--card N] [--teams N] [--dry-run]
#
#   --vosk        download vosk-model-small-en-us-0.15 into models/ (about 40 MB; --asr vosk)
#   --no-service  do not install the systemd unit
#   --kiosk       also open the live board full-screen on the Pi's HDMI screen when one is
#                 attached (Chromium in kiosk mode inside cage; voicemaster-board.service)
#   --card N      the ALSA card to use for microphone and speaker (default: the first USB card)
#   --teams N     start every boot-time game with N teams (else it asks by voice)
#   --dry-run     print what would be done, change nothing
# Idempotent; run as a user with sudo (or as root).
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=$(pwd)
VOSK=0 SERVICE=1 KIOSK=0 CARD="" TEAMS="" DRY=0
while [ $# -gt 0 ]; do
    case "$1" in
        --vosk) VOSK=1 ;;
        --no-service) SERVICE=0 ;;
        --kiosk) KIOSK=1 ;;
        --card) CARD="$2"; shift ;;
        --teams) TEAMS="$2"; shift ;;
        --dry-run) DRY=1 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "install-pi: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done
USER_NAME=${SUDO_USER:-$(id -un)}
HOME_DIR=$(getent passwd "$USER_NAME" | cut -d: -f6)

run() { if [ "$DRY" -eq 1 ]; then echo "would run: $*"; else "$@"; fi; }
as_root() { if [ "$(id -u)" -eq 0 ]; then run "$@"; else run sudo "$@"; fi; }
write_file() {  # write_file PATH (content on stdin), as root when the folder is not ours
    local path=$1 content
    content=$(cat)
    if [ "$DRY" -eq 1 ]; then printf 'would write %s:\n%s\n' "$path" "$content"; return; fi
    if [ -w "$(dirname "$path")" ]; then printf '%s\n' "$content" >"$path"
    else printf '%s\n' "$content" | as_root tee "$path" >/dev/null; fi
}

echo "== 1. packages, .venv and voicemaster"
run scripts/setup

echo "== 2. speech model"
if [ "$VOSK" -eq 1 ]; then
    run .venv/bin/voicemaster model download --dir models
else
    echo "using Whisper tiny.en (bundled with the package); vosk with --vosk and --asr vosk"
fi

echo "== 3. USB microphone and speaker"
usb_card() { "$1" -l 2>/dev/null | awk -F'[ :]' '/^card/ && tolower($0) ~ /usb/ {print $2; exit}'; }
if [ -z "$CARD" ]; then
    CARD=$(usb_card arecord || true)
    [ -n "$CARD" ] || CARD=$(usb_card aplay || true)
fi
if [ -n "$CARD" ]; then
    echo "sound card $CARD for microphone and speaker (written to $HOME_DIR/.asoundrc)"
    write_file "$HOME_DIR/.asoundrc" <<ASOUND
# written by voicemaster scripts/install-pi.sh: USB card $CARD for playback and capture
pcm.!default {
    type asym
    playback.pcm "plughw:$CARD,0"
    capture.pcm "plughw:$CARD,0"
}
ctl.!default {
    type hw
    card $CARD
}
ASOUND
else
    echo "no USB sound card found now: plug it in and rerun, or pass --card N (see: arecord -l)"
fi

echo "== 4. systemd unit"
if [ "$SERVICE" -eq 1 ]; then
    opts=""
    [ -n "$TEAMS" ] && opts="--teams $TEAMS"
    write_file /etc/default/voicemaster <<DEFAULTS
# options for the boot-time game (see: voicemaster play --help)
VOICEMASTER_OPTS="$opts"
DEFAULTS
    sed -e "/^#/!s|@USER@|$USER_NAME|g" -e "/^#/!s|@DIR@|$DIR|g" scripts/voicemaster.service \
        | write_file /etc/systemd/system/voicemaster.service
    as_root usermod -a -G audio "$USER_NAME"
    as_root systemctl daemon-reload
    as_root systemctl enable voicemaster.service
    echo "the game starts at the next boot; now: sudo systemctl start voicemaster"
fi
echo "== 5. the board on the HDMI screen"
if [ "$KIOSK" -eq 1 ]; then
    # Raspberry Pi OS names Debian's chromium package chromium-browser
    browser=chromium
    if ! apt-cache show chromium >/dev/null 2>&1; then browser=chromium-browser; fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cage "$browser"
    sed -e "/^#/!s|@USER@|$USER_NAME|g" -e "/^#/!s|@DIR@|$DIR|g" scripts/voicemaster-board.service \
        | write_file /etc/systemd/system/voicemaster-board.service
    as_root usermod -a -G video,render,input "$USER_NAME"
    as_root systemctl daemon-reload
    as_root systemctl enable voicemaster-board.service
    scripts/board-kiosk --check || echo "the board opens on the screen once one is attached"
else
    echo "the board is on the network (port 8080); --kiosk also opens it full-screen on HDMI"
fi
echo "done. Play by hand: .venv/bin/voicemaster play   (or --input keyboard --output text)"
