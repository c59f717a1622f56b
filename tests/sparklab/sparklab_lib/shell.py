# SPDX-License-Identifier: MIT
"""Running host tools, in the host or inside a node's namespaces."""
import os
import subprocess

from .labstate import LabError

NODE_TOOLS_DIR = "/run/sparklab-node/bin"   # as seen inside a node
NODE_PATH = f"{NODE_TOOLS_DIR}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def run(cmd, check=True, input=None, capture=True):
    """Run a command; on failure raise LabError with its stderr."""
    result = subprocess.run(cmd, input=input, text=True,
                            stdout=subprocess.PIPE if capture else None,
                            stderr=subprocess.PIPE if capture else None)
    if check and result.returncode != 0:
        detail = (result.stderr or result.stdout or "").strip()
        raise LabError(f"command failed ({result.returncode}): {' '.join(cmd)}\n{detail}")
    return result


def ip_batch(commands, netns=None, check=True):
    """Run many `ip` commands in one process (one fork instead of dozens)."""
    if not commands:
        return
    cmd = ["ip"] + (["-n", netns] if netns else []) + ["-batch", "-"]
    run(cmd, input="\n".join(commands) + "\n", check=check)


def tc_batch(commands, netns, check=True):
    if not commands:
        return
    run(["tc", "-n", netns, "-batch", "-"], input="\n".join(commands) + "\n", check=check)


def nsenter_prefix(holder_pid, workdir="/root"):
    """Enter all of a node's namespaces; with -p nsenter forks, so what runs is the
    nsenter process's child (see children())."""
    return ["nsenter", "-t", str(holder_pid), "-m", "-n", "-u", "-p", f"--wd={workdir}"]


def node_env():
    env = {k: v for k, v in os.environ.items() if k in ("TERM", "LANG", "LC_ALL")}
    env.update(PATH=NODE_PATH, HOME="/root", USER="root", LOGNAME="root")
    return env


def in_node(holder_pid, cmd, check=True, input=None):
    """Run a command as root inside a node (its mount, network and UTS namespaces)."""
    return run(node_command(holder_pid, cmd), check=check, input=input)


def node_command(holder_pid, cmd):
    """The host command line that runs `cmd` as root inside a node, clean environment."""
    return (nsenter_prefix(holder_pid) + ["env", "-i"]
            + [f"{k}={v}" for k, v in node_env().items()] + list(cmd))


def children(pid):
    """Host PIDs of a process's children (nsenter's child lives in the node's PID
    namespace, the unshare that starts a holder has the holder as its child)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except (OSError, ValueError):
        return []


def node_path(holder_pid, path):
    """A path inside the node's mount namespace, reachable from the host as root."""
    return f"/proc/{holder_pid}/root{path}"


def pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie still answers kill(0); treat it as gone.
    # The process can end between the open and the read: the read then fails with ESRCH.
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False
