# SPDX-License-Identifier: MIT
"""Shared by the sparklab update stand-ins (apt-get, fwupdmgr, reboot): what a
DGX OS update changes on an emulated node.

apt-get dist-upgrade and fwupdmgr upgrade only stage the new versions in
node.json ("pending"), as a real update installs packages and firmware that
take effect on the next boot; reboot applies them, appends the new release to
/etc/dgx-release (as an OTA does) and makes the node unreachable for a while.
The versions to update to are node.json's "update_to" (sparklab's defaults).
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import sparknode  # noqa: E402

NODE_JSON = f"{sparknode.STATE_DIR}/node.json"


def require_root(message, code):
    if os.geteuid() != 0:
        print(message, file=sys.stderr)
        sys.exit(code)


def version_key(version):
    return tuple(int(p) if p.isdigit() else p for p in version.split()[0].replace("-", ".").split("."))


def newer(candidate, current):
    return version_key(candidate) > version_key(current)


def save_state(state):
    staging = NODE_JSON + ".new"
    with open(staging, "w") as f:
        json.dump(state, f, indent=2)
    os.chmod(staging, 0o644)
    os.replace(staging, NODE_JSON)


def stage(facts_names):
    """Stages update_to's value of each fact that is newer than the running one.
    Returns [(fact, running, new)] for what was staged."""
    with sparknode.state_lock("", "update"):
        state = sparknode.load_state()
        target = state.get("update_to", {})
        pending = state.setdefault("pending", {})
        staged = []
        for fact in facts_names:
            running = pending.get(fact, state["facts"][fact])
            new = target.get(fact)
            if new and newer(new, running):
                pending[fact] = new
                staged.append((fact, state["facts"][fact], new))
        save_state(state)
        return staged


def apply_pending():
    """What the next boot runs: the staged versions. Returns the new release or None."""
    with sparknode.state_lock("", "update"):
        state = sparknode.load_state()
        pending = state.pop("pending", {})
        state["facts"].update(pending)
        save_state(state)
    release = pending.get("release")
    if release:
        date = time.strftime("%a %b %d %I:%M:%S %p UTC %Y", time.gmtime())
        with open("/etc/dgx-release", "a") as f:
            f.write(f'\nDGX_OTA_VERSION="{release}"\nDGX_OTA_DATE="{date}"\n')
    return release
