# SPDX-License-Identifier: MIT
"""What the Ray and vLLM stand-ins check the same way, each check from a fact in
../shared/design/DGX-SPARK.md ("After the network: serving a model on the cluster"):
the bootstrap variables name an interface the node has, NCCL_IB_HCA names RoCE
devices the node has, and a Hugging Face id resolves to a complete snapshot in the
cache the container sees (its mounts, as `docker run -v` gave them)."""
import json
import os

SHARE = "/run/sparklab-node"
BOOTSTRAP_VARIABLES = ("NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME", "TP_SOCKET_IFNAME", "UCX_NET_DEVICES",
                       "OMPI_MCA_btl_tcp_if_include")
CONTAINER_HUB = "/root/.cache/huggingface/hub"   # the engines run as root in NVIDIA's images


def fault(name):
    return os.path.exists(os.path.join(SHARE, name))


def environment_problems(env):
    """What NCCL would trip over on this node, one sentence each, in NCCL's words."""
    problems = []
    for name in BOOTSTRAP_VARIABLES:
        value = env.get(name)
        if value is None:
            continue
        for interface in value.lstrip("^=").split(","):
            if interface and not os.path.exists(f"/sys/class/net/{interface}"):
                problems.append(f"NCCL WARN Bootstrap : no socket interface found ({name}={value}: "
                                f"{interface} does not exist on {os.uname().nodename})")
    for device in (env.get("NCCL_IB_HCA") or "").lstrip("^=").split(","):
        name = device.split(":")[0]
        if name and not os.path.exists(f"/sys/class/infiniband/{name}"):
            problems.append(f"NCCL WARN NET/IB : No device found ({name} in NCCL_IB_HCA does not exist on "
                            f"{os.uname().nodename})")
    return problems


def node_path(container_path):
    """Where a path inside the container is on the node, through the container's mounts."""
    mounts = json.loads(os.environ.get("SPARKLAB_MOUNTS") or "[]")
    for mount in sorted(mounts, key=lambda m: len(m["target"]), reverse=True):
        target = mount["target"].rstrip("/")
        if container_path == target or container_path.startswith(target + "/"):
            return mount["source"].rstrip("/") + container_path[len(target):]
    return None


def model_problem(model):
    """None when the model's snapshot is complete in the container's cache; else why not."""
    if model.startswith("/"):
        folder = node_path(model)
        return None if folder and os.path.isdir(folder) else f"{model} does not exist in the container"
    cache = os.environ.get("HF_HUB_CACHE") or (os.environ["HF_HOME"] + "/hub" if os.environ.get("HF_HOME") else CONTAINER_HUB)
    hub = node_path(cache)
    repo = os.path.join(hub or "/nonexistent", "models--" + model.replace("/", "--"))
    try:
        with open(os.path.join(repo, "refs", "main")) as f:
            commit = f.read().strip()
    except OSError:
        return (f"We couldn't connect to 'https://huggingface.co' to load the files, and couldn't find them in the "
                f"cached files. ({model} is not in {cache})")
    snapshot = os.path.join(repo, "snapshots", commit)
    index_path = os.path.join(snapshot, "model.safetensors.index.json")
    wanted = []
    if os.path.exists(index_path):
        with open(index_path) as f:
            wanted = sorted(set(json.load(f).get("weight_map", {}).values()))
    for name in wanted + [n for n in os.listdir(snapshot) if n not in wanted]:
        if not os.path.exists(os.path.join(snapshot, name)):
            return f"Cannot find any of ['{name}'] for {model} in {snapshot}: the snapshot is incomplete"
    return None


def weight_bytes(model):
    hub = node_path(CONTAINER_HUB)
    repo = os.path.join(hub or "/nonexistent", "models--" + model.replace("/", "--"), "blobs")
    try:
        return sum(os.path.getsize(os.path.join(repo, n)) for n in os.listdir(repo))
    except OSError:
        return 0
