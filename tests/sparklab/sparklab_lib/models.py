# SPDX-License-Identifier: MIT
"""Models in a node's Hugging Face cache, in the real layout: `sparklab model add|break`.

What huggingface_hub writes (DGX-SPARK.md, "Hugging Face cache layout"):
`$HF_HOME/hub/models--ORG--NAME/` with `blobs/` (LFS files named by their
SHA-256, small git files by their git blob SHA-1), `snapshots/<commit>/` of
relative symlinks into `blobs/`, and `refs/main` holding the commit. The weights
are real safetensors files (an 8-byte little-endian header length, the JSON
header, the tensor bytes) listed in a real `model.safetensors.index.json`
(`weight_map`, `metadata.total_size`). Written from the host into the node's
mount namespace and owned by the node's user, as a download by that user
leaves them. Nothing here decides what the product sees: it reads real files.
"""
import hashlib
import json
import os
import re
import shutil
import struct

from . import shell
from .labstate import LabError

REPO_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,95}/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$")
BREAKS = ["missing-shard", "broken-link", "incomplete", "corrupt-blob"]


def safetensors_bytes(tensor, nbytes, seed):
    """One F32 tensor of about `nbytes`, deterministic content from `seed`."""
    count = max(1, nbytes // 4)
    header = json.dumps({"__metadata__": {"format": "pt"},
                         tensor: {"dtype": "F32", "shape": [count], "data_offsets": [0, count * 4]}},
                        separators=(",", ":")).encode()
    header += b" " * (-len(header) % 8)      # the format pads the header to 8 bytes
    block = hashlib.sha256(seed.encode()).digest() * 2048
    data = (block * (count * 4 // len(block) + 1))[:count * 4]
    return struct.pack("<Q", len(header)) + header + data


def git_blob_sha1(content):
    return hashlib.sha1(b"blob %d\0" % len(content) + content).hexdigest()


def hub_of(lab_state, node):
    return shell.node_path(node["holder_pid"], f"/home/{lab_state['user']}/.cache/huggingface/hub")


def repo_folder(repo):
    if not REPO_ID.match(repo) or "--" in repo or ".." in repo:
        raise LabError(f"not a Hugging Face repository id: {repo!r} (ORG/NAME)")
    return "models--" + repo.replace("/", "--")


def chown_tree(lab_state, top, path):
    """The node's user owns what its download would have made (from `top` down to `path`)."""
    uid, gid = lab_state["uid"], lab_state["gid"]
    current = path
    while True:
        os.lchown(current, uid, gid)
        if os.path.samefile(current, top) or len(current) <= len(top):
            break
        current = os.path.dirname(current)


def model_files(repo, shards, shard_bytes):
    """(name, content, lfs) of a small model: config, tokenizer, shards and their index."""
    files = [("config.json", json.dumps({"architectures": ["SparklabForCausalLM"], "model_type": "sparklab",
                                         "name_or_path": repo}, indent=2).encode(), False),
             ("tokenizer_config.json", b'{"model_max_length": 4096}\n', False)]
    weight_map, total = {}, 0
    for i in range(1, shards + 1):
        name = f"model-{i:05d}-of-{shards:05d}.safetensors"
        content = safetensors_bytes(f"layers.{i}.weight", shard_bytes, f"{repo}/{i}")
        weight_map[f"layers.{i}.weight"] = name
        total += shard_bytes // 4 * 4
        files.append((name, content, True))
    index = {"metadata": {"total_size": total}, "weight_map": weight_map}
    files.append(("model.safetensors.index.json", json.dumps(index, indent=2).encode(), False))
    return files


def add(lab_state, node, repo, shards=2, shard_bytes=1 << 20, revision=None):
    """A complete model in the node's default cache; returns its folder and commit."""
    hub = hub_of(lab_state, node)
    folder = os.path.join(hub, repo_folder(repo))
    commit = revision or hashlib.sha1(f"sparklab {repo} {shards} {shard_bytes}".encode()).hexdigest()
    if not re.fullmatch(r"[0-9a-f]{40}", commit):
        raise LabError(f"a revision is 40 hexadecimal digits, not {commit!r}")
    write_repo(folder, model_files(repo, shards, shard_bytes), commit)
    chown_tree(lab_state, shell.node_path(node["holder_pid"], f"/home/{lab_state['user']}"), folder)
    for top, dirs, names in os.walk(folder):
        for name in dirs + names:
            os.lchown(os.path.join(top, name), lab_state["uid"], lab_state["gid"])
    return {"repo": repo, "folder": folder, "commit": commit}


MIRROR = "hf-mirror"                 # in the lab's directory, and in each node's share
NODE_MIRROR = "/run/sparklab-node/hf-mirror"   # as a node's `hf` stand-in sees it
ACCEPTED_TOKEN = "hf_sparklab_read_token"      # the one token the lab's hub knows


def write_repo(folder, files, commit):
    """A repository folder in the cache layout (blobs, one snapshot, refs/main)."""
    blobs = os.path.join(folder, "blobs")
    snapshot = os.path.join(folder, "snapshots", commit)
    for d in (blobs, snapshot, os.path.join(folder, "refs")):
        os.makedirs(d, exist_ok=True)
    for name, content, lfs in files:
        blob = hashlib.sha256(content).hexdigest() if lfs else git_blob_sha1(content)
        path = os.path.join(blobs, blob)
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(content)
            os.chmod(path, 0o644)
        link = os.path.join(snapshot, name)
        if os.path.lexists(link):
            os.unlink(link)
        os.symlink(os.path.join("..", "..", "blobs", blob), link)
    with open(os.path.join(folder, "refs", "main"), "w") as f:
        f.write(commit)


def publish(lab, lab_state, repo, shards=2, shard_bytes=1 << 20, revision=None, gated=False):
    """A model on the lab's stand-in for the Hugging Face Hub: a mirror folder
    in the real cache layout that every node's `hf` stand-in downloads from
    (a node has no internet). Root's and read-only to the nodes; each node's
    share gets hard links, so a model's bytes exist once on the host."""
    folder = os.path.join(lab.dir, MIRROR, repo_folder(repo))
    commit = revision or hashlib.sha1(f"sparklab hub {repo} {shards} {shard_bytes}".encode()).hexdigest()
    if not re.fullmatch(r"[0-9a-f]{40}", commit):
        raise LabError(f"a revision is 40 hexadecimal digits, not {commit!r}")
    write_repo(folder, model_files(repo, shards, shard_bytes), commit)
    marker = os.path.join(folder, "gated")
    if gated:
        open(marker, "w").close()
    elif os.path.exists(marker):
        os.unlink(marker)
    for node_name in lab_state["nodes"]:
        share = os.path.join(lab.node_dir(node_name), "share", MIRROR, repo_folder(repo))
        if os.path.exists(share):
            shutil.rmtree(share)
        for top, dirs, names in os.walk(folder):
            there = os.path.join(share, os.path.relpath(top, folder))
            os.makedirs(there, exist_ok=True)
            os.chmod(there, 0o755)
            for name in names + [d for d in dirs if os.path.islink(os.path.join(top, d))]:
                source = os.path.join(top, name)
                if os.path.islink(source):
                    os.symlink(os.readlink(source), os.path.join(there, name))
                else:
                    os.link(source, os.path.join(there, name))
        os.chmod(os.path.join(lab.node_dir(node_name), "share", MIRROR), 0o755)
    return {"repo": repo, "commit": commit, "gated": gated}


def blob_behind(link):
    """The blob a snapshot link points to, resolved by hand: realpath would resolve
    the host's /proc/PID/root to / and leave the node's mount namespace."""
    return os.path.normpath(os.path.join(os.path.dirname(link), os.readlink(link)))


def break_model(lab_state, node, repo, how):
    """What goes wrong in the field: a shard that never arrived, a link into
    nothing, an unfinished download, a blob whose bytes are not its name."""
    folder = os.path.join(hub_of(lab_state, node), repo_folder(repo))
    snapshots = os.path.join(folder, "snapshots")
    if not os.path.isdir(snapshots):
        raise LabError(f"{node['name']} has no {repo} in its cache")
    snapshot = os.path.join(snapshots, sorted(os.listdir(snapshots))[0])
    shards = sorted(n for n in os.listdir(snapshot) if n.endswith(".safetensors"))
    if how == "missing-shard":
        os.unlink(os.path.join(snapshot, shards[-1]))
        return f"{shards[-1]} removed from the snapshot"
    if how == "broken-link":
        target = os.path.join(snapshot, shards[0])
        os.unlink(blob_behind(target))
        return f"the blob behind {shards[0]} removed"
    if how == "incomplete":
        path = os.path.join(folder, "blobs", "0" * 64 + ".incomplete")
        with open(path, "wb") as f:
            f.write(b"\0" * 4096)
        os.lchown(path, lab_state["uid"], lab_state["gid"])
        return "an unfinished download left in blobs/"
    if how == "corrupt-blob":
        blob = blob_behind(os.path.join(snapshot, shards[0]))
        with open(blob, "r+b") as f:
            f.seek(-1, os.SEEK_END)
            last = f.read(1)
            f.seek(-1, os.SEEK_END)
            f.write(bytes([last[0] ^ 0xFF]))
        return f"the last byte of {shards[0]}'s blob flipped"
    raise LabError(f"unknown break {how!r} ({', '.join(BREAKS)})")
