#!/bin/sh
# SPDX-License-Identifier: MIT
# Every C++ file follows the repository's .clang-format, except the files in
# not-yet-formatted.txt (the tree as it was when the configuration was
# measured): a new or changed file is held to it, and the list only shrinks.
# Fails on an unformatted file outside the list (saying how to fix it) and on
# a listed file that is formatted now (take it off the list). Formatting that
# nothing checks drifts: 309 of 439 files had not followed the old file.
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

list=tests/format/not-yet-formatted.txt
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    files=$(git ls-files '*.cpp' '*.h')
else
    files=$(find core ui app tests -name '*.cpp' -o -name '*.h' | sort)
fi

failed=0
checked=0
listed=0
for file in $files; do
    [ -f "$file" ] || continue
    checked=$((checked + 1))
    if grep -qxF "$file" "$list"; then
        listed=$((listed + 1))
        if "$formatter" --dry-run --Werror "$file" >/dev/null 2>&1; then
            echo "$file is formatted now: take it off $list"
            failed=$((failed + 1))
        fi
    elif ! "$formatter" --dry-run --Werror "$file" >/dev/null 2>&1; then
        echo "$file is not formatted: $formatter -i $file"
        failed=$((failed + 1))
    fi
done
echo "$checked files checked ($listed still listed as not yet formatted), $failed to fix ($("$formatter" --version))"
[ "$failed" -eq 0 ]
