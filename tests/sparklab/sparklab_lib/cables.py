# SPDX-License-Identifier: MIT
"""QSFP cables as veth pairs (one per twin), the switch, and line-rate shaping."""
import concurrent.futures
import json
import os
import time

from . import shell
from .labstate import LAB_ROOT, LabError, TWIN_RATE_GBPS, switch_netns_name, void_netns_name
from .topology import SWITCH, netdev, stable_mac

SWITCH_BRIDGE = "br0"


def switch_port_name(switch_port, twin):
    return f"swp{switch_port}t{twin}"


def end_netns(lab_state, end):
    if end["node"] == SWITCH:
        return switch_netns_name(lab_state["name"])
    return lab_state["nodes"][end["node"]]["netns"]


def end_ifname(end, twin):
    if end["node"] == SWITCH:
        return switch_port_name(end["port"], twin)
    return netdev(end["port"], twin)


def twin_pairs(lab_state, cable):
    """[(netns_a, if_a, netns_b, if_b)] for the two twins of a cable."""
    return [(end_netns(lab_state, cable["a"]), end_ifname(cable["a"], t),
             end_netns(lab_state, cable["b"]), end_ifname(cable["b"], t)) for t in (0, 1)]


def create_switch(lab_state):
    ns = switch_netns_name(lab_state["name"])
    shell.ip_batch([f"netns add {ns}"])
    shell.ip_batch(["link set lo up",
                    f"link add {SWITCH_BRIDGE} type bridge stp_state 0 forward_delay 0",
                    f"link set {SWITCH_BRIDGE} up"], netns=ns)


def create_void(lab_state):
    shell.ip_batch([f"netns add {void_netns_name(lab_state['name'])}"])


def void_ifname(node, port, twin):
    return f"u{node['index']:02d}p{port}t{twin}"


def cabled_ports(lab_state, excluding=None):
    """{node: {port, ...}} of the plugged cables (but `excluding`)."""
    ports = {}
    for c in lab_state["cables"]:
        if c is excluding:
            continue
        for end in (c["a"], c["b"]):
            if end["node"] != SWITCH:
                ports.setdefault(end["node"], set()).add(end["port"])
    return ports


def settle_uncabled(lab_state, node_names, excluding=None):
    """CX-7 hot-plug as on a Spark: with at least one cable in, all four netdevs
    exist, an uncabled port's twins without carrier (their far end waits, down, in
    the lab's void namespace); with no cable at all there are none. Each uncabled
    twin keeps the stable MAC its cable end has, so it is the same device."""
    void = void_netns_name(lab_state["name"])
    present = {l.get("ifname") for l in json.loads(
        shell.run(["ip", "-n", void, "-j", "link", "show"], check=False).stdout or "[]")}
    cabled = cabled_ports(lab_state, excluding)
    add, remove = [], []
    for name in node_names:
        node = lab_state["nodes"][name]
        ports = cabled.get(name, set())
        for port in (0, 1):
            for twin in (0, 1):
                far = void_ifname(node, port, twin)
                wanted = bool(ports) and port not in ports
                if wanted and far not in present:
                    near = netdev(port, twin)
                    add.append(f"link add name {near} address "
                               f"{stable_mac(lab_state['name'], name, near)} netns {node['netns']} "
                               f"type veth peer name {far} netns {void}")
                elif not wanted and far in present:
                    remove.append(f"link del {far}")
    shell.ip_batch(remove, netns=void, check=False)
    shell.ip_batch(add)
    ups = {}
    for line in add:
        words = line.split()
        ups.setdefault(words[words.index("netns") + 1], []).append(f"link set {words[3]} up")
    for ns, cmds in ups.items():
        shell.ip_batch(cmds, netns=ns, check=False)


def plug(lab_state, cables):
    """Create the veth pairs of the given cables with their stable MACs, up and shaped."""
    lab = lab_state["name"]
    add, per_ns = [], {}
    void = void_netns_name(lab)
    for cable in cables:      # an uncabled twin makes way for the cable's
        for end in (cable["a"], cable["b"]):
            if end["node"] != SWITCH:
                node = lab_state["nodes"][end["node"]]
                shell.ip_batch([f"link del {void_ifname(node, end['port'], t)}" for t in (0, 1)],
                               netns=void, check=False)
    for cable in cables:
        for ns_a, if_a, ns_b, if_b in twin_pairs(lab_state, cable):
            mac_a = stable_mac(lab, cable["a"]["node"], if_a)
            mac_b = stable_mac(lab, cable["b"]["node"], if_b)
            add.append(f"link add name {if_a} address {mac_a} netns {ns_a} type veth "
                       f"peer name {if_b} address {mac_b} netns {ns_b}")
            for ns, ifname, is_switch in ((ns_a, if_a, cable["a"]["node"] == SWITCH),
                                          (ns_b, if_b, cable["b"]["node"] == SWITCH)):
                cmds = per_ns.setdefault(ns, [])
                if is_switch:
                    cmds.append(f"link set {ifname} master {SWITCH_BRIDGE}")
                cmds.append(f"link set {ifname} up")
    shell.ip_batch(add)
    with concurrent.futures.ThreadPoolExecutor(max(1, min(8, len(per_ns)))) as pool:
        list(pool.map(lambda ns: shell.ip_batch(per_ns[ns], netns=ns), per_ns))
    settle_uncabled(lab_state, sorted({e["node"] for c in cables for e in (c["a"], c["b"])
                                       if e["node"] != SWITCH}))
    shape_all(lab_state, cables)
    wait_until_up(lab_state, cables)


def wait_until_up(lab_state, cables, timeout=10.0):
    """A veth's carrier comes up a moment after `link set up` (longer on a busy
    machine); what follows a plug (the RoCE sysfs refresh, a test reading
    ibdev2netdev) expects a plugged cable to be up, as it is once a real one has
    trained. Bounded: a cable still down after `timeout` is left to the caller."""
    pending = {}
    for cable in cables:
        for ns, ifname in cable_ends(lab_state, cable):
            pending.setdefault(ns, set()).add(ifname)
    deadline = time.monotonic() + timeout
    while pending:
        for ns in list(pending):
            out = shell.run(["ip", "-n", ns, "-j", "link", "show"], check=False).stdout
            try:
                links = json.loads(out or "[]")
            except ValueError:
                links = []
            pending[ns] -= {link.get("ifname") for link in links if link.get("operstate") == "UP"}
            if not pending[ns]:
                del pending[ns]
        if not pending or time.monotonic() > deadline:
            return
        time.sleep(0.05)


def unplug(lab_state, cable):
    """Pull the cable (still in lab_state["cables"]): its twins lose their carrier at
    both ends, or vanish with the node's last cable (CX-7 hot-plug)."""
    ns_by_end = {}
    for ns_a, if_a, _, _ in twin_pairs(lab_state, cable):
        ns_by_end.setdefault(ns_a, []).append(f"link del {if_a}")
    for ns, cmds in ns_by_end.items():
        shell.ip_batch(cmds, netns=ns, check=False)
    settle_uncabled(lab_state, [e["node"] for e in (cable["a"], cable["b"]) if e["node"] != SWITCH],
                    excluding=cable)


def cable_ends(lab_state, cable):
    """[(netns, ifname)] of every veth end of a cable (4 of them)."""
    ends = []
    for ns_a, if_a, ns_b, if_b in twin_pairs(lab_state, cable):
        ends += [(ns_a, if_a), (ns_b, if_b)]
    return ends


def shape(lab_state, cable, had_loss=False):
    shape_all(lab_state, [cable], had_loss)


def shape_all(lab_state, cable_list, had_loss=False):
    """Egress: a token bucket at the scaled line rate (under netem if a delay is set).
    Ingress: random loss through an eBPF filter (see bpfloss) if a loss is set.
    One tc batch per namespace, the namespaces in parallel."""
    per_ns = {}
    for cable in cable_list:
        rate_bit = cable.get("rate_gbps", TWIN_RATE_GBPS) * 1e9 * lab_state["rate_scale"]
        burst = max(64 * 1024, int(rate_bit / 8 * 0.004))   # 4 ms, at least one GSO frame
        tbf = f"tbf rate {int(rate_bit)}bit burst {burst} latency 20ms"
        delay = (cable.get("netem") or {}).get("delay_ms")
        for ns, ifname in cable_ends(lab_state, cable):
            cmds = per_ns.setdefault(ns, {"cmds": [], "ifnames": [], "delay": bool(delay)})
            cmds["ifnames"].append(ifname)
            cmds["cmds"].append(f"qdisc del dev {ifname} root")
            if delay:
                cmds["cmds"] += [f"qdisc add dev {ifname} root handle 1: netem delay {delay}ms "
                                 "limit 100000",
                                 f"qdisc add dev {ifname} parent 1: handle 10: {tbf}"]
            else:
                cmds["cmds"].append(f"qdisc add dev {ifname} root handle 10: {tbf}")

    def apply(ns):
        # deleting a root qdisc that is not there fails; -force keeps the batch going
        shell.run(["tc", "-force", "-n", ns, "-batch", "-"],
                  input="\n".join(per_ns[ns]["cmds"]) + "\n", check=False)
        shown = json.loads(shell.run(["tc", "-j", "-n", ns, "qdisc", "show"]).stdout or "[]")
        kinds = {}
        for q in shown:
            kinds.setdefault(q.get("dev"), set()).add(q.get("kind"))
        for ifname in per_ns[ns]["ifnames"]:
            if "tbf" not in kinds.get(ifname, set()):
                raise LabError(f"shaping {ifname} in {ns} failed: {kinds.get(ifname)}")

    with concurrent.futures.ThreadPoolExecutor(max(1, min(8, len(per_ns)))) as pool:
        list(pool.map(apply, per_ns))
    for cable in cable_list:
        loss = (cable.get("netem") or {}).get("loss_pct")
        if loss or had_loss:
            from . import bpfloss        # ctypes and bpf(2) only when loss is asked for
            bpfloss.set_ingress_loss(os.path.join(LAB_ROOT, lab_state["name"]),
                                     cable_ends(lab_state, cable), loss or 0)


def kernel_has_netem():
    """Probe sch_netem in a scratch namespace (CI's kernel is built without it)."""
    probe = f"sl-netem-probe-{os.getpid()}"
    shell.run(["ip", "netns", "add", probe])
    try:
        return shell.run(["tc", "-n", probe, "qdisc", "add", "dev", "lo", "root", "netem",
                          "delay", "1ms"], check=False).returncode == 0
    finally:
        shell.run(["ip", "netns", "del", probe], check=False)
