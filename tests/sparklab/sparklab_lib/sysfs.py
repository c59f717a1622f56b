# SPDX-License-Identifier: MIT
"""Host-side access to the node tools' shared module (one source for the CX-7 facts)."""
import os
import sys

NODE_TOOLS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "node-tools")
if NODE_TOOLS not in sys.path:
    sys.path.insert(0, NODE_TOOLS)

import sparknode  # noqa: E402  (path set up above)


def refresh(node):
    """Regenerate a node's /sys/class/infiniband from its live netdevs and addresses."""
    sparknode.refresh_infiniband(root=f"/proc/{node['holder_pid']}/root",
                                 ip_cmd=["ip", "-n", node["netns"]])
