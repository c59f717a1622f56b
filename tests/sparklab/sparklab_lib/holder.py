#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Namespace holder of one emulated Spark.

Started by sparklab as
    ip netns exec NETNS unshare -m -u --propagation private python3 holder.py NODE_DIR HOSTNAME
so it already lives in the node's network namespace and in fresh mount and UTS
namespaces. It builds the node's private file system view, prints "ready", then
regenerates the node's RoCE sysfs on every address or link change until killed.
Everything else (sshd, exec) enters through it with nsenter, so the namespaces
live exactly as long as this process.

Mount layout inside the node:
  /etc         overlay: lower = host /etc, upper on a private tmpfs
  /home /root /tmp /run   private tmpfs directories
  /run/sparklab-node      bind of NODE_DIR/share (node state, tools)
  /sys/class   tmpfs with the real /sys/class/* bound back, plus a generated
               infiniband/ tree written by the node tools
"""
import ctypes
import os
import select
import signal
import socket
import subprocess
import sys

MS_BIND = 4096
MS_REC = 16384
MS_PRIVATE = 1 << 18
MNT_DETACH = 2

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
                "run/sparklab-node"):
        os.makedirs(os.path.join(priv, sub), exist_ok=True)
    os.chmod(os.path.join(priv, "tmp"), 0o1777)
    os.chmod(os.path.join(priv, "root"), 0o700)

    # The node's state and tools, reachable as /run/sparklab-node once /run is replaced.
    mount(os.path.join(node_dir, "share"), os.path.join(priv, "run/sparklab-node"), None, MS_BIND)

    mount("overlay", "/etc", "overlay", 0,
          f"lowerdir=/etc,upperdir={priv}/etc.upper,workdir={priv}/etc.work")
    for sub in ("home", "root", "tmp"):
        mount(os.path.join(priv, sub), "/" + sub, None, MS_BIND)

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

    # Last, as it hides NODE_DIR itself (it lives under the host's /run).
    os.makedirs(os.path.join(priv, "run/sshd"), exist_ok=True)
    os.makedirs(os.path.join(priv, "run/lock"), exist_ok=True)
    mount(os.path.join(priv, "run"), "/run", None, MS_BIND | MS_REC)


def follow_address_changes():
    """Keep /sys/class/infiniband live, as the kernel keeps the GID table: regenerate
    it whenever an address or link of this node changes (debounced)."""
    sys.path.insert(0, "/run/sparklab-node/bin")
    import sparknode
    monitor = subprocess.Popen(["ip", "-o", "monitor", "address", "link"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    while monitor.stdout.readline():
        while select.select([monitor.stdout], [], [], 0.05)[0]:
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
