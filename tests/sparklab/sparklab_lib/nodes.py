# SPDX-License-Identifier: MIT
"""One emulated Spark: its namespaces, its /etc, its login user and its sshd."""
import ipaddress
import os
import shutil
import socket
import subprocess
import time

from . import shell
from .labstate import LabError, short_hash, write_json
from .topology import MGMT_IFNAME, stable_mac

HOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "holder.py")
NODE_TOOLS_SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                              "node-tools")
PYTHON = "/usr/bin/python3"

# DGX OS releases seen in the field: (version, DGX_OTA_DATE as the node's locale prints it)
RELEASE_HISTORY = [
    ("7.3.1", "Wed Nov 19 05:05:30 PM UTC 2025"),
    ("7.4.0", "Thu Jan 22 10:41:07 AM UTC 2026"),
    ("7.5.0", "Tue Mar 17 02:18:52 PM UTC 2026"),
    ("7.6.0", "Tue Apr 28 09:12:44 AM UTC 2026"),
]
DEFAULT_NODE_FACTS = {
    "release": "7.6.0",
    "driver_version": "580.159.03",
    "cuda_version": "13.0",
    "firmware_version": "28.45.4028 (NVD0000000087)",
    "kernel_version": "6.17.0-1014-nvidia",
}
OLD_NODE_FACTS = {
    "release": "7.3.1",
    "driver_version": "580.95.05",
    "cuda_version": "13.0",
    "firmware_version": "28.43.1014 (NVD0000000087)",
    "kernel_version": "6.11.0-1016-nvidia",
}


# ---------------------------------------------------------------- namespaces

def start_holders(lab, nodes):
    """Create each node's netns and start its holder; all in parallel. Returns {node: pid}."""
    shell.ip_batch([f"netns add {n['netns']}" for n in nodes])
    procs = {}
    for n in nodes:
        node_dir = lab.node_dir(n["name"])
        os.makedirs(os.path.join(node_dir, "share"), exist_ok=True)
        procs[n["name"]] = subprocess.Popen(
            ["ip", "netns", "exec", n["netns"], "unshare", "-m", "-u", "-p", "--fork",
             "--mount-proc", "--propagation", "private", PYTHON, HOLDER, node_dir,
             n["hostname"]],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, start_new_session=True, cwd="/")
    pids = {}
    for name, proc in procs.items():
        line = proc.stdout.readline().strip()
        if line != "ready":
            raise LabError(f"{name}: namespace holder failed: {line or proc.stdout.read()}")
        holder = shell.children(proc.pid)     # unshare --fork: the holder is its child
        if len(holder) != 1:
            raise LabError(f"{name}: namespace holder not found under unshare {proc.pid}")
        pids[name] = holder[0]
    return pids


# ---------------------------------------------------------------- /etc and users

def dgx_release_text(facts):
    lines = [
        'DGX_NAME="DGX Spark"',
        'DGX_PRETTY_NAME="NVIDIA DGX Spark"',
        'DGX_SWBUILD_DATE="2025-09-10-13-50-03"',
        'DGX_SWBUILD_VERSION="7.2.3"',
        'DGX_COMMIT_ID="833b4a7"',
        'DGX_PLATFORM="DGX Server for KVM"',
        f'DGX_SERIAL_NUMBER="{facts["serial"]}"',
    ]
    for version, date in RELEASE_HISTORY:
        if version_key(version) > version_key(facts["release"]):
            break
        lines += ["", f'DGX_OTA_VERSION="{version}"', f'DGX_OTA_DATE="{date}"']
    return "\n".join(lines) + "\n"


def version_key(version):
    return tuple(int(p) for p in version.split("."))


def write_node_file(pid, path, text, mode=0o644, owner=None):
    full = shell.node_path(pid, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)
    os.chmod(full, mode)
    if owner:
        os.chown(full, *owner)


def read_node_file(pid, path):
    with open(shell.node_path(pid, path)) as f:
        return f.read()


def without_entries(text, name, numeric_id, id_field):
    """Drop /etc/passwd-style lines that clash with our user by name or id."""
    kept = []
    for line in text.splitlines():
        fields = line.split(":")
        if fields[0] == name or (numeric_id is not None and len(fields) > id_field
                                 and fields[id_field] == str(numeric_id)):
            continue
        kept.append(line)
    return "\n".join(kept) + "\n"


def add_login_user(pid, user, uid, gid, password_hash):
    passwd = without_entries(read_node_file(pid, "/etc/passwd"), user, uid, 2)
    passwd += f"{user}:x:{uid}:{gid}:{user}:/home/{user}:/bin/bash\n"
    group = without_entries(read_node_file(pid, "/etc/group"), user, gid, 2)
    group += f"{user}:x:{gid}:\n"
    shadow = without_entries(read_node_file(pid, "/etc/shadow"), user, None, 2)
    shadow += f"{user}:{password_hash}:20000:0:99999:7:::\n"
    write_node_file(pid, "/etc/passwd", passwd)
    write_node_file(pid, "/etc/group", group)
    write_node_file(pid, "/etc/shadow", shadow, 0o640)
    shutil.chown(shell.node_path(pid, "/etc/shadow"), "root", "shadow")
    home = shell.node_path(pid, f"/home/{user}")
    os.makedirs(home, exist_ok=True)
    for skel in (".bashrc", ".profile", ".bash_logout"):
        src = os.path.join("/etc/skel", skel)
        if os.path.exists(src):
            shutil.copy(src, os.path.join(home, skel))
    for dirpath, _, files in os.walk(home):
        os.chown(dirpath, uid, gid)
        for f in files:
            os.chown(os.path.join(dirpath, f), uid, gid)
    os.chmod(home, 0o750)


def hash_password(password):
    return shell.run(["openssl", "passwd", "-6", "-stdin"], input=password + "\n").stdout.strip()


def write_etc(pid, node, lab_state, password_hash):
    hostname = node["hostname"]
    user, uid, gid = lab_state["user"], lab_state["uid"], lab_state["gid"]
    write_node_file(pid, "/etc/hostname", hostname + "\n")
    write_node_file(pid, "/etc/hosts",
                    f"127.0.0.1\tlocalhost\n127.0.1.1\t{hostname}\n"
                    "::1\tlocalhost ip6-localhost ip6-loopback\n")
    write_node_file(pid, "/etc/dgx-release", dgx_release_text(node_facts(node)))
    add_login_user(pid, user, uid, gid, password_hash)
    write_node_file(pid, "/etc/sudoers.d/sparklab",
                    f'Defaults secure_path="{shell.NODE_PATH}"\n'
                    f"{user} ALL=(ALL:ALL) ALL\n", 0o440)
    write_node_file(pid, "/etc/environment", f'PATH="{shell.NODE_PATH}"\n')
    write_node_file(pid, "/etc/profile.d/00-dgx-spark-tools.sh",
                    f'case ":$PATH:" in *":{shell.NODE_TOOLS_DIR}:"*) ;; '
                    f'*) PATH="{shell.NODE_TOOLS_DIR}:$PATH" ;; esac\n')
    write_node_file(pid, "/etc/machine-id", short_hash(lab_state["name"], hostname, length=32) + "\n")
    write_resolver(pid)
    write_network_stack(pid, node, lab_state)
    write_sshd_config(pid)
    generate_host_keys(pid, hostname)


def empty_node_dir(pid, path):
    """The host's files in an /etc directory are not the node's (whiteouts in the
    node's overlay; the host keeps them)."""
    full = shell.node_path(pid, path)
    os.makedirs(full, exist_ok=True)
    for name in os.listdir(full):
        entry = os.path.join(full, name)
        if os.path.isdir(entry) and not os.path.islink(entry):
            shutil.rmtree(entry)
        else:
            os.unlink(entry)


def write_resolver(pid):
    """Ubuntu's systemd-resolved stub. Nothing answers on 127.0.0.53 in a node, so a
    name look-up fails at once (the lab has no DNS) instead of timing out."""
    etc_resolv = shell.node_path(pid, "/etc/resolv.conf")
    if os.path.lexists(etc_resolv):
        os.unlink(etc_resolv)
    os.symlink("../run/systemd/resolve/stub-resolv.conf", etc_resolv)
    write_node_file(pid, "/run/systemd/resolve/stub-resolv.conf",
                    "# sparklab: systemd-resolved's stub; no resolver runs in the lab\n"
                    "nameserver 127.0.0.53\noptions edns0 trust-ad\nsearch .\n")


# DGX OS (Ubuntu 24.04): netplan renders for NetworkManager, and NetworkManager's own
# configuration is Ubuntu's.
NETWORK_MANAGER_CONF = """[main]
plugins=ifupdown,keyfile

[ifupdown]
managed=false

[device]
wifi.scan-rand-mac-address=no
"""
NETPLAN_RENDERER_FILE = "/etc/netplan/01-network-manager-all.yaml"
NETPLAN_RENDERER = """# Let NetworkManager manage all devices on this system
network:
  version: 2
  renderer: NetworkManager
"""
NETPLAN_MANAGEMENT_FILE = "/etc/netplan/02-sparklab-management.yaml"


def management_netplan(node, lab_state):
    """The management port through netplan and NetworkManager, as on a Spark. A Spark
    usually gets its address from the LAN's DHCP server; the lab has none, so the
    address is static (the lab's only difference here)."""
    net = ipaddress.ip_network(lab_state["mgmt_subnet"])
    return (f"# sparklab: the management port (a Spark's LAN would give it by DHCP)\n"
            f"network:\n  version: 2\n  ethernets:\n    {MGMT_IFNAME}:\n"
            f"      addresses: [{node['mgmt_address']}/{net.prefixlen}]\n"
            f"      routes:\n        - to: default\n          via: {host_address(lab_state)}\n")


def write_network_stack(pid, node, lab_state):
    empty_node_dir(pid, "/etc/netplan")
    empty_node_dir(pid, "/etc/NetworkManager/system-connections")
    empty_node_dir(pid, "/etc/NetworkManager/conf.d")
    empty_node_dir(pid, "/etc/NetworkManager/dispatcher.d")
    write_node_file(pid, "/etc/NetworkManager/NetworkManager.conf", NETWORK_MANAGER_CONF)
    write_node_file(pid, NETPLAN_RENDERER_FILE, NETPLAN_RENDERER, 0o600)
    write_node_file(pid, NETPLAN_MANAGEMENT_FILE, management_netplan(node, lab_state), 0o600)


def start_network_stack(node):
    """What boot does: the netplan generator, then dbus and NetworkManager, which
    configures the management port from netplan's profile."""
    pid = node["holder_pid"]
    shell.in_node(pid, ["netplan", "generate"])
    shell.in_node(pid, ["systemctl", "start", "dbus.service"])
    shell.in_node(pid, ["systemctl", "start", "NetworkManager.service"])


def write_sshd_config(pid):
    write_node_file(pid, "/etc/ssh/sshd_config", f"""\
# sparklab: one Spark's OpenSSH server
Port 22
HostKey /etc/ssh/ssh_host_ed25519_key
HostKey /etc/ssh/ssh_host_ecdsa_key
UsePAM yes
PasswordAuthentication yes
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
PidFile /run/sshd.pid
PrintMotd no
AcceptEnv LANG LC_*
SetEnv PATH={shell.NODE_PATH}
Subsystem sftp /usr/lib/openssh/sftp-server
""")


def generate_host_keys(pid, hostname):
    ssh_dir = shell.node_path(pid, "/etc/ssh")
    for name in os.listdir(ssh_dir):
        if name.startswith("ssh_host_"):
            os.unlink(os.path.join(ssh_dir, name))
    for key_type in ("ed25519", "ecdsa"):
        shell.run(["ssh-keygen", "-q", "-t", key_type, "-N", "", "-C", f"root@{hostname}",
                   "-f", os.path.join(ssh_dir, f"ssh_host_{key_type}_key")])


def host_key_fingerprint(pid):
    out = shell.run(["ssh-keygen", "-lf",
                     shell.node_path(pid, "/etc/ssh/ssh_host_ed25519_key.pub")]).stdout
    return out.split()[1]


# ---------------------------------------------------------------- node facts file

def node_facts(node):
    return node["facts"]


def initial_facts(lab_name, node_name):
    facts = dict(DEFAULT_NODE_FACTS)
    facts["serial"] = "1" + str(int(short_hash(lab_name, node_name, length=10), 16))[:11]
    return facts


def write_node_state(lab, node, lab_state):
    """The file the node tools read: /run/sparklab-node/node.json inside the node."""
    share = os.path.join(lab.node_dir(node["name"]), "share")
    write_json(os.path.join(share, "node.json"), {
        "lab": lab.name,
        "node": node["name"],
        "facts": node["facts"],
        "port_speed_mbps": node["port_speed_mbps"],
        "phy_counter_bumps": node["phy_counter_bumps"],
        "roce_counter_bumps": node["roce_counter_bumps"],
        "gid_order": node["gid_order"],
        "pcie_links": node.get("pcie_links", {}),
        "aer_counts": node.get("aer_counts", {}),
        "apt_update_seconds": node.get("apt_update_seconds", 0),
        "rate_scale": lab_state["rate_scale"],
        "update_to": DEFAULT_NODE_FACTS,   # what the apt-get/fwupdmgr stand-ins install
    })


def install_node_tools(lab):
    """Copy the stand-in tools once per lab, readable by every node user."""
    target = os.path.join(lab.dir, "node-tools")
    if os.path.exists(target):
        shutil.rmtree(target)
    shutil.copytree(NODE_TOOLS_SRC, target, ignore=shutil.ignore_patterns("__pycache__"))
    os.chmod(lab.dir, 0o755)
    return target


def link_tools_into_share(lab, node_name):
    share = os.path.join(lab.node_dir(node_name), "share")
    link = os.path.join(share, "bin")
    if not os.path.exists(link):
        shutil.copytree(os.path.join(lab.dir, "node-tools"), link)
    os.chmod(share, 0o755)
    for shared in ("locks", "rdma"):      # written by node tools run as any user
        os.makedirs(os.path.join(share, shared), exist_ok=True)
        os.chmod(os.path.join(share, shared), 0o1777)


# ---------------------------------------------------------------- management network

def mgmt_address(lab_state, index):
    net = ipaddress.ip_network(lab_state["mgmt_subnet"])
    return str(net.network_address + 10 + index)


def host_address(lab_state):
    net = ipaddress.ip_network(lab_state["mgmt_subnet"])
    return str(net.network_address + 1)


def create_mgmt_network(lab_state, nodes):
    net = ipaddress.ip_network(lab_state["mgmt_subnet"])
    bridge = lab_state["host_bridge"]
    host_cmds = [f"link add name {bridge} type bridge",
                 f"addr add {host_address(lab_state)}/{net.prefixlen} dev {bridge}",
                 f"link set {bridge} up"]
    for n in nodes:
        host_cmds += [
            f"link add name {n['host_port']} type veth peer name {MGMT_IFNAME} "
            f"address {stable_mac(lab_state['name'], n['name'], MGMT_IFNAME)} netns {n['netns']}",
            f"link set {n['host_port']} master {bridge} up"]
    shell.ip_batch(host_cmds)


def configure_node_network(lab_state, node):
    """lo and the extra routes' devices; the management port is NetworkManager's."""
    cmds = ["link set lo up"]
    for extra in lab_state["extra_routes"]:
        cmds += [f"link add {extra['ifname']} type {extra_route_link_type(extra['ifname'])}",
                 f"addr add {extra_address(extra['cidr'], node['index'])} dev {extra['ifname']}",
                 f"link set {extra['ifname']} up"]
    shell.ip_batch(cmds, netns=node["netns"])


def extra_route_link_type(ifname):
    """docker0 is a bridge, as on a real node; the others are ifb devices, which this
    kernel has (it lacks the dummy module) and which carry an address and a route."""
    return "bridge" if ifname == "docker0" else "ifb"


def extra_route_ifname(cidr, used):
    net = ipaddress.ip_network(cidr, strict=False)
    preferred = []
    if net.subnet_of(ipaddress.ip_network("172.16.0.0/12")) and "docker0" not in used:
        preferred.append("docker0")
    if net.subnet_of(ipaddress.ip_network("100.64.0.0/10")):
        preferred.append("tailscale0")
    if net.subnet_of(ipaddress.ip_network("192.168.0.0/16")):
        preferred.append("wlP9s9")    # the Spark's Wi-Fi on a home LAN
    preferred += [f"extra{i}" for i in range(32)]
    return next(name for name in preferred if name not in used)


def extra_address(cidr, index):
    net = ipaddress.ip_network(cidr, strict=False)
    host = net.network_address + (1 if net.prefixlen <= 16 and str(net).startswith("172.") else 10 + index)
    return f"{host}/{net.prefixlen}"


# ---------------------------------------------------------------- sshd

def start_sshd(lab, node):
    log = os.path.join(lab.node_dir(node["name"]), "sshd.log")
    with open(log, "ab") as log_file:
        proc = subprocess.Popen(
            shell.node_command(node["holder_pid"], ["/usr/sbin/sshd", "-D", "-e"]),
            stdin=subprocess.DEVNULL, stdout=log_file, stderr=log_file,
            start_new_session=True, cwd="/")
    node["sshd_pid"] = proc.pid
    return proc


def wait_for_port(address, port=22, timeout=15.0, proc=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((address, port), timeout=0.5) as s:
                s.settimeout(2.0)
                if s.recv(4).startswith(b"SSH-"):
                    return
        except OSError:
            pass
        if proc is not None and proc.poll() is not None:
            raise LabError(f"sshd at {address} exited with {proc.returncode}")
        time.sleep(0.02)
    raise LabError(f"sshd at {address}:{port} did not answer within {timeout:.0f} s")


def stop_sshd(node):
    """sshd_pid is the nsenter that started sshd; sshd itself is its child."""
    pid = node.get("sshd_pid")
    if pid and shell.pid_alive(pid):
        for sshd in shell.children(pid):
            os.kill(sshd, 15)
        for _ in range(200):
            if not shell.pid_alive(pid):
                break
            time.sleep(0.01)
        if shell.pid_alive(pid):
            os.kill(pid, 9)
    node["sshd_pid"] = None
