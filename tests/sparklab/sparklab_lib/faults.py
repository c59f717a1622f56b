# SPDX-License-Identifier: MIT
"""Faults a real Spark cluster shows, switchable at run time: `sparklab fault KIND ... [--clear]`.

Every fault changes only what a real node would change (netdevs, carrier, tc, files,
sshd, the node state file the stand-ins read) and is recorded in the lab state, so
`status` lists it and `--clear` undoes it.
"""
import concurrent.futures
import glob
import json
import os
import time

from . import cables, nccl, nodes, shell, sysfs
from .labstate import (DEGRADED_RATE_GBPS, Lab, LabError, DEFAULT_LAB, TWIN_RATE_GBPS,
                       short_hash)
from .topology import SWITCH, cable, parse_endpoint, port_of_netdev

STALE_NETPLAN_PATH = "/etc/netplan/40-cx7.yaml"
CX7_NETDEVS = {dev for _, _, dev, _, _ in sysfs.sparknode.cx7_devices()}
PHY_COUNTERS = ["rx_crc_errors_phy", "rx_discards_phy", "link_down_events_phy",
                "rx_corrected_bits_phy", "rx_pause_ctrl_phy", "tx_pause_ctrl_phy",
                "rx_out_of_buffer"]


# ---------------------------------------------------------------- lookups

def find_node(state, wanted):
    if wanted in state["nodes"]:
        return state["nodes"][wanted]
    if wanted.isdigit() and 1 <= int(wanted) <= len(state["node_order"]):
        return state["nodes"][state["node_order"][int(wanted) - 1]]
    raise LabError(f"no node {wanted!r} (nodes: {', '.join(state['node_order'])})")


def find_cable(state, spec, include_unplugged=False):
    """A cable by id ('spark-1:0-spark-2:1', '1:0-2:1') or by one end ('1:0')."""
    pool = state["cables"] + (state["unplugged"] if include_unplugged else [])
    for c in pool:
        if cable_matches(state, c, spec):
            return c
    where = "plugged or unplugged" if include_unplugged else "plugged"
    raise LabError(f"no {where} cable matches {spec!r} "
                   f"(cables: {', '.join(c['id'] for c in pool) or 'none'})")


def cable_matches(state, c, spec):
    names = state["node_order"] + [SWITCH]
    ends = [parse_endpoint(part, names) for part in split_cable_spec(spec)]
    return all(end in (c["a"], c["b"]) for end in ends)


def split_cable_spec(spec):
    for i, ch in enumerate(spec):
        if ch == "-" and i >= 2 and spec[i - 2] == ":" and spec[i - 1] in "01":
            return [spec[:i], spec[i + 1:]]
    return [spec]


def node_ends(c):
    return [end for end in (c["a"], c["b"]) if end["node"] != SWITCH]


def refresh_nodes(state, names):
    with concurrent.futures.ThreadPoolExecutor(max(1, len(names))) as pool:
        list(pool.map(lambda name: sysfs.refresh(state["nodes"][name]), names))


def record(state, entry, clear):
    key = {k: v for k, v in entry.items() if k in ("kind", "node", "cable", "interface")}
    state["faults"] = [f for f in state["faults"]
                       if {k: v for k, v in f.items() if k in key} != key]
    if not clear:
        state["faults"].append(entry)


def save_node_facts(lab, state, node):
    nodes.write_node_state(lab, node, state)
    nodes.write_node_file(node["holder_pid"], "/etc/dgx-release",
                          nodes.dgx_release_text(node["facts"]))


def netplan_apply(node):
    """The real `netplan apply` in a node (renderer NetworkManager), then its RoCE sysfs."""
    result = shell.in_node(node["holder_pid"], ["netplan", "apply"], check=False)
    sysfs.refresh(node)
    if result.returncode != 0:
        raise LabError(f"{node['name']}: netplan apply failed: {(result.stderr or '').strip()}")


def wait_for_network_manager(state, names, timeout=15.0):
    """A replugged port's netdevs are new devices: NetworkManager (through the udev
    stand-in) takes them and activates their profiles, as on a Spark. Wait until no
    CX-7 device of these nodes is still being activated, bounded."""
    def settle(name):
        node = state["nodes"][name]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            out = shell.in_node(node["holder_pid"], ["nmcli", "-t", "-f", "DEVICE,STATE", "device"],
                                check=False).stdout or ""
            busy = [line for line in out.splitlines()
                    if line.split(":")[0] in CX7_NETDEVS and "connecting" in line]
            if not busy:
                break
            time.sleep(0.1)
        sysfs.refresh(node)

    with concurrent.futures.ThreadPoolExecutor(max(1, len(names))) as pool:
        list(pool.map(settle, names))


# ---------------------------------------------------------------- cable faults

def fault_unplug(lab, state, args):
    c = find_cable(state, args.cable)
    cables.unplug(state, c)
    state["cables"].remove(c)
    state["unplugged"].append(c)
    record(state, {"kind": "unplug", "cable": c["id"]}, clear=False)
    refresh_nodes(state, [e["node"] for e in node_ends(c)])
    return f"unplugged {c['id']}"


def fault_replug(lab, state, args):
    c = find_cable(state, args.cable, include_unplugged=True)
    if c in state["cables"]:
        raise LabError(f"cable {c['id']} is plugged in")
    busy = {(e["node"], e["port"]) for p in state["cables"] for e in (p["a"], p["b"])}
    for end in (c["a"], c["b"]):
        if (end["node"], end["port"]) in busy:
            raise LabError(f"port {end['port']} of {end['node']} already has a cable")
    state["unplugged"].remove(c)
    state["cables"].append(c)
    cables.plug(state, [c])
    record(state, {"kind": "unplug", "cable": c["id"]}, clear=True)
    wait_for_network_manager(state, [e["node"] for e in node_ends(c)])
    return f"replugged {c['id']} (same MAC addresses)"


def fault_miswire(lab, state, args):
    if args.clear:
        entry = next((f for f in state["faults"] if f["kind"] == "miswire"
                      and (cable_matches(state, f["original"], args.cable)
                           or cable_matches(state, find_cable(state, f["cable"]), args.cable))),
                     None)
        if entry is None:
            raise LabError(f"no miswire fault on {args.cable}")
        moved = find_cable(state, entry["cable"])
        cables.unplug(state, moved)
        state["cables"].remove(moved)
        original = entry["original"]
        state["cables"].append(original)
        cables.plug(state, [original])
        state["faults"].remove(entry)
        touched = {e["node"] for e in node_ends(moved) + node_ends(original)}
        wait_for_network_manager(state, sorted(touched))
        return f"restored {original['id']}"
    if not args.to:
        raise LabError("miswire needs --to NODE:PORT (where end B of the cable goes instead)")
    c = find_cable(state, args.cable)
    target = parse_endpoint(args.to, state["node_order"])
    busy = {(e["node"], e["port"]) for p in state["cables"] for e in (p["a"], p["b"]) if p is not c}
    if (target["node"], target["port"]) in busy:
        raise LabError(f"port {target['port']} of {target['node']} already has a cable")
    if target["node"] == c["a"]["node"]:
        raise LabError("a cable cannot loop back to the same node")
    moved = cable(c["a"], target)
    moved.update({k: c[k] for k in ("rate_gbps", "netem") if k in c})
    cables.unplug(state, c)
    state["cables"].remove(c)
    state["cables"].append(moved)
    cables.plug(state, [moved])
    record(state, {"kind": "miswire", "cable": moved["id"], "original": c}, clear=False)
    touched = {e["node"] for e in node_ends(moved) + node_ends(c)}
    wait_for_network_manager(state, sorted(touched))
    return f"miswired: {c['id']} is now {moved['id']}"


def set_port_speed(lab, state, c, speed):
    for end in node_ends(c):
        node = state["nodes"][end["node"]]
        node["port_speed_mbps"][str(end["port"])] = speed
        nodes.write_node_state(lab, node, state)
        sysfs.refresh(node)


def fault_degrade(lab, state, args):
    c = find_cable(state, args.cable)
    if args.clear:
        c.pop("rate_gbps", None)
        cables.shape(state, c)
        set_port_speed(lab, state, c, 200000)
        record(state, {"kind": "degrade", "cable": c["id"]}, clear=True)
        return f"{c['id']}: full rate again"
    rate = args.rate if args.rate is not None else (
        TWIN_RATE_GBPS if args.reported_speed else DEGRADED_RATE_GBPS)
    c["rate_gbps"] = rate
    cables.shape(state, c)
    speed = args.reported_speed or 200000
    set_port_speed(lab, state, c, speed)
    record(state, {"kind": "degrade", "cable": c["id"], "twin_rate_gbps": rate,
                   "reported_speed_mbps": speed}, clear=False)
    return (f"{c['id']}: {rate:g} Gb/s per twin (real {rate * state['rate_scale']:g} Gbit/s), "
            f"ethtool reports {speed}Mb/s")


def fault_netem(lab, state, args):
    c = find_cable(state, args.cable)
    if args.clear:
        had_loss = bool((c.pop("netem", None) or {}).get("loss_pct"))
        cables.shape(state, c, had_loss=had_loss)
        record(state, {"kind": "netem", "cable": c["id"]}, clear=True)
        return f"{c['id']}: no loss or delay"
    if not args.loss and not args.delay:
        raise LabError("netem needs --loss PCT and/or --delay MS")
    if args.delay and not cables.kernel_has_netem():
        raise LabError("this kernel has no sch_netem, so a cable delay cannot be emulated "
                       "(--loss still works: it uses an eBPF filter)")
    had_loss = bool((c.get("netem") or {}).get("loss_pct"))
    c["netem"] = {"loss_pct": args.loss or 0, "delay_ms": args.delay or 0}
    cables.shape(state, c, had_loss=had_loss)
    record(state, {"kind": "netem", "cable": c["id"], **c["netem"]}, clear=False)
    return f"{c['id']}: loss {args.loss or 0}% delay {args.delay or 0} ms each way"


# ---------------------------------------------------------------- interface faults

def check_cx7(node, ifname):
    if port_of_netdev(ifname) is None:
        raise LabError(f"{ifname} is not a CX-7 netdev")
    out = shell.run(["ip", "-n", node["netns"], "-br", "link", "show", "dev", ifname],
                    check=False)
    if out.returncode != 0:
        raise LabError(f"{node['name']} has no {ifname} (no cable on that port?)")


def fault_mtu(lab, state, args):
    node = find_node(state, args.node)
    check_cx7(node, args.interface)
    mtu = 1500 if args.clear else args.mtu
    if not mtu:
        raise LabError("mtu needs --mtu N")
    shell.run(["ip", "-n", node["netns"], "link", "set", args.interface, "mtu", str(mtu)])
    record(state, {"kind": "mtu", "node": node["name"], "interface": args.interface, "mtu": mtu},
           clear=args.clear)
    return f"{node['name']} {args.interface}: mtu {mtu}"


def fault_twin_down(lab, state, args):
    node = find_node(state, args.node)
    check_cx7(node, args.interface)
    updown = "up" if args.clear else "down"
    shell.run(["ip", "-n", node["netns"], "link", "set", args.interface, updown])
    record(state, {"kind": "twin-down", "node": node["name"], "interface": args.interface},
           clear=args.clear)
    # the far end loses carrier too: refresh every node
    refresh_nodes(state, state["node_order"])
    return f"{node['name']} {args.interface}: {updown}"


def link_local_states(ns, ifname):
    """Each IPv6 link-local address of a netdev: True when still tentative."""
    out = shell.run(["ip", "-n", ns, "-6", "-j", "addr", "show", "dev", ifname, "scope", "link"],
                    check=False).stdout
    try:
        infos = json.loads(out or "[]")
    except ValueError:
        return {}
    return {a["local"]: bool(a.get("tentative")) for i in infos for a in i.get("addr_info", [])}


def fault_tentative(lab, state, args):
    """A port that has just come up: its link-local address waits for IPv6
    duplicate address detection (DAD) for --seconds, as after a reboot or a
    replug, so the node neither answers nor sends on that port meanwhile.
    DAD here is the kernel's own, made long (dad_transmits probes a second);
    NetworkManager adds the address again when the link comes back."""
    node = find_node(state, args.node)
    ns = node["netns"]
    present = [l["ifname"] for l in json.loads(
        shell.run(["ip", "-n", ns, "-j", "link", "show"]).stdout or "[]")
        if l.get("ifname") in CX7_NETDEVS and "LOWER_UP" in l.get("flags", [])]
    if args.port is not None:
        present = [d for d in present if port_of_netdev(d) == args.port]
    if not present:
        raise LabError(f"{node['name']} has no CX-7 netdev with a link"
                       + (f" on port {args.port}" if args.port is not None else ""))
    probes = 1 if args.clear else max(2, int(args.seconds))
    for ifname in present:
        shell.run(["ip", "netns", "exec", ns, "sysctl", "-qw",
                   f"net.ipv6.conf.{ifname}.dad_transmits={probes}",
                   f"net.ipv6.neigh.{ifname}.retrans_time_ms=1000"])
        shell.run(["ip", "-n", ns, "link", "set", ifname, "down"])
        shell.run(["ip", "-n", ns, "link", "set", ifname, "up"])

    def settled():
        for ifname in present:
            states = link_local_states(ns, ifname)
            if args.clear and (not states or any(states.values())):
                return False
            if not args.clear and not any(states.values()):
                return False
        return True

    deadline = time.monotonic() + 30
    while not settled():
        if time.monotonic() > deadline:
            raise LabError(f"{node['name']}: the link-local addresses of {', '.join(present)} did not "
                           + ("come back" if args.clear else "become tentative") + " within 30 s")
        time.sleep(0.2)
    # the link went down and up: the far ends' carrier and every RoCE GID table
    refresh_nodes(state, state["node_order"])
    record(state, {"kind": "tentative", "node": node["name"], "netdevs": present,
                   "seconds": probes}, clear=args.clear)
    if args.clear:
        return f"{node['name']} {' '.join(present)}: link-local addresses usable again"
    return f"{node['name']} {' '.join(present)}: link-local addresses tentative for {probes} s"


# ---------------------------------------------------------------- node faults

def fault_sshd(lab, state, args):
    node = find_node(state, args.node)
    if args.clear or args.kind == "sshd-start":
        if node.get("sshd_pid") and shell.pid_alive(node["sshd_pid"]):
            return f"{node['name']}: sshd already running"
        proc = nodes.start_sshd(lab, node)
        nodes.wait_for_port(node["mgmt_address"], proc=proc)
        record(state, {"kind": "sshd-stop", "node": node["name"]}, clear=True)
        return f"{node['name']}: sshd started"
    nodes.stop_sshd(node)
    record(state, {"kind": "sshd-stop", "node": node["name"]}, clear=False)
    return f"{node['name']}: sshd stopped"


def fault_hostkey(lab, state, args):
    node = find_node(state, args.node)
    old = node.get("host_key_fingerprint")
    nodes.generate_host_keys(node["holder_pid"], node["hostname"])
    node["host_key_fingerprint"] = nodes.host_key_fingerprint(node["holder_pid"])
    if node.get("sshd_pid") and shell.pid_alive(node["sshd_pid"]):
        nodes.stop_sshd(node)
        proc = nodes.start_sshd(lab, node)
        nodes.wait_for_port(node["mgmt_address"], proc=proc)
    record(state, {"kind": "hostkey", "node": node["name"], "old": old,
                   "new": node["host_key_fingerprint"]}, clear=False)
    return f"{node['name']}: host key {old} -> {node['host_key_fingerprint']}"


FACT_FAULTS = {   # kind -> (fact, default old value)
    "old-release": ("release", nodes.OLD_NODE_FACTS["release"]),
    "old-driver": ("driver_version", nodes.OLD_NODE_FACTS["driver_version"]),
    "old-firmware": ("firmware_version", nodes.OLD_NODE_FACTS["firmware_version"]),
}


def fault_old_version(lab, state, args):
    node = find_node(state, args.node)
    fact, old_default = FACT_FAULTS[args.kind]
    value = nodes.DEFAULT_NODE_FACTS[fact] if args.clear else (args.version or old_default)
    if fact == "release" and value not in [v for v, _ in nodes.RELEASE_HISTORY]:
        raise LabError(f"unknown release {value} "
                       f"(known: {', '.join(v for v, _ in nodes.RELEASE_HISTORY)})")
    node["facts"][fact] = value
    if fact == "driver_version" and not args.clear and args.cuda:
        node["facts"]["cuda_version"] = args.cuda
    if args.clear:
        node["facts"]["cuda_version"] = nodes.DEFAULT_NODE_FACTS["cuda_version"]
    save_node_facts(lab, state, node)
    sysfs.refresh(node)
    record(state, {"kind": args.kind, "node": node["name"], fact: value}, clear=args.clear)
    return f"{node['name']}: {fact} {value}"


def fault_slow_update(lab, state, args):
    """apt-get update takes --seconds, as a package index refresh over a slow network does."""
    node = find_node(state, args.node)
    node["apt_update_seconds"] = 0 if args.clear else args.seconds
    nodes.write_node_state(lab, node, state)
    record(state, {"kind": "slow-update", "node": node["name"], "seconds": node["apt_update_seconds"]}, clear=args.clear)
    return f"{node['name']}: apt-get update takes {node['apt_update_seconds']} s"


def stale_netplan_text(node):
    i = node["index"]
    return ("# Written by NVIDIA's connect-two-sparks playbook\n"
            "network:\n  version: 2\n  ethernets:\n"
            f"    enp1s0f0np0:\n      dhcp4: false\n      addresses:\n"
            f"        - 192.168.100.{10 + i}/24\n"
            f"    enP2p1s0f0np0:\n      dhcp4: false\n      addresses:\n"
            f"        - 192.168.100.{110 + i}/24\n")


def fault_stale_netplan(lab, state, args):
    node = find_node(state, args.node)
    pid = node["holder_pid"]
    if args.clear:
        shell.in_node(pid, ["rm", "-f", STALE_NETPLAN_PATH])
    else:
        nodes.write_node_file(pid, STALE_NETPLAN_PATH, stale_netplan_text(node), 0o600)
    netplan_apply(node)    # as at the last boot
    record(state, {"kind": "stale-netplan", "node": node["name"]}, clear=args.clear)
    return f"{node['name']}: {STALE_NETPLAN_PATH} {'removed' if args.clear else 'written and applied'}"


# ---------------------------------------------------------------- NetworkManager faults

USER_PROFILE_NAME = "my-cx7-static"
NM_MIRROR_DIR = "/etc/netplan"


def fault_nm_stop(lab, state, args):
    """NetworkManager stopped on a node (the management address stays, as NM leaves
    devices configured when it quits)."""
    node = find_node(state, args.node)
    verb = "start" if args.clear else "stop"
    shell.in_node(node["holder_pid"], ["systemctl", verb, "NetworkManager.service"])
    record(state, {"kind": "nm-stop", "node": node["name"]}, clear=args.clear)
    return f"{node['name']}: NetworkManager {'started' if args.clear else 'stopped'}"


def fault_nm_static(lab, state, args):
    """A profile the user made with nmcli: a static address on a CX-7 port, which
    NetworkManager stores as a keyfile in /etc/NetworkManager/system-connections."""
    node = find_node(state, args.node)
    pid = node["holder_pid"]
    check_cx7(node, args.interface)
    shell.in_node(pid, ["nmcli", "connection", "delete", USER_PROFILE_NAME], check=False)
    if not args.clear:
        shell.in_node(pid, ["nmcli", "connection", "add", "type", "ethernet", "con-name",
                            USER_PROFILE_NAME, "ifname", args.interface, "ipv4.method", "manual",
                            "ipv4.addresses", args.address, "ipv6.method", "link-local",
                            "connection.autoconnect", "yes"])
        shell.in_node(pid, ["nmcli", "connection", "up", USER_PROFILE_NAME], check=False)
    sysfs.refresh(node)
    record(state, {"kind": "nm-static", "node": node["name"], "interface": args.interface},
           clear=args.clear)
    return (f"{node['name']}: NetworkManager profile {USER_PROFILE_NAME} "
            + ("removed" if args.clear else f"with {args.address} on {args.interface}"))


def nm_mirror_text(uuid, name, interface, broken):
    """What Ubuntu's NetworkManager writes to /etc/netplan for a connection it stores
    (its netplan integration); `broken` adds a key netplan generate rejects."""
    bad = "      dhcp4: maybe\n" if broken else ""
    return ("network:\n  version: 2\n  ethernets:\n"
            f"    NM-{uuid}:\n      renderer: NetworkManager\n"
            f"      match:\n        name: \"{interface}\"\n"
            f"      addresses:\n      - \"10.99.0.{10}/24\"\n{bad}"
            f"      networkmanager:\n        uuid: \"{uuid}\"\n        name: \"{name}\"\n")


def fault_nm_mirror(lab, state, args):
    """Ubuntu's NetworkManager <-> netplan integration: /etc/netplan/90-NM-<uuid>.yaml
    for a connection; --broken makes it one that `netplan generate` rejects."""
    node = find_node(state, args.node)
    pid = node["holder_pid"]
    uuid = "5fb6b7a5-" + short_hash(state["name"], node["name"], "nm-mirror", length=4) \
        + "-4b4c-9a8e-3c2d1e0f9a7b"
    path = f"{NM_MIRROR_DIR}/90-NM-{uuid}.yaml"
    if args.clear:
        shell.in_node(pid, ["sh", "-c", f"rm -f {NM_MIRROR_DIR}/90-NM-*.yaml"])
    else:
        nodes.write_node_file(pid, path, nm_mirror_text(uuid, "Wired connection 9",
                                                        args.interface, args.broken), 0o600)
    record(state, {"kind": "nm-mirror", "node": node["name"], "broken": bool(args.broken)},
           clear=args.clear)
    return f"{node['name']}: {path} {'removed' if args.clear else 'written'}"


def fault_errors(lab, state, args):
    node = find_node(state, args.node)
    port = str(args.port)
    bumps = node["phy_counter_bumps"]
    if args.clear:
        bumps.pop(port, None)
        node["roce_counter_bumps"] = {}
    else:
        counters = args.counter or ["rx_crc_errors_phy", "rx_corrected_bits_phy"]
        for name in counters:
            if name not in PHY_COUNTERS:
                raise LabError(f"unknown counter {name} (known: {', '.join(PHY_COUNTERS)})")
            bumps.setdefault(port, {})[name] = bumps.get(port, {}).get(name, 0) + args.count
        for twin in (0, 1):
            roce = sysfs.sparknode.CX7_TWINS[args.port][twin][1]
            rc = node["roce_counter_bumps"].setdefault(roce, {})
            for name in ("out_of_sequence", "packet_seq_err", "roce_adp_retrans"):
                rc[name] = rc.get(name, 0) + args.count
    nodes.write_node_state(lab, node, state)
    sysfs.refresh(node)
    record(state, {"kind": "errors", "node": node["name"], "port": args.port}, clear=args.clear)
    return f"{node['name']} port {port}: counters {'cleared' if args.clear else 'bumped'}"


def fault_gid_reorder(lab, state, args):
    node = find_node(state, args.node)
    node["gid_order"] = "standard" if args.clear else "reordered"
    nodes.write_node_state(lab, node, state)
    sysfs.refresh(node)
    record(state, {"kind": "gid-reorder", "node": node["name"]}, clear=args.clear)
    return f"{node['name']}: GID table {node['gid_order']}"


# ---------------------------------------------------------------- PCIe faults

def fault_pcie_width(lab, state, args):
    """Old BIOS brings the second CX-7 controller (PCIe domain 0002) up at Gen5 x2."""
    node = find_node(state, args.node)
    functions = args.function or ["0002:01:00.0", "0002:01:00.1"]
    known = [bus for *_, bus in sysfs.sparknode.cx7_devices()]
    for function in functions:
        if function not in known:
            raise LabError(f"{function} is not a CX-7 function (known: {', '.join(known)})")
    links = node.setdefault("pcie_links", {})
    for function in functions:
        if args.clear:
            links.pop(function, None)
        else:
            links[function] = {"width": args.width}
    nodes.write_node_state(lab, node, state)
    sysfs.refresh(node)
    record(state, {"kind": "pcie-width", "node": node["name"]}, clear=args.clear)
    width = 4 if args.clear else args.width
    return f"{node['name']}: {', '.join(functions)} at PCIe Gen5 x{width}"


def fault_aer(lab, state, args):
    """AER errors since boot, counted where the kernel counts them: on the device and
    in its root port's totals."""
    node = find_node(state, args.node)
    counts = node.setdefault("aer_counts", {})
    if args.clear:
        counts.clear()
    else:
        device = args.device
        domain_root = device.split(":")[0] + ":00:00.0"
        for address in {device, domain_root}:
            entry = counts.setdefault(address, {})
            entry[args.severity] = entry.get(args.severity, 0) + args.count
    nodes.write_node_state(lab, node, state)
    sysfs.refresh(node)
    record(state, {"kind": "aer", "node": node["name"]}, clear=args.clear)
    if args.clear:
        return f"{node['name']}: no AER errors"
    return f"{node['name']}: {args.count} {args.severity} AER error(s) on {args.device}"


# ---------------------------------------------------------------- NCCL playbook faults

# Open MPI's own programs in /usr/bin that are not alternatives (the node shares the
# host's read-only /usr): /dev/null is bound over each, so no shell finds them.
OPEN_MPI_PROGRAMS = ["orterun", "orted", "opal_wrapper", "ompi_info", "orte-info",
                     "orte-clean", "orte-server"]


def open_mpi_dir():
    """/usr/lib/<multiarch>/openmpi, where libopenmpi-dev puts include/mpi.h."""
    found = sorted(glob.glob("/usr/lib/*/openmpi"))
    if not found:
        raise LabError("this machine has no Open MPI (/usr/lib/<multiarch>/openmpi)")
    return found[0]


def fault_no_mpi(lab, state, args):
    """A node without Open MPI: its /etc/alternatives links into Open MPI removed (the
    node's /etc overlay), an empty tmpfs over /usr/lib/<multiarch>/openmpi and /dev/null
    over Open MPI's other programs, in the node's mount namespace."""
    node = find_node(state, args.node)
    pid = node["holder_pid"]
    mpi_dir = open_mpi_dir()
    entry = next((f for f in state["faults"]
                  if f["kind"] == "no-mpi" and f["node"] == node["name"]), None)
    programs = [p for p in OPEN_MPI_PROGRAMS if os.path.exists(f"/usr/bin/{p}")]
    if args.clear:
        if entry is None:
            return f"{node['name']}: has Open MPI"
        for name, target in entry["links"].items():
            link = shell.node_path(pid, f"/etc/alternatives/{name}")
            if not os.path.lexists(link):
                os.symlink(target, link)
        shell.in_node(pid, ["umount", mpi_dir], check=False)
        for program in entry.get("programs", []):
            shell.in_node(pid, ["umount", f"/usr/bin/{program}"], check=False)
        record(state, {"kind": "no-mpi", "node": node["name"]}, clear=True)
        return f"{node['name']}: Open MPI back"
    if entry is not None:
        return f"{node['name']}: already without Open MPI"
    alternatives = shell.node_path(pid, "/etc/alternatives")
    links = {}
    for name in sorted(os.listdir(alternatives)):
        path = os.path.join(alternatives, name)
        if os.path.islink(path) and "openmpi" in os.readlink(path):
            links[name] = os.readlink(path)
            os.unlink(path)
    shell.in_node(pid, ["mount", "-t", "tmpfs", "-o", "ro,mode=755,size=4k",
                        "sparklab-no-mpi", mpi_dir])
    for program in programs:
        shell.in_node(pid, ["mount", "--bind", "/dev/null", f"/usr/bin/{program}"])
    record(state, {"kind": "no-mpi", "node": node["name"], "links": links,
                   "programs": programs}, clear=False)
    return f"{node['name']}: no Open MPI (no mpirun, mpicc or {mpi_dir}/include/mpi.h)"


def fault_no_nccl(lab, state, args):
    """~/nccl removed from a node, as before NVIDIA's playbook builds it (clear: the
    stand-in ~/nccl/build is back)."""
    node = find_node(state, args.node)
    if args.clear:
        nccl.install_nccl(lab, state, node, node.get("nccl_version", nccl.DEFAULT_VERSION))
    else:
        nccl.remove_nccl(state, node)
    record(state, {"kind": "no-nccl", "node": node["name"]}, clear=args.clear)
    return f"{node['name']}: ~/nccl {'installed' if args.clear else 'removed'}"


def fault_no_nccl_tests(lab, state, args):
    """~/nccl-tests removed from a node (clear: the stand-in build is back)."""
    node = find_node(state, args.node)
    if args.clear:
        if not nccl.install_nccl_tests(lab, state, node):
            raise LabError("this lab has no nccl-tests stand-in build (no mpicc at `up`)")
    else:
        nccl.remove_nccl_tests(state, node)
    record(state, {"kind": "no-nccl-tests", "node": node["name"]}, clear=args.clear)
    return f"{node['name']}: ~/nccl-tests {'installed' if args.clear else 'removed'}"


def fault_nccl_version(lab, state, args):
    """Another NCCL build on one node: its ~/nccl/build says VERSION (nccl.h, libnccl.so.*)."""
    node = find_node(state, args.node)
    version = nccl.DEFAULT_VERSION if args.clear else args.version
    if not version:
        raise LabError("nccl-version needs VERSION, e.g. 2.27.7")
    try:
        nccl.check_version(version)
    except ValueError as error:
        raise LabError(str(error)) from None
    nccl.install_nccl(lab, state, node, version)
    if args.clear:
        node.pop("nccl_version", None)
    else:
        node["nccl_version"] = version
    record(state, {"kind": "nccl-version", "node": node["name"], "version": version},
           clear=args.clear)
    return f"{node['name']}: NCCL {version} in ~/nccl/build"


def fault_no_rsync(lab, state, args):
    """A node without rsync (DGX OS has it; a trimmed image may not): /dev/null over
    /usr/bin/rsync in the node's mount namespace, so running it fails as a missing tool does."""
    node = find_node(state, args.node)
    pid = node["holder_pid"]
    if args.clear:
        shell.in_node(pid, ["umount", "/usr/bin/rsync"], check=False)
        record(state, {"kind": "no-rsync", "node": node["name"]}, clear=True)
        return f"{node['name']}: rsync back"
    if not os.path.exists("/usr/bin/rsync"):
        raise LabError("this machine has no /usr/bin/rsync to hide")
    shell.in_node(pid, ["mount", "--bind", "/dev/null", "/usr/bin/rsync"])
    record(state, {"kind": "no-rsync", "node": node["name"]}, clear=False)
    return f"{node['name']}: no rsync"


def fault_small_cache(lab, state, args):
    """The node's Hugging Face cache on a small filesystem of its own (a tmpfs of --mib
    in the node's mount namespace, empty): a disk that fills during a copy."""
    node = find_node(state, args.node)
    pid = node["holder_pid"]
    hub = f"/home/{state['user']}/.cache/huggingface/hub"
    if args.clear:
        shell.in_node(pid, ["umount", hub], check=False)
        record(state, {"kind": "small-cache", "node": node["name"]}, clear=True)
        return f"{node['name']}: its cache is on the node's disk again"
    shell.in_node(pid, ["mkdir", "-p", hub])
    shell.in_node(pid, ["mount", "-t", "tmpfs", "-o",
                        f"size={args.mib}m,mode=755,uid={state['uid']},gid={state['gid']}",
                        "sparklab-small-cache", hub])
    record(state, {"kind": "small-cache", "node": node["name"], "mib": args.mib}, clear=False)
    return f"{node['name']}: {hub} on a {args.mib} MiB filesystem"


def fault_no_hf_client(lab, state, args):
    """A node without the Hugging Face CLI (DGX OS does not install huggingface_hub;
    owners pip- or pipx-install it): the hf and huggingface-cli stand-ins moved aside
    in the node's own copy of the tools, so neither is on PATH at all."""
    node = find_node(state, args.node)
    tools = os.path.join(lab.node_dir(node["name"]), "share", "bin")
    moves = [(os.path.join(tools, name), os.path.join(tools, ".no-hf-client." + name)) for name in ("hf", "huggingface-cli")]
    for there, aside in moves:
        source, target = (aside, there) if args.clear else (there, aside)
        if os.path.exists(source):
            os.rename(source, target)
    record(state, {"kind": "no-hf-client", "node": node["name"]}, clear=args.clear)
    return f"{node['name']}: " + ("hf and huggingface-cli back" if args.clear else "no Hugging Face client")


def fault_hub_offline(lab, state, args):
    """The node cannot reach Hugging Face (no internet, a proxy in the way): its hf
    stand-in fails as the real client does without a connection."""
    node = find_node(state, args.node)
    marker = os.path.join(lab.node_dir(node["name"]), "share", "hub-offline")
    if args.clear:
        if os.path.exists(marker):
            os.unlink(marker)
        record(state, {"kind": "hub-offline", "node": node["name"]}, clear=True)
        return f"{node['name']}: Hugging Face reachable again"
    open(marker, "w").close()
    record(state, {"kind": "hub-offline", "node": node["name"]}, clear=False)
    return f"{node['name']}: Hugging Face unreachable"


def marker_fault(kind, on_text, off_text):
    """A fault the node's serving stand-ins read as a marker file in the node's share."""
    def apply(lab, state, args):
        node = find_node(state, args.node)
        marker = os.path.join(lab.node_dir(node["name"]), "share", kind)
        if args.clear:
            if os.path.exists(marker):
                os.unlink(marker)
        else:
            open(marker, "w").close()
        record(state, {"kind": kind, "node": node["name"]}, clear=args.clear)
        return f"{node['name']}: " + (off_text if args.clear else on_text)
    return apply


# ---------------------------------------------------------------- command line

KINDS = {
    "unplug": (fault_unplug, "cable", "pull a cable: its 4 netdevs vanish (clear: replug)"),
    "replug": (fault_replug, "cable", "plug an unplugged cable back, same MACs"),
    "miswire": (fault_miswire, "cable", "move end B of a cable to --to NODE:PORT"),
    "degrade": (fault_degrade, "cable",
                "cut the shaped rate (default 13 Gb/s per twin) and/or --reported-speed 100000"),
    "netem": (fault_netem, "cable",
              "packet --loss PCT (eBPF) and/or --delay MS (needs sch_netem) on a cable"),
    "mtu": (fault_mtu, "iface", "set --mtu N on one end's netdev (clear: 1500)"),
    "twin-down": (fault_twin_down, "iface", "ip link set down one end's twin"),
    "tentative": (fault_tentative, "node",
                  "a node's CX-7 link-local addresses held in IPv6 duplicate address detection "
                  "(--seconds, default 300; --port P), as just after a reboot: silent on its cables"),
    "sshd-stop": (fault_sshd, "node", "stop a node's sshd (clear or sshd-start: start it)"),
    "sshd-start": (fault_sshd, "node", "start a node's sshd again"),
    "hostkey": (fault_hostkey, "node", "replace a node's SSH host keys and restart sshd"),
    "old-release": (fault_old_version, "node", "DGX OS release (default 7.3.1) in /etc/dgx-release"),
    "old-driver": (fault_old_version, "node", "older driver in nvidia-smi (default 580.95.05)"),
    "old-firmware": (fault_old_version, "node", "older CX-7 firmware in ethtool -i"),
    "slow-update": (fault_slow_update, "node", "apt-get update takes --seconds (default 5), as over a slow network"),
    "stale-netplan": (fault_stale_netplan, "node",
                      "leave NVIDIA playbook's /etc/netplan/40-cx7.yaml on a node, applied"),
    "errors": (fault_errors, "node", "bump a port's error counters (ethtool -S, hw_counters)"),
    "nm-stop": (fault_nm_stop, "node", "stop NetworkManager on a node (clear: start it)"),
    "nm-static": (fault_nm_static, "iface",
                  "a user's NetworkManager profile with a static --address on a CX-7 netdev"),
    "nm-mirror": (fault_nm_mirror, "iface",
                  "Ubuntu's /etc/netplan/90-NM-<uuid>.yaml for a connection (--broken: "
                  "one netplan generate rejects)"),
    "gid-reorder": (fault_gid_reorder, "node", "RoCE v2 IPv4 GID no longer at index 3"),
    "pcie-width": (fault_pcie_width, "node",
                   "a CX-7 PCIe function at Gen5 x2 (default: the second controller, as old BIOS)"),
    "aer": (fault_aer, "node",
            "PCIe AER errors since boot (default: 1 fatal on the root port 0000:00:00.0)"),
    "no-mpi": (fault_no_mpi, "node",
               "a node without Open MPI: no mpirun/mpicc on PATH, no openmpi/include/mpi.h"),
    "no-nccl": (fault_no_nccl, "node", "remove ~/nccl (clear: reinstall its stand-in build)"),
    "no-nccl-tests": (fault_no_nccl_tests, "node", "remove ~/nccl-tests (clear: reinstall it)"),
    "nccl-version": (fault_nccl_version, "node",
                     "the node's ~/nccl/build is NCCL VERSION (e.g. 2.27.7): mismatched builds"),
    "no-rsync": (fault_no_rsync, "node", "a node whose rsync cannot run (clear: it can)"),
    "no-hf-client": (fault_no_hf_client, "node", "a node without hf or huggingface-cli (clear: both back)"),
    "hub-offline": (fault_hub_offline, "node", "a node that cannot reach Hugging Face (clear: it can)"),
    "serve-worker-exits": (marker_fault("serve-worker-exits", "its Ray worker exits at start", "its Ray worker runs"),
                           "node", "the node's Ray worker (docker stand-in) exits at start (clear: it runs)"),
    "serve-never-ready": (marker_fault("serve-never-ready", "vLLM never becomes ready", "vLLM becomes ready"),
                          "node", "vLLM on the node (docker stand-in) never becomes ready (clear: it does)"),
    "small-cache": (fault_small_cache, "node",
                    "the node's Hugging Face cache on an empty filesystem of --mib MiB (clear: unmounted)"),
}


def add_arguments(parser):
    sub = parser.add_subparsers(dest="kind", required=True, metavar="KIND")
    for kind, (_, target, help_text) in KINDS.items():
        p = sub.add_parser(kind, help=help_text, description=help_text)
        p.add_argument("--name", default=DEFAULT_LAB)
        p.add_argument("--clear", action="store_true", help="undo this fault")
        if target == "cable":
            p.add_argument("cable", help="cable id (1:0-2:0, spark-1:0-spark-2:1) or one end (1:0)")
        else:
            p.add_argument("node", help="node name or number")
        if target == "iface":
            p.add_argument("interface", help="a CX-7 netdev, e.g. enP2p1s0f0np0")
        if kind == "miswire":
            p.add_argument("--to", metavar="NODE:PORT")
        if kind == "degrade":
            p.add_argument("--rate", type=float, metavar="GBPS", help="per-twin rate, real scale")
            p.add_argument("--reported-speed", type=int, metavar="MBPS",
                           help="what ethtool reports, e.g. 100000")
        if kind == "netem":
            p.add_argument("--loss", type=float, metavar="PCT")
            p.add_argument("--delay", type=float, metavar="MS")
        if kind == "mtu":
            p.add_argument("--mtu", type=int)
        if kind == "nm-static":
            p.add_argument("--address", default="10.99.1.10/24", metavar="CIDR")
        if kind == "nm-mirror":
            p.add_argument("--broken", action="store_true")
        if kind == "slow-update":
            p.add_argument("--seconds", type=float, default=5.0)
        if kind.startswith("old-"):
            p.add_argument("--version")
            if kind == "old-driver":
                p.add_argument("--cuda", help="CUDA version nvidia-smi shows with it")
        if kind == "pcie-width":
            p.add_argument("--width", type=int, default=2, choices=[1, 2])
            p.add_argument("--function", action="append", metavar="BUS",
                           help="a CX-7 PCIe function, e.g. 0002:01:00.0 (repeatable)")
        if kind == "aer":
            p.add_argument("--severity", default="fatal", choices=["fatal", "nonfatal", "correctable"])
            p.add_argument("--count", type=int, default=1)
            p.add_argument("--device", default="0000:00:00.0", metavar="BUS",
                           help="the PCIe device that reports them (a root port or CX-7 function)")
        if kind == "tentative":
            p.add_argument("--seconds", type=int, default=300)
            p.add_argument("--port", type=int, choices=[0, 1])
        if kind == "nccl-version":
            p.add_argument("version", nargs="?", help="NCCL version, e.g. 2.27.7")
        if kind == "small-cache":
            p.add_argument("--mib", type=int, default=16)
        if kind == "errors":
            p.add_argument("port", type=int, choices=[0, 1])
            p.add_argument("--counter", action="append", help=f"one of {', '.join(PHY_COUNTERS)}")
            p.add_argument("--count", type=int, default=100)
    parser.set_defaults(func=run_fault)


def run_fault(args):
    lab = Lab(args.name)
    handler = KINDS[args.kind][0]
    with lab.locked():
        state = lab.load()
        if args.kind == "unplug" and args.clear:
            message = fault_replug(lab, state, args)
        else:
            message = handler(lab, state, args)
        lab.save(state)
    print(f"sparklab: {message}")
