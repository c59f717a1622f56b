#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs exactly what Spark Companion needs to build, run and be tested, from
# Debian's (or Ubuntu's) own packages. Idempotent; works as root or through sudo.
set -eu

packages="
  cmake ninja-build g++ pkgconf dpkg-dev file fakeroot
  libyaml-cpp-dev qt6-base-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  libgl-dev libqt6opengl6-dev libssh2-1-dev libssl-dev qtkeychain-qt6-dev
  openssh-client openssh-server iperf3 iproute2 iputils-ping sudo rsync
  python3 python3-yaml netplan.io network-manager openssl
  xvfb xauth dbus dbus-x11 gnome-keyring libsecret-tools
  appstream desktop-file-utils lintian fonts-wqy-microhei
  openmpi-bin libopenmpi-dev git make ansible-core
  man-db groff-base zsh fish clang-format-14
"

missing=""
for package in $packages; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
        missing="$missing $package"
    fi
done
if [ -z "$missing" ]; then
    echo "install-deps: every package is already installed."
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    as_root=""
elif command -v sudo >/dev/null 2>&1; then
    as_root="sudo"
else
    echo "install-deps: installing$missing needs root; run this script as root or install sudo." >&2
    exit 1
fi

echo "install-deps: installing$missing"
$as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q

# NetworkManager is here for the emulated Sparks (tests/sparklab runs it inside
# each node). On a desktop that does not use it already, it must not start
# managing the desktop's own network: installed without starting, and disabled.
guard=""
case " $missing " in
    *" network-manager "*)
        if [ -d /run/systemd/system ] && [ ! -e /usr/sbin/policy-rc.d ]; then
            guard=yes
            printf '#!/bin/sh\nexit 101\n' | $as_root tee /usr/sbin/policy-rc.d >/dev/null
            $as_root chmod 755 /usr/sbin/policy-rc.d
        fi ;;
esac
status=0
# shellcheck disable=SC2086 # the list is split on purpose
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing || status=$?
if [ -n "$guard" ]; then
    $as_root rm -f /usr/sbin/policy-rc.d
    $as_root systemctl disable NetworkManager.service NetworkManager-wait-online.service >/dev/null 2>&1 || true
    echo "install-deps: NetworkManager is installed for the emulated Sparks only; it was not started or enabled on this machine."
fi
exit $status
