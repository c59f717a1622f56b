#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs what the tests need, builds, and runs the whole suite in the normal
# build, then the core's tests and the short lab tests in the AddressSanitizer +
# UndefinedBehaviorSanitizer build (docs/testing.md says which and why).
# The sparklab integration tests need root (CI runs as root); elsewhere they
# are skipped with a message saying so.
set -eu
cd "$(dirname "$0")/.."

./installer/install-deps.sh

for preset in default asan; do
    echo "=== $preset: configure and build"
    cmake --preset "$preset"
    cmake --build --preset "$preset"
    echo "=== $preset: test"
    tests/support/with-test-session.sh ctest --preset "$preset"
done
