#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with gnome-keyring's Secret Service unlocked, so that
# tests use a real OS keychain (the same API @napi-rs/keyring uses on a Linux desktop) without touching
# the user's own. HOME points at a temporary folder for the keyring's files.
set -euo pipefail
if [ "${PAYDESK_IN_KEYRING_SESSION:-}" = 1 ]; then exec "$@"; fi
for tool in dbus-run-session gnome-keyring-daemon; do
  command -v "$tool" >/dev/null || { echo "with-keyring: $tool is missing (Debian: apt-get install dbus gnome-keyring)" >&2; exit 1; }
done
keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
# If the daemon dies (gnome-keyring-daemon 42 can, when a client is SIGKILLed in the middle of a call, as the
# drills do), the session bus starts a new one on the next request. By default that one starts locked and asks
# for the password through a desktop prompt there is none of, and every later keychain call fails. Here, as a
# desktop session's login would, it is unlocked with the same password, over the same keyring files.
services="$keyring_home/.local/share/dbus-1/services"
mkdir -p "$services"
cat >"$services/org.freedesktop.secrets.service" <<'SERVICE'
[D-BUS Service]
Name=org.freedesktop.secrets
Exec=/bin/sh -c 'echo -n paydesk-test | exec gnome-keyring-daemon --unlock --components=secrets --foreground'
SERVICE
export PAYDESK_IN_KEYRING_SESSION=1 PAYDESK_REAL_HOME="$HOME"
HOME="$keyring_home" XDG_DATA_HOME="$keyring_home/.local/share" dbus-run-session -- bash -c '
  echo -n "paydesk-test" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  export HOME="$PAYDESK_REAL_HOME"
  exec "$@"
' with-keyring "$@"
