# SPDX-License-Identifier: MIT
"""sparklab command line: up, status, exec, fault, down."""
import argparse
import json
import os
import sys
import time

from . import faults, lifecycle, models, shell
from .labstate import DEFAULT_LAB, RATE_SCALE, Lab, LabError, all_lab_names
from .topology import netdev

EXIT_SKIP = 77   # CTest's SKIP_RETURN_CODE


def require_root():
    if os.geteuid() == 0:
        return
    if os.environ.get("CI", "").lower() == "true":
        print("sparklab: needs root (network and mount namespaces); CI runs as root, "
              "so this is a failure", file=sys.stderr)
        sys.exit(1)
    print("sparklab: needs root (network and mount namespaces); skipping", file=sys.stderr)
    sys.exit(EXIT_SKIP)


# ---------------------------------------------------------------- status

def cable_view(cable, plugged):
    return {"id": cable["id"], "kind": cable["kind"], "a": cable["a"], "b": cable["b"],
            "plugged": plugged}


def node_cables(state, name):
    result = []
    for cable in state["cables"]:
        for end, other in ((cable["a"], cable["b"]), (cable["b"], cable["a"])):
            if end["node"] == name:
                result.append({"id": cable["id"], "port": end["port"],
                               "netdevs": [netdev(end["port"], 0), netdev(end["port"], 1)],
                               "peer_node": other["node"], "peer_port": other["port"]})
    return result


def status_document(state):
    node_views = []
    for name in state["node_order"]:
        node = state["nodes"][name]
        node_views.append({
            "name": name,
            "hostname": node["hostname"],
            "netns": node["netns"],
            "mgmt_interface": "enP7s7",
            "mgmt_address": node["mgmt_address"],
            "ssh_port": node["ssh_port"],
            "user": state["user"],
            "password_file": node.get("password_file"),
            "host_key_fingerprint": node.get("host_key_fingerprint"),
            "sshd_running": bool(node.get("sshd_pid")) and shell.pid_alive(node["sshd_pid"]),
            "holder_pid": node.get("holder_pid"),
            "release": node["facts"]["release"],
            "driver_version": node["facts"]["driver_version"],
            "firmware_version": node["facts"]["firmware_version"],
            "cables": node_cables(state, name),
        })
    return {
        "lab": state["name"],
        "status": state["status"],
        "topology": state["topology"],
        "rate_scale": state["rate_scale"],
        "twin_rate_gbps": state["twin_rate_gbps"],
        "mgmt_subnet": state["mgmt_subnet"],
        "host_address": state["host_address"],
        "user": state["user"],
        "extra_routes": [e["cidr"] for e in state["extra_routes"]],
        "switch_netns": state["switch_netns"],
        "nodes": node_views,
        "cables": [cable_view(c, True) for c in state["cables"]]
                  + [cable_view(c, False) for c in state["unplugged"]],
        "faults": state["faults"],
    }


def print_status(doc):
    print(f"lab {doc['lab']} ({doc['topology']}, {doc['status']}): mgmt {doc['mgmt_subnet']}, "
          f"host {doc['host_address']}, rate scale {doc['rate_scale']}")
    for n in doc["nodes"]:
        sshd = "sshd up" if n["sshd_running"] else "sshd STOPPED"
        print(f"  {n['name']:<10} {n['mgmt_address']}:{n['ssh_port']:<5} {n['user']}  "
              f"{n['host_key_fingerprint']}  {sshd}  netns {n['netns']}")
        for c in n["cables"]:
            print(f"      port {c['port']} -> {c['peer_node']}:{c['peer_port']}")
    for c in doc["cables"]:
        if not c["plugged"]:
            print(f"  unplugged: {c['id']}")
    for f in doc["faults"]:
        print(f"  fault: {json.dumps(f, sort_keys=True)}")


def cmd_status(args):
    names = all_lab_names() if args.all else [args.name]
    docs = [status_document(Lab(n).load()) for n in names]
    if args.json:
        print(json.dumps(docs if args.all else docs[0], indent=2))
    else:
        for doc in docs:
            print_status(doc)
        if args.all and not docs:
            print("no labs are up")


# ---------------------------------------------------------------- commands

def cmd_up(args):
    lab = Lab(args.name)
    start = time.monotonic()
    with lab.locked():
        if args.replace and lab.exists():
            lifecycle.down(lab)
        state = lifecycle.up(lab, args)
    print(f"sparklab: lab {lab.name} up ({args.topology}, {len(state['nodes'])} nodes) "
          f"in {time.monotonic() - start:.1f} s; see: sparklab status --name {lab.name}")


def cmd_down(args):
    names = all_lab_names() if args.all else [args.name]
    for name in names:
        lab = Lab(name)
        with lab.locked():
            lifecycle.down(lab)
        print(f"sparklab: lab {name} down")


def cmd_exec(args):
    state = Lab(args.name).load()
    node = faults.find_node(state, args.node)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        command = ["/bin/bash", "-l"]
    argv = shell.node_command(node["holder_pid"], command)
    os.execvp(argv[0], argv)


def cmd_model(args):
    lab = Lab(args.name)
    with lab.locked():
        state = lab.load()
        if args.action == "publish":
            made = models.publish(lab, state, args.repo, args.shards, args.shard_kib * 1024, args.revision, args.gated)
            print(f"hub: {args.repo} at {made['commit']}" + (" (gated)" if args.gated else ""))
            return
        node = faults.find_node(state, args.node)
        if args.action == "add":
            made = models.add(state, node, args.repo, args.shards, args.shard_kib * 1024, args.revision)
            print(f"{node['name']}: {args.repo} at {made['commit']}")
        else:
            print(f"{node['name']}: {args.repo}: {models.break_model(state, node, args.repo, args.how)}")


def cmd_image(args):
    """The container images a node has, as its docker stand-in lists them (an emulated
    Spark has no internet: this is how NGC's images get there)."""
    lab = Lab(args.name)
    with lab.locked():
        state = lab.load()
        targets = [faults.find_node(state, n) for n in args.node] if args.node else list(state["nodes"].values())
        for node in targets:
            path = os.path.join(lab.node_dir(node["name"]), "share", "docker-images.json")
            have = json.load(open(path)) if os.path.exists(path) else []
            if args.action == "add" and args.image not in have:
                have.append(args.image)
            elif args.action == "remove" and args.image in have:
                have.remove(args.image)
            with open(path, "w") as f:
                json.dump(have, f)
            os.chmod(path, 0o644)
            print(f"{node['name']}: " + (", ".join(have) or "no images"))


def rate_scale(text):
    value = float(text)
    if not 0.001 <= value <= 0.01:
        raise argparse.ArgumentTypeError("a rate scale from 0.001 to 0.01")
    return value


def build_parser():
    parser = argparse.ArgumentParser(
        prog="sparklab", description="Emulated NVIDIA DGX Spark cluster for tests.")
    sub = parser.add_subparsers(dest="command", required=True)

    up = sub.add_parser("up", help="create a lab")
    up.add_argument("topology", choices=["direct2", "ring3", "switch", "cables", "none"])
    up.add_argument("--name", default=DEFAULT_LAB)
    up.add_argument("--nodes", type=int)
    up.add_argument("--node-names", metavar="A,B,...",
                    help="node (host) names instead of spark-1..N, e.g. spark-3f2a,spark-91c0")
    up.add_argument("--port", type=int, choices=[0, 1], default=0)
    up.add_argument("--cable", action="append", metavar="A:P-B:Q",
                    help="a cable for the 'cables' topology, e.g. 1:0-2:0 (repeatable)")
    up.add_argument("--user", default="nvidia")
    up.add_argument("--uid", type=int, default=1000)
    up.add_argument("--mgmt-subnet", metavar="CIDR")
    up.add_argument("--extra-route", action="append", metavar="CIDR",
                    help="a subnet every node already has (home LAN, docker0, VPN)")
    up.add_argument("--rate-scale", type=rate_scale, metavar="FACTOR",
                    help=f"the emulated links' rate as a fraction of a real port's (default {RATE_SCALE}); "
                         "lower for a lab of many nodes whose traffic would otherwise need more CPU "
                         "than the machine has")
    up.add_argument("--per-node-passwords", action="store_true")
    up.add_argument("--password-file")
    up.add_argument("--replace", action="store_true",
                    help="take down a lab of the same name first (a leftover of a killed run)")
    up.set_defaults(func=cmd_up)

    status = sub.add_parser("status", help="show a lab")
    status.add_argument("--name", default=DEFAULT_LAB)
    status.add_argument("--all", action="store_true")
    status.add_argument("--json", action="store_true")
    status.set_defaults(func=cmd_status)

    ex = sub.add_parser("exec", help="run a command as root inside a node")
    ex.add_argument("--name", default=DEFAULT_LAB)
    ex.add_argument("node")
    ex.add_argument("command", nargs=argparse.REMAINDER)
    ex.set_defaults(func=cmd_exec)

    fault = sub.add_parser("fault", help="inject or clear a fault (see: fault --help)")
    faults.add_arguments(fault)

    model = sub.add_parser("model", help="put a model in a node's Hugging Face cache, or break one")
    model_sub = model.add_subparsers(dest="action", required=True)
    add = model_sub.add_parser("add", help="a complete model (real safetensors shards, index, blobs, snapshot)")
    add.add_argument("--name", default=DEFAULT_LAB)
    add.add_argument("node")
    add.add_argument("repo", help="ORG/NAME")
    add.add_argument("--shards", type=int, default=2)
    add.add_argument("--shard-kib", type=int, default=1024)
    add.add_argument("--revision", help="the snapshot's commit (40 hex digits)")
    add.set_defaults(func=cmd_model)
    pub = model_sub.add_parser("publish", help="a model on the lab's hub stand-in, for the nodes' `hf download`")
    pub.add_argument("--name", default=DEFAULT_LAB)
    pub.add_argument("repo", help="ORG/NAME")
    pub.add_argument("--shards", type=int, default=2)
    pub.add_argument("--shard-kib", type=int, default=1024)
    pub.add_argument("--revision", help="the commit main points to (40 hex digits)")
    pub.add_argument("--gated", action="store_true",
                     help=f"downloads need the token {models.ACCEPTED_TOKEN} in HF_TOKEN or --token")
    pub.set_defaults(func=cmd_model)
    brk = model_sub.add_parser("break", help="what goes wrong in the field: " + ", ".join(models.BREAKS))
    brk.add_argument("--name", default=DEFAULT_LAB)
    brk.add_argument("node")
    brk.add_argument("repo")
    brk.add_argument("how", choices=models.BREAKS)
    brk.set_defaults(func=cmd_model)

    image = sub.add_parser("image", help="the container images a node's docker stand-in has")
    image.add_argument("action", choices=["add", "remove"])
    image.add_argument("image", help="e.g. nvcr.io/nvidia/vllm:25.11-py3")
    image.add_argument("--name", default=DEFAULT_LAB)
    image.add_argument("--node", action="append", help="a node (repeatable; default: every node)")
    image.set_defaults(func=cmd_image)

    down = sub.add_parser("down", help="remove a lab completely")
    down.add_argument("--name", default=DEFAULT_LAB)
    down.add_argument("--all", action="store_true")
    down.set_defaults(func=cmd_down)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    require_root()
    try:
        args.func(args)
    except LabError as error:
        print(f"sparklab: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:          # `sparklab status | head`
        sys.stderr.close()
        return 0
    return 0
