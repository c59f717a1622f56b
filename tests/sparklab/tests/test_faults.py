#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Every fault kind shows up where a real Spark would show it, and clears again."""
import json
import re
import subprocess

import labtest

# direct cable spark-1:0 <-> spark-2:0 (twins 10.88.0.x, 10.88.1.x), spark-3 cabled to
# spark-1 port 1 so a miswire has somewhere to go.
CABLE = "1:0-2:0"


def address_cable(lab):
    """Through netplan and NetworkManager, as on DGX OS (an `ip addr add` on a port
    NetworkManager manages is gone when its DHCP attempt gives up)."""
    for node, host in (("spark-1", 1), ("spark-2", 2)):
        lab.netplan(node, "network:\n  version: 2\n  ethernets:\n"
                          f"    enp1s0f0np0:\n      addresses: [10.88.0.{host}/24]\n"
                          f"    enP2p1s0f0np0:\n      addresses: [10.88.1.{host}/24]\n",
                    wait_for=[f"10.88.0.{host}/24", f"10.88.1.{host}/24"])


def ping_loss(lab, count=100):
    out = lab.sh("spark-1", f"ping -q -c {count} -i 0.005 -W 1 10.88.0.2")
    m = re.search(r"([\d.]+)% packet loss", out)
    return float(m.group(1)) if m else 100.0


def netdevs(lab, node):
    return sorted(d for d in lab.sh(node, "ls /sys/class/net").split() if "np" in d)


def iperf_mbps(lab, seconds=2):
    lab.exec("spark-2", "iperf3", "-s", "-D", "-1", "-B", "10.88.0.2", "-p", "5301")
    labtest.wait_until(lambda: ":5301" in lab.sh("spark-2", "ss -ltn"), timeout=5)
    out = lab.sh("spark-1", f"iperf3 -c 10.88.0.2 -p 5301 -t {seconds} -J")
    try:
        return json.loads(out)["end"]["sum_received"]["bits_per_second"] / 1e6
    except (ValueError, KeyError):
        return 0.0


def cable_faults(lab, t):
    port0 = ["enP2p1s0f0np0", "enp1s0f0np0"]
    macs = lab.sh("spark-1", "cat /sys/class/net/enp1s0f0np0/address")

    lab.fault("unplug", CABLE)
    # spark-2 lost its only cable: no CX-7 netdev at all. spark-1 keeps a cable on
    # port 1, so its port 0 twins stay, without carrier.
    t.check(netdevs(lab, "spark-2") == [], "unplug the last cable: every CX-7 netdev vanishes",
            netdevs(lab, "spark-2"))
    t.check("rocep1s0f0" not in lab.sh("spark-2", "ls /sys/class/infiniband"),
            "unplug the last cable: no RoCE device left")
    t.check(set(port0) <= set(netdevs(lab, "spark-1")), "unplug with another cable in: twins stay")
    ib = lab.sh("spark-1", "ibdev2netdev")
    t.check("rocep1s0f0 port 1 ==> enp1s0f0np0 (Down)" in ib
            and "roceP2p1s0f0 port 1 ==> enP2p1s0f0np0 (Down)" in ib,
            "unplug with another cable in: ibdev2netdev shows the port's twins (Down)", ib)
    lab.fault("replug", CABLE)
    t.check(len(netdevs(lab, "spark-2")) == 4, "replug: all four netdevs back", netdevs(lab, "spark-2"))
    t.check("(Down)" not in lab.sh("spark-1", "ibdev2netdev"), "replug: the port is Up again")
    t.check(lab.sh("spark-1", "cat /sys/class/net/enp1s0f0np0/address") == macs,
            "replug: same MAC address")
    t.check(labtest.wait_until(lambda: "10.88.0.2/24" in lab.sh("spark-2", "ip -br addr"), 20),
            "replug: NetworkManager puts the netplan addresses back by itself")

    lab.fault("miswire", CABLE, "--to", "3:0")
    t.check(netdevs(lab, "spark-2") == [] and
            "enp1s0f0np0 (Up)" in lab.sh("spark-3", "ibdev2netdev"),
            "miswire: the cable now lands on spark-3 port 0", netdevs(lab, "spark-3"))
    lab.fault("miswire", "1:0", "--clear")
    t.check(set(port0) <= set(netdevs(lab, "spark-2")) and
            "enp1s0f0np0 (Down)" in lab.sh("spark-3", "ibdev2netdev"), "miswire cleared")
    address_cable(lab)

    lab.fault("degrade", CABLE, "--reported-speed", "100000")
    t.check("Speed: 100000Mb/s" in lab.sh("spark-2", "ethtool enP2p1s0f0np0"),
            "degrade: ethtool reports 100000Mb/s on the far end too")
    lab.fault("degrade", CABLE)      # the field's 13 Gb/s while ethtool says 200G
    mbps = iperf_mbps(lab)
    expected = 13 * lab.status["rate_scale"] * 1000
    t.check(abs(mbps - expected) <= 0.15 * expected,
            f"degrade: iperf3 {mbps:.0f} Mbit/s ~ scaled 13 Gb/s ({expected:.0f} Mbit/s)")
    t.check("Speed: 200000Mb/s" in lab.sh("spark-1", "ethtool enp1s0f0np0"),
            "degrade: ethtool still says 200000Mb/s")
    lab.fault("degrade", CABLE, "--clear")

    lab.fault("netem", CABLE, "--loss", "30")
    loss = ping_loss(lab)
    t.check(25 <= loss <= 75, f"loss 30% each way: ping round trips lost {loss}% (expect ~51%)")
    lab.fault("netem", CABLE, "--clear")
    t.check(ping_loss(lab, 30) == 0, "loss cleared: no ping loss")
    delay = lab.fault("netem", CABLE, "--delay", "5", check=False)
    if delay.returncode == 0:
        rtt = lab.sh("spark-1", "ping -c 3 -i 0.2 10.88.0.2")
        t.check(re.search(r"= (1\d|9)\.", rtt) is not None, "delay 5 ms: ping rtt ~10 ms", rtt)
        lab.fault("netem", CABLE, "--clear")
    else:
        t.check("sch_netem" in delay.stderr, "delay: clear message when the kernel lacks netem",
                delay.stderr)

    lab.fault("mtu", "2", "enp1s0f0np0", "--mtu", "9000")
    lab.exec("spark-1", "ip", "link", "set", "enp1s0f0np0", "mtu", "9000")
    lab.fault("mtu", "2", "enp1s0f0np0", "--clear")
    mtus = [lab.sh(n, "cat /sys/class/net/enp1s0f0np0/mtu").strip() for n in ("spark-1", "spark-2")]
    t.check(mtus == ["9000", "1500"], "mtu mismatch visible in ip link", mtus)
    r = lab.exec("spark-1", "ping", "-c", "1", "-W", "1", "-M", "do", "-s", "8000", "10.88.0.2")
    t.check(r.returncode != 0, "mtu mismatch: jumbo ping fails")
    lab.exec("spark-1", "ip", "link", "set", "enp1s0f0np0", "mtu", "1500")

    lab.fault("twin-down", "1", "enP2p1s0f0np0")
    t.check("roceP2p1s0f0 port 1 ==> enP2p1s0f0np0 (Down)" in lab.sh("spark-2", "ibdev2netdev"),
            "twin down: far end's ibdev2netdev shows (Down)")
    t.check("Link detected: no" in lab.sh("spark-2", "ethtool enP2p1s0f0np0"),
            "twin down: far end's ethtool says no link")
    t.check("rocep1s0f0 port 1 ==> enp1s0f0np0 (Up)" in lab.sh("spark-2", "ibdev2netdev"),
            "twin down: the other twin stays Up")
    lab.fault("twin-down", "1", "enP2p1s0f0np0", "--clear")
    t.check("roceP2p1s0f0 port 1 ==> enP2p1s0f0np0 (Up)" in lab.sh("spark-2", "ibdev2netdev"),
            "twin up again")

    def responders(node):
        out = lab.sh(node, "ping -6 -n -w1 ff02::1%enp1s0f0np0 || true")
        return set(re.findall(r"bytes from (fe80:[0-9a-f:]*)%", out))

    def link_local(node, tentative):
        out = lab.sh(node, "ip -6 -o addr show dev enp1s0f0np0 scope link")
        return {line.split()[3].split("/")[0] for line in out.splitlines()
                if ("tentative" in line) == tentative}

    lab.fault("tentative", "2", "--seconds", "120")
    held = link_local("spark-2", tentative=True)
    t.check(held and not link_local("spark-2", tentative=False),
            "tentative: spark-2's link-local address waits for duplicate address detection",
            lab.sh("spark-2", "ip -6 -o addr show dev enp1s0f0np0"))
    seen = responders("spark-1")
    t.check(not seen & held, "tentative: spark-2 does not answer an all-nodes ping", seen)
    t.check(not responders("spark-2"), "tentative: spark-2 cannot send on its cable either")
    lab.fault("tentative", "2", "--clear")
    usable = link_local("spark-2", tentative=False)
    t.check(usable and not link_local("spark-2", tentative=True), "tentative cleared: an address usable again")
    # NetworkManager re-activates the port's profile after the bounce (slowly on a loaded
    # machine) and may replace the address meanwhile: once it is done, the node answers.
    t.check(labtest.wait_until(lambda: "10.88.0.2/24" in lab.sh("spark-2", "ip -br addr"), 60),
            "tentative cleared: NetworkManager put the netplan addresses back")
    # That the node answers on its cable again is checked where it matters, by the
    # discovery itself (tst_clusterdiscovery::silentNodesOnASwitchAreNamedNotCalledDirect):
    # here, after this lab's earlier faults, spark-1's all-nodes ping got no answer from
    # spark-2 within 30 s in two CI runs while it did alone; not yet understood.


def node_faults(lab, t):
    lab.trust("spark-2")
    lab.fault("sshd-stop", "2")
    r = lab.ssh("spark-2", "true")
    t.check(r.returncode != 0 and "refused" in r.stderr, "sshd stopped: connection refused",
            r.stderr)
    lab.refresh()
    t.check(not lab.node("spark-2")["sshd_running"], "status shows sshd stopped")
    t.check(lab.sh("spark-2", "hostname").strip() == "spark-2",
            "sshd stopped: the node itself lives on")
    lab.fault("sshd-start", "2")
    t.check(lab.ssh("spark-2", "true").returncode == 0, "sshd started: ssh works again")

    old = lab.node("spark-2")["host_key_fingerprint"]
    lab.fault("hostkey", "2")
    new = lab.refresh() and lab.node("spark-2")["host_key_fingerprint"]
    r = lab.ssh("spark-2", "true")
    t.check(r.returncode != 0 and "IDENTIFICATION HAS CHANGED" in r.stderr,
            "host key replaced: ssh refuses with the old known_hosts", r.stderr[:200])
    scan = subprocess.run(["ssh-keyscan", "-t", "ed25519", lab.node("spark-2")["mgmt_address"]],
                          text=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    scanned = subprocess.run(["ssh-keygen", "-lf", "-"], input=scan, text=True,
                             stdout=subprocess.PIPE).stdout.split()
    t.check(old != new and scanned[1:2] == [new], "ssh-keyscan shows the new key = status")

    lab.fault("old-release", "3")
    lab.fault("old-driver", "3")
    lab.fault("old-firmware", "3")
    release = lab.sh("spark-3", "cat /etc/dgx-release")
    t.check(release.rstrip().splitlines()[-2] == 'DGX_OTA_VERSION="7.3.1"',
            "old release in /etc/dgx-release", release)
    t.check("580.95.05" in lab.sh("spark-3", "nvidia-smi --query-gpu=driver_version "
                                             "--format=csv,noheader"), "old driver in nvidia-smi")
    t.check("Driver Version: 580.95.05" in lab.sh("spark-3", "nvidia-smi"),
            "old driver in the nvidia-smi header")
    t.check("28.43.1014" in lab.sh("spark-3", "ethtool -i enp1s0f1np1"), "old CX-7 firmware")
    t.check("580.159.03" in lab.sh("spark-1", "nvidia-smi"), "other nodes keep the new driver")
    for kind in ("old-release", "old-driver", "old-firmware"):
        lab.fault(kind, "3", "--clear")
    t.check('DGX_OTA_VERSION="7.6.0"' in lab.sh("spark-3", "cat /etc/dgx-release"),
            "release cleared")

    lab.fault("stale-netplan", "2")
    t.check("192.168.100." in lab.sh("spark-2", "cat /etc/netplan/40-cx7.yaml"),
            "stale netplan file present")
    got = lab.sh("spark-2", "netplan get ethernets")
    t.check("192.168.100.12/24" in got and "192.168.100.112/24" in got,
            "netplan get shows the stale addresses", got)
    addrs = lab.sh("spark-2", "ip -br addr")
    t.check("192.168.100.12/24" in addrs and "192.168.100.112/24" in addrs,
            "stale netplan applied: both twins in one /24", addrs)
    lab.fault("stale-netplan", "2", "--clear")
    t.check("192.168.100." not in lab.sh("spark-2", "ip -br addr"), "stale netplan cleared")

    lab.fault("errors", "1", "0", "--count", "42")
    s0 = lab.sh("spark-1", "ethtool -S enp1s0f0np0")
    s1 = lab.sh("spark-1", "ethtool -S enP2p1s0f0np0")
    t.check("rx_crc_errors_phy: 42" in s0 and "rx_crc_errors_phy: 42" in s1,
            "errors: rx_crc_errors_phy on both twins of the port")
    t.check(lab.sh("spark-1", "cat /sys/class/infiniband/rocep1s0f0/ports/1/hw_counters/"
                              "out_of_sequence").strip() == "42", "errors: RoCE hw_counters")
    lab.fault("errors", "1", "0", "--clear")

    lab.fault("gid-reorder", "1")
    base = "/sys/class/infiniband/rocep1s0f0/ports/1/gid_attrs/types"
    t.check(lab.sh("spark-1", f"cat {base}/3").strip() == "IB/RoCE v1"
            and lab.sh("spark-1", f"cat {base}/2").strip() == "RoCE v2",
            "gid-reorder: RoCE v2 IPv4 no longer at index 3")
    lab.fault("gid-reorder", "1", "--clear")
    t.check(lab.sh("spark-1", f"cat {base}/3").strip() == "RoCE v2", "GID order restored")


def network_manager_faults(lab, t):
    lab.fault("nm-static", "3", "enp1s0f0np0", "--address", "10.99.1.13/24")
    profile = lab.sh("spark-3", "nmcli -t -f ipv4.method,ipv4.addresses,connection.interface-name "
                                "connection show my-cx7-static")
    t.check("ipv4.method:manual" in profile and "10.99.1.13/24" in profile,
            "nm-static: a user's NetworkManager profile with a static address", profile)
    t.check(lab.exec("spark-3", "test", "-f", "/etc/NetworkManager/system-connections/"
                                          "my-cx7-static.nmconnection").returncode == 0,
            "nm-static: stored as a keyfile in /etc/NetworkManager/system-connections")
    lab.fault("nm-static", "3", "enp1s0f0np0", "--clear")
    t.check("my-cx7-static" not in lab.sh("spark-3", "nmcli -t -f NAME connection"),
            "nm-static cleared")

    lab.fault("nm-mirror", "3", "enp1s0f1np1")
    r = lab.exec("spark-3", "netplan", "generate")
    t.check(r.returncode == 0, "nm-mirror: a valid 90-NM-<uuid>.yaml passes netplan generate",
            r.stderr)
    lab.fault("nm-mirror", "3", "enp1s0f1np1", "--clear")
    lab.fault("nm-mirror", "3", "enp1s0f1np1", "--broken")
    r = lab.exec("spark-3", "netplan", "generate")
    t.check(r.returncode != 0 and re.search(r"/etc/netplan/90-NM-[0-9a-f-]+\.yaml", r.stderr),
            "nm-mirror --broken: netplan generate rejects it, naming the file", r.stderr)
    lab.fault("nm-mirror", "3", "enp1s0f1np1", "--clear")
    t.check(lab.exec("spark-3", "netplan", "generate").returncode == 0, "nm-mirror cleared")

    lab.fault("nm-stop", "3")
    r = lab.exec("spark-3", "nmcli", "general")
    t.check(r.returncode != 0, "nm-stop: nmcli cannot reach NetworkManager", r.stdout + r.stderr)
    t.check(lab.ssh("spark-3", "true").returncode == 0 if lab.trust("spark-3") else False,
            "nm-stop: the management address stays (NetworkManager leaves it configured)")
    lab.fault("nm-stop", "3", "--clear")
    t.check(lab.exec("spark-3", "nmcli", "general").returncode == 0, "nm-stop cleared")


def pcie_faults(lab, t):
    """The CX-7 PCIe stand-in: Gen5 x4 everywhere, the two root ports always, the
    functions only while a cable is in (CX-7 hot-plug); old BIOS's x2 and AER counts
    where the kernel keeps them."""
    devices = lambda node: sorted(lab.sh(node, "ls /sys/bus/pci/devices").split())
    t.check(devices("spark-1") == ["0000:00:00.0", "0000:01:00.0", "0000:01:00.1", "0002:00:00.0",
                                   "0002:01:00.0", "0002:01:00.1"],
            "PCIe: a cabled node shows its four CX-7 functions and two root ports", devices("spark-1"))
    width = lambda node, bus: lab.sh(node, f"cat /sys/bus/pci/devices/{bus}/current_link_width").strip()
    speed = lab.sh("spark-1", "cat /sys/bus/pci/devices/0002:01:00.0/current_link_speed").strip()
    t.check(width("spark-1", "0002:01:00.0") == "4" and speed == "32.0 GT/s PCIe",
            "PCIe: each function at Gen5 x4 as the kernel prints it", speed)
    lab.fault("pcie-width", "1")
    t.check(width("spark-1", "0002:01:00.0") == "2" and width("spark-1", "0002:01:00.1") == "2"
            and width("spark-1", "0000:01:00.0") == "4",
            "pcie-width: the second controller's functions at x2, the first at x4")
    lab.fault("pcie-width", "1", "--clear")
    t.check(width("spark-1", "0002:01:00.0") == "4", "pcie-width cleared")

    lab.fault("aer", "1")
    root = lab.sh("spark-1", "cat /sys/bus/pci/devices/0000:00:00.0/aer_rootport_total_err_fatal "
                             "/sys/bus/pci/devices/0000:00:00.0/aer_dev_fatal")
    t.check(root.splitlines()[0] == "1" and "TOTAL_ERR_FATAL 1" in root,
            "aer: a fatal error on the root port, in its device and root-port totals", root)
    lab.fault("aer", "1", "--severity", "correctable", "--count", "3", "--device", "0002:01:00.1")
    fn = lab.sh("spark-1", "cat /sys/bus/pci/devices/0002:01:00.1/aer_dev_correctable")
    rp = lab.sh("spark-1", "cat /sys/bus/pci/devices/0002:00:00.0/aer_rootport_total_err_cor").strip()
    t.check("TOTAL_ERR_COR 3" in fn and rp == "3",
            "aer: corrected errors on a function count on its root port too", fn + rp)
    lab.fault("aer", "1", "--clear")
    t.check("TOTAL_ERR_FATAL 0" in lab.sh("spark-1", "cat /sys/bus/pci/devices/0000:00:00.0/aer_dev_fatal"),
            "aer cleared")


def test(t):
    with labtest.Lab("slt-faults", "cables", "--nodes", "3", "--cable", CABLE,
                     "--cable", "1:1-3:1", "--mgmt-subnet", "10.131.203.0/24") as lab:
        address_cable(lab)
        pcie_faults(lab, t)
        cable_faults(lab, t)
        node_faults(lab, t)
        network_manager_faults(lab, t)
        kinds = [f["kind"] for f in lab.refresh()["faults"]]
        t.check(kinds == ["hostkey"], "every cleared fault left the status list", kinds)


if __name__ == "__main__":
    labtest.main(test, "sparklab faults")
