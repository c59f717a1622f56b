# SPDX-License-Identifier: MIT
"""Small helpers for the sparklab fidelity tests: labs, SSH with a password, checks."""
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.realpath(__file__))
SPARKLAB = os.path.join(os.path.dirname(HERE), "sparklab")
SKIP = 77
NODE_PATH = "/run/sparklab-node/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def require_root():
    if os.geteuid() == 0:
        return
    if os.environ.get("CI", "").lower() == "true":
        print("FAIL: sparklab tests need root, and CI runs as root")
        sys.exit(1)
    print("SKIP: sparklab tests need root")
    sys.exit(SKIP)


def sparklab(*args, check=True, input=None):
    result = subprocess.run([SPARKLAB, *args], text=True, input=input,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if check and result.returncode != 0:
        raise AssertionError(f"sparklab {' '.join(args)} failed ({result.returncode}):\n"
                             f"{result.stdout}{result.stderr}")
    return result


class Lab:
    """A lab for one test: `up` on enter, `down` on exit, whatever happened."""

    def __init__(self, name, topology, *options):
        self.name, self.topology, self.options = name, topology, list(options)
        self.tmp = tempfile.mkdtemp(prefix=f"sparklab-test-{name}.")
        self.known_hosts = os.path.join(self.tmp, "known_hosts")

    def __enter__(self):
        sparklab("down", "--name", self.name, check=False)    # a leftover of a killed run
        sparklab("up", self.topology, "--name", self.name, *self.options)
        self.refresh()
        return self

    def __exit__(self, *exc):
        sparklab("down", "--name", self.name, check=False)
        shutil.rmtree(self.tmp, ignore_errors=True)

    def refresh(self):
        self.status = json.loads(sparklab("status", "--name", self.name, "--json").stdout)
        self.nodes = {n["name"]: n for n in self.status["nodes"]}
        return self.status

    def node(self, name_or_index):
        if isinstance(name_or_index, int):
            return self.status["nodes"][name_or_index - 1]
        return self.nodes[name_or_index]

    def fault(self, *args, check=True):
        """`sparklab fault KIND --name LAB ARGS`; call refresh() to see its status."""
        return sparklab("fault", args[0], "--name", self.name, *args[1:], check=check)

    def exec(self, node, *cmd, input=None, via_cli=False):
        """Run as root inside a node; returns CompletedProcess (text).

        Same command line as `sparklab exec` builds, without its Python start-up
        (most checks run dozens of these); via_cli=True goes through the CLI."""
        if via_cli:
            argv = [SPARKLAB, "exec", "--name", self.name, node, "--", *cmd]
        else:
            info = self.node(int(node) if node.isdigit() else node)
            argv = ["nsenter", "-t", str(info["holder_pid"]), "-m", "-n", "-u", "-p", "--wd=/root",
                    "env", "-i", f"PATH={NODE_PATH}", "HOME=/root", "USER=root",
                    "LOGNAME=root", *cmd]
        return subprocess.run(argv, text=True, input=input, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)

    def sh(self, node, script):
        return self.exec(node, "sh", "-c", script).stdout

    def netplan(self, node, document, path="/etc/netplan/60-lab.yaml", wait_for=()):
        """Install a netplan file and `netplan apply` it (renderer NetworkManager, as on
        DGX OS); `netplan apply` returns before NetworkManager has activated the
        profiles, so wait (bounded) until every address in `wait_for` is up."""
        r = self.exec(node, "sh", "-c", f"cat > {path} && chmod 600 {path} && netplan apply",
                      input=document)
        up = wait_until(lambda: all(a in self.sh(node, "ip -br addr") for a in wait_for),
                        timeout=20)
        return r, up

    def password(self, node):
        with open(self.node(node)["password_file"]) as f:
            return f.read().strip()

    def trust(self, node):
        """ssh-keyscan into our known_hosts, after checking the fingerprint status shows."""
        info = self.node(node)
        scan = subprocess.run(["ssh-keyscan", "-T", "5", "-t", "ed25519", info["mgmt_address"]],
                              text=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        fp = subprocess.run(["ssh-keygen", "-lf", "-"], input=scan, text=True,
                            stdout=subprocess.PIPE).stdout.split()
        with open(self.known_hosts, "a") as f:
            f.write(scan)
        return fp[1] if len(fp) > 1 else None

    def ssh(self, node, command, input=None, password=True, key=None, timeout=30,
            known_hosts=None):
        """ssh as the lab user; the password goes through SSH_ASKPASS, never argv."""
        info = self.node(node)
        askpass = os.path.join(self.tmp, "askpass")
        if not os.path.exists(askpass):
            with open(askpass, "w") as f:
                f.write('#!/bin/sh\ncat "$SPARKLAB_TEST_PASSWORD_FILE"\n')
            os.chmod(askpass, 0o700)
        env = dict(os.environ, SSH_ASKPASS=askpass, SSH_ASKPASS_REQUIRE="force",
                   SPARKLAB_TEST_PASSWORD_FILE=info["password_file"], DISPLAY=":0")
        opts = ["-o", f"UserKnownHostsFile={known_hosts or self.known_hosts}",
                "-o", "StrictHostKeyChecking=yes", "-o", "ConnectTimeout=5",
                "-o", "LogLevel=ERROR", "-F", "/dev/null"]
        if key:
            opts += ["-i", key, "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
                     "-o", "PasswordAuthentication=no"]
        elif password:
            opts += ["-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password",
                     "-o", "NumberOfPasswordPrompts=1"]
        return subprocess.run(["setsid", "-w", "ssh", *opts, "-p", str(info["ssh_port"]),
                               f"{info['user']}@{info['mgmt_address']}", command],
                              text=True, input=input if input is not None else "",
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                              timeout=timeout)


class Checks:
    """Collects failures so one run reports every broken fact, then exits non-zero."""

    def __init__(self, title):
        self.title, self.failures, self.count = title, [], 0
        self.start = time.monotonic()

    def check(self, condition, what, detail=""):
        self.count += 1
        mark = "ok  " if condition else "FAIL"
        print(f"{mark} [{time.monotonic() - self.start:5.1f}s] {what}" + ("" if condition or not detail else f"\n     {detail!r}"),
              flush=True)
        if not condition:
            self.failures.append(what)
        return condition

    def finish(self):
        if self.failures and self.count == 0:
            self.count = len(self.failures)
        print(f"{self.title}: {self.count - len(self.failures)}/{self.count} checks passed")
        return 1 if self.failures else 0


def wait_until(predicate, timeout=10.0, interval=0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return predicate()


def main(test_function, title):
    require_root()
    checks = Checks(title)
    start = time.monotonic()
    try:
        test_function(checks)
    except Exception:                          # report, then fail the test
        traceback.print_exc()
        checks.failures.append("exception")
    print(f"{title}: {time.monotonic() - start:.1f} s")
    sys.exit(checks.finish())


@contextlib.contextmanager
def iperf3_server(lab, node, address, port):
    lab.exec(node, "iperf3", "-s", "-D", "-1", "-B", address, "-p", str(port))
    wait_until(lambda: f":{port}" in lab.sh(node, "ss -ltn"), timeout=5)
    yield
