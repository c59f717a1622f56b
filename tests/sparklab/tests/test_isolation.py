#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Nothing run inside a node changes the host: package tools are refused with a
sentence, /usr and the package databases are read-only, a node sees only its own
processes, DNS fails at once, and each node has its own machine id and services."""
import hashlib
import os
import re
import time

import labtest


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def test(t):
    dpkg_status = digest("/var/lib/dpkg/status")
    with labtest.Lab("slt-isolation", "direct2", "--mgmt-subnet", "10.131.212.0/24") as lab:
        for command in (["apt-get", "install", "-y", "hello"], ["apt", "install", "-y", "hello"],
                        ["/usr/bin/apt-get", "install", "-y", "hello"],
                        ["dpkg", "-i", "/tmp/hello.deb"], ["/usr/bin/dpkg", "--purge", "sudo"],
                        ["pip", "install", "requests"], ["pip3", "install", "--user", "requests"]):
            r = lab.exec("spark-1", *command)
            t.check(r.returncode != 0 and "would change the desktop's own packages" in r.stderr,
                    f"refused with a sentence: {' '.join(command)}", r.stderr)
        r = lab.exec("spark-1", "dpkg", "-s", "sudo")
        t.check(r.returncode == 0 and "Package: sudo" in r.stdout, "dpkg queries still answer")
        r = lab.exec("spark-1", "sh", "-c", "touch /usr/bin/sparklab-was-here")
        t.check(r.returncode != 0 and "Read-only file system" in r.stderr
                and not os.path.exists("/usr/bin/sparklab-was-here"), "/usr is read-only in a node")
        r = lab.exec("spark-1", "sh", "-c", "echo x >> /var/lib/dpkg/status")
        t.check(r.returncode != 0, "the package database is read-only in a node")
        t.check(digest("/var/lib/dpkg/status") == dpkg_status, "host's dpkg status unchanged")

        seen = lab.sh("spark-1", "ls /proc | grep -c '^[0-9]'")
        t.check(int(seen or 0) < 30, f"a node sees only its own processes ({seen.strip()})")
        t.check(lab.exec("spark-1", "test", "-e", f"/proc/{os.getpid()}").returncode != 0,
                "the test's own process is invisible inside the node")
        r = lab.exec("spark-1", "pkill", "-0", "-f", "sparklab-test-marker")
        t.check(r.returncode == 1, "pkill in a node finds nothing of the host")

        start = time.monotonic()
        r = lab.exec("spark-1", "getent", "hosts", "example.com")
        took = time.monotonic() - start
        t.check(r.returncode != 0 and took < 2.0, f"DNS fails at once ({took:.2f} s)")

        spark_pci = {"0000:00:00.0", "0000:01:00.0", "0000:01:00.1",
                     "0002:00:00.0", "0002:01:00.0", "0002:01:00.1"}
        node_pci = set(lab.sh("spark-1", "ls /sys/bus/pci/devices").split())
        host_only = set(os.listdir("/sys/bus/pci/devices")) - spark_pci
        t.check(node_pci == spark_pci and not (node_pci & host_only),
                "a node's PCI devices are the Spark's stand-ins, not the host's", sorted(node_pci))
        r = lab.exec("spark-1", "sh", "-c", "ls /var/log/journal | wc -l")
        t.check(r.stdout.strip() == "0", "a node's journal is not the host's", r.stdout)

        ids = {lab.sh(n, "cat /etc/machine-id").strip() for n in ("spark-1", "spark-2")}
        host = open("/etc/machine-id").read().strip() if os.path.exists("/etc/machine-id") else ""
        t.check(len(ids) == 2 and host not in ids and all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids),
                "each node has its own machine id")
        t.check(lab.sh("spark-1", "systemctl is-active NetworkManager.service").strip() == "active",
                "NetworkManager runs in the node")
        r = lab.exec("spark-1", "systemctl", "--help")
        t.check("stand-in" in r.stdout, "systemctl says it is a stand-in")
        renderer = lab.sh("spark-1", "cat /run/NetworkManager/conf.d/10-globally-managed-devices.conf; "
                                     "netplan get renderer")
        t.check("NetworkManager" in renderer, "netplan renders for NetworkManager", renderer)


if __name__ == "__main__":
    labtest.main(test, "sparklab isolation")
