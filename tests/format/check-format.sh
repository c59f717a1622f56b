#!/bin/sh
# SPDX-License-Identifier: MIT
# Every C++ file follows the repository's .clang-format: the check fails on an
# unformatted file and says how to fix it. Formatting that nothing checks
# drifts (it had: 309 of 439 files did not follow the configuration).
# usage: check-format.sh SOURCE_DIR
set -u
source_dir=${1:?usage: check-format.sh SOURCE_DIR}
cd "$source_dir" || exit 1

# Version 14 exactly (Debian 12's, and a package of Ubuntu 24.04 too): another
# version formats some constructs differently.
formatter=clang-format-14
if ! command -v "$formatter" >/dev/null 2>&1; then
    echo "$formatter is missing: run installer/install-deps.sh (it installs it)." >&2
    exit 1
fi

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    files=$(git ls-files '*.cpp' '*.h')
else
    files=$(find core ui app tests -name '*.cpp' -o -name '*.h' | sort)
fi

unformatted=0
checked=0
for file in $files; do
    [ -f "$file" ] || continue
    checked=$((checked + 1))
    if ! "$formatter" --dry-run --Werror "$file" >/dev/null 2>&1; then
        echo "$file is not formatted: $formatter -i $file"
        unformatted=$((unformatted + 1))
    fi
done
echo "$checked files checked, $unformatted not formatted ($("$formatter" --version))"
[ "$unformatted" -eq 0 ]
