#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Cabling as the node tools show it, addressing through netplan + sudo over ssh,
ping only across the addressed cable, shaped throughput, RoCE sysfs and counters."""
import json
import re
import subprocess

import labtest

# ring3: spark-1:0-spark-2:1, spark-2:0-spark-3:1, spark-3:0-spark-1:1
NETPLAN = """network:
  version: 2
  ethernets:
    {twin0}:
      addresses: [{a0}/24]
      mtu: 9000
    {twin1}:
      addresses: [{a1}/24]
      mtu: 9000
"""
ADDRESSES = {   # cable spark-1:0 <-> spark-2:1: twin subnets 10.77.0.0/24 and 10.77.1.0/24
    "spark-1": ("enp1s0f0np0", "enP2p1s0f0np0", "10.77.0.1", "10.77.1.1"),
    "spark-2": ("enp1s0f1np1", "enP2p1s0f1np1", "10.77.0.2", "10.77.1.2"),
}


def ibdev_lines(lab, node):
    return sorted(lab.sh(node, "ibdev2netdev").splitlines())


def apply_netplan(lab, node, use_ssh, t):
    twin0, twin1, a0, a1 = ADDRESSES[node]
    doc = NETPLAN.format(twin0=twin0, twin1=twin1, a0=a0, a1=a1)
    if use_ssh:
        # stdin carries only the password, for sudo -S; the YAML travels in the command
        r = lab.ssh(node, f"printf '%s' '{doc}' > /tmp/60-cx7.yaml; sudo -S -p '' sh -c "
                          "'install -m 600 /tmp/60-cx7.yaml /etc/netplan/60-cx7.yaml && "
                          "netplan apply'", input=lab.password(node) + "\n")
        t.check(r.returncode == 0, f"{node}: netplan apply through sudo -S over ssh", r.stderr)
    else:
        r = lab.exec(node, "sh", "-c", "cat > /etc/netplan/60-cx7.yaml && chmod 600 "
                                       "/etc/netplan/60-cx7.yaml && netplan apply", input=doc)
        t.check(r.returncode == 0, f"{node}: netplan apply as root", r.stderr)


def iperf_pair(lab, t):
    """Both twins of one cable at once, each against the shaped per-twin rate."""
    rate = lab.status["twin_rate_gbps"] * lab.status["rate_scale"] * 1e9
    for i, port in ((0, 5201), (1, 5202)):
        lab.exec("spark-2", "iperf3", "-s", "-D", "-1", "-B", ADDRESSES["spark-2"][2 + i],
                 "-p", str(port))
    labtest.wait_until(lambda: ":5202" in lab.sh("spark-2", "ss -ltn"), timeout=5)
    clients = [subprocess.Popen([labtest.SPARKLAB, "exec", "--name", lab.name, "spark-1", "--",
                                 "iperf3", "-c", ADDRESSES["spark-2"][2 + i], "-B",
                                 ADDRESSES["spark-1"][2 + i], "-p", str(port), "-t", "3",
                                 "-O", "1", "-J"], text=True, stdout=subprocess.PIPE)
               for i, port in ((0, 5201), (1, 5202))]
    for i, proc in enumerate(clients):
        out, _ = proc.communicate(timeout=30)
        try:
            bps = json.loads(out)["end"]["sum_received"]["bits_per_second"]
        except (ValueError, KeyError):
            bps = 0
        t.check(abs(bps - rate) <= 0.10 * rate,
                f"iperf3 twin {i}: {bps / 1e6:.0f} Mbit/s within 10% of the shaped "
                f"{rate / 1e6:.0f} Mbit/s", out[-300:] if bps == 0 else "")


def test(t):
    with labtest.Lab("slt-links", "ring3", "--mgmt-subnet", "10.131.202.0/24") as lab:
        every = sorted(f"{roce} port 1 ==> {dev} (Up)" for roce, dev in [
            ("rocep1s0f0", "enp1s0f0np0"), ("roceP2p1s0f0", "enP2p1s0f0np0"),
            ("rocep1s0f1", "enp1s0f1np1"), ("roceP2p1s0f1", "enP2p1s0f1np1")])
        for n in ("spark-1", "spark-2", "spark-3"):
            t.check(ibdev_lines(lab, n) == every, f"{n}: ibdev2netdev shows both ports' twins Up")
        macs_before = lab.sh("spark-1", "cat /sys/class/net/enp1s0f0np0/address")

        lab.trust("spark-1")
        lab.trust("spark-2")
        apply_netplan(lab, "spark-1", True, t)
        apply_netplan(lab, "spark-2", False, t)
        # netplan apply returns before NetworkManager has activated the new profiles
        labtest.wait_until(lambda: all(a in lab.sh(n, "ip -br addr") for n, a in (
            ("spark-1", "10.77.0.1/24"), ("spark-1", "10.77.1.1/24"),
            ("spark-2", "10.77.0.2/24"), ("spark-2", "10.77.1.2/24"))), timeout=20)
        active = lab.sh("spark-1", "nmcli -t -f DEVICE,CONNECTION device")
        t.check("enp1s0f0np0:netplan-enp1s0f0np0" in active.splitlines(),
                "NetworkManager runs the netplan-generated profile on the port", active)
        addr = lab.sh("spark-1", "ip -br addr show enp1s0f0np0; ip -o link show enp1s0f0np0")
        t.check("10.77.0.1/24" in addr and "mtu 9000" in addr, "addresses and MTU applied", addr)
        for i, peer in enumerate(("10.77.0.2", "10.77.1.2")):
            dev = ADDRESSES["spark-1"][i]
            r = lab.exec("spark-1", "ping", "-c", "2", "-i", "0.2", "-W", "1", "-I", dev, peer,
                         via_cli=True)
            t.check(r.returncode == 0, f"ping across the cable on {dev} works", r.stdout)
        # spark-3 is cabled to spark-1 too, but on another cable and unaddressed there
        lab.exec("spark-3", "ip", "addr", "add", "10.77.0.3/24", "dev", "enp1s0f1np1")
        r = lab.exec("spark-1", "ping", "-c", "1", "-W", "1", "-I", "enp1s0f0np0", "10.77.0.3")
        t.check(r.returncode != 0, "no ping to a node on another cable", r.stdout)
        r = lab.exec("spark-3", "ping", "-c", "1", "-W", "1", "10.77.0.2")
        t.check(r.returncode != 0, "no ping from the third node across a cable it is not on")

        gids = "/sys/class/infiniband/rocep1s0f0/ports/1"
        t.check(lab.sh("spark-1", f"cat {gids}/gid_attrs/types/3 {gids}/gids/3 "
                                  f"{gids}/gid_attrs/ndevs/3").split("\n")[:3]
                == ["RoCE v2", "0000:0000:0000:0000:0000:ffff:0a4d:0001", "enp1s0f0np0"],
                "GID index 3 is RoCE v2 of the address (refreshed by netplan apply)")
        t.check(lab.sh("spark-1", f"cat {gids}/gid_attrs/types/0").strip() == "IB/RoCE v1",
                "GID index 0 is the link-local RoCE v1 entry")

        iperf_pair(lab, t)

        stats = {dev: dict(re.findall(r"^\s+(\w+): (\d+)$", lab.sh("spark-1", f"ethtool -S {dev}"),
                                      re.M)) for dev in ("enp1s0f0np0", "enP2p1s0f0np0")}
        a, b = stats["enp1s0f0np0"], stats["enP2p1s0f0np0"]
        t.check(a["tx_bytes_phy"] == b["tx_bytes_phy"] and int(a["tx_bytes_phy"])
                >= int(a["tx_bytes"]) + int(b["tx_bytes"]) - 100000,
                "ethtool -S: *_phy counters are per port (same on both twins)", (a, b))
        t.check(int(a["tx_bytes"]) > 100_000_000, "ethtool -S tx_bytes counts the iperf3 traffic")
        settings = lab.sh("spark-1", "ethtool enp1s0f0np0")
        t.check("Speed: 200000Mb/s" in settings and "Link detected: yes" in settings,
                "ethtool reports 200000Mb/s, link detected")
        t.check("firmware-version: 28.45.4028 (NVD0000000087)" in
                lab.sh("spark-1", "ethtool -i enp1s0f0np0"), "ethtool -i firmware version")

        lab.exec("spark-2", "sh", "-c", "ib_write_bw -d roceP2p1s0f1 -x 3 --report_gbits "
                                        ">/tmp/bw.srv 2>&1 &")
        labtest.wait_until(lambda: ":18515" in lab.sh("spark-2", "ss -ltn"), timeout=5)
        out = lab.sh("spark-1", "ib_write_bw -d roceP2p1s0f0 -x 3 --report_gbits -D 2 10.77.1.2")
        row = re.search(r"^ 65536\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", out, re.M)
        rate = lab.status["twin_rate_gbps"] * lab.status["rate_scale"]
        t.check(row is not None and abs(float(row.group(3)) - rate) <= 0.15 * rate,
                f"ib_write_bw stand-in measures about {rate} Gb/s", out[-400:])
        t.check("Stand-in" in out and "BW average[Gb/sec]" in out, "perftest banner and table")
        rdma = lab.sh("spark-1", "ethtool -S enP2p1s0f0np0 | grep tx_vport_rdma_unicast_bytes")
        t.check(int(rdma.split()[-1] or 0) > 0 if rdma else False,
                "tx_vport_rdma_unicast_bytes counts ib_write_bw traffic", rdma)

        # removing the file and applying removes the addresses it set
        lab.exec("spark-1", "sh", "-c", "rm /etc/netplan/60-cx7.yaml && netplan apply")
        labtest.wait_until(lambda: "10.77.0.1" not in lab.sh("spark-1", "ip -br addr"), timeout=20)
        addr = lab.sh("spark-1", "ip -br addr show enp1s0f0np0")
        t.check("10.77.0.1" not in addr, "netplan apply after removing the file drops addresses")
        # (netplan apply restarts NetworkManager; on a loaded machine it takes a while to come back)
        active = lambda: lab.sh("spark-1", "nmcli -t -f NAME,DEVICE connection show --active")
        back = labtest.wait_until(
            lambda: re.search(r"^Wired connection \d+:enp1s0f0np0$", active(), re.M) is not None, timeout=30)
        t.check(back, "the port is back on NetworkManager's DHCP auto-profile", active())
        t.check(lab.sh("spark-1", "cat /sys/class/net/enp1s0f0np0/address") == macs_before,
                "MAC addresses stable")
        bad = lab.exec("spark-1", "sh", "-c", "printf 'network:\\n  ethernets:\\n    enp1s0f0np0:"
                                              "\\n      addresses: [notanip]\\n' > "
                                              "/etc/netplan/70-bad.yaml; netplan apply")
        t.check(bad.returncode != 0 and "/etc/netplan/70-bad.yaml" in bad.stderr
                and "Error in network definition" in bad.stderr,
                "invalid netplan YAML: non-zero exit with the real parser's error", bad.stderr)

    with labtest.Lab("slt-cables", "cables", "--nodes", "3", "--cable", "1:0-2:0",
                     "--cable", "2:1-3:1", "--mgmt-subnet", "10.131.207.0/24") as lab:
        # CX-7 hot-plug: with one cable in, all four netdevs exist; the uncabled port's
        # twins are Down (no carrier), their RoCE ports down/disabled at rate 40.
        t.check(ibdev_lines(lab, "spark-1") == ["roceP2p1s0f0 port 1 ==> enP2p1s0f0np0 (Up)",
                                                "roceP2p1s0f1 port 1 ==> enP2p1s0f1np1 (Down)",
                                                "rocep1s0f0 port 1 ==> enp1s0f0np0 (Up)",
                                                "rocep1s0f1 port 1 ==> enp1s0f1np1 (Down)"],
                "explicit cables: port 1 twins of spark-1 exist, Down", ibdev_lines(lab, "spark-1"))
        roce = "/sys/class/infiniband/rocep1s0f1/ports/1"
        t.check(lab.sh("spark-1", f"cat {roce}/state {roce}/phys_state {roce}/rate").splitlines()
                == ["1: DOWN", "3: Disabled", "40 Gb/sec (4X QDR)"],
                "uncabled twin: RoCE state DOWN, Disabled, rate 40")
        t.check("Link detected: no" in lab.sh("spark-1", "ethtool enp1s0f1np1")
                and "Speed: Unknown!" in lab.sh("spark-1", "ethtool enp1s0f1np1"),
                "uncabled twin: ethtool says no link and no speed")
        t.check(len(ibdev_lines(lab, "spark-2")) == 4 and "(Down)" not in lab.sh("spark-2", "ibdev2netdev"),
                "spark-2 has both ports cabled, all Up")
        t.check(lab.sh("spark-3", "ls /sys/class/net | grep np | sort").split()
                == ["enP2p1s0f0np0", "enP2p1s0f1np1", "enp1s0f0np0", "enp1s0f1np1"],
                "spark-3: all four netdevs with its one cable")
        nm = lab.sh("spark-3", "nmcli -t -f DEVICE,TYPE,STATE device")
        t.check("enp1s0f0np0:ethernet:unavailable" in nm.splitlines()
                and re.search(r"^enp1s0f1np1:ethernet:(connecting|connected)", nm, re.M),
                "NetworkManager manages every CX-7 netdev (no carrier: unavailable)", nm)
        auto = lab.sh("spark-3", "nmcli -t -f NAME,TYPE connection show")
        t.check(len(re.findall(r"^Wired connection \d+:802-3-ethernet$", auto, re.M)) == 4,
                "DGX OS default: a DHCP auto-profile per CX-7 netdev", auto)


if __name__ == "__main__":
    labtest.main(test, "sparklab links")
