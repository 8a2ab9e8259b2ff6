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
export PAYDESK_IN_KEYRING_SESSION=1 PAYDESK_REAL_HOME="$HOME"
HOME="$keyring_home" XDG_DATA_HOME="$keyring_home/.local/share" dbus-run-session -- bash -c '
  echo -n "paydesk-test" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  export HOME="$PAYDESK_REAL_HOME"
  exec "$@"
' with-keyring "$@"
