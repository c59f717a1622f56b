# SPDX-License-Identifier: MIT
"""Layouts, cable lists and the ConnectX-7 naming of a DGX Spark."""
import hashlib

from .labstate import LabError
from .sysfs import sparknode

SWITCH = "switch"
MAX_NODES = 16

# Each QSFP port is two netdevs ("twins"): port -> [(netdev, RoCE device, PCIe bus-info)].
# One table for the lab and the node tools: it lives in node-tools/sparknode.py.
TWINS = sparknode.CX7_TWINS
MGMT_IFNAME = "enP7s7"


def netdev(port, twin):
    return TWINS[port][twin][0]


def port_of_netdev(name):
    for port, twins in TWINS.items():
        for twin, (dev, _, _) in enumerate(twins):
            if dev == name:
                return port, twin
    return None


def stable_mac(*parts):
    """Locally administered unicast MAC derived from the given words."""
    digest = hashlib.sha256("|".join(str(p) for p in parts).encode()).digest()
    return ":".join(f"{b:02x}" for b in (0x02,) + tuple(digest[:5]))


def node_names(count):
    return [f"spark-{i}" for i in range(1, count + 1)]


def endpoint(node, port):
    return {"node": node, "port": port}


def cable(a, b):
    kind = "switch" if b["node"] == SWITCH else "direct"
    return {"id": cable_id(a, b), "a": a, "b": b, "kind": kind}


def cable_id(a, b):
    return f"{a['node']}:{a['port']}-{b['node']}:{b['port']}"


def parse_endpoint(text, names):
    """'2:1' (node number and port) or 'spark-2:1' -> endpoint."""
    node, sep, port = text.rpartition(":")
    if sep and node == SWITCH and SWITCH in names and port.isdigit() and int(port) >= 1:
        return endpoint(SWITCH, int(port))  # a switch port, as its cables' ids name it ('spark-3:0-switch:3')
    if not sep or port not in ("0", "1"):
        raise LabError(f"bad cable end {text!r}: expected NODE:PORT with PORT 0 or 1")
    if node.isdigit() and 1 <= int(node) <= len(names):
        node = names[int(node) - 1]
    if node not in names:
        raise LabError(f"bad cable end {text!r}: no node {node!r} (nodes: {', '.join(names)})")
    return endpoint(node, int(port))


def parse_cable(text, names):
    left, sep, right = text.partition("-")
    # node names contain '-' too: split at the '-' that follows a ':<port>'.
    for i, ch in enumerate(text):
        if ch == "-" and i >= 2 and text[i - 2] == ":" and text[i - 1] in "01":
            left, sep, right = text[:i], "-", text[i + 1:]
            break
    if not sep:
        raise LabError(f"bad cable {text!r}: expected A:P-B:Q, e.g. 1:0-2:0")
    a, b = parse_endpoint(left, names), parse_endpoint(right, names)
    if a["node"] == b["node"]:
        raise LabError(f"bad cable {text!r}: both ends on {a['node']}")
    return cable(a, b)


def build_layout(topology, nodes, port, cable_specs, custom_names=None):
    """Return (node names, cables) for a topology name and its options.

    custom_names (e.g. ["spark-3f2a", "spark-91c0"]) replace spark-1..spark-N and
    fix the node count; cable ends may use either numbers or those names."""
    if custom_names:
        check_node_names(custom_names)
        if nodes and nodes != len(custom_names):
            raise LabError(f"--nodes {nodes} but {len(custom_names)} --node-names")
        nodes = len(custom_names)

    def names_for(count):
        return list(custom_names) if custom_names else node_names(count)

    if topology == "direct2":
        names = names_for(nodes or 2)
        if len(names) != 2:
            raise LabError("direct2 has exactly 2 nodes")
        return names, [cable(endpoint(names[0], port), endpoint(names[1], port))]
    if topology == "ring3":
        names = names_for(nodes or 3)
        if len(names) != 3:
            raise LabError("ring3 has exactly 3 nodes")
        # NVIDIA's wiring: S1 P0 -> S2 P1, S2 P0 -> S3 P1, S3 P0 -> S1 P1
        return names, [cable(endpoint(names[i], 0), endpoint(names[(i + 1) % 3], 1))
                       for i in range(3)]
    if topology == "switch":
        names = names_for(nodes or 4)
        if not 2 <= len(names) <= MAX_NODES:
            raise LabError(f"switch takes 2..{MAX_NODES} nodes")
        return names, [cable(endpoint(n, port), endpoint(SWITCH, i + 1))
                       for i, n in enumerate(names)]
    if topology in ("cables", "none"):
        if not nodes:
            raise LabError(f"{topology} needs --nodes N")
        if not 1 <= nodes <= MAX_NODES:
            raise LabError(f"--nodes must be 1..{MAX_NODES}")
        names = names_for(nodes)
        if topology == "none" and cable_specs:
            raise LabError("topology 'none' takes no --cable (use 'cables')")
        cables = [parse_cable(spec, names) for spec in cable_specs]
        check_ports_free(cables)
        return names, cables
    raise LabError(f"unknown topology {topology!r} (direct2, ring3, switch, cables, none)")


def check_node_names(names):
    for name in names:
        if not (0 < len(name) <= 32 and name[0].isalnum() and name != SWITCH
                and all(c.isalnum() or c == "-" for c in name)):
            raise LabError(f"bad node name {name!r}: letters, digits and '-' (a hostname)")
    if len(set(names)) != len(names):
        raise LabError("node names must differ")


def check_ports_free(cables):
    used = set()
    for c in cables:
        for end in (c["a"], c["b"]):
            key = (end["node"], end["port"])
            if key in used:
                raise LabError(f"port {end['port']} of {end['node']} has two cables")
            used.add(key)
