#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""NVIDIA's NCCL playbook on two emulated Sparks: mpirun of the nccl-tests stand-in over
node-to-node SSH, its bytes on the cable's CX-7 twins, nccl-tests' output format, the
CUDA/NCCL stand-ins, the faults no-mpi, no-nccl-tests and nccl-version, and the
playbook's own build (git clone + make of NCCL and nccl-tests, from sparklab's stand-in
repositories) after the faults no-nccl and no-nccl-tests."""
import glob
import os
import re
import time

import labtest

USER = "nvidia"
HCAS = "rocep1s0f0,rocep1s0f1,roceP2p1s0f0,roceP2p1s0f1"
TWINS = ("enp1s0f0np0", "enP2p1s0f0np0")      # direct2: port 0 <-> port 0
NVCC_VERSION = """nvcc: NVIDIA (R) Cuda compiler driver
Copyright (c) 2005-2025 NVIDIA Corporation
Built on Wed_Aug_20_01:57:39_PM_PDT_2025
Cuda compilation tools, release 13.0, V13.0.88
Build cuda_13.0.r13.0/compiler.36424714_0
"""


def as_user(lab, node, command, input=None):
    return lab.exec(node, "runuser", "-l", USER, "-c", command, input=input)


def address_cable(lab):
    for node, host in (("spark-1", 1), ("spark-2", 2)):
        lab.netplan(node, "network:\n  version: 2\n  ethernets:\n"
                          f"    {TWINS[0]}:\n      addresses: [10.89.0.{host}/24]\n"
                          f"    {TWINS[1]}:\n      addresses: [10.89.1.{host}/24]\n",
                    wait_for=[f"10.89.0.{host}/24", f"10.89.1.{host}/24"])


def passwordless_ssh(lab, t):
    """As a user does it: a key in node 1, appended to node 2's (and node 1's own)
    authorized_keys; host keys accepted on first use."""
    r = as_user(lab, "spark-1", "mkdir -p -m 700 ~/.ssh && ssh-keygen -q -t ed25519 -N '' "
                                "-f ~/.ssh/id_ed25519 && printf 'Host *\\n  StrictHostKeyChecking no"
                                "\\n  LogLevel ERROR\\n' > ~/.ssh/config && cat ~/.ssh/id_ed25519.pub")
    t.check(r.returncode == 0 and r.stdout.startswith("ssh-ed25519 "), "ssh-keygen in spark-1",
            r.stderr)
    for node in ("spark-1", "spark-2"):
        as_user(lab, node, "mkdir -p -m 700 ~/.ssh && cat >> ~/.ssh/authorized_keys && "
                           "chmod 600 ~/.ssh/authorized_keys", input=r.stdout)
    peer = lab.node("spark-2")["mgmt_address"]
    r = as_user(lab, "spark-1", f"ssh -o BatchMode=yes {peer} hostname")
    t.check(r.stdout.strip() == "spark-2", "passwordless ssh from spark-1 to spark-2", r.stderr)


def twin_tx_bytes(lab, node):
    return [int(lab.sh(node, f"cat /sys/class/net/{dev}/statistics/tx_bytes") or 0)
            for dev in TWINS]


def tx_bytes(lab, node):
    return sum(twin_tx_bytes(lab, node))


def mpirun(lab, program, options, env):
    hosts = ",".join(f"{lab.node(n)['mgmt_address']}:1" for n in ("spark-1", "spark-2"))
    exports = " ".join(f"-x {k}={v}" for k, v in env.items())
    return as_user(lab, "spark-1", f"mpirun -np 2 -H {hosts} {exports} "
                                   f"~/nccl-tests/build/{program} {options}")


def rows_of(out):
    return [line.split() for line in out.splitlines()
            if line.strip() and not line.startswith("#") and " NCCL " not in line]


def check_all_gather(lab, t):
    before = tx_bytes(lab, "spark-1")
    r = mpirun(lab, "all_gather_perf", "-b 1M -e 4M -f 2 -n 3 -w 1",
               {"NCCL_IB_HCA": HCAS, "NCCL_DEBUG": "INFO"})
    out = r.stdout
    t.check(r.returncode == 0, "mpirun of all_gather_perf over two Sparks exits 0",
            (out + r.stderr)[-800:])
    lines = out.splitlines()
    t.check(bool(lines) and lines[0] == "# nThread 1 nGpus 1 minBytes 1048576 maxBytes 4194304 "
            "step: 2(factor) warmup iters: 1 iters: 3 agg iters: 1 validation: 1 graph: 0",
            "nccl-tests' header line", lines[:1])
    ranks = re.findall(r"^#  Rank  (\d) Group  0 Pid +\d+ on +(\S+) device  0 \[0x0f\] NVIDIA GB10$",
                       out, re.M)
    t.check(ranks == [("0", "spark-1"), ("1", "spark-2")], "one '# Using devices' line per rank",
            ranks)
    t.check("#       size         count      type   redop    root     time   algbw   busbw #wrong"
            "     time   algbw   busbw #wrong" in out, "the table's column header")
    rows = rows_of(out)
    t.check([r[0] for r in rows] == ["1048576", "2097152", "4194304"]
            and all(len(r) == 13 for r in rows), "one 13-column row per size", rows)
    t.check(all(r[2:5] == ["float", "none", "-1"] and r[1] == str(int(r[0]) // 8) for r in rows),
            "count per rank = size / 4 / nranks, float, redop none, root -1", rows)
    t.check(all(r[8] == "0" and r[12] == "0" for r in rows), "#wrong is 0 in both placements")
    # a port is two twins, each shaped to twin_rate_gbps x rate_scale; tbf's 4 ms burst
    # is as long as a 1 MiB size takes at that rate, so a short size can go up to about
    # twice it (measured: 0.51 against 0.25 on a loaded machine); unshaped veths carry
    # tens of times more. A 32 MiB run below must stay within the rate.
    port_gbs = 2 * lab.status["twin_rate_gbps"] * lab.status["rate_scale"] / 8
    busbw = [float(r[i]) for r in rows for i in (7, 11)]
    t.check(all(0 < b < 2.5 * port_gbs for b in busbw),
            f"busbw positive and within the port's shaped {port_gbs:.3f} GB/s", busbw)
    t.check(re.search(r"^# Out of bounds values : 0 OK$", out, re.M) is not None
            and re.search(r"^# Avg bus bandwidth    : [\d.]+ $", out, re.M) is not None,
            "'# Out of bounds values' and '# Avg bus bandwidth' lines")
    t.check(re.search(r"^spark-1:\d+:\d+ \[0\] NCCL INFO NCCL version 2\.28\.9\+cuda13\.0$", out, re.M)
            and re.search(r"NCCL INFO NET/IB : Using \[0\]rocep1s0f0:1/RoCE \[1\]roceP2p1s0f0:1/RoCE ",
                          out)
            and re.search(r"^spark-1:\d+:\d+ \[0\] NCCL INFO Using network IB$", out, re.M),
            "NCCL_DEBUG=INFO: version, the HCAs with an address, 'Using network IB'", out[:900])
    sent = tx_bytes(lab, "spark-1") - before
    t.check(sent > 8 * 2**20, f"the collective crossed the CX-7 twins ({sent / 2**20:.0f} MiB sent)")

    # NCCL drives each HCA itself: one connection per twin, both at once, so a healthy
    # pair reaches the port's rate (Open MPI's own TCP transport reached half of it)
    before = twin_tx_bytes(lab, "spark-1")
    r = mpirun(lab, "all_gather_perf", "-b 32M -e 32M -n 5 -w 1", {"NCCL_IB_HCA": HCAS})
    per_twin = [(b - a) / 2**20 for a, b in zip(before, twin_tx_bytes(lab, "spark-1"))]
    rows = rows_of(r.stdout)
    best = max(float(rows[0][i]) for i in (7, 11)) if len(rows) == 1 else 0.0
    t.check(r.returncode == 0 and all(m > 32 for m in per_twin),
            f"both twins carry the collective ({per_twin[0]:.0f} and {per_twin[1]:.0f} MiB)",
            (r.stdout + r.stderr)[-600:])
    t.check(0.8 * port_gbs <= best <= port_gbs, f"all_gather 32 MiB busbw {best:.3f} GB/s within "
            f"0.8-1 x the port's {port_gbs:.3f} GB/s", r.stdout[-600:])

    r = mpirun(lab, "all_reduce_perf", "-b 1M -e 1M -n 2 -w 1 -c 0",
               {"NCCL_IB_HCA": "mlx5", "NCCL_SOCKET_IFNAME": "enP7s7", "NCCL_DEBUG": "INFO"})
    rows = rows_of(r.stdout)
    t.check(len(rows) == 1 and rows[0][:5] == ["1048576", "262144", "float", "sum", "-1"]
            and rows[0][8] == "N/A" and rows[0][12] == "N/A",
            "all_reduce_perf: count = size / 4, redop sum, #wrong N/A with -c 0", r.stdout[-600:])
    t.check("NCCL INFO NET/IB : No device found." in r.stdout
            and "NCCL INFO Using network Socket" in r.stdout,
            "no HCA matches NCCL_IB_HCA: NCCL falls back to sockets", r.stdout[:900])


def check_standins(lab, t):
    r = lab.exec("spark-1", "/usr/local/cuda/bin/nvcc", "--version")
    t.check(r.stdout == NVCC_VERSION, "nvcc --version as CUDA 13.0 prints it", r.stdout)
    t.check(lab.exec("spark-1", "test", "-d", "/usr/local/cuda/lib64").returncode == 0,
            "/usr/local/cuda/lib64 exists")
    header = lab.sh("spark-1", f"cat /home/{USER}/nccl/build/include/nccl.h")
    t.check(all(d in header for d in ("#define NCCL_MAJOR 2", "#define NCCL_MINOR 28",
                                      "#define NCCL_PATCH 9", '#define NCCL_SUFFIX ""',
                                      "#define NCCL_VERSION_CODE 22809")),
            "nccl.h has NCCL 2.28.9's version macros")
    libs = lab.sh("spark-1", f"cd /home/{USER}/nccl/build/lib && readlink libnccl.so libnccl.so.2 "
                             "&& stat -c %U libnccl.so.2.28.9")
    t.check(libs.split() == ["libnccl.so.2", "libnccl.so.2.28.9", USER],
            "libnccl.so -> libnccl.so.2 -> libnccl.so.2.28.9, owned by the user", libs)
    owner = lab.sh("spark-1", f"stat -c %U /home/{USER}/nccl-tests/build/all_gather_perf "
                              f"/home/{USER}/nccl-tests/build/all_reduce_perf")
    t.check(owner.split() == [USER, USER], "~/nccl-tests/build/*_perf owned by the user", owner)
    r = as_user(lab, "spark-1", "~/nccl-tests/build/all_gather_perf --version")
    t.check("stand-in" in r.stdout, "all_gather_perf --version says it is a stand-in", r.stdout)
    t.check(not os.path.exists("/usr/local/cuda-13.0/bin/nvcc")
            or NVCC_VERSION.splitlines()[2] not in open("/usr/local/cuda-13.0/bin/nvcc",
                                                        errors="replace").read(),
            "the host's /usr/local is untouched")


def check_faults(lab, t):
    mpi_h = glob.glob("/usr/lib/*/openmpi/include/mpi.h")[0]
    has = lambda: lab.exec("spark-2", "sh", "-c", f"command -v mpirun && command -v mpicc "
                                                  f"&& test -e {mpi_h}").returncode == 0
    lab.fault("no-mpi", "spark-2")
    t.check(lab.exec("spark-2", "sh", "-c", "command -v mpirun").returncode != 0
            and lab.exec("spark-2", "sh", "-c", "command -v mpicc").returncode != 0,
            "no-mpi: command -v mpirun and mpicc fail")
    t.check(lab.exec("spark-2", "test", "-e", mpi_h).returncode != 0, "no-mpi: mpi.h absent")
    t.check(lab.exec("spark-1", "sh", "-c", "command -v mpirun").returncode == 0,
            "no-mpi: the other node keeps Open MPI")
    lab.fault("no-mpi", "spark-2", "--clear")
    t.check(has(), "no-mpi cleared: mpirun, mpicc and mpi.h back")

    lab.fault("no-nccl-tests", "spark-2")
    t.check(lab.exec("spark-2", "test", "-e", f"/home/{USER}/nccl-tests").returncode != 0,
            "no-nccl-tests: ~/nccl-tests gone")
    lab.fault("no-nccl-tests", "spark-2", "--clear")
    t.check(lab.exec("spark-2", "test", "-x", f"/home/{USER}/nccl-tests/build/all_gather_perf")
            .returncode == 0, "no-nccl-tests cleared: all_gather_perf back")

    lab.fault("nccl-version", "spark-2", "2.27.7")
    header = lab.sh("spark-2", f"cat /home/{USER}/nccl/build/include/nccl.h")
    r = as_user(lab, "spark-2", "NCCL_DEBUG=INFO ~/nccl-tests/build/all_gather_perf -b 1K -e 1K "
                                "-n 1 -w 0")
    t.check("#define NCCL_MINOR 27" in header and "#define NCCL_VERSION_CODE 22707" in header
            and "NCCL INFO NCCL version 2.27.7+cuda13.0" in r.stdout
            and lab.sh("spark-2", f"readlink /home/{USER}/nccl/build/lib/libnccl.so.2").strip()
            == "libnccl.so.2.27.7", "nccl-version: nccl.h, libnccl and NCCL itself say 2.27.7",
            r.stdout[-500:])
    lab.fault("nccl-version", "spark-2", "--clear")
    t.check(lab.sh("spark-2", f"ls /home/{USER}/nccl/build/lib").split()
            == ["libnccl.so", "libnccl.so.2", "libnccl.so.2.28.9"]
            and "#define NCCL_MINOR 28" in lab.sh("spark-2", f"cat /home/{USER}/nccl/build/include/nccl.h"),
            "nccl-version cleared: 2.28.9 again")
    t.check(lab.refresh()["faults"] == [], "no fault left recorded", lab.status["faults"])


# NVIDIA's playbook, word for word, as the product's "build what is missing" runs it
PLAYBOOK_BUILD = """set -e
git clone -b v2.28.9-1 https://github.com/NVIDIA/nccl.git ~/nccl
cd ~/nccl && make -j"$(nproc)" src.build NVCC_GENCODE="-gencode=arch=compute_121,code=sm_121"
git clone https://github.com/NVIDIA/nccl-tests.git ~/nccl-tests
cd ~/nccl-tests && make -j"$(nproc)" MPI=1 MPI_HOME=/usr/lib/$(gcc -print-multiarch)/openmpi \
CUDA_HOME=/usr/local/cuda NCCL_HOME="$HOME/nccl/build"
"""
NCCL_TESTS_MAKE = ('cd ~/nccl-tests && make MPI=1 MPI_HOME=/usr/lib/$(gcc -print-multiarch)/openmpi '
                   'CUDA_HOME=/usr/local/cuda NCCL_HOME="$HOME/nccl/build"')
BUILD_FILES = ("nccl/build/include/nccl.h", "nccl/build/lib/libnccl.so.2.28.9",
               "nccl/build/lib/libnccl.so.2", "nccl/build/lib/libnccl.so",
               "nccl-tests/build/all_gather_perf", "nccl-tests/build/all_reduce_perf")


def build_listing(lab, node):
    """Every file of ~/nccl/build and ~/nccl-tests/build: path, type, mode, owner, link
    target, checksum."""
    return lab.sh(node, f"cd /home/{USER} && find nccl/build nccl-tests/build | sort | "
                        "while read f; do printf '%s %s %s ' \"$f\" \"$(stat -c '%F %a %U' \"$f\")\" "
                        "\"$(readlink \"$f\")\"; if [ -f \"$f\" ] && [ ! -L \"$f\" ]; "
                        "then sha256sum < \"$f\"; else echo; fi; done")


def check_playbook_build(lab, t):
    node = "spark-2"
    installed = build_listing(lab, node)
    t.check(all(f in installed for f in BUILD_FILES), "what `up` installs, listed", installed)
    host_gitconfig = open("/etc/gitconfig").read() if os.path.exists("/etc/gitconfig") else None

    lab.fault("no-nccl", node)
    lab.fault("no-nccl-tests", node)
    t.check(lab.exec(node, "sh", "-c", f"test -e /home/{USER}/nccl || test -e /home/{USER}/nccl-tests")
            .returncode != 0, "no-nccl + no-nccl-tests: ~/nccl and ~/nccl-tests gone")
    t.check([f["kind"] for f in lab.refresh()["faults"]] == ["no-nccl", "no-nccl-tests"],
            "both faults recorded", lab.status["faults"])

    start = time.monotonic()
    r = as_user(lab, node, PLAYBOOK_BUILD)
    seconds = time.monotonic() - start
    t.check(r.returncode == 0, f"NVIDIA's four build commands as {USER}: real git clone and make "
            f"({seconds:.1f} s)", (r.stdout + r.stderr)[-1500:])
    t.check("Generating src/nccl.h.in" in r.stdout and "libnccl.so.2.28.9" in r.stdout
            and "> build/all_gather_perf" in r.stdout and "> build/all_reduce_perf" in r.stdout,
            "make prints what it builds", r.stdout)
    t.check(as_user(lab, node, "git -C ~/nccl describe --tags").stdout.strip() == "v2.28.9-1",
            "git -C ~/nccl describe --tags: v2.28.9-1")
    r = as_user(lab, node, "git -C ~/nccl-tests rev-parse --abbrev-ref HEAD && git -C ~/nccl log -1 "
                           "--format='%an <%ae> %ad|%cn <%ce> %cd' --date=iso-strict "
                           "&& git -C ~/nccl config remote.origin.url && git -C ~/nccl status --porcelain")
    t.check(r.stdout.splitlines() == ["master",
            "sparklab <sparklab@example.invalid> 2026-01-01T00:00:00+00:00|"
            "sparklab <sparklab@example.invalid> 2026-01-01T00:00:00+00:00",
            "https://github.com/NVIDIA/nccl.git"],
            "nccl-tests on its default branch; fixed author, committer and dates; NVIDIA's URL as "
            "origin; the build leaves the clone clean", r.stdout + r.stderr)
    header = lab.sh(node, f"cat /home/{USER}/nccl/build/include/nccl.h")
    t.check("#define NCCL_VERSION_CODE 22809" in header and "#define NCCL_PATCH 9" in header,
            "the built nccl.h says 2.28.9", header)
    built = build_listing(lab, node)
    t.check(built == installed, "the build leaves exactly the files, modes, owners, links and "
            "bytes `up` installs", f"{installed}\n---\n{built}")
    r = as_user(lab, node, "~/nccl-tests/build/all_reduce_perf --version && NCCL_DEBUG=INFO "
                           "~/nccl-tests/build/all_gather_perf -b 1K -e 1K -n 1 -w 0")
    t.check(r.returncode == 0 and "stand-in" in r.stdout
            and "NCCL INFO NCCL version 2.28.9+cuda13.0" in r.stdout,
            "the built binaries run: the stand-in's --version, NCCL 2.28.9 loaded", r.stdout[-600:])
    r = mpirun(lab, "all_gather_perf", "-b 1M -e 1M -n 2 -w 1", {"NCCL_IB_HCA": HCAS})
    rows = rows_of(r.stdout)
    t.check(r.returncode == 0 and len(rows) == 1 and rows[0][8] == "0",
            "mpirun across both Sparks with spark-2's own build", (r.stdout + r.stderr)[-600:])

    stamps = lab.sh(node, f"cd /home/{USER} && stat -c '%n %Y.%y' " + " ".join(BUILD_FILES))
    r = as_user(lab, node, 'cd ~/nccl && make -j"$(nproc)" src.build '
                           'NVCC_GENCODE="-gencode=arch=compute_121,code=sm_121" && ' + NCCL_TESTS_MAKE)
    t.check(r.returncode == 0 and r.stdout == "make: Nothing to be done for 'src.build'.\n"
            "make: Nothing to be done for 'default'.\n"
            and lab.sh(node, f"cd /home/{USER} && stat -c '%n %Y.%y' " + " ".join(BUILD_FILES)) == stamps,
            "a second make does nothing (resumable)", r.stdout + r.stderr)

    r = as_user(lab, node, "cd ~/nccl && make src.build CUDA_HOME=/opt/no-cuda")
    t.check(r.returncode != 0 and "NCCL needs CUDA" in r.stderr,
            "NCCL's make without CUDA fails, saying so", r.stderr)
    r = as_user(lab, node, "cd ~/nccl-tests && make CUDA_HOME=/usr/local/cuda "
                           "NCCL_HOME=$HOME/nccl/build")
    t.check(r.returncode != 0 and "sparklab stand-in" in r.stderr and "MPI=1" in r.stderr,
            "nccl-tests' make without MPI=1 fails: the stand-in needs it", r.stderr)
    r = as_user(lab, node, NCCL_TESTS_MAKE.replace('"$HOME/nccl/build"', "/opt/no-nccl"))
    t.check(r.returncode != 0 and "/opt/no-nccl/include/nccl.h: No such file" in r.stderr,
            "nccl-tests' make without NCCL's nccl.h fails", r.stderr)

    lab.fault("no-nccl", node, "--clear")
    lab.fault("no-nccl-tests", node, "--clear")
    t.check(build_listing(lab, node) == installed and lab.refresh()["faults"] == [],
            "no-nccl and no-nccl-tests cleared: the stand-in builds again, no fault recorded",
            lab.status["faults"])
    r = as_user(lab, "spark-1", "git ls-remote https://github.com/NVIDIA/nccl-tests.git HEAD")
    t.check(r.returncode == 0 and r.stdout.endswith("\tHEAD\n"),
            "every node has the stand-in repositories (spark-1: git ls-remote)", r.stderr)
    t.check((open("/etc/gitconfig").read() if os.path.exists("/etc/gitconfig") else None)
            == host_gitconfig, "the host's /etc/gitconfig is untouched")
    return seconds


def test(t):
    host_usr_local = sorted(os.listdir("/usr/local"))
    with labtest.Lab("slt-nccl", "direct2", "--mgmt-subnet", "10.131.240.0/24") as lab:
        check_standins(lab, t)
        address_cable(lab)
        passwordless_ssh(lab, t)
        check_all_gather(lab, t)
        check_faults(lab, t)
        check_playbook_build(lab, t)
    t.check(sorted(os.listdir("/usr/local")) == host_usr_local, "host /usr/local listing unchanged")


if __name__ == "__main__":
    labtest.main(test, "sparklab nccl")
