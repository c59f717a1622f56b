# SPDX-License-Identifier: MIT
"""QSFP cables as veth pairs (one per twin), the switch, and line-rate shaping."""
from . import shell
from .labstate import RATE_SCALE, TWIN_RATE_GBPS, switch_netns_name
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


def plug(lab_state, cables):
    """Create the veth pairs of the given cables with their stable MACs, up and shaped."""
    lab = lab_state["name"]
    add, per_ns = [], {}
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
    for ns, cmds in per_ns.items():
        shell.ip_batch(cmds, netns=ns)
    for cable in cables:
        shape(lab_state, cable)


def unplug(lab_state, cable):
    """Pull the cable: both twins' veths vanish at both ends (CX-7 hot-plug)."""
    ns_by_end = {}
    for ns_a, if_a, _, _ in twin_pairs(lab_state, cable):
        ns_by_end.setdefault(ns_a, []).append(f"link del {if_a}")
    for ns, cmds in ns_by_end.items():
        shell.ip_batch(cmds, netns=ns, check=False)


def shape(lab_state, cable):
    """Egress shaping on every end of a cable: netem (optional) then a token bucket."""
    rate_gbps = cable.get("rate_gbps", TWIN_RATE_GBPS)
    netem = cable.get("netem") or {}
    rate_bit = rate_gbps * 1e9 * lab_state["rate_scale"]
    burst = max(64 * 1024, int(rate_bit / 8 * 0.004))   # 4 ms worth, at least one GSO frame
    per_ns = {}
    for ns_a, if_a, ns_b, if_b in twin_pairs(lab_state, cable):
        for ns, ifname in ((ns_a, if_a), (ns_b, if_b)):
            cmds = per_ns.setdefault(ns, [])
            cmds.append(f"qdisc del dev {ifname} root")
            parent = "root"
            if netem:
                args = []
                if netem.get("delay_ms"):
                    args.append(f"delay {netem['delay_ms']}ms")
                if netem.get("loss_pct"):
                    args.append(f"loss {netem['loss_pct']}%")
                cmds.append(f"qdisc add dev {ifname} root handle 1: netem {' '.join(args)} "
                            f"limit 10000")
                parent = "parent 1:"
            cmds.append(f"qdisc add dev {ifname} {parent} handle 10: tbf rate {int(rate_bit)}bit "
                        f"burst {burst} latency 20ms")
    for ns, cmds in per_ns.items():
        # deleting a qdisc that is not there fails; -force keeps the batch going
        shell.run(["tc", "-force", "-n", ns, "-batch", "-"], input="\n".join(cmds) + "\n",
                  check=False)
        verify = shell.run(["tc", "-n", ns, "qdisc", "show"]).stdout
        if "tbf" not in verify:
            raise shell.LabError(f"shaping failed in {ns}:\n{verify}")


def default_rate_scale():
    return RATE_SCALE
