# SPDX-License-Identifier: MIT
"""sparklab stand-in for Ray's CLI in NVIDIA's vLLM image (`ray start`, `ray status`).

The real Ray needs the GPU image; what the program depends on is that a worker
really reaches the head at the address the plan chose (a ring's management network,
a pair's or a switch's CX-7 subnet) and that the head then sees every node. So the
head listens on TCP at --node-ip-address:--port, each worker connects from its own
--node-ip-address (both must be the node's own addresses, as Ray requires), reports
what NCCL would trip over in its environment (servecommon.py), and stays connected
while it runs; `ray status` asks the head and prints Ray's "Node status" block.
vLLM's stand-in asks the head whether every node has the model. Not emulated: GCS,
object store, scheduling, resources other than one GPU per node.
"""
import os
import secrets
import socket
import sys
import threading
import time

import servecommon

WORKER_CONNECT_SECONDS = 60   # Ray's raylet gives up on an unreachable GCS after about a minute


def option(args, name, default=None):
    for i, arg in enumerate(args):
        if arg == name and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
    return default


def head_file():
    return os.path.join(os.environ.get("SPARKLAB_CONTAINER_DIR", "/tmp"), "ray-head")


def say(line):
    print(line, flush=True)


def own_address(address):
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        probe.bind((address, 0))
        probe.close()
        return True
    except OSError:
        return False


class Head:
    def __init__(self, address, port, node_id):
        self.workers = {}   # node id -> (address, socket, problems)
        self.lock = threading.Lock()
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind((address, port))
        self.server.listen(64)
        self.address, self.node_id = address, node_id
        self.problems = servecommon.environment_problems(os.environ)

    def serve(self):
        while True:
            connection, _ = self.server.accept()
            threading.Thread(target=self.handle, args=(connection,), daemon=True).start()

    def handle(self, connection):
        stream = connection.makefile("rw")
        line = stream.readline().strip()
        if line.startswith("JOIN\t"):
            _, node_id, address, *problems = line.split("\t")
            with self.lock:
                self.workers[node_id] = (address, connection, stream, [p for p in problems if p])
            say(f"INFO gcs_server: node {node_id} at {address} joined")
            return   # the worker's connection stays open; a closed one is noticed by status
        if line == "STATUS":
            nodes = [(self.node_id, self.address, self.problems)] + self.live()
            for node_id, address, problems in nodes:
                stream.write(f"{node_id}\t{address}\t" + "\t".join(problems) + "\n")
            stream.flush()
        elif line.startswith("CHECK "):
            model = line[len("CHECK "):]
            answers = [f"{self.address}\t{servecommon.model_problem(model) or ''}"]
            with self.lock:
                workers = list(self.workers.items())
            for _, (address, _, worker_stream, _) in workers:
                try:
                    worker_stream.write(f"CHECK {model}\n")
                    worker_stream.flush()
                    answers.append(f"{address}\t{worker_stream.readline().strip()}")
                except OSError:
                    pass
            stream.write("\n".join(answers) + "\n")
            stream.flush()
        connection.close()

    def live(self):
        with self.lock:
            out = []
            for node_id, (address, connection, _, problems) in list(self.workers.items()):
                try:
                    connection.setblocking(False)
                    try:
                        gone = connection.recv(1, socket.MSG_PEEK) == b""
                    except BlockingIOError:
                        gone = False
                    connection.setblocking(True)
                except OSError:
                    gone = True
                if gone:
                    del self.workers[node_id]
                else:
                    out.append((node_id, address, problems))
            return out


def start_head(args):
    address = option(args, "--node-ip-address") or os.environ.get("VLLM_HOST_IP") or "127.0.0.1"
    port = int(option(args, "--port", "6379"))
    if not own_address(address):
        say(f"ValueError: The node IP address {address} is not an address of this node "
            f"({os.uname().nodename}); Ray's head cannot start there.")
        return 1
    node_id = "node_" + secrets.token_hex(16)
    try:
        head = Head(address, port, node_id)
    except OSError as e:
        say(f"ConnectionError: Ray's GCS could not listen on {address}:{port}: {e.strerror}")
        return 1
    with open(head_file(), "w") as f:
        f.write(f"{address}:{port}\n")
    say(f"Local node IP: {address}")
    say("Ray runtime started. (sparklab stand-in: a TCP head that workers join; no GPU scheduling)")
    say(f"To add another node to this Ray cluster, run\n  ray start --address='{address}:{port}'")
    if "--block" not in args:
        return 0
    say("--block: this command will now block forever until terminated by a signal.")
    head.serve()
    return 0


def start_worker(args):
    head = option(args, "--address")
    address = option(args, "--node-ip-address") or os.environ.get("VLLM_HOST_IP")
    if servecommon.fault("serve-worker-exits"):
        say("RuntimeError: Failed to start the raylet: the worker stopped at start (sparklab fault serve-worker-exits)")
        return 1
    if not address or not own_address(address):
        say(f"ValueError: The node IP address {address} is not an address of this node ({os.uname().nodename}).")
        return 1
    host, _, port = head.rpartition(":")
    deadline = time.monotonic() + WORKER_CONNECT_SECONDS
    while True:
        try:
            connection = socket.create_connection((host, int(port)), timeout=2, source_address=(address, 0))
            break
        except OSError:
            if time.monotonic() > deadline:
                say(f"Failed to connect to GCS at address {head} within {WORKER_CONNECT_SECONDS} seconds.")
                return 1
            time.sleep(0.5)
    connection.settimeout(None)
    node_id = "node_" + secrets.token_hex(16)
    problems = servecommon.environment_problems(os.environ)
    stream = connection.makefile("rw")
    stream.write("\t".join(["JOIN", node_id, address] + problems) + "\n")
    stream.flush()
    say(f"Local node IP: {address}")
    say("Ray runtime started. (sparklab stand-in worker, connected to the head)")
    if "--block" not in args:
        return 0
    say("--block: this command will now block forever until terminated by a signal.")
    for line in stream:
        if line.startswith("CHECK "):
            stream.write((servecommon.model_problem(line[len("CHECK "):].strip()) or "") + "\n")
            stream.flush()
    say("Raylet lost its connection to the GCS at the head; exiting.")
    return 1


def ask_head(request):
    try:
        with open(head_file()) as f:
            host, _, port = f.read().strip().rpartition(":")
    except OSError:
        return None
    try:
        with socket.create_connection((host, int(port)), timeout=5) as connection:
            connection.sendall((request + "\n").encode())
            data = b""
            while chunk := connection.recv(65536):
                data += chunk
            return [line.split("\t") for line in data.decode().splitlines() if line]
    except OSError:
        return None


def status():
    nodes = ask_head("STATUS")
    if nodes is None:
        say("ConnectionError: Could not find any running Ray instance. Please specify the one to connect to by "
            "setting `--address` flag or `RAY_ADDRESS` environment variable.")
        return 1
    say(f"======== Autoscaler status: {time.strftime('%Y-%m-%d %H:%M:%S')} ========")
    say("Node status\n---------------------------------------------------------------\nActive:")
    for node in nodes:
        say(f" 1 {node[0]}")
    say("Pending:\n (no pending nodes)\nRecent failures:\n (no failures)\n")
    say("Resources\n---------------------------------------------------------------\nUsage:")
    say(f" 0.0/{20 * len(nodes)}.0 CPU\n 0.0/{len(nodes)}.0 GPU\n")
    return 0


def main(args):
    if args[:1] == ["start"]:
        return start_head(args[1:]) if "--head" in args else start_worker(args[1:])
    if args[:1] == ["status"]:
        return status()
    say(f"ray: '{' '.join(args[:1])}' is not a command the sparklab stand-in has (start, status)")
    return 2
