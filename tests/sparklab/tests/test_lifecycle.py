#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""`down` leaves nothing behind; the CLI refuses bad input; root and CI rules; two labs."""
import json
import os
import subprocess

import labtest


def host_snapshot():
    netns = sorted(subprocess.run(["ip", "netns", "list"], text=True,
                                  stdout=subprocess.PIPE).stdout.split("\n"))
    links = sorted(l["ifname"] for l in json.loads(subprocess.run(
        ["ip", "-j", "link"], text=True, stdout=subprocess.PIPE).stdout))
    with open("/proc/mounts") as f:
        mounts = sorted(l for l in f if "sparklab" in l or " bpf " in l)
    return {"netns": netns, "links": links, "mounts": mounts,
            "run": sorted(os.listdir("/run/sparklab")) if os.path.isdir("/run/sparklab") else []}


def lab_processes(netns_inodes, lab_dir):
    """Processes in the lab's namespaces or naming its directory (ignoring zombies)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    continue
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
            if os.stat(f"/proc/{pid}/ns/net").st_ino in netns_inodes or lab_dir in cmdline:
                found.append(f"{pid} {cmdline}")
        except (FileNotFoundError, ProcessLookupError, PermissionError, IndexError):
            continue
    return found


def test_down_leaves_nothing(t):
    name = "slt-clean"
    labtest.sparklab("down", "--name", name, check=False)    # a leftover of a killed run
    before = host_snapshot()
    labtest.sparklab("up", "switch", "--nodes", "3", "--name", name,
                     "--mgmt-subnet", "10.131.204.0/24", "--extra-route", "172.17.0.0/16")
    lab = labtest.Lab(name, "switch")
    try:
        lab.refresh()
        inodes = {os.stat(f"/run/netns/{n['netns']}").st_ino for n in lab.status["nodes"]}
        inodes.add(os.stat(f"/run/netns/{lab.status['switch_netns']}").st_ino)
        with open(f"/run/sparklab/{name}/state.json") as f:
            state = json.load(f)
        lab_links = [state["host_bridge"]] + [n["host_port"] for n in state["nodes"].values()]
        t.check(all(l in host_snapshot()["links"] for l in lab_links),
                "host bridge and management ports exist while up")
        # leave behind what a test or the app would: a server, an ssh session, faults
        lab.exec("spark-1", "iperf3", "-s", "-D")
        lab.exec("spark-2", "sh", "-c", "sleep 600 >/dev/null 2>&1 &")
        lab.trust("spark-3")
        lab.ssh("spark-3", "nohup sleep 600 >/dev/null 2>&1 &")
        labtest.sparklab("fault", "netem", "--name", name, "1:0", "--loss", "5")
        labtest.sparklab("fault", "unplug", "--name", name, "2:0")
        # A switch cable by the id `status` gives it, as a program reads it from there.
        switch_cable = next(c["id"] for c in lab.status["cables"] if c["a"]["node"] == "spark-3")
        t.check(switch_cable == "spark-3:0-switch:3", "a switch cable's id names the switch port", switch_cable)
        labtest.sparklab("fault", "unplug", "--name", name, switch_cable)
        t.check({"cable": switch_cable, "kind": "unplug"} in lab.refresh()["faults"], "a switch cable unplugs by its id")
        during = host_snapshot()
        t.check(len([n for n in during["netns"] if n.startswith(f"sl-{name}-")]) == 5,
                "up made 3 node + 1 switch + 1 void (uncabled ports' far ends) netns")
        t.check(lab_processes(inodes, f"/run/sparklab/{name}"), "lab processes exist while up")
    finally:
        labtest.sparklab("down", "--name", name, check=False)
        subprocess.run(["rm", "-rf", lab.tmp])

    after = host_snapshot()
    # Other labs (fixtures, colleagues) may come and go meanwhile: judge only what
    # differs AND carries one of this lab's names.
    ours = [name, *lab_links]
    for key in ("netns", "links", "mounts", "run"):
        changed = {item for item in set(after[key]) ^ set(before[key])
                   if any(mark in item for mark in ours)}
        t.check(not changed, f"down: {key} as before", changed)
    left = lab_processes(inodes, f"/run/sparklab/{name}")
    t.check(not left, "down: no process of the lab is left", left)
    t.check(not os.path.exists(f"/run/sparklab/{name}"), "down: lab directory removed")


def test_cli_rules(t):
    with labtest.Lab("slt-cli-a", "direct2", "--mgmt-subnet", "10.131.205.0/24") as a:
        r = labtest.sparklab("up", "direct2", "--name", "slt-cli-b", "--mgmt-subnet",
                             "10.131.205.128/25", check=False)
        t.check(r.returncode == 1 and "overlaps lab 'slt-cli-a'" in r.stderr,
                "overlapping management subnet refused with a clear message", r.stderr)
        r = labtest.sparklab("up", "direct2", "--name", "slt-cli-a", check=False)
        t.check(r.returncode == 1 and "already up" in r.stderr, "same lab name refused")
        with labtest.Lab("slt-cli-b", "none", "--nodes", "2",
                         "--mgmt-subnet", "10.131.208.0/24") as b:
            t.check(a.exec("spark-1", "hostname").stdout.strip() == "spark-1" and
                    b.exec("spark-1", "ip", "-br", "addr", "show", "enP7s7").stdout.count(
                        "10.131.208.11") == 1, "two labs run at once, each with its own nodes")
            ping = subprocess.run(["ping", "-c", "1", "-W", "1", b.node(2)["mgmt_address"]],
                                  stdout=subprocess.DEVNULL)
            t.check(ping.returncode == 0, "host reaches nodes on the management bridge")
            r = b.exec("spark-1", "ping", "-c", "1", "-W", "1", b.node(2)["mgmt_address"])
            t.check(r.returncode == 0, "nodes reach each other over enP7s7")
        for bad, why in ((["up", "cables", "--nodes", "2", "--cable", "1:0-1:1"], "both ends"),
                         (["up", "cables", "--nodes", "2", "--cable", "1:0-2:0", "--cable",
                           "1:0-2:1"], "two cables"),
                         (["up", "switch", "--nodes", "17"], "2..16"),
                         (["up", "direct2", "--mgmt-subnet", "10.131.209.0/29"], "too small")):
            r = labtest.sparklab(*bad, "--name", "slt-cli-bad", check=False)
            t.check(r.returncode == 1 and why in r.stderr, f"refused: {' '.join(bad)}", r.stderr)
        t.check(not os.path.exists("/run/sparklab/slt-cli-bad"), "refused labs leave no state")
        r = subprocess.run([labtest.SPARKLAB, "exec", "--name", a.name, "spark-2", "--",
                            "sh", "-c", "exit 7"])
        t.check(r.returncode == 7, "sparklab exec returns the command's exit code")

    nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    r = subprocess.run(nobody + [labtest.SPARKLAB, "status"], env=env, stderr=subprocess.PIPE,
                       text=True)
    t.check(r.returncode == 77 and "root" in r.stderr, "without root: exit 77 (skip)")
    r = subprocess.run(nobody + [labtest.SPARKLAB, "status"], env=dict(env, CI="true"),
                       stderr=subprocess.PIPE, text=True)
    t.check(r.returncode == 1, "without root under CI=true: failure (exit 1)")


def test(t):
    test_down_leaves_nothing(t)
    test_cli_rules(t)


if __name__ == "__main__":
    labtest.main(test, "sparklab lifecycle")
