#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs a command inside what the tests need from a desktop session: a private
# D-Bus session bus with an unlocked gnome-keyring (the real Secret Service
# that QtKeychain talks to). Usage: with-test-session.sh COMMAND [ARGS…]
set -eu
if [ -z "${SPARK_TEST_SESSION:-}" ]; then
    export SPARK_TEST_SESSION=1
    exec dbus-run-session -- "$0" "$@"
fi
keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home/data" XDG_RUNTIME_DIR="$keyring_home/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
# The password on stdin creates and unlocks the default "login" collection.
eval "$(printf 'spark-test-keyring' | gnome-keyring-daemon --unlock --components=secrets --daemonize)"
export GNOME_KEYRING_CONTROL
"$@"
