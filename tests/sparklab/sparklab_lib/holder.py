#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Namespace holder of one emulated Spark.

Started by sparklab as
    ip netns exec NETNS unshare -m -u -p --fork --mount-proc --propagation private \
        python3 holder.py NODE_DIR HOSTNAME
so it already lives in the node's network namespace and in fresh mount, UTS and PID
namespaces, where it is PID 1: it reaps orphans as init does, and when it ends the
kernel ends every process of the node. It builds the node's private file system
view, starts the node's udev stand-in (udevd.py), prints "ready", then regenerates
the node's RoCE sysfs on every address or link change until killed. Everything
else (dbus, NetworkManager, sshd, exec) enters through it with nsenter, so the
namespaces live exactly as long as this process.

Mount layout inside the node:
  /etc         overlay: lower = host /etc, upper on a private tmpfs
  /home /root /tmp /run   private tmpfs directories
  /run/sparklab-node      bind of NODE_DIR/share (node state, tools)
  /sys/class   tmpfs with the real /sys/class/* bound back, plus a generated
               infiniband/ tree written by the node tools
  /sys/bus/pci/devices   tmpfs: stand-in CX-7 functions and root ports (node tools)
  /var/log/journal       private, empty: the host's journal is not the node's
  /var/lib/NetworkManager   private tmpfs (NetworkManager's state, leases)
  /usr/local   overlay: lower = host /usr/local, upper on the private tmpfs; holds the
               node's CUDA stand-in (/usr/local/cuda-13.0, written at `up`). A host's own
               CUDA toolkit (cuda, cuda-*, its wrappers in /usr/local/bin) is hidden by
               whiteouts made before the mount: a Spark's CUDA is the node's, not the PC's
  /usr, /var/lib/dpkg, /var/lib/apt, /var/cache/apt   the host's, read-only: a node
               shares the host's programs, so nothing run in it may install or
               remove one. The package tools and systemctl are sparklab stand-ins
               bound over the host's (node-tools/), saying why.
  /usr/lib/NetworkManager/conf.d   DGX OS's stock files (resources below)
"""
import ctypes
import glob
import os
import select
import signal
import socket
import stat
import subprocess
import sys
import time

MS_RDONLY = 1
MS_REMOUNT = 32
MS_BIND = 4096
MS_REC = 16384
MS_PRIVATE = 1 << 18
MNT_DETACH = 2

# What a host's own CUDA toolkit may have put in /usr/local/bin; hidden in every node.
HOST_CUDA_TOOLS = ["nvcc", "ptxas", "nvlink", "fatbinary", "cudafe++", "bin2c",
                   "__nvcc_device_query", "cuobjdump", "nvdisasm", "nvprune", "cu++filt"]

# Read-only in every node: the host's programs and package databases.
READ_ONLY_TREES = ["/usr", "/var/lib/dpkg", "/var/lib/apt", "/var/cache/apt"]
# Host programs a node must never run as they are: each is replaced inside the node by
# the sparklab stand-in of the same name from node-tools/ (which says why it is one).
STANDIN_OVER_HOST = {"apt": "apt", "apt-get": "apt-get", "dpkg": "dpkg", "pip": "pip",
                     "pip3": "pip", "systemctl": "systemctl", "reboot": "reboot",
                     "fwupdmgr": "fwupdmgr", "docker": "docker"}
# A host's Docker in /usr/local/bin is hidden the same way: a node must never reach the
# host's daemon (/run, where its socket is, is the node's own anyway).
HOST_TOOLS_HIDDEN_IN_USR_LOCAL = ["docker"]
# Ubuntu's network-manager ships this; netplan's renderer NetworkManager overrides it
# from /run/NetworkManager/conf.d, so only devices netplan hands over are managed.
GLOBALLY_MANAGED_DEVICES = """[keyfile]
unmanaged-devices=*,except:type:wifi,except:type:gsm,except:type:cdma
"""

_libc = ctypes.CDLL(None, use_errno=True)


def mount(source, target, fstype=None, flags=0, data=None):
    rc = _libc.mount(source.encode(), target.encode(),
                     fstype.encode() if fstype else None, flags,
                     data.encode() if data else None)
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {source} on {target}: {os.strerror(err)}")


def umount(target):
    _libc.umount2(target.encode(), MNT_DETACH)


def build_private_tree(node_dir):
    mount("none", "/", None, MS_REC | MS_PRIVATE)
    priv = os.path.join(node_dir, "priv")
    os.makedirs(priv, exist_ok=True)
    mount("tmpfs", priv, "tmpfs", 0, "mode=755")
    for sub in ("etc.upper", "etc.work", "home", "root", "tmp", "run", "sysclass",
                "run/sparklab-node", "var-lib-nm", "nm-conf.d"):
        os.makedirs(os.path.join(priv, sub), exist_ok=True)
    os.chmod(os.path.join(priv, "tmp"), 0o1777)
    os.chmod(os.path.join(priv, "root"), 0o700)

    # The node's state and tools, reachable as /run/sparklab-node once /run is replaced.
    mount(os.path.join(node_dir, "share"), os.path.join(priv, "run/sparklab-node"), None, MS_BIND)

    mount("overlay", "/etc", "overlay", 0,
          f"lowerdir=/etc,upperdir={priv}/etc.upper,workdir={priv}/etc.work")
    for sub in ("home", "root", "tmp"):
        mount(os.path.join(priv, sub), "/" + sub, None, MS_BIND)
    os.makedirs("/var/lib/NetworkManager", exist_ok=True)   # on the host too: an empty dir
    mount(os.path.join(priv, "var-lib-nm"), "/var/lib/NetworkManager", None, MS_BIND)
    protect_host_programs(node_dir, priv)
    private_usr_local(priv)

    # /sys/class: keep every real class, add a writable place for infiniband/.
    staging = os.path.join(priv, "sysclass")
    mount("/sys/class", staging, None, MS_BIND)
    mount("tmpfs", "/sys/class", "tmpfs", 0, "mode=755")
    for entry in sorted(os.listdir(staging)):
        target = os.path.join("/sys/class", entry)
        os.mkdir(target)
        mount(os.path.join(staging, entry), target, None, MS_BIND)
    os.makedirs("/sys/class/infiniband", exist_ok=True)
    umount(staging)

    # /sys/bus/pci/devices: a stand-in for the Spark's CX-7 PCIe functions and their
    # root ports (a PC has neither); the host's own PCI devices must not show as the
    # Spark's. The node tools write it (sparknode.refresh_pcie).
    mount("tmpfs", "/sys/bus/pci/devices", "tmpfs", 0, "mode=755")
    # The kernel log of the node: not the host's journal.
    if os.path.isdir("/var/log/journal"):
        os.makedirs(os.path.join(priv, "journal"), exist_ok=True)
        mount(os.path.join(priv, "journal"), "/var/log/journal", None, MS_BIND)

    # Last, as it hides NODE_DIR itself (it lives under the host's /run).
    os.makedirs(os.path.join(priv, "run/sshd"), exist_ok=True)
    os.makedirs(os.path.join(priv, "run/lock"), exist_ok=True)
    mount(os.path.join(priv, "run"), "/run", None, MS_BIND | MS_REC)


def whiteout(path):
    """An overlayfs whiteout: the lower layer's entry of this name is not seen."""
    os.mknod(path, stat.S_IFCHR | 0o000, os.makedev(0, 0))


def private_usr_local(priv):
    """/usr/local as an overlay over the host's, so the node can hold the stand-ins of
    what NVIDIA's playbooks expect there (/usr/local/cuda) while the host's stays as it
    is. The node's CUDA is the stand-in only: a host's own toolkit is whited out."""
    if not os.path.isdir("/usr/local"):
        return
    upper, work = os.path.join(priv, "usrlocal.upper"), os.path.join(priv, "usrlocal.work")
    os.makedirs(upper, exist_ok=True)
    os.makedirs(work, exist_ok=True)
    for entry in os.listdir("/usr/local"):
        if entry == "cuda" or entry.startswith("cuda-"):
            whiteout(os.path.join(upper, entry))
    hidden = [t for t in HOST_CUDA_TOOLS + HOST_TOOLS_HIDDEN_IN_USR_LOCAL
              if os.path.lexists(os.path.join("/usr/local/bin", t))]
    if hidden:
        os.makedirs(os.path.join(upper, "bin"), exist_ok=True)
        for tool in hidden:
            whiteout(os.path.join(upper, "bin", tool))
    mount("overlay", "/usr/local", "overlay", 0,
          f"lowerdir=/usr/local,upperdir={upper},workdir={work}")


def read_only(path):
    mount(path, path, None, MS_BIND | MS_REC)
    mount("none", path, None, MS_REMOUNT | MS_BIND | MS_RDONLY)


def protect_host_programs(node_dir, priv):
    """The node sees the host's /usr and package databases read-only, the package
    tools and systemctl replaced by stand-ins, and DGX OS's NetworkManager defaults."""
    conf_d = os.path.join(priv, "nm-conf.d")
    with open(os.path.join(conf_d, "10-globally-managed-devices.conf"), "w") as f:
        f.write(GLOBALLY_MANAGED_DEVICES)
    for tree in READ_ONLY_TREES:
        if os.path.isdir(tree):
            read_only(tree)
    if os.path.isdir("/usr/lib/NetworkManager/conf.d"):
        mount(conf_d, "/usr/lib/NetworkManager/conf.d", None, MS_BIND)
    tools = os.path.join(node_dir, "share", "bin")
    standins = dict(STANDIN_OVER_HOST)
    standins.update({os.path.basename(p): "pip" for p in glob.glob("/usr/bin/pip3.*")})
    # The stand-in dpkg answers queries with the real one, kept where /run will be.
    os.makedirs(os.path.join(priv, "run/sparklab-real"), exist_ok=True)
    real_dpkg = os.path.join(priv, "run/sparklab-real/dpkg")
    open(real_dpkg, "w").close()
    mount("/usr/bin/dpkg", real_dpkg, None, MS_BIND)
    for name, standin in standins.items():
        for directory in ("/usr/bin", "/usr/sbin"):
            host_program = os.path.join(directory, name)
            if os.path.exists(host_program) and not os.path.islink(host_program):
                mount(os.path.join(tools, standin), host_program, None, MS_BIND)


def reap_orphans(*_):
    """PID 1's duty: collect every child that ended, ours or re-parented to us."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def follow_address_changes():
    """Keep /sys/class/infiniband live, as the kernel keeps the GID table: regenerate
    it whenever an address or link of this node changes (debounced)."""
    sys.path.insert(0, "/run/sparklab-node/bin")
    import sparknode
    monitor = subprocess.Popen(["ip", "-o", "monitor", "address", "link"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    while monitor.stdout.readline():
        # A burst of changes (NetworkManager activating profiles) is taken in at
        # most 0.1 s: the kernel updates its GID table with each address, so the
        # lab may lag by a moment, never by as long as the burst lasts.
        deadline = time.monotonic() + 0.1
        while time.monotonic() < deadline and select.select(
                [monitor.stdout], [], [], max(0.0, min(0.05, deadline - time.monotonic())))[0]:
            if not monitor.stdout.readline():
                return
        try:
            sparknode.refresh_infiniband()
        except (OSError, ValueError):
            pass     # a half-written state file; the next event or refresh catches up


def main():
    node_dir, hostname = sys.argv[1], sys.argv[2]
    build_private_tree(node_dir)
    socket.sethostname(hostname)
    os.chdir("/")
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    signal.signal(signal.SIGCHLD, reap_orphans)
    sys.path.insert(0, "/run/sparklab-node/bin")
    import udevd
    udevd.start()
    print("ready", flush=True)
    sys.stdout.close()
    os.close(1)
    follow_address_changes()
    while True:
        signal.pause()


if __name__ == "__main__":
    try:
        main()
    except OSError as error:
        print(f"error: {error}", flush=True)
        sys.exit(1)
