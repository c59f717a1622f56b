# SPDX-License-Identifier: MIT
"""sparklab stand-in for systemd-udevd, for network devices only.

A real udevd cannot run inside an emulated Spark: the kernel also sends the host's
untagged uevents (disks, USB) to every network namespace, and udevd would run its
rules on the host's devices. This stand-in does for the node's own netdevs what
udevd does and NetworkManager needs: on each kernel "net" uevent of this network
namespace it writes the device's udev database entry (/run/udev/data/n<ifindex>,
marked initialised) and announces the event to libudev listeners (netlink group 2,
libudev's message format). It reads every other uevent and ignores it.
Without it NetworkManager leaves hot-plugged devices unmanaged, waiting for udev.
"""
import os
import socket
import struct
import threading
import time

NETLINK_KOBJECT_UEVENT = 15
KERNEL_GROUP, UDEV_GROUP = 1, 2
UDEV_MONITOR_MAGIC = 0xFEEDCAFE
HEADER_SIZE = 40
DB_DIR = "/run/udev/data"


def murmur_hash2(data, seed=0):
    """libudev's filter hash (MurmurHash2, 32 bit) of a subsystem name."""
    m, h = 0x5BD1E995, (seed ^ len(data)) & 0xFFFFFFFF
    whole = len(data) // 4 * 4
    for (k,) in struct.iter_unpack("<I", data[:whole]):
        k = (k * m) & 0xFFFFFFFF
        k ^= k >> 24
        k = (k * m) & 0xFFFFFFFF
        h = ((h * m) & 0xFFFFFFFF) ^ k
    tail = data[whole:]
    if len(tail) == 3:
        h ^= tail[2] << 16
    if len(tail) >= 2:
        h ^= tail[1] << 8
    if tail:
        h = ((h ^ tail[0]) * m) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * m) & 0xFFFFFFFF
    return h ^ (h >> 15)


def write_db(ifindex, usec, properties):
    os.makedirs(DB_DIR, exist_ok=True)
    staging = f"{DB_DIR}/.n{ifindex}.tmp"
    with open(staging, "w") as f:
        f.write(f"I:{usec}\n")
        for key, value in properties.items():
            f.write(f"E:{key}={value}\n")
    os.rename(staging, f"{DB_DIR}/n{ifindex}")


def remove_db(ifindex):
    try:
        os.unlink(f"{DB_DIR}/n{ifindex}")
    except FileNotFoundError:
        pass


def announce(sender, properties):
    body = b"".join(f"{k}={v}".encode() + b"\0" for k, v in properties.items())
    header = (b"libudev\0" + struct.pack("!I", UDEV_MONITOR_MAGIC)
              + struct.pack("=III", HEADER_SIZE, HEADER_SIZE, len(body))
              + struct.pack("!IIII", murmur_hash2(b"net"), 0, 0, 0))
    try:
        sender.sendto(header + body, (0, UDEV_GROUP))
    except OSError:
        pass       # nobody listening yet (NetworkManager not started)


def handle(sender, kernel):
    """One kernel uevent of a netdev: the database, then the announcement."""
    action, ifname, ifindex = kernel.get("ACTION"), kernel.get("INTERFACE"), kernel.get("IFINDEX")
    if not ifname or not ifindex or action not in ("add", "change", "move", "remove"):
        return
    usec = int(time.monotonic() * 1_000_000)
    if action == "remove":
        remove_db(ifindex)
    else:
        write_db(ifindex, usec, {})
    announce(sender, {**kernel, "USEC_INITIALIZED": usec})


def coldplug(sender):
    """What `udevadm trigger` at boot gives udevd: every netdev already present."""
    for ifname in sorted(os.listdir("/sys/class/net")):
        try:
            with open(f"/sys/class/net/{ifname}/ifindex") as f:
                ifindex = f.read().strip()
        except OSError:
            continue
        handle(sender, {"ACTION": "add", "DEVPATH": f"/devices/virtual/net/{ifname}",
                        "SUBSYSTEM": "net", "INTERFACE": ifname, "IFINDEX": ifindex,
                        "SEQNUM": "0"})


def parse_uevent(data):
    fields = data.split(b"\0")
    if not fields or b"@" not in fields[0]:
        return None
    event = {}
    for field in fields[1:]:
        key, sep, value = field.decode(errors="replace").partition("=")
        if sep:
            event[key] = value
    return event


def serve(listener, sender):
    while True:
        try:
            data = listener.recv(65536)
        except OSError:
            continue
        event = parse_uevent(data)
        if event and event.get("SUBSYSTEM") == "net":
            try:
                handle(sender, event)
            except OSError:
                pass


def start():
    """Listen first, then coldplug, then serve in the background (so no add is lost)."""
    os.makedirs(DB_DIR, exist_ok=True)
    # libudev listens on the udev group only where udev appears to run.
    open("/run/udev/control", "a").close()
    listener = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_KOBJECT_UEVENT)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 * 1024 * 1024)
    listener.bind((0, KERNEL_GROUP))
    sender = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_KOBJECT_UEVENT)
    sender.bind((0, 0))
    coldplug(sender)
    threading.Thread(target=serve, args=(listener, sender), daemon=True).start()
