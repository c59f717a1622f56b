#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the .deb, checks its metadata and desktop files, installs it into a
# scratch root and runs the installed programs: sparkctl and spark-companion
# answer --version, and the GUI starts offscreen and quits cleanly.
set -eu
build_dir=$1
source_dir=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "package test: $*" >&2; exit 1; }

rm -rf "$build_dir/packages"
(cd "$build_dir" && cpack -G DEB) >"$scratch/cpack.log" 2>&1 || { cat "$scratch/cpack.log"; fail "cpack failed"; }
deb=$(ls "$build_dir"/packages/spark-companion_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || fail "no .deb was produced"
echo "built $deb"

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
echo "$depends" | grep -q "openssh-client" || fail "Depends lacks openssh-client (ssh-keygen)"

dpkg-deb -x "$deb" "$scratch/root"

# Every shared library the programs load must come from a package in Depends.
for binary in "$scratch/root/usr/bin/spark-companion" "$scratch/root/usr/bin/sparkctl"; do
    for library in $(readelf -d "$binary" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'); do
        path=$(ldconfig -p | awk -v lib="$library" '$1 == lib { print $NF; exit }')
        [ -n "$path" ] || fail "$library, needed by $(basename "$binary"), is not installed"
        package=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -n 1 | cut -d: -f1)
        [ -n "$package" ] || package=$(dpkg -S "$path" 2>/dev/null | head -n 1 | cut -d: -f1)
        [ -n "$package" ] || fail "no package owns $path"
        echo "$depends" | grep -q "$package" || fail "Depends lacks $package (for $library)"
    done
done
app_id=io.github.spark_companion.SparkCompanion
for file in usr/bin/spark-companion usr/bin/sparkctl \
    "usr/share/applications/$app_id.desktop" "usr/share/metainfo/$app_id.metainfo.xml" \
    "usr/share/icons/hicolor/scalable/apps/$app_id.svg" "usr/share/icons/hicolor/48x48/apps/$app_id.png" \
    "usr/share/icons/hicolor/256x256/apps/$app_id.png"; do
    [ -e "$scratch/root/$file" ] || fail "the package lacks /$file"
done

desktop-file-validate "$scratch/root/usr/share/applications/$app_id.desktop" || fail "the .desktop file is invalid"
if command -v appstreamcli >/dev/null 2>&1; then
    appstreamcli validate --no-net --pedantic "$scratch/root/usr/share/metainfo/$app_id.metainfo.xml" \
        || fail "the AppStream metainfo is invalid"
fi

version=$("$scratch/root/usr/bin/spark-companion" --version) || fail "installed spark-companion --version failed"
echo "$version" | grep -q "0\." || fail "unexpected version output: $version"
"$scratch/root/usr/bin/sparkctl" --version | grep -q "^sparkctl " || fail "installed sparkctl --version failed"

home=$(mktemp -d -p "$scratch")
HOME=$home XDG_CONFIG_HOME=$home/.config QT_QPA_PLATFORM=offscreen \
    timeout 30 "$scratch/root/usr/bin/spark-companion" --quit-after 1500 || fail "the installed GUI did not start and quit cleanly"
echo "package test: passed"
