# SPDX-License-Identifier: MIT
"""Bringing a whole lab up and tearing it down again."""
import concurrent.futures
import ipaddress
import json
import os
import secrets
import shutil
import signal
import sys
import threading
import time

from . import cables, nccl, ncclrepos, nodes, shell, sysfs
from .labstate import (LabError, RATE_SCALE, TWIN_RATE_GBPS, check_subnet_free,
                       default_mgmt_subnet, host_bridge_name, host_mgmt_port_name, netns_name,
                       switch_netns_name, void_netns_name)
from .topology import SWITCH, build_layout


def host_routes():
    out = shell.run(["ip", "-j", "route", "show", "table", "all"]).stdout
    routes = []
    for r in json.loads(out or "[]"):
        dst = r.get("dst", "")
        if dst in ("default", "") or r.get("type") in ("local", "broadcast", "multicast"):
            continue
        try:
            routes.append(ipaddress.ip_network(dst if "/" in dst else dst + "/32", strict=False))
        except ValueError:
            pass
    return routes


def plan_lab(lab, args):
    """The initial state of a lab, before anything on the host changes."""
    custom = [n.strip() for n in args.node_names.split(",")] if args.node_names else None
    names, cable_list = build_layout(args.topology, args.nodes, args.port, args.cable or [],
                                     custom)
    subnet = str(ipaddress.ip_network(args.mgmt_subnet or default_mgmt_subnet(lab.name),
                                      strict=False))
    net = ipaddress.ip_network(subnet)
    if net.version != 4 or net.num_addresses < 10 + len(names) + 2:
        raise LabError(f"management subnet {subnet} is too small for {len(names)} nodes")
    check_subnet_free(lab.name, subnet, host_routes())
    used_ifnames, extra_routes = set(), []
    for cidr in args.extra_route or []:
        try:
            extra_net = ipaddress.ip_network(cidr, strict=False)
        except ValueError:
            raise LabError(f"bad --extra-route {cidr!r}") from None
        if extra_net.overlaps(net):
            raise LabError(f"--extra-route {cidr} overlaps the management subnet {subnet}")
        ifname = nodes.extra_route_ifname(cidr, used_ifnames)
        used_ifnames.add(ifname)
        extra_routes.append({"cidr": str(extra_net), "ifname": ifname})
    state = {
        "name": lab.name,
        "topology": args.topology,
        "status": "starting",
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "mgmt_subnet": subnet,
        "host_bridge": host_bridge_name(lab.name),
        "user": args.user,
        "uid": args.uid,
        "gid": args.uid,
        "rate_scale": args.rate_scale or RATE_SCALE,
        "twin_rate_gbps": TWIN_RATE_GBPS,
        "extra_routes": extra_routes,
        "per_node_passwords": bool(args.per_node_passwords),
        "switch_netns": switch_netns_name(lab.name) if any(
            c["b"]["node"] == SWITCH for c in cable_list) else None,
        "node_order": names,
        "nodes": {},
        "cables": cable_list,
        "unplugged": [],
        "faults": [],
    }
    state["host_address"] = nodes.host_address(state)
    for index, name in enumerate(names, start=1):
        state["nodes"][name] = {
            "name": name,
            "index": index,
            "hostname": name,
            "netns": netns_name(lab.name, name),
            "host_port": host_mgmt_port_name(lab.name, index),
            "mgmt_address": nodes.mgmt_address(state, index),
            "ssh_port": 22,
            "holder_pid": None,
            "sshd_pid": None,
            "facts": nodes.initial_facts(lab.name, name),
            "port_speed_mbps": {"0": 200000, "1": 200000},
            "phy_counter_bumps": {},
            "roce_counter_bumps": {},
            "gid_order": "standard",
        }
    return state


def write_passwords(lab, state, password_file):
    """Same random password everywhere unless --per-node-passwords; files mode 600."""
    if password_file:
        try:
            with open(password_file) as f:
                shared = f.read().strip()
        except OSError as error:
            raise LabError(f"cannot read --password-file: {error}") from None
        if not shared:
            raise LabError(f"--password-file {password_file} is empty")
    else:
        shared = secrets.token_urlsafe(12)
    passwords = {}
    for name, node in state["nodes"].items():
        password = secrets.token_urlsafe(12) if state["per_node_passwords"] else shared
        path = os.path.join(lab.dir, f"password-{name}" if state["per_node_passwords"] else "password")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(password + "\n")
        node["password_file"] = path
        passwords[name] = password
    return passwords


def up(lab, args):
    if lab.exists():
        raise LabError(f"lab {lab.name!r} is already up (sparklab down --name {lab.name})")
    state = plan_lab(lab, args)
    os.makedirs(lab.dir, mode=0o755, exist_ok=True)
    lab.save(state)    # from here on, `down` can clean up whatever exists
    try:
        build(lab, state, args)
    except BaseException:
        try:
            down(lab)
        finally:
            raise
    state["status"] = "up"
    lab.save(state)
    return state


class PhaseTimer:
    """With SPARKLAB_TIMING=1 in the environment, `up` prints how long each phase took."""

    def __init__(self):
        self.enabled = bool(os.environ.get("SPARKLAB_TIMING"))
        self.last = time.monotonic()

    def __call__(self, phase):
        if self.enabled:
            now = time.monotonic()
            print(f"sparklab: {phase:<28} {now - self.last:6.2f} s", file=sys.stderr)
            self.last = now


def build(lab, state, args):
    timer = PhaseTimer()
    passwords = write_passwords(lab, state, args.password_file)
    # The NCCL playbook's stand-ins (host mpicc, cc) and the stand-in NCCL and nccl-tests
    # repositories (host git) build while the nodes start.
    nccl_build = threading.Thread(target=lambda: (nccl.build(lab), ncclrepos.build(lab)),
                                  daemon=True)
    nccl_build.start()
    hashes = {}
    for password in set(passwords.values()):
        hashes[password] = nodes.hash_password(password)
    nodes.install_node_tools(lab)
    node_list = [state["nodes"][n] for n in state["node_order"]]
    for node in node_list:
        nodes.link_tools_into_share(lab, node["name"])
        nodes.write_node_state(lab, node, state)
    timer("passwords, tools, state")

    pids = nodes.start_holders(lab, node_list)
    for node in node_list:
        node["holder_pid"] = pids[node["name"]]
    lab.save(state)
    timer("namespace holders")
    nodes.create_mgmt_network(state, node_list)
    cables.create_void(state)
    if state["switch_netns"]:
        cables.create_switch(state)
    lab.save(state)
    timer("management network, switch")

    def set_up_node(node):
        nodes.write_etc(node["holder_pid"], node, state, hashes[passwords[node["name"]]])
        nccl_build.join()
        nccl.install(lab, state, node)
        ncclrepos.install(lab, node)
        nodes.configure_node_network(state, node)
        nodes.start_network_stack(node)
        node["host_key_fingerprint"] = nodes.host_key_fingerprint(node["holder_pid"])
        return nodes.start_sshd(lab, node)

    workers = min(8, len(node_list))
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        sshd_procs = list(pool.map(set_up_node, node_list))
        lab.save(state)
        timer("/etc, keys, sshd started")
        cables.plug(state, state["cables"])
        timer("cables")
        list(pool.map(lambda n: sysfs.refresh(n), node_list))
        timer("RoCE sysfs")
        list(pool.map(lambda np: nodes.wait_for_port(np[0]["mgmt_address"], 22, proc=np[1]),
                      zip(node_list, sshd_procs)))
        timer("sshd answering")


# ---------------------------------------------------------------- down

def netns_inode(name):
    try:
        return os.stat(f"/run/netns/{name}").st_ino
    except FileNotFoundError:
        return None


def processes_in_netns(inodes):
    """PIDs whose network namespace is one of ours (sshd sessions, iperf3 servers, ...)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            ino = os.stat(f"/proc/{entry}/ns/net").st_ino
        except (FileNotFoundError, PermissionError, ProcessLookupError):
            continue
        if ino in inodes:
            found.append(int(entry))
    return found


def kill_and_wait(pids, timeout=2.0):
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and any(shell.pid_alive(p) for p in pids):
            time.sleep(0.01)
        if not any(shell.pid_alive(p) for p in pids):
            return


def host_link_names():
    return {l["ifname"] for l in json.loads(shell.run(["ip", "-j", "link"]).stdout)}


def down(lab):
    """Remove every namespace, link, process, mount and file of this lab, nothing else."""
    state = lab.load()
    namespaces = [n["netns"] for n in state["nodes"].values()] + [void_netns_name(state["name"])]
    if state.get("switch_netns"):
        namespaces.append(state["switch_netns"])
    inodes = {ino for ino in map(netns_inode, namespaces) if ino}
    found = processes_in_netns(inodes)
    # Each node's holder is its PID 1: when it ends, the kernel ends every process
    # of the node at once (NetworkManager's own shutdown takes a while), then the rest.
    holders = {n.get("holder_pid") for n in state["nodes"].values()}
    kill_and_wait([pid for pid in found if pid in holders])
    kill_and_wait(processes_in_netns(inodes))
    # Host-side links go first and synchronously: a deleted namespace is torn down by
    # the kernel later, and its veth peers in the host namespace linger until then.
    host_links = [state["host_bridge"]] + [n["host_port"] for n in state["nodes"].values()]
    present = host_link_names()
    shell.run(["ip", "-force", "-batch", "-"], check=False,
              input="".join(f"link del {l}\n" for l in host_links if l in present))
    existing = set(os.listdir("/run/netns")) if os.path.isdir("/run/netns") else set()
    shell.ip_batch([f"netns del {ns}" for ns in namespaces if ns in existing], check=False)
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline and host_link_names() & set(host_links):
        time.sleep(0.05)
    shutil.rmtree(lab.dir, ignore_errors=True)
