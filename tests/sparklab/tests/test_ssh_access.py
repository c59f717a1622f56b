#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Password SSH into every node, sudo -S for real, key login, per-node identity."""
import os
import subprocess

import labtest


def test(t):
    with labtest.Lab("slt-ssh", "direct2", "--mgmt-subnet", "10.131.201.0/24",
                     "--extra-route", "192.168.1.0/24") as lab:
        for n in lab.status["nodes"]:
            name = n["name"]
            fp = lab.trust(name)
            t.check(fp == n["host_key_fingerprint"], f"{name}: ssh-keyscan fingerprint = status",
                    (fp, n["host_key_fingerprint"]))
            r = lab.ssh(name, "hostname; echo PATH=$PATH; command -v ethtool; id -u; "
                              "cat /etc/hostname")
            lines = r.stdout.split()
            t.check(r.returncode == 0 and lines[:1] == [name], f"{name}: password ssh works",
                    r.stderr)
            t.check(any(l.startswith("PATH=/run/sparklab-node/bin:") for l in lines),
                    f"{name}: node tools first on PATH for non-interactive ssh", r.stdout)
            t.check("/run/sparklab-node/bin/ethtool" in lines, f"{name}: ethtool is the stand-in")
            t.check("1000" in lines, f"{name}: user has uid 1000")
            password = lab.password(name)
            r = lab.ssh(name, "sudo -S -p '' sh -c 'id -u; echo $PATH'", input=password + "\n")
            t.check(r.returncode == 0 and r.stdout.split()[:1] == ["0"],
                    f"{name}: sudo -S with the password works", r.stderr)
            t.check("/run/sparklab-node/bin:" in r.stdout, f"{name}: tools in sudo secure_path")
            r = lab.ssh(name, "sudo -k; sudo -S -p '' id -u", input="wrong-password\n")
            t.check(r.returncode != 0 and "0" not in r.stdout.split(),
                    f"{name}: sudo -S with a wrong password fails", r.stdout + r.stderr)
            r = lab.ssh(name, "sudo -k; sudo -n id -u")
            t.check(r.returncode != 0, f"{name}: sudo without a password is refused")
            release = lab.sh(name, "cat /etc/dgx-release")
            t.check('DGX_NAME="DGX Spark"' in release and 'DGX_SWBUILD_VERSION="7.2.3"' in release
                    and release.rstrip().splitlines()[-2] == 'DGX_OTA_VERSION="7.6.0"',
                    f"{name}: /etc/dgx-release in the real format, running 7.6.0", release)
            routes = lab.sh(name, "ip route")
            t.check("192.168.1.0/24" in routes and "default via 10.131.201.1" in routes,
                    f"{name}: extra route and default route present", routes)

        # Key login after installing a key with the password (what enrolment does).
        key = os.path.join(lab.tmp, "id_ed25519")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
        with open(key + ".pub") as f:
            pub = f.read()
        r = lab.ssh("spark-1", "umask 077; mkdir -p ~/.ssh; cat >> ~/.ssh/authorized_keys",
                    input=pub)
        t.check(r.returncode == 0, "key installed over password ssh", r.stderr)
        r = lab.ssh("spark-1", "echo key-ok", key=key)
        t.check(r.returncode == 0 and "key-ok" in r.stdout, "key login works", r.stderr)
        r = lab.ssh("spark-2", "echo key-ok", key=key)
        t.check(r.returncode != 0, "key not installed on spark-2: key login refused there")

        # Each node is its own machine; the host is untouched.
        keys = {n["host_key_fingerprint"] for n in lab.status["nodes"]}
        t.check(len(keys) == 2, "each node has its own host key")
        t.check(not os.path.exists("/etc/dgx-release"), "host has no /etc/dgx-release")
        with open("/etc/passwd") as f:
            t.check(not any(l.startswith("nvidia:") for l in f), "host has no nvidia user")
        homes = lab.sh("spark-1", "ls /home")
        t.check(homes.split() == ["nvidia"], "node has its own /home", homes)
        # with one cable in, all four CX-7 netdevs exist (port 1's without carrier)
        t.check(lab.sh("spark-1", "ls /sys/class/net").split()
                == sorted(["enP2p1s0f0np0", "enP2p1s0f1np1", "enP7s7", "enp1s0f0np0",
                           "enp1s0f1np1", "lo", "wlP9s9"]),
                "node's /sys/class/net shows only its own interfaces",
                lab.sh("spark-1", "ls /sys/class/net"))

    with labtest.Lab("slt-ssh2", "none", "--nodes", "2", "--mgmt-subnet", "10.131.206.0/24",
                     "--per-node-passwords", "--user", "dgx") as lab:
        files = {n["password_file"] for n in lab.status["nodes"]}
        t.check(len(files) == 2 and lab.password("spark-1") != lab.password("spark-2"),
                "--per-node-passwords gives each node its own password")
        t.check(all(os.stat(f).st_mode & 0o777 == 0o600 for f in files),
                "password files are mode 600")
        for n in lab.status["nodes"]:
            lab.trust(n["name"])
            r = lab.ssh(n["name"], "whoami; ls /sys/class/net | grep -c np || true")
            t.check(r.returncode == 0 and r.stdout.split() == ["dgx", "0"],
                    f"{n['name']}: login as --user dgx; no CX-7 netdevs without cables",
                    r.stdout + r.stderr)


if __name__ == "__main__":
    labtest.main(test, "sparklab ssh access")
