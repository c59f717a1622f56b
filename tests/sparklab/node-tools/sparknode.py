# SPDX-License-Identifier: MIT
"""Shared by the sparklab node stand-ins: the node's live state as a DGX Spark shows it.

Everything here is read fresh on every call: /sys/class/net (carrier, statistics),
`ip -j addr` (addresses) and the node's state file /run/sparklab-node/node.json
(versions, reported link speed, fault counter bumps), which `sparklab fault` edits.

All functions take `root` ("" inside a node; "/proc/PID/root" from the host) and
`ip_cmd` (["ip"] inside a node; ["ip", "-n", NETNS] from the host).
"""
import contextlib
import fcntl
import ipaddress
import json
import os
import shutil
import subprocess
import time

STATE_DIR = "/run/sparklab-node"
STANDIN_NOTE = ("This is a sparklab stand-in for the DGX Spark hardware tool: "
                "it prints the real tool's format from the emulated node's live state.")

# Each QSFP port is two netdevs ("twins"), one per PCIe x4 link of the NIC.
#   port -> [(netdev, RoCE device, PCIe bus-info), ...]
CX7_TWINS = {
    0: [("enp1s0f0np0", "rocep1s0f0", "0000:01:00.0"),
        ("enP2p1s0f0np0", "roceP2p1s0f0", "0002:01:00.0")],
    1: [("enp1s0f1np1", "rocep1s0f1", "0000:01:00.1"),
        ("enP2p1s0f1np1", "roceP2p1s0f1", "0002:01:00.1")],
}
ROCE_HW_COUNTERS = ["local_ack_timeout_err", "np_cnp_sent", "np_ecn_marked_roce_packets",
                    "out_of_sequence", "packet_seq_err", "roce_adp_retrans", "rp_cnp_handled"]


def cx7_devices():
    """[(port, twin, netdev, roce_dev, bus_info)] in hardware order."""
    return [(port, twin, dev, roce, bus)
            for port, twins in CX7_TWINS.items()
            for twin, (dev, roce, bus) in enumerate(twins)]


def find_device(name):
    """Look a netdev or RoCE device up; returns the cx7_devices() tuple or None."""
    for entry in cx7_devices():
        if name in (entry[2], entry[3]):
            return entry
    return None


def load_state(root=""):
    with open(f"{root}{STATE_DIR}/node.json") as f:
        return json.load(f)


def read_sys(root, path, default=""):
    try:
        with open(f"{root}{path}") as f:
            return f.read().strip()
    except OSError:
        return default


def netdev_exists(root, dev):
    return os.path.exists(f"{root}/sys/class/net/{dev}")


def has_carrier(root, dev):
    return read_sys(root, f"/sys/class/net/{dev}/carrier", "0") == "1"


def link_is_up(root, dev):
    """What the RoCE port state follows: admin up and carrier."""
    return read_sys(root, f"/sys/class/net/{dev}/operstate") == "up" and has_carrier(root, dev)


def netdev_stat(root, dev, name):
    value = read_sys(root, f"/sys/class/net/{dev}/statistics/{name}", "0")
    return int(value) if value.isdigit() else 0


def all_ip_addresses(ip_cmd):
    """{netdev: [(family, address, prefixlen)]} in kernel order, from one `ip -j addr`."""
    out = subprocess.run(list(ip_cmd) + ["-j", "addr", "show"], text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    try:
        info = json.loads(out or "[]")
    except ValueError:
        return {}
    return {entry.get("ifname"): [(a["family"], a["local"], a["prefixlen"])
                                  for a in entry.get("addr_info", [])] for entry in info}


def ip_addresses(ip_cmd, dev):
    """[(family, address, prefixlen)] on one netdev, in kernel order."""
    return all_ip_addresses(ip_cmd).get(dev, [])


def rdma_bytes(root, dev, direction):
    value = read_sys(root, f"{STATE_DIR}/rdma/{dev}.{direction}", "0")
    return int(value) if value.isdigit() else 0


def open_shared(path, flags):
    """Open a file every node user may write (the perftest stand-ins run as anyone)."""
    old_umask = os.umask(0)
    try:
        return os.open(path, flags | os.O_CREAT, 0o666)
    finally:
        os.umask(old_umask)


@contextlib.contextmanager
def state_lock(root, name):
    """Lock files live in STATE_DIR/locks (mode 1777, made by sparklab)."""
    fd = open_shared(f"{root}{STATE_DIR}/locks/{name}", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def add_rdma_bytes(dev, direction, count):
    """Count RoCE bytes for ethtool -S's *_vport_rdma_unicast_bytes."""
    with state_lock("", "rdma"):
        total = rdma_bytes("", dev, direction) + count
        fd = open_shared(f"{STATE_DIR}/rdma/{dev}.{direction}", os.O_WRONLY | os.O_TRUNC)
        with os.fdopen(fd, "w") as f:
            f.write(f"{total}\n")


# ---------------------------------------------------------------- RoCE GID table

def gid_hex(address):
    """The kernel's gids/N format: 8 groups of 4 hex digits."""
    packed = ipaddress.IPv6Address(address).packed
    return ":".join(packed[i:i + 2].hex() for i in range(0, 16, 2))


def mac_link_local(mac):
    b = bytes.fromhex(mac.replace(":", ""))
    eui = bytes([b[0] ^ 0x02]) + b[1:3] + b"\xff\xfe" + b[3:6]
    return str(ipaddress.IPv6Address(b"\xfe\x80" + bytes(6) + eui))


def gid_table(root, addresses, dev, order):
    """[(gid, type)] the way mlx5 fills it: link-local v1/v2, then each IPv4 v1/v2.

    `addresses` are the netdev's [(family, address, prefixlen)]. order "reordered"
    swaps the IPv4 pair (v2 first), as some kernels were seen to.
    """
    mac = read_sys(root, f"/sys/class/net/{dev}/address", "00:00:00:00:00:00")
    link_local = next((a for f, a, _ in addresses if f == "inet6" and a.startswith("fe80")),
                      mac_link_local(mac))
    table = [(gid_hex(link_local), "IB/RoCE v1"), (gid_hex(link_local), "RoCE v2")]
    for family, address, _ in addresses:
        if family != "inet":
            continue
        mapped = gid_hex("::ffff:" + address)
        pair = [(mapped, "IB/RoCE v1"), (mapped, "RoCE v2")]
        table += pair[::-1] if order == "reordered" else pair
    for family, address, _ in addresses:
        if family == "inet6" and not address.startswith("fe80"):
            table += [(gid_hex(address), "IB/RoCE v1"), (gid_hex(address), "RoCE v2")]
    return table


def refresh_infiniband(root="", ip_cmd=("ip",)):
    """Regenerate /sys/class/infiniband for the CX-7 netdevs that exist right now.

    Each device is a symlink (as in the kernel's sysfs) to a generation directory,
    swapped atomically: a reader never finds a device missing while it is
    rewritten. The previous generation stays a moment for readers inside it."""
    ip_cmd = list(ip_cmd)
    state = load_state(root)
    base = f"{root}/sys/class/infiniband"
    addresses = all_ip_addresses(ip_cmd)
    generation = str(time.monotonic_ns())
    with state_lock(root, "infiniband"):
        refresh_pcie(root, state)
        wanted = set()
        for port, twin, dev, roce, bus in cx7_devices():
            if not netdev_exists(root, dev):
                continue
            wanted.add(roce)
            target = f".{roce}.{generation}"
            write_roce_device(f"{base}/{target}", root, addresses.get(dev, []), state, port, dev, roce)
            link = f"{base}/.{roce}.link"
            if os.path.lexists(link):
                os.unlink(link)
            os.symlink(target, link)
            os.replace(link, f"{base}/{roce}")
        generations = {}
        for entry in os.listdir(base):
            if entry.startswith(".") and entry.count(".") == 2 and not entry.endswith(".link"):
                generations.setdefault(entry.split(".")[1], []).append(entry)
            elif not entry.startswith(".") and entry not in wanted:
                path = f"{base}/{entry}"
                os.unlink(path) if os.path.islink(path) else shutil.rmtree(path, ignore_errors=True)
        for roce, entries in generations.items():
            keep = 2 if roce in wanted else 0
            for old in sorted(entries, key=lambda e: int(e.split(".")[2]))[:-keep or None]:
                shutil.rmtree(f"{base}/{old}", ignore_errors=True)


# The kernel's AER counter files (drivers/pci/pcie/aer.c): one line per error kind,
# then the total. Only the totals move in the lab.
AER_KINDS = {
    "correctable": ("aer_dev_correctable", "TOTAL_ERR_COR",
                    ["RxErr", "BadTLP", "BadDLLP", "Rollover", "Timeout", "NonFatalErr",
                     "CorrIntErr", "HeaderOF"]),
    "nonfatal": ("aer_dev_nonfatal", "TOTAL_ERR_NONFATAL",
                 ["Undefined", "DLP", "SDES", "TLP", "FCP", "CmpltTO", "CmpltAbrt", "UnxCmplt",
                  "RxOF", "MalfTLP", "ECRC", "UnsupReq", "ACSViol", "UncorrIntErr", "BlockedTLP",
                  "AtomicOpBlocked", "TLPBlockedErr", "PoisonTLPBlocked"]),
    "fatal": ("aer_dev_fatal", "TOTAL_ERR_FATAL",
              ["Undefined", "DLP", "SDES", "TLP", "FCP", "CmpltTO", "CmpltAbrt", "UnxCmplt",
               "RxOF", "MalfTLP", "ECRC", "UnsupReq", "ACSViol", "UncorrIntErr", "BlockedTLP",
               "AtomicOpBlocked", "TLPBlockedErr", "PoisonTLPBlocked"]),
}
ROOT_PORTS = ["0000:00:00.0", "0002:00:00.0"]
# Each CX-7 function reaches the SoC over PCIe Gen5 x4 (32 GT/s per lane).
PCIE_GEN5 = "32.0 GT/s PCIe"


def put_file(path, text):
    """Write a sysfs stand-in file whole: a reader never sees it half written."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".new", "w") as f:
        f.write(text)
    os.replace(path + ".new", path)


def refresh_pcie(root="", state=None):
    """Regenerate the stand-in /sys/bus/pci/devices: the two root ports always, a CX-7
    function only while its netdev exists (CX-7 hot-plug). Link width/speed and AER
    counts come from node.json (`sparklab fault pcie-width` / `aer`)."""
    state = state if state is not None else load_state(root)
    base = f"{root}/sys/bus/pci/devices"
    if not os.path.isdir(base):
        return
    links = state.get("pcie_links", {})
    aer = state.get("aer_counts", {})
    wanted = set(ROOT_PORTS)
    wanted.update(bus for _, _, dev, _, bus in cx7_devices() if netdev_exists(root, dev))
    for address in sorted(wanted):
        link = links.get(address, {})
        put_file(f"{base}/{address}/current_link_speed", f"{link.get('speed', PCIE_GEN5)}\n")
        put_file(f"{base}/{address}/current_link_width", f"{link.get('width', 4)}\n")
        put_file(f"{base}/{address}/max_link_speed", f"{PCIE_GEN5}\n")
        put_file(f"{base}/{address}/max_link_width", "4\n")
        counts = aer.get(address, {})
        for kind, (name, total, rows) in AER_KINDS.items():
            body = "".join(f"{row} 0\n" for row in rows)
            put_file(f"{base}/{address}/{name}", f"{body}{total} {counts.get(kind, 0)}\n")
        if address in ROOT_PORTS:
            for kind, suffix in (("correctable", "cor"), ("fatal", "fatal"), ("nonfatal", "nonfatal")):
                put_file(f"{base}/{address}/aer_rootport_total_err_{suffix}",
                         f"{counts.get(kind, 0)}\n")
    for entry in os.listdir(base):
        if entry not in wanted:
            shutil.rmtree(f"{base}/{entry}", ignore_errors=True)


def write_roce_device(path, root, addresses, state, port, dev, roce):
    def put(rel, text):
        full = f"{path}/{rel}"
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(f"{text}\n")

    up = link_is_up(root, dev)
    put("fw_ver", state["facts"]["firmware_version"].split()[0])
    put("node_type", "1: CA")
    os.makedirs(f"{path}/device/net/{dev}", exist_ok=True)
    put("ports/1/state", "4: ACTIVE" if up else "1: DOWN")
    put("ports/1/phys_state", "5: LinkUp" if up else "3: Disabled")
    put("ports/1/link_layer", "Ethernet")
    speed = state["port_speed_mbps"].get(str(port), 200000)
    put("ports/1/rate", f"{speed // 1000} Gb/sec (2X NDR)" if up else "40 Gb/sec (4X QDR)")
    table = gid_table(root, addresses, dev, state.get("gid_order", "standard"))
    for index in range(max(len(table), 16)):
        gid, kind = table[index] if index < len(table) else ("0000:" * 7 + "0000", None)
        put(f"ports/1/gids/{index}", gid)
        if kind:
            put(f"ports/1/gid_attrs/types/{index}", kind)
            put(f"ports/1/gid_attrs/ndevs/{index}", dev)
    bumps = state.get("roce_counter_bumps", {}).get(roce, {})
    for counter in ROCE_HW_COUNTERS:
        put(f"ports/1/hw_counters/{counter}", str(bumps.get(counter, 0)))


# ---------------------------------------------------------------- the host's packages

PACKAGE_REFUSAL = ("sparklab: '{command}' would change the desktop's own packages: an "
                   "emulated Spark shares the desktop's /usr and package database (both "
                   "read-only inside the node), so this stand-in refuses it.")


def refuse_package_change(tool, words, exit_code):
    import sys
    print(PACKAGE_REFUSAL.format(command=" ".join([tool] + list(words))), file=sys.stderr)
    return exit_code
