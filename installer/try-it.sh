#!/bin/sh
# SPDX-License-Identifier: MIT
# For a newcomer without Sparks: installs what is needed, builds the app, starts
# an emulated three-Spark ring (tests/sparklab, needs root through sudo) and
# launches Spark Companion. `tests/sparklab/sparklab down --name demo` removes
# the emulated cluster again.
set -eu
cd "$(dirname "$0")/.."

./installer/install-deps.sh
cmake --preset default
cmake --build --preset default

as_root=""
[ "$(id -u)" -eq 0 ] || as_root="sudo"
$as_root tests/sparklab/sparklab down --name demo >/dev/null 2>&1 || true
$as_root tests/sparklab/sparklab up ring3 --name demo
$as_root tests/sparklab/sparklab status --name demo

echo
echo "Three emulated Sparks are running. In Spark Companion choose 'Add a Spark' with the"
echo "addresses, user and password shown above, then 'Set up a cluster'."
exec build/default/app/spark-companion
