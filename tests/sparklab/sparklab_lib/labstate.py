# SPDX-License-Identifier: MIT
"""Where a lab keeps its state, and the names it gives to host-visible objects."""
import contextlib
import fcntl
import hashlib
import ipaddress
import json
import os

LAB_ROOT = "/run/sparklab"
DEFAULT_LAB = "lab"
DEFAULT_MGMT_SUBNET = "10.131.0.0/24"
# 1 : 100 -- one 100 Gb/s twin becomes 1 Gbit/s of real, shaped traffic.
RATE_SCALE = 0.01
TWIN_RATE_GBPS = 100.0        # real per-twin rate (a 200G port is two PCIe x4 twins)
DEGRADED_RATE_GBPS = 13.0     # "degraded after hot-plug" field reports
FIRST_NODE_HOST_INDEX = 10    # spark-1 is .11, spark-2 .12, ...; the host bridge is .1


class LabError(Exception):
    """A problem the user can fix; printed without a traceback."""


def lab_dir(name):
    return os.path.join(LAB_ROOT, name)


def short_hash(*parts, length=6):
    return hashlib.sha256("|".join(str(p) for p in parts).encode()).hexdigest()[:length]


def netns_name(lab, node):
    return f"sl-{lab}-{node}"


def switch_netns_name(lab):
    return f"sl-{lab}-switch"


def void_netns_name(lab):
    """Where the far ends of uncabled ports' netdevs wait, down (no carrier)."""
    return f"sl-{lab}-void"


def host_bridge_name(lab):
    return f"slbr{short_hash(lab)}"            # 10 chars, fits IFNAMSIZ


def host_mgmt_port_name(lab, index):
    return f"slm{short_hash(lab)}n{index:02d}"  # 12 chars


def default_mgmt_subnet(lab):
    """10.131.0.0/24 for the default lab, a name-derived 10.131.X.0/24 otherwise."""
    if lab == DEFAULT_LAB:
        return DEFAULT_MGMT_SUBNET
    third = 100 + int(short_hash(lab), 16) % 150
    return f"10.131.{third}.0/24"


def valid_lab_name(name):
    return (0 < len(name) <= 24 and name[0].isalnum()
            and all(c.isalnum() or c in "-_" for c in name))


class Lab:
    """One named lab: its directory under /run/sparklab and its JSON state."""

    def __init__(self, name):
        if not valid_lab_name(name):
            raise LabError(f"invalid lab name {name!r}: use up to 24 letters, digits, - or _")
        self.name = name
        self.dir = lab_dir(name)
        self.state_path = os.path.join(self.dir, "state.json")

    def exists(self):
        return os.path.exists(self.state_path)

    def load(self):
        try:
            with open(self.state_path) as f:
                return json.load(f)
        except FileNotFoundError:
            raise LabError(f"no lab named {self.name!r} is up (see: sparklab status --all)") from None

    def save(self, state):
        write_json(self.state_path, state)

    def node_dir(self, node):
        return os.path.join(self.dir, "nodes", node)

    @contextlib.contextmanager
    def locked(self):
        """Serialise commands that change labs (up, fault, down). The lock is the
        /run/sparklab directory itself, so no lock file outlives a lab."""
        os.makedirs(LAB_ROOT, exist_ok=True)
        fd = os.open(LAB_ROOT, os.O_RDONLY | os.O_DIRECTORY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)


def write_json(path, data, mode=0o644):
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=2, sort_keys=True)
        f.write("\n")
    os.chmod(tmp, mode)
    os.replace(tmp, path)


def all_lab_names():
    try:
        entries = sorted(os.listdir(LAB_ROOT))
    except FileNotFoundError:
        return []
    return [e for e in entries if os.path.exists(os.path.join(LAB_ROOT, e, "state.json"))]


def check_subnet_free(lab, subnet, host_routes):
    """Refuse a management subnet that overlaps another lab's or a host route."""
    net = ipaddress.ip_network(subnet, strict=False)
    for other in all_lab_names():
        if other == lab:
            continue
        try:
            other_net = ipaddress.ip_network(Lab(other).load()["mgmt_subnet"])
        except (LabError, KeyError, ValueError):
            continue
        if net.overlaps(other_net):
            raise LabError(f"management subnet {net} overlaps lab {other!r} ({other_net}); "
                           f"pick another with --mgmt-subnet")
    for route in host_routes:
        if route.version == 4 and route.prefixlen > 0 and net.overlaps(route):
            raise LabError(f"management subnet {net} overlaps the host route {route}; "
                           f"pick another with --mgmt-subnet")
