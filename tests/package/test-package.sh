#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the .deb, lints it with Debian's lintian (any error or warning fails),
# checks its metadata and desktop files, extracts it into a scratch root and
# runs the programs there; then, as root, installs it with apt as a user would,
# starts both programs from /usr/bin and removes it again, checking that
# nothing of it is left.
set -eu
build_dir=$1
source_dir=$2
scratch=$(mktemp -d)
installed_by_us=""
cleanup() {
    if [ -n "$installed_by_us" ]; then
        DEBIAN_FRONTEND=noninteractive apt-get remove -y -q spark-companion >/dev/null 2>&1 || true
    fi
    rm -rf "$scratch"
}
trap cleanup EXIT

fail() { echo "package test: $*" >&2; exit 1; }

rm -rf "$build_dir/packages"
(cd "$build_dir" && cpack -G DEB) >"$scratch/cpack.log" 2>&1 || { cat "$scratch/cpack.log"; fail "cpack failed"; }
deb=$(ls "$build_dir"/packages/spark-companion_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || fail "no .deb was produced"
echo "built $deb ($(du -k "$deb" | cut -f1) KiB, installed size $(dpkg-deb -f "$deb" Installed-Size) KiB)"
dbgsym=$(ls "$build_dir"/packages/spark-companion-dbgsym_*.ddeb 2>/dev/null | head -n 1)
[ -n "$dbgsym" ] || fail "no debug symbol package (spark-companion-dbgsym) was produced"
echo "built $dbgsym ($(du -k "$dbgsym" | cut -f1) KiB)"

# Debian's own checks: stripped binaries, copyright, changelog, description,
# manual pages… Overrides, each with its reason, live in the package itself.
command -v lintian >/dev/null 2>&1 || fail "lintian is not installed (installer/install-deps.sh installs it)"
lintian --fail-on error,warning --display-level ">=warning" "$deb" || fail "lintian found errors or warnings in $deb"
echo "lintian: no errors or warnings"

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
    "usr/share/icons/hicolor/256x256/apps/$app_id.png" \
    usr/share/doc/spark-companion/copyright usr/share/doc/spark-companion/changelog.Debian.gz \
    usr/share/man/man1/sparkctl.1.gz usr/share/man/man1/spark-companion.1.gz \
    usr/share/bash-completion/completions/sparkctl usr/share/zsh/vendor-completions/_sparkctl \
    usr/share/fish/vendor_completions.d/sparkctl.fish; do
    [ -e "$scratch/root/$file" ] || fail "the package lacks /$file"
done

# The manual pages render without a warning from man (as lintian reads them).
for page in sparkctl spark-companion; do
    rendered=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$scratch/root/usr/share/man/man1/$page.1.gz" 2>"$scratch/man.err") \
        || fail "man -l could not render $page(1)"
    [ ! -s "$scratch/man.err" ] || { cat "$scratch/man.err"; fail "man warns about $page(1)"; }
    echo "$rendered" | grep -q "^NAME" || fail "$page(1) has no NAME section"
    echo "$rendered" | grep -q "^ *$page  *- " || fail "$page(1)'s NAME line does not name $page"
done
echo "manual pages: sparkctl(1) and spark-companion(1) render"

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

# As a user would: apt installs it with its dependencies, both programs start
# from /usr/bin, and apt removes it without leaving a file behind.
if [ "$(id -u)" -ne 0 ]; then
    echo "package test: not root, so installing with apt (and removing again) is skipped here; CI runs it as root."
    echo "package test: passed (without the apt install)"
    exit 0
fi
if dpkg-query -W -f='${Status}' spark-companion 2>/dev/null | grep -q 'install ok installed'; then
    fail "spark-companion is already installed on this machine; remove it (apt remove spark-companion) before the test"
fi
installed_by_us=yes
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >"$scratch/apt.log" 2>&1 \
    || { cat "$scratch/apt.log"; fail "apt install $deb failed"; }
dpkg-query -L spark-companion | sort >"$scratch/files"
[ "$(command -v sparkctl)" = /usr/bin/sparkctl ] || fail "sparkctl is not /usr/bin/sparkctl after the install"
/usr/bin/sparkctl --version | grep -q "^sparkctl " || fail "/usr/bin/sparkctl --version failed"
/usr/bin/spark-companion --version | grep -q "0\." || fail "/usr/bin/spark-companion --version failed"
home=$(mktemp -d -p "$scratch")
HOME=$home XDG_CONFIG_HOME=$home/.config QT_QPA_PLATFORM=offscreen \
    timeout 30 /usr/bin/spark-companion --quit-after 1500 || fail "/usr/bin/spark-companion did not start and quit cleanly"
LC_ALL=C.UTF-8 man -w sparkctl | grep -q "^/usr/share/man/man1/sparkctl.1.gz$" || fail "man does not find sparkctl(1)"
completed=$(bash -c '. /usr/share/bash-completion/completions/sparkctl; COMP_WORDS=(sparkctl dev); COMP_CWORD=1; _sparkctl; echo "${COMPREPLY[*]}"')
[ "$completed" = device ] || fail "bash does not complete 'sparkctl dev' to 'device' with the installed completion ($completed)"
echo "apt install: both programs run from /usr/bin; man sparkctl and bash completion work"

DEBIAN_FRONTEND=noninteractive apt-get remove -y -q spark-companion >"$scratch/apt.log" 2>&1 \
    || { cat "$scratch/apt.log"; fail "apt remove spark-companion failed"; }
installed_by_us=""
if dpkg-query -W -f='${Status}' spark-companion 2>/dev/null | grep -q 'installed'; then
    fail "spark-companion is still listed by dpkg after apt remove: $(dpkg-query -W -f='${Status}' spark-companion)"
fi
while read -r file; do
    if [ -d "$file" ]; then continue; fi # shared directories (/usr/bin, /usr/share/…) stay
    if [ -e "$file" ]; then fail "$file is left after apt remove"; fi
done <"$scratch/files"
if [ -e /usr/share/doc/spark-companion ]; then fail "/usr/share/doc/spark-companion is left after apt remove"; fi
echo "apt remove: nothing of the package is left"
echo "package test: passed"
